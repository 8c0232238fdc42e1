import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, MoreHorizontal, ShieldBan, ShieldCheck, UserMinus, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { communitiesApi, type Community, type CommunityMember, type CommunityRole } from '../../../api/communities';
import { errorMessage } from '../../../api/client';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { FormAlert } from '../../../ui/FormAlert';
import { InlineError } from '../../../ui/InlineError';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { Sheet } from '../../../ui/Sheet';
import { CardListSkeleton, Spinner } from '../../../ui/Spinner';
import { useAuth } from '../../account';
import { fullName, handle, plural, profilePath, timeAgo } from '../format';
import { communityPath, RoleBadge } from './parts';
import { useLoadOnScroll, usePagedList } from '../../../lib/use-paged-list';
import { communityKeys, useCommunity } from './queries';
import { MenuItem } from '../../../ui/MenuItem';

type Action = 'admin' | 'remove' | 'block' | 'transfer';

/** What the caller may do to a member: the owner to admins and members, an admin to members only (the server checks too). */
export function allowedActions(caller: CommunityRole | null, target: CommunityRole, isSelf: boolean): Action[] {
  if (isSelf) return [];
  if (caller === 'owner' && (target === 'admin' || target === 'member'))
    return [...(target === 'member' ? (['admin'] as const) : []), 'remove', 'block', 'transfer'];
  if (caller === 'admin' && target === 'member') return ['remove', 'block'];
  return [];
}

const CONFIRM: Record<Exclude<Action, 'admin'>, { title: (n: string) => string; body: (n: string, c: string) => string; verb: string }> = {
  remove: {
    title: (n) => `Remove ${n}?`,
    body: (n, c) => `${n} will no longer be a member of ${c}. They can ask to join again.`,
    verb: 'Remove',
  },
  block: {
    title: (n) => `Block ${n}?`,
    body: (n, c) => `${n} will be removed from ${c} and can't join again until an owner or admin unblocks them.`,
    verb: 'Block',
  },
  transfer: {
    title: (n) => `Make ${n} the owner?`,
    body: (n, c) => `${n} is asked to take over ${c}. Once they accept, you stay on as an admin.`,
    verb: 'Send request',
  },
};

