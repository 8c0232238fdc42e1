import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, LogOut, Pencil, UserPlus, UsersRound } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { FALLBACK_ERROR } from './ask';
import { fullName } from './cache';
import { groupKeys } from './group-cache';
import { GroupAvatar } from './group-parts';
import { groupsApi } from './groups-api';
import { useGroupInfo } from './groups';
import { PersonLine } from './parts';
import { AddSheet, EditSheet, InviteLink, MemberSheet, MuteSheet, mutedText, useGroupChange, type Member } from './group-info-sheets';

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
