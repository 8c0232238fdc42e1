import { Globe, Lock, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import type { Community, CommunityRole } from '../../../api/communities';
import { cn } from '../../../lib/cn';
import { initials } from '../../../lib/greeting';
import { Badge } from '../../../ui/Badge';
import { EmptyState } from '../../../ui/EmptyState';
import { Button } from '../../../ui/Button';
import { Sheet } from '../../../ui/Sheet';
import { Skeleton } from '../../../ui/Spinner';
import { SkeletonRows } from '../../../ui/SkeletonRows';
import { plural } from '../format';
import { useInviteAnswer, useMembership } from './queries';

export const communityPath = (id: string) => `/connect/communities/${id}`;

const avatarSizes = { sm: 'size-10 text-sm rounded-xl', md: 'size-12 text-base rounded-2xl', xl: 'size-20 text-2xl rounded-3xl' };

/** A community's picture, or its initials on brand colour. Decorative: the name is always beside it. */
export function CommunityAvatar({
  community,
  size = 'md',
  className,
}: {
  community: { name: string; avatarUrl: string | null };
  size?: keyof typeof avatarSizes;
  className?: string;
}) {
  const cls = cn('shrink-0 object-cover', avatarSizes[size], className);
  if (community.avatarUrl) return <img src={community.avatarUrl} alt="" className={cls} />;
  const [first, ...rest] = community.name.split(/\s+/);
  return (
    <span aria-hidden="true" className={cn(cls, 'inline-flex items-center justify-center bg-brand-soft font-bold text-brand-fg')}>
      {initials(first, rest.at(-1))}
    </span>
  );
}

export function VisibilityLabel({ visibility }: { visibility: Community['visibility'] }) {
  const Icon = visibility === 'private' ? Lock : Globe;
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5" aria-hidden="true" />
      {visibility === 'private' ? 'Private' : 'Public'}
    </span>
  );
}

const ROLE_LABEL: Record<CommunityRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', blocked: 'Blocked' };
export function RoleBadge({ role }: { role: CommunityRole }) {
  return (
    <Badge tone={role === 'owner' ? 'warning' : role === 'admin' ? 'brand' : role === 'blocked' ? 'danger' : 'neutral'}>
      {ROLE_LABEL[role]}
    </Badge>
  );
}

/** "Food · Private · 12 members" */
export function CommunityFacts({ community, className }: { community: Community; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-1.5 text-xs text-muted', className)}>
      <span>{community.category.name}</span>
      <span aria-hidden="true">·</span>
      <VisibilityLabel visibility={community.visibility} />
      <span aria-hidden="true">·</span>
      <span>{plural(community.membersCount, 'member')}</span>
    </p>
  );
}

/** Asks before leaving (a private community has to let one back in). */
function LeaveDialog({
  community,
  open,
  onClose,
  onLeave,
}: {
  community: Community;
  open: boolean;
  onClose: () => void;
  onLeave: () => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title={`Leave ${community.name}?`} variant="modal">
      <p className="text-[15px] text-muted">
        {community.visibility === 'private'
          ? 'You will stop seeing its posts. To come back, you will have to ask to join again.'
          : 'You will stop seeing its posts in the community. You can join again at any time.'}
      </p>
      <div className="mt-5 flex gap-3">
        <Button variant="outline" block onClick={onClose}>
          Stay
        </Button>
        <Button
          variant="danger"
          block
          onClick={() => {
            onClose();
            onLeave();
          }}
        >
          Leave
        </Button>
      </div>
    </Sheet>
  );
}

/**
 * The caller's membership as one control: Join (or "Ask to join"), Leave, "Requested" (a tap takes
 * the request back), or Accept invite.
 */
