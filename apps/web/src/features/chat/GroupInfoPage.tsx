import { groupName } from '@owo/contracts';
import { formatLagosDate } from '@owo/contracts/format';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Bell,
  BellOff,
  Copy,
  Link2,
  LogOut,
  Pencil,
  RefreshCw,
  ShieldCheck,
  ShieldOff,
  UserMinus,
  UserPlus,
  UsersRound,
} from 'lucide-react';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { ChatUser } from '../../api/chat';
import { ApiError, errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { ImagePicker, useImageUpload } from '../../ui/ImagePicker';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { Sheet } from '../../ui/Sheet';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { FALLBACK_ERROR } from './ask';
import { fullName } from './cache';
import { groupKeys } from './group-cache';
import { GroupAvatar } from './group-parts';
import { type GroupInfo, type MuteSpan, groupsApi } from './groups-api';
import { useGroupInfo } from './groups';
import { PersonLine } from './parts';
import { Directory } from './NewChatSheet';
import { ChosenPeople, usePicked } from './pick-people';

type Member = GroupInfo['members'][number];

/** A change to the group: the answer (the group as it is now) replaces what the screen shows. */
function useGroupChange<A>(groupId: string, fn: (arg: A) => Promise<{ data: GroupInfo }>, done?: string) {
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

function EditSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
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

function AddSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
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

function MemberSheet({ info, member, onClose }: { info: GroupInfo; member: Member | null; onClose: () => void }) {
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
const mutedText = (until: string) =>
  new Date(until).getFullYear() > 9000
    ? 'Muted always'
    : `Muted until ${formatLagosDate(until, 'date')}, ${formatLagosDate(until, 'time')}`;

function MuteSheet({ info, open, onClose }: { info: GroupInfo; open: boolean; onClose: () => void }) {
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

function InviteLink({ info }: { info: GroupInfo }) {
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

function MemberRow({ m, me, admin, onOpen }: { m: Member; me: string; admin: boolean; onOpen: (m: Member) => void }) {
  const mine = m.user.id === me;
  const inner = (
    <>
      <PersonLine person={m.user} name={mine ? 'You' : undefined} />
      {m.role === 'admin' ? <Badge tone="brand">Group admin</Badge> : null}
    </>
  );
  // Admins open a member's actions; everyone else sees the list.
  return admin && !mine ? (
    <button
      type="button"
      onClick={() => onOpen(m)}
      aria-label={`${fullName(m.user)}${m.role === 'admin' ? ', group admin' : ''}: options`}
      className="flex min-h-16 w-full items-center gap-3 rounded-2xl px-2 text-left hover:bg-surface-2"
    >
      {inner}
    </button>
  ) : (
    <div className="flex min-h-16 items-center gap-3 px-2">{inner}</div>
  );
}

/**
 * A group's info: name and photo, members with their admin badges; admins add, remove, make admin,
 * rename, share or reset the link; anyone mutes or leaves.
 */
export default function GroupInfoPage() {
  const { groupId = '' } = useParams();
  const me = useAuth((s) => s.userId) ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const info$ = useGroupInfo(groupId);
  const info = info$.data;
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [muting, setMuting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [member, setMember] = useState<Member | null>(null);
  const unmute = useGroupChange(groupId, () => groupsApi.mute(groupId, 'off'), 'Notifications on');
  const leave = useMutation({
    mutationFn: () => groupsApi.leave(groupId),
    onSuccess: () => {
      qc.removeQueries({ queryKey: groupKeys.info(groupId) });
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      toast.success('You left the group');
      void navigate('/chat', { replace: true });
    },
  });
  const close = {
    edit: useCallback(() => setEditing(false), []),
    add: useCallback(() => setAdding(false), []),
    mute: useCallback(() => setMuting(false), []),
    member: useCallback(() => setMember(null), []),
  };
  const back = `/chat/groups/${groupId}`;

  if (info$.isPending)
    return (
      <div>
        <PageHeader title="Group info" back={back} backLabel="Back to the group" />
        <SkeletonRows
          label="Loading the group"
          rows={4}
          className=""
          row={{ className: 'flex items-center gap-3 py-3', lead: 'size-10 rounded-full', lines: ['h-4 w-2/5', 'h-3.5 w-1/4'] }}
        />
      </div>
    );
  if (!info) {
    const gone = info$.error instanceof ApiError && info$.error.code === 'GROUP_NOT_FOUND';
    return (
      <div>
        <PageHeader title="Group info" back={gone ? '/chat' : back} backLabel={gone ? 'Back to chats' : 'Back to the group'} />
        {gone ? (
          <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="You’re not in this group">
            You left this group or were removed from it.
          </EmptyState>
        ) : (
          <QueryError
            error={info$.error}
            onRetry={() => void info$.refetch()}
            title="We couldn't load this group"
            describe={(e) => errorMessage(e, FALLBACK_ERROR)}
          />
        )}
      </div>
    );
  }
  const admin = info.myRole === 'admin';
  const muted = info.mutedUntil !== null && Date.parse(info.mutedUntil) > Date.now();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title="Group info" back={back} backLabel="Back to the group" />
      <div className="-mt-4 flex flex-col items-center gap-2 text-center">
        <GroupAvatar name={info.name} photoUrl={info.photoUrl} size="xl" />
        <h2 className="text-2xl font-bold tracking-tight break-words">{info.name}</h2>
        <p className="text-sm text-muted">
          Group · {info.memberCount} {info.memberCount === 1 ? 'member' : 'members'}
        </p>
        {admin ? (
          <Button variant="ghost" size="sm" icon={<Pencil className="size-4" aria-hidden="true" />} onClick={() => setEditing(true)}>
            Edit name or photo
          </Button>
        ) : null}
      </div>

      {admin ? <InviteLink info={info} /> : null}

      <section aria-labelledby="members-h" className="rounded-3xl bg-surface p-2 shadow-sm">
        <h2 id="members-h" className="px-2 pt-2 pb-1 text-sm font-semibold text-muted">
          {info.memberCount} {info.memberCount === 1 ? 'member' : 'members'}
        </h2>
        {admin ? (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-2 font-semibold text-brand-fg hover:bg-surface-2"
          >
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-white" aria-hidden="true">
              <UserPlus className="size-5" />
            </span>
            Add people
          </button>
        ) : null}
        <ul aria-label="Members">
          {info.members.map((m) => (
            <li key={m.user.id}>
              <MemberRow m={m} me={me} admin={admin} onOpen={setMember} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Your settings" className="flex flex-col gap-2">
        {muted ? (
          <>
            <p className="px-1 text-sm text-muted">{mutedText(info.mutedUntil!)}</p>
            <Button
              variant="outline"
              block
              loading={unmute.isPending}
              icon={<Bell className="size-5" aria-hidden="true" />}
              onClick={() => unmute.mutate(undefined)}
            >
              Unmute notifications
            </Button>
          </>
        ) : (
          <Button variant="outline" block icon={<BellOff className="size-5" aria-hidden="true" />} onClick={() => setMuting(true)}>
            Mute notifications
          </Button>
        )}
        <Button variant="danger" block icon={<LogOut className="size-5" aria-hidden="true" />} onClick={() => setLeaving(true)}>
          Leave group
        </Button>
      </section>

      {admin ? (
        <>
          <EditSheet info={info} open={editing} onClose={close.edit} />
          <AddSheet info={info} open={adding} onClose={close.add} />
          <MemberSheet info={info} member={member} onClose={close.member} />
        </>
      ) : null}
      <MuteSheet info={info} open={muting} onClose={close.mute} />
      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title={`Leave “${info.name}”?`}
        body="You’ll stop getting its messages. An admin can add you again, or you can join with an invite link."
        confirm="Leave group"
        busy={leave.isPending}
        error={leave.isError ? errorMessage(leave.error, FALLBACK_ERROR) : null}
        onConfirm={() => leave.mutate()}
      />
    </div>
  );
}
