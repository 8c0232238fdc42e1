import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { communitiesApi } from '../../api/communities';
import { connectApi, type ConnectUser, type Post } from '../../api/connect';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { InlineError } from '../../ui/InlineError';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { fullName } from './format';
import { connectKeys, dropPost, patchPost, useCollections, useSave } from './queries';

interface DialogProps {
  post: Post;
  open: boolean;
  onClose: () => void;
}

function Choice({
  name,
  value,
  checked,
  onChange,
  label,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl px-3 hover:bg-surface-2">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-5 accent-brand-600"
      />
      <span className="text-[15px]">{label}</span>
    </label>
  );
}

/** What a report is about: a post or a comment (by its author) or a community (by its name). */
export type ReportTarget = { kind: 'post' | 'comment'; id: string; author: ConnectUser } | { kind: 'community'; id: string; name: string };

const sendReport = (target: ReportTarget, reason: string) =>
  target.kind === 'post'
    ? connectApi.report(target.id, reason)
    : target.kind === 'comment'
      ? connectApi.reportComment(target.id, reason)
      : communitiesApi.report(target.id, reason);

/**
 * Why a post, comment or community is being reported; one report per person for each (the server
 * keeps the first and answers a repeat with its reason, shown here).
 */
export function ReportDialog({ target, open, onClose }: { target: ReportTarget; open: boolean; onClose: () => void }) {
  const reasons = useQuery({
    queryKey: connectKeys.reasons,
    queryFn: async () => (await connectApi.reportReasons()).data,
    enabled: open,
    staleTime: Infinity,
  });
  const [reason, setReason] = useState('');
  // A repeat report answers with the server's refusal in the dialog: the thanks for the first one
  // (still on screen a few seconds) is taken away so the two do not contradict each other.
  const thanks = `report-${target.kind}-${target.id}`;
  const report = useMutation({
    mutationFn: () => sendReport(target, reason),
    onSuccess: () => {
      toast.success(`Thanks for telling us. We'll review this ${target.kind}.`, { id: thanks });
      onClose();
    },
    onError: () => toast.dismiss(thanks),
  });
  const about = target.kind === 'community' ? `the community ${target.name}` : `this ${target.kind} by ${fullName(target.author)}`;
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={`Report ${target.kind}`}
      footer={
        <Button block disabled={!reason} loading={report.isPending} onClick={() => report.mutate()}>
          Report
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted">
        Why are you reporting {about}? {target.kind === 'community' ? 'Its owner' : 'They'} won&apos;t know it was you.
      </p>
      <FormAlert message={report.isError ? errorMessage(report.error, "We couldn't send your report.") : null} />
      {reasons.isPending ? (
        <Spinner label="Loading reasons" />
      ) : reasons.isError ? (
        <InlineError error={reasons.error} onRetry={() => void reasons.refetch()} fallback="We couldn't load the reasons." />
      ) : (
        <fieldset>
          <legend className="sr-only">Reason</legend>
          {reasons.data.map((r) => (
            <Choice key={r.id} name="reason" value={r.id} checked={reason === r.id} onChange={setReason} label={r.reason} />
          ))}
        </fieldset>
      )}
    </Sheet>
  );
}

const NO_COLLECTION = '';
const NEW_COLLECTION = 'new';