export function MembershipButton({ community, size = 'sm', block }: { community: Community; size?: 'sm' | 'md'; block?: boolean }) {
  const { join, undo, busy } = useMembership(community);
  const answer = useInviteAnswer(community._id);
  const [leaving, setLeaving] = useState(false);
  const name = community.name;
  // An owner cannot leave (ownership is handed over first, in Manage): no Leave button for them.
  if (community.role === 'owner')
    return (
      <span className="inline-flex h-9 items-center rounded-full bg-surface-2 px-3 text-sm font-semibold" aria-label={`You own ${name}`}>
        Owner
      </span>
    );
  if (community.isMember)
    return (
      <>
        <Button size={size} block={block} variant="outline" loading={busy} aria-label={`Leave ${name}`} onClick={() => setLeaving(true)}>
          Leave
        </Button>
        <LeaveDialog community={community} open={leaving} onClose={() => setLeaving(false)} onLeave={() => join.mutate()} />
      </>
    );
  if (community.inviteId)
    return (
      <Button
        size={size}
        block={block}
        loading={answer.isPending}
        aria-label={`Accept invite to ${name}`}
        onClick={() => answer.mutate({ inviteId: community.inviteId!, accept: true, name })}
      >
        Accept invite
      </Button>
    );
  if (community.joinRequested)
    return (
      <Button
        size={size}
        block={block}
        variant="secondary"
        loading={busy}
        aria-label={`Requested to join ${name}. Cancel request`}
        onClick={() => undo.mutate()}
      >
        Requested
      </Button>
    );
  if (community.role === 'blocked') return null;
  return (
    <Button
      size={size}
      block={block}
      loading={busy}
      aria-label={`${community.visibility === 'private' ? 'Ask to join' : 'Join'} ${name}`}
      onClick={() => join.mutate()}
    >
      {community.visibility === 'private' ? 'Ask to join' : 'Join'}
    </Button>
  );
}

/** One community in a list: its picture, name, facts, a line of description and the membership button. */
export function CommunityRow({ community }: { community: Community }) {
  return (
    <div className="flex items-start gap-3 py-3">
      <Link to={communityPath(community._id)} className="flex min-w-0 flex-1 items-start gap-3">
        <CommunityAvatar community={community} />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{community.name}</span>
          <CommunityFacts community={community} />
          {community.description ? <span className="mt-0.5 line-clamp-2 text-sm text-muted">{community.description}</span> : null}
        </span>
      </Link>
      <div className="shrink-0 pt-0.5">
        <MembershipButton community={community} />
      </div>
    </div>
  );
}

export function CommunityRowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <SkeletonRows
      label={label}
      rows={rows}
      className="divide-y divide-line"
      row={{
        className: 'flex items-center gap-3 py-3',
        lead: 'size-12 rounded-2xl',
        lines: ['h-4 w-1/2', 'h-3 w-3/4'],
        children: <Skeleton className="h-11 w-20 rounded-2xl" />,
      }}
    />
  );
}

/** Accept and Decline (or Reject) for one request, each button named for what it answers ("Accept invite to …"). */
export function AnswerButtons({
  what,
  busy,
  onAnswer,
  no = 'Decline',
  block,
  className,
}: {
  what: string;
  busy: boolean;
  onAnswer: (accept: boolean) => void;
  no?: 'Decline' | 'Reject';
  block?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      <Button size="sm" block={block} disabled={busy} aria-label={`Accept ${what}`} onClick={() => onAnswer(true)}>
        Accept
      </Button>
      <Button size="sm" block={block} variant="outline" disabled={busy} aria-label={`${no} ${what}`} onClick={() => onAnswer(false)}>
        {no}
      </Button>
    </div>
  );
}

/** A community that did not load: why, and Try again. */
export function CommunityError({ community, fallback }: { community: { error: unknown; refetch: () => unknown }; fallback: string }) {
  return (
    <EmptyState
      icon={<UsersRound className="size-9" strokeWidth={1.8} />}
      title="We couldn't open this community"
      tone="danger"
      action={
        <Button variant="outline" block onClick={() => void community.refetch()}>
          Try again
        </Button>
      }
    >
      {errorMessage(community.error, fallback)}
    </EmptyState>
  );
}
