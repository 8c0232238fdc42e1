import { groupName } from '@owo/contracts';
import { formatLagosDate } from '@owo/contracts/format';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, RefreshCw, ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../lib/toast';
import type { ChatUser } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { ImagePicker, useImageUpload } from '../../ui/ImagePicker';
import { Sheet } from '../../ui/Sheet';
import { FALLBACK_ERROR } from './ask';
import { fullName } from './cache';
import { groupKeys } from './group-cache';
import { type GroupInfo, type MuteSpan, groupsApi } from './groups-api';
import { Directory } from './NewChatSheet';
import { ChosenPeople, usePicked } from './pick-people';

// Group info's sheets: edit, add people, a member's actions, mute, and the invite link.

export type Member = GroupInfo['members'][number];

/** A change to the group: the answer (the group as it is now) replaces what the screen shows. */
export function useGroupChange<A>(groupId: string, fn: (arg: A) => Promise<{ data: GroupInfo }>, done?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      qc.setQueryData(groupKeys.info(groupId), res.data);
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      if (done) toast.success(done);
    },
  });
}

const inviteUrl = (code: string) => `${window.location.origin}/chat/join/${code}`;

export function EditSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
  const [name, setName] = useState(info.name);
  const [error, setError] = useState<string>();
  const photo = useImageUpload(info.photoUrl);
  const save = useGroupChange(info.id, (b: { name?: string; photoUrl?: string | null }) => groupsApi.update(info.id, b), 'Group updated');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = groupName.safeParse(name);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    const body = {
      ...(checked.data !== info.name ? { name: checked.data } : {}),
      ...(photo.url !== info.photoUrl ? { photoUrl: photo.url } : {}),
    };
    if (Object.keys(body).length === 0) return onClose();
    save.mutate(body, { onSuccess: onClose });
  };
  return (
    <Sheet open={open} onClose={onClose} title="Edit group">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Group name" value={name} onChange={(e) => setName(e.target.value)} error={error} autoComplete="off" />
        <ImagePicker image={photo} label="Group photo" shape="square" />
        <FormAlert message={save.isError ? errorMessage(save.error, FALLBACK_ERROR) : (photo.error ?? null)} />
        <Button type="submit" block loading={save.isPending} disabled={photo.uploading}>
          Save
        </Button>
      </form>
    </Sheet>
  );
}

export function AddSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
  const { picked, toggle, ids, people } = usePicked();
  const qc = useQueryClient();
  const add = useGroupChange(info.id, (userIds: string[]) => groupsApi.add(info.id, userIds), 'Added to the group');
  const members = new Set(info.members.map((m) => m.user.id));
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Add people"
      footer={
        <>
          <FormAlert message={add.isError ? errorMessage(add.error, FALLBACK_ERROR) : null} />
          <Button
            block
            className="mt-2"
            disabled={people.length === 0}
            loading={add.isPending}
            onClick={() => {
              remember(qc, [...picked.values()]);
              add.mutate([...ids], { onSuccess: onClose });
            }}
          >
            {people.length ? `Add ${people.length} ${people.length === 1 ? 'person' : 'people'}` : 'Add'}
          </Button>
        </>
      }
    >
      {open ? (
        <div className="flex flex-col gap-3">
          <ChosenPeople people={people} onRemove={toggle} />
          <Directory onPick={toggle} picked={ids} exclude={members} />
        </div>
      ) : null}
    </Sheet>
  );
}

const remember = (qc: QueryClient, people: ChatUser[]) => people.forEach((p) => qc.setQueryData(['chat', 'person', p.id], p));

