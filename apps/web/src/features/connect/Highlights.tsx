import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi, type Highlight } from '../../api/connect';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { timeAgo } from './format';
import { connectKeys } from './queries';
import { StoryViewer } from './StoryViewer';

function NewHighlightDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const qc = useQueryClient();
  const mine = useQuery({ queryKey: connectKeys.myStories, queryFn: async () => (await connectApi.myStories()).data, enabled: open });
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () => connectApi.createHighlight({ title, storyIds: chosen }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: connectKeys.highlights(userId) });
      toast.success('Highlight added to your profile');
      setTitle('');
      setChosen([]);
      onClose();
    },
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="New highlight"
      footer={
        <Button block loading={create.isPending} disabled={!title.trim() || chosen.length === 0} onClick={() => create.mutate()}>
          Add highlight
        </Button>
      }
    >
      <FormAlert message={create.isError ? errorMessage(create.error, "We couldn't make the highlight.") : null} />
      <Field label="Title" value={title} maxLength={40} onChange={(e) => setTitle(e.target.value)} />
      <p className="mt-4 mb-2 text-sm font-semibold">Choose stories</p>
      {mine.isPending ? (
        <Spinner label="Loading your stories" />
      ) : (mine.data ?? []).length === 0 ? (
        <p className="text-sm text-muted">You haven&apos;t posted any stories yet.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {(mine.data ?? []).map((s) => {
            const on = chosen.includes(s._id);
            return (
              <li key={s._id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`Story from ${timeAgo(s.createdAt)}${s.text ? `: ${s.text.slice(0, 40)}` : ''}`}
                  onClick={() => setChosen(on ? chosen.filter((x) => x !== s._id) : [...chosen, s._id])}
                  className={cn('relative block aspect-[9/16] w-full overflow-hidden rounded-xl', on && 'ring-3 ring-brand-600')}
                  style={{ background: s.background ?? '#111827' }}
                >
                  {s.media ? (
                    <img src={s.media.thumbnailUrl ?? s.media.url} alt="" className="h-full w-full object-cover" loading="lazy" />
                  ) : null}
                  {!s.media && s.text ? <span className="absolute inset-2 line-clamp-5 text-xs font-bold text-white">{s.text}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Sheet>
  );
}

/** The highlights row of a profile; the owner can add one from their stories, anyone can like and watch them. */
export function Highlights({ userId, isMine }: { userId: string; isMine: boolean }) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: connectKeys.highlights(userId), queryFn: async () => (await connectApi.highlights(userId)).data });
  const [watching, setWatching] = useState<Highlight | null>(null);
  const [adding, setAdding] = useState(false);
  const like = useMutation({
    mutationFn: (h: Highlight) => (h.isLiked ? connectApi.unlikeHighlight(h._id) : connectApi.likeHighlight(h._id)),
    onSuccess: () => qc.invalidateQueries({ queryKey: connectKeys.highlights(userId) }),
    onError: (err) => toast.error(errorMessage(err, "We couldn't update your like.")),
  });
  const items = list.data ?? [];
  if (!isMine && items.length === 0) return null;
  return (
    <section aria-label="Highlights" className="-mx-5 mb-3 overflow-x-auto px-5 [scrollbar-width:none]">
      <ul className="flex gap-4">
        {isMine ? (
          <li className="shrink-0">
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="flex w-16 flex-col items-center gap-1 text-xs font-medium"
              aria-label="New highlight"
            >
              <span className="flex size-16 items-center justify-center rounded-full border border-line bg-surface">
                <Plus className="size-6" aria-hidden="true" />
              </span>
              New
            </button>
          </li>
        ) : null}
        {list.isPending ? (
          <li>
            <Spinner label="Loading highlights" />
          </li>
        ) : null}
        {items.map((h) => (
          <li key={h._id} className="flex w-16 shrink-0 flex-col items-center gap-1">
            <button
              type="button"
              onClick={() => setWatching(h)}
              aria-label={`Highlight: ${h.title}`}
              className="rounded-full border-2 border-line p-0.5"
            >
              <span className="block size-14 overflow-hidden rounded-full" style={{ background: h.stories[0]?.background ?? '#0b6e4f' }}>
                {h.coverUrl || h.stories[0]?.media ? (
                  <img
                    src={h.coverUrl ?? h.stories[0]?.media?.thumbnailUrl ?? h.stories[0]?.media?.url}
                    alt=""
                    className="h-full w-full object-cover"
                    loading="lazy"
                  />
                ) : null}
              </span>
            </button>
            <span className="w-full truncate text-center text-xs">{h.title}</span>
            <button
              type="button"
              aria-label={`${h.isLiked ? 'Unlike' : 'Like'} highlight ${h.title}`}
              aria-pressed={h.isLiked}
              onClick={() => like.mutate(h)}
              className="inline-flex items-center gap-0.5 text-[11px] text-muted"
            >
              <Heart className={cn('size-3.5', h.isLiked && 'fill-danger-fg text-danger-fg')} aria-hidden="true" />
              {h.likes.likesCount}
            </button>
          </li>
        ))}
      </ul>
      {watching ? (
        <StoryViewer
          stories={watching.stories}
          author={watching.owner}
          isMine={false}
          title={watching.title}
          onClose={() => setWatching(null)}
        />
      ) : null}
      {isMine ? <NewHighlightDialog open={adding} onClose={() => setAdding(false)} userId={userId} /> : null}
    </section>
  );
}