function useMemberAction(community: Community) {
  const qc = useQueryClient();
  const id = community._id;
  return useMutation({
    mutationFn: async ({ action, member }: { action: Action; member: CommunityMember }) => {
      if (action === 'admin') return communitiesApi.addAdmin(id, member._id);
      if (action === 'remove') return communitiesApi.removeUser(id, member._id);
      if (action === 'block') return communitiesApi.block(id, member._id);
      return communitiesApi.transfer(id, member._id);
    },
    onSuccess: async (_r, { action, member }) => {
      const name = fullName(member);
      toast.success(
        action === 'admin'
          ? `${name} is now an admin`
          : action === 'remove'
            ? `${name} was removed`
            : action === 'block'
              ? `${name} was blocked`
              : `We asked ${name} to take over. They need to accept.`,
      );
      await Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
        qc.invalidateQueries({ queryKey: communityKeys.one(id) }),
        qc.invalidateQueries({ queryKey: communityKeys.moderation(id, 'blocked') }),
        qc.invalidateQueries({ queryKey: communityKeys.sentOwnership }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't do that. Please try again.")),
  });
}

/** The owner's or an admin's actions on one member, each destructive one confirmed first. */
function MemberActions({ community, member, onClose }: { community: Community; member: CommunityMember; onClose: () => void }) {
  const act = useMemberAction(community);
  const [confirming, setConfirming] = useState<Exclude<Action, 'admin'> | null>(null);
  const name = fullName(member);
  const actions = allowedActions(community.role, member.role, member.isMe);
  const run = (action: Action) => act.mutate({ action, member }, { onSuccess: onClose });
  if (confirming) {
    const c = CONFIRM[confirming];
    return (
      <Sheet open onClose={onClose} title={c.title(name)} variant="modal">
        <p className="text-[15px] text-muted">{c.body(name, community.name)}</p>
        <div className="mt-5 flex gap-3">
          <Button variant="outline" block onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant={confirming === 'transfer' ? 'primary' : 'danger'} block loading={act.isPending} onClick={() => run(confirming)}>
            {c.verb}
          </Button>
        </div>
      </Sheet>
    );
  }
  return (
    <Sheet open onClose={onClose} title={name}>
      <p className="mb-2 flex items-center gap-2 text-sm text-muted">
        <RoleBadge role={member.role} /> Joined {timeAgo(member.joinedAt)}
      </p>
      {actions.includes('admin') ? (
        <MenuItem icon={act.isPending ? <Spinner /> : <ShieldCheck className="size-5" aria-hidden="true" />} onClick={() => run('admin')}>
          Make admin
        </MenuItem>
      ) : null}
      {actions.includes('transfer') ? (
        <MenuItem icon={<Crown className="size-5" aria-hidden="true" />} onClick={() => setConfirming('transfer')}>
          Transfer ownership
        </MenuItem>
      ) : null}
      {actions.includes('remove') ? (
        <MenuItem icon={<UserMinus className="size-5" aria-hidden="true" />} onClick={() => setConfirming('remove')} danger>
          Remove from community
        </MenuItem>
      ) : null}
      {actions.includes('block') ? (
        <MenuItem icon={<ShieldBan className="size-5" aria-hidden="true" />} onClick={() => setConfirming('block')} danger>
          Block
        </MenuItem>
      ) : null}
    </Sheet>
  );
}

/** Followers and followings who are not members yet, picked with checkboxes and invited together. */
function InviteSheet({ community, onClose }: { community: Community; onClose: () => void }) {
  const qc = useQueryClient();
  const id = community._id;
  const people = usePagedList(communityKeys.invitees(id), (page, signal) => communitiesApi.invitees(id, page, signal));
  const [chosen, setChosen] = useState<string[]>([]);
  const invite = useMutation({
    mutationFn: () => communitiesApi.invite(id, chosen),
    onSuccess: async () => {
      toast.success(`Invited ${plural(chosen.length, 'person', 'people')}`);
      await Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.invitees(id) }),
        qc.invalidateQueries({ queryKey: communityKeys.moderation(id, 'invites') }),
      ]);
      onClose();
    },
  });
  const toggle = (personId: string, on: boolean) => setChosen((all) => (on ? [...all, personId] : all.filter((x) => x !== personId)));
  return (
    <Sheet
      open
      onClose={onClose}
      title={`Invite to ${community.name}`}
      footer={
        <Button block disabled={chosen.length === 0} loading={invite.isPending} onClick={() => invite.mutate()}>
          {chosen.length === 0 ? 'Invite' : `Invite ${plural(chosen.length, 'person', 'people')}`}
        </Button>
      }
    >
      <FormAlert message={invite.isError ? errorMessage(invite.error, "We couldn't send the invites.") : null} />
      {people.isPending ? (
        <CardListSkeleton label="Loading people to invite" />
      ) : people.isError ? (
        <InlineError error={people.error} onRetry={() => void people.refetch()} fallback="We couldn't load the people you can invite." />
      ) : people.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">
          You can invite your followers and the people you follow. Everyone of them is already a member or invited.
        </p>
      ) : (
        <fieldset>
          <legend className="mb-1 text-sm text-muted">Your followers and the people you follow</legend>
          <ul className="divide-y divide-line">
            {people.items.map((p) => (
              <li key={p._id}>
                <label className="flex min-h-14 cursor-pointer items-center gap-3 py-2">
                  <input
                    type="checkbox"
                    checked={chosen.includes(p._id)}
                    onChange={(e) => toggle(p._id, e.target.checked)}
                    className="size-5 shrink-0 accent-brand-600"
                  />
                  <Avatar src={p.avatar} firstName={p.firstName} lastName={p.lastName} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{fullName(p)}</span>
                    {handle(p) ? <span className="block truncate text-xs text-muted">{handle(p)}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <LoadMore pages={people} />
        </fieldset>
      )}
    </Sheet>
  );
}

/** A community's members with their roles; the owner and admins act on them; members invite people. */
export default function MembersPage() {
  const { id = '' } = useParams();
  const me = useAuth((s) => s.userId);
  const community = useCommunity(id);
  const c = community.data;
  const members = usePagedList(communityKeys.members(id), (page, signal) => communitiesApi.members(id, page, signal));
  const sentinel = useLoadOnScroll(members);
  const [acting, setActing] = useState<CommunityMember | null>(null);
  const [inviting, setInviting] = useState(false);
  return (
    <div>
      <PageHeader
        title="Members"
        back={communityPath(id)}
        action={
          c?.isMember ? (
            <Button
              size="sm"
              variant="secondary"
              icon={<UserPlus className="size-4" aria-hidden="true" />}
              onClick={() => setInviting(true)}
            >
              Invite people
            </Button>
          ) : null
        }
      />
      {members.isPending ? (
        <CardListSkeleton label="Loading members" cards={3} />
      ) : members.isError ? (
        <InlineError error={members.error} onRetry={() => void members.refetch()} fallback="We couldn't load the members." />
      ) : members.items.length === 0 ? (
        <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="No members yet" />
      ) : (
        <>
          <p className="mb-1 text-sm text-muted">{plural(members.total, 'member')}</p>
          <ul aria-label="Members" className="divide-y divide-line">
            {members.items.map((m) => {
              const name = fullName(m);
              const canAct = c ? allowedActions(c.role, m.role, m.isMe || m._id === me).length > 0 : false;
              return (
                <li key={m._id} className="flex items-center gap-3 py-2.5">
                  <Link to={profilePath(m._id)} className="flex min-w-0 flex-1 items-center gap-3">
                    <Avatar src={m.avatar} firstName={m.firstName} lastName={m.lastName} size="sm" />
                    <span className="min-w-0">
                      <span className="flex items-center gap-2">
                        <span className="truncate font-semibold">{name}</span>
                        {m.isMe ? <span className="text-xs text-muted">(you)</span> : null}
                      </span>
                      <span className="block truncate text-xs text-muted">{handle(m) ?? `Joined ${timeAgo(m.joinedAt)}`}</span>
                    </span>
                  </Link>
                  <RoleBadge role={m.role} />
                  {canAct ? (
                    <button
                      type="button"
                      aria-label={`Actions for ${name}`}
                      onClick={() => setActing(m)}
                      className="-mr-2 flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
                    >
                      <MoreHorizontal className="size-5" aria-hidden="true" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div ref={sentinel} />
        </>
      )}
      <LoadMore pages={members} />
      {c && acting ? <MemberActions community={c} member={acting} onClose={() => setActing(null)} /> : null}
      {c && inviting ? <InviteSheet community={c} onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