/** Saves the post, into a collection chosen here (or a new one named here), or none. */
export function SaveDialog({ post, open, onClose }: DialogProps) {
  const qc = useQueryClient();
  const collections = useCollections();
  const save = useSave();
  const [choice, setChoice] = useState(NO_COLLECTION);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      let collectionId: string | null = choice === NO_COLLECTION ? null : choice;
      if (choice === NEW_COLLECTION) {
        if (!name.trim()) {
          setError('Give the collection a name');
          return;
        }
        collectionId = (await connectApi.createCollection(name.trim())).data._id;
        await qc.invalidateQueries({ queryKey: connectKeys.collections });
      }
      await save.mutateAsync({ id: post._id, save: true, collectionId });
      toast.success('Saved');
      onClose();
    } catch (err) {
      setError(errorMessage(err, "We couldn't save this post."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Save post"
      footer={
        <Button block loading={busy} onClick={() => void submit()}>
          Save
        </Button>
      }
    >
      <FormAlert message={error} />
      <fieldset>
        <legend className="mb-2 text-sm text-muted">Save to</legend>
        <Choice name="collection" value={NO_COLLECTION} checked={choice === NO_COLLECTION} onChange={setChoice} label="Saved posts" />
        {(collections.data ?? []).map((c) => (
          <Choice key={c._id} name="collection" value={c._id} checked={choice === c._id} onChange={setChoice} label={c.name} />
        ))}
        <Choice name="collection" value={NEW_COLLECTION} checked={choice === NEW_COLLECTION} onChange={setChoice} label="New collection" />
      </fieldset>
      {collections.isPending ? <Spinner label="Loading collections" /> : null}
      {choice === NEW_COLLECTION ? (
        <div className="mt-3">
          <Field label="Collection name" value={name} maxLength={40} autoFocus onChange={(e) => setName(e.target.value)} />
        </div>
      ) : null}
    </Sheet>
  );
}

/** Repost with thought: a new post of one's own that shows the original under it. */
export function QuoteDialog({ post, open, onClose }: DialogProps) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const quote = useMutation({
    mutationFn: () => connectApi.quote(post._id, text),
    onSuccess: () => {
      toast.success('Posted');
      setText('');
      void qc.invalidateQueries({ queryKey: [...connectKeys.posts, 'list'] });
      onClose();
      // The new quote is first in the home feed: show it.
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Repost with your thoughts"
      footer={
        <Button block disabled={!text.trim()} loading={quote.isPending} onClick={() => quote.mutate()}>
          Post
        </Button>
      }
    >
      <FormAlert message={quote.isError ? errorMessage(quote.error, "We couldn't post that.") : null} />
      <TextAreaField label="Your thoughts" value={text} maxLength={2000} rows={4} onChange={(e) => setText(e.target.value)} />
      <blockquote className="mt-3 rounded-2xl border border-line p-3 text-sm text-muted">
        <span className="font-semibold text-fg">{fullName(post.author)}</span>: {post.text.slice(0, 160) || 'Photo'}
      </blockquote>
    </Sheet>
  );
}

/** Changes a post's text (author only; the server checks). */
export function EditPostDialog({ post, open, onClose }: DialogProps) {
  const qc = useQueryClient();
  const [text, setText] = useState(post.text);
  const edit = useMutation({
    mutationFn: () => connectApi.editPost(post._id, { text }),
    onSuccess: (res) => {
      patchPost(qc, post._id, () => res.data);
      toast.success('Post updated');
      onClose();
    },
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Edit post"
      footer={
        <Button block loading={edit.isPending} onClick={() => edit.mutate()}>
          Save changes
        </Button>
      }
    >
      <FormAlert message={edit.isError ? errorMessage(edit.error, "We couldn't update the post.") : null} />
      <TextAreaField label="Text" value={text} maxLength={2000} rows={5} onChange={(e) => setText(e.target.value)} />
    </Sheet>
  );
}

export function DeletePostDialog({ post, open, onClose, onDeleted }: DialogProps & { onDeleted?: () => void }) {
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => connectApi.deletePost(post._id),
    onSuccess: () => {
      dropPost(qc, post._id);
      toast.success('Post deleted');
      onClose();
      onDeleted?.();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete this post?"
      body="It will be gone from your profile and everyone's feeds. This can't be undone."
      error={del.isError ? errorMessage(del.error, "We couldn't delete the post.") : null}
      confirm="Delete"
      busy={del.isPending}
      onConfirm={() => del.mutate()}
    />
  );
}