export function MemberSheet({ info, member, onClose }: { info: GroupInfo; member: Member | null; onClose: () => void }) {
  const role = useGroupChange(info.id, (b: { userId: string; role: 'admin' | 'member' }) => groupsApi.role(info.id, b.userId, b.role));
  const remove = useGroupChange(info.id, (userId: string) => groupsApi.remove(info.id, userId), 'Removed from the group');
  const failed = role.error ?? remove.error;
  const isAdmin = member?.role === 'admin';
  return (
    <Sheet open={member !== null} onClose={onClose} title={member ? fullName(member.user) : 'Member'}>
      {member ? (
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            block
            loading={role.isPending}
            icon={isAdmin ? <ShieldOff className="size-5" aria-hidden="true" /> : <ShieldCheck className="size-5" aria-hidden="true" />}
            onClick={() => role.mutate({ userId: member.user.id, role: isAdmin ? 'member' : 'admin' }, { onSuccess: onClose })}
          >
            {isAdmin ? 'Dismiss as admin' : 'Make group admin'}
          </Button>
          <Button
            variant="danger"
            block
            loading={remove.isPending}
            icon={<UserMinus className="size-5" aria-hidden="true" />}
            onClick={() => remove.mutate(member.user.id, { onSuccess: onClose })}
          >
            Remove {member.user.firstName}
          </Button>
          <FormAlert message={failed ? errorMessage(failed, FALLBACK_ERROR) : null} />
        </div>
      ) : null}
    </Sheet>
  );
}

const MUTES: { span: Exclude<MuteSpan, 'off'>; label: string }[] = [
  { span: '8h', label: '8 hours' },
  { span: 'week', label: '1 week' },
  { span: 'always', label: 'Always' },
];

/** When a mute ends, in words ("Muted always" for the far date the server keeps for always). */
export const mutedText = (until: string) =>
  new Date(until).getFullYear() > 9000
    ? 'Muted always'
    : `Muted until ${formatLagosDate(until, 'date')}, ${formatLagosDate(until, 'time')}`;

export function MuteSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
  const mute = useGroupChange(info.id, (span: MuteSpan) => groupsApi.mute(info.id, span));
  return (
    <Sheet open={open} onClose={onClose} title="Mute notifications">
      <p className="mb-3 text-sm text-muted">You’ll still get the group’s messages, without a notification.</p>
      <div className="flex flex-col gap-2">
        {MUTES.map((m) => (
          <Button
            key={m.span}
            variant="outline"
            block
            disabled={mute.isPending}
            onClick={() => mute.mutate(m.span, { onSuccess: onClose })}
          >
            {m.label}
          </Button>
        ))}
      </div>
      <FormAlert message={mute.isError ? errorMessage(mute.error, FALLBACK_ERROR) : null} />
    </Sheet>
  );
}

export function InviteLink({ info }: { info: GroupInfo }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const reset = useMutation({
    mutationFn: () => groupsApi.resetInvite(info.id),
    onSuccess: (res) => {
      qc.setQueryData<GroupInfo>(groupKeys.info(info.id), (g) => (g ? { ...g, inviteCode: res.data.inviteCode } : g));
      setAsking(false);
      toast.success('Invite link reset');
    },
  });
  if (!info.inviteCode) return null;
  const url = inviteUrl(info.inviteCode);
  const stopAsking = () => setAsking(false);
  return (
    <section aria-labelledby="invite-h" className="rounded-3xl bg-surface p-4 shadow-sm">
      <h2 id="invite-h" className="flex items-center gap-2 text-sm font-semibold">
        <Link2 className="size-4 text-brand-fg" aria-hidden="true" />
        Invite link
      </h2>
      <p className="mt-1 text-sm break-all text-muted" data-testid="invite-link">
        {url}
      </p>
      <div className="mt-3 flex gap-2">
        <Button
          variant="outline"
          size="sm"
          block
          icon={<Copy className="size-4" aria-hidden="true" />}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(url)
              .then(() => toast.success('Link copied'))
              .catch(() => toast.error('Copy the link by hand: your browser did not allow it'))
          }
        >
          Copy link
        </Button>
        <Button
          variant="outline"
          size="sm"
          block
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={() => setAsking(true)}
        >
          Reset link
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={stopAsking}
        title="Reset the invite link?"
        body="The current link stops working. People who haven’t joined yet will need the new one."
        confirm="Reset link"
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, FALLBACK_ERROR) : null}
        onConfirm={() => reset.mutate()}
      />
    </section>
  );
}
