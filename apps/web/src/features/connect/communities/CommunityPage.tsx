import { Crown, FileText, Flag, Lock, MoreHorizontal, Pencil, PenSquare, Settings2, ShieldBan } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Community } from '../../../api/communities';
import { ApiError } from '../../../api/client';
import { cn } from '../../../lib/cn';
import { Button, buttonClasses } from '../../../ui/Button';
import { CountBadge } from '../../../ui/CountBadge';
import { EmptyState } from '../../../ui/EmptyState';
import { InlineError } from '../../../ui/InlineError';
import { LoadMore } from '../../../ui/LoadMore';
import { MenuItem } from '../../../ui/MenuItem';
import { PageHeader } from '../../../ui/PageHeader';
import { Sheet } from '../../../ui/Sheet';
import { Skeleton } from '../../../ui/Spinner';
import { ReportDialog } from '../dialogs';
import { fullName, plural } from '../format';
import { PostCard } from '../PostCard';
import { PostSkeletons } from '../PostList';
import { CommunityAvatar, MembershipButton, VisibilityLabel, communityPath, CommunityError } from './parts';
import { useLoadOnScroll } from '../../../lib/use-paged-list';
import { useCommunity, useCommunityPosts, useOwnershipAnswer } from './queries';

const isManager = (c: Pick<Community, 'role'>) => c.role === 'owner' || c.role === 'admin';

function PrivateNotice({ community }: { community: Community }) {
  if (community.role === 'blocked')
    return (
      <EmptyState icon={<ShieldBan className="size-9" strokeWidth={1.8} />} title="You can't see this community's posts">
        An owner or admin blocked you from this community.
      </EmptyState>
    );
  return (
    <EmptyState icon={<Lock className="size-9" strokeWidth={1.8} />} title="This community is private">
      {community.joinRequested
        ? 'You asked to join. You will see its posts once an owner or admin lets you in.'
        : community.inviteId
          ? 'You have been invited. Accept the invite to see its posts.'
          : 'Only members see its posts. Ask to join and an owner or admin will let you in.'}
    </EmptyState>
  );
}

/** The community's posts a page at a time (pages from 1, then the server's cursor), each a PostCard. */
function CommunityFeed({ community }: { community: Community }) {
  const feed = useCommunityPosts(community._id, true);
  const sentinel = useLoadOnScroll(feed);
  if (feed.isPending) return <PostSkeletons label="Loading the community's posts" />;
  if (feed.isError) {
    if (feed.error instanceof ApiError && (feed.error.status === 403 || feed.error.status === 404))
      return <PrivateNotice community={community} />;
    return (
      <InlineError
        error={feed.error}
        onRetry={() => void feed.refetch()}
        fallback="We couldn't load the community's posts."
        className="-mx-4"
      />
    );
  }
  if (feed.posts.length === 0)
    return (
      <EmptyState icon={<FileText className="size-9" strokeWidth={1.8} />} title="No posts yet">
        {community.isMember ? 'Be the first to post in this community.' : 'Join to be the first to post here.'}
      </EmptyState>
    );
  return (
    <>
      <ul aria-label={`Posts in ${community.name}`} className="-mx-5">
        {feed.posts.map((p) => (
          <li key={p._id} data-post-id={p._id}>
            <PostCard post={p} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <LoadMore pages={feed} />
    </>
  );
}

/** The owner offered the caller the community: accept (they become owner, the old one admin) or decline. */
function OwnershipOffer({ community }: { community: Community }) {
  const answer = useOwnershipAnswer();
  return (
    <div role="region" aria-label="Ownership offer" className="mt-4 rounded-2xl bg-brand-soft p-4">
      <p className="flex gap-2 text-sm">
        <Crown className="mt-0.5 size-4 shrink-0 text-brand-fg" aria-hidden="true" />
        <span>
          <span className="font-semibold">{fullName(community.owner)}</span> asks you to take over {community.name} as its owner. They will
          stay on as an admin.
        </span>
      </p>
      <div className="mt-3 flex gap-2">
        <Button
          size="sm"
          block
          loading={answer.isPending && answer.variables.accept}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ communityId: community._id, accept: true, name: community.name })}
        >
          Accept ownership
        </Button>
        <Button
          size="sm"
          block
          variant="outline"
          loading={answer.isPending && !answer.variables.accept}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ communityId: community._id, accept: false, name: community.name })}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}

/** The header's options for anyone but the owner: report the community (the same dialog as a post). */
function CommunityMenu({ community }: { community: Community }) {
  const [open, setOpen] = useState<null | 'menu' | 'report'>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button
        type="button"
        aria-label={`More actions for ${community.name}`}
        onClick={() => setOpen('menu')}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface-2"
      >
        <MoreHorizontal className="size-6" aria-hidden="true" />
      </button>
      <Sheet open={open === 'menu'} onClose={close} title="Community options">
        <MenuItem icon={<Flag className="size-5" aria-hidden="true" />} onClick={() => setOpen('report')} danger>
          Report community
        </MenuItem>
      </Sheet>
      {open === 'report' ? (
        <ReportDialog target={{ kind: 'community', id: community._id, name: community.name }} open onClose={close} />
      ) : null}
    </>
  );
}

function HeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading community">
      <Skeleton className="aspect-[5/2] w-full rounded-3xl" />
      <Skeleton className="-mt-10 ml-4 size-20 rounded-3xl border-4 border-canvas" />
      <Skeleton className="mt-3 h-6 w-2/3" />
      <Skeleton className="mt-2 h-4 w-1/2" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-4 h-11 w-full rounded-2xl" />
    </div>
  );
}

/** A community: its cover, picture, facts and description, the caller's membership, and its feed. */
export default function CommunityPage() {
  const { id = '' } = useParams();
  const community = useCommunity(id);
  const c = community.data;
  if (community.isError)
    return (
      <div>
        <PageHeader title="Community" back="/connect/communities" />
        <CommunityError community={community} fallback={'It may have been removed. Check the link and try again.'} />
      </div>
    );
  const canSee = c ? c.isMember || (c.visibility === 'public' && c.role !== 'blocked') : false;
  const waiting = c?.requests ? c.requests.join + c.requests.posts : 0;
  return (
    <div>
      <PageHeader
        title={c?.name ?? 'Community'}
        back="/connect/communities"
        action={c && c.role !== 'owner' ? <CommunityMenu community={c} /> : null}
      />
      {!c ? (
        <HeaderSkeleton />
      ) : (
        <section aria-label="About" className="mb-4">
          <div className="aspect-[5/2] w-full overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-accent-400">
            {c.coverUrl ? <img src={c.coverUrl} alt={`Cover of ${c.name}`} className="h-full w-full object-cover" /> : null}
          </div>
          <CommunityAvatar community={c} size="xl" className="relative -mt-10 ml-4 border-4 border-canvas" />
          <h2 className="mt-2 text-2xl leading-tight font-bold tracking-tight">{c.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
            <span>{c.category.name}</span>
            <span aria-hidden="true">·</span>
            <VisibilityLabel visibility={c.visibility} />
            <span aria-hidden="true">·</span>
            {canSee ? (
              <Link to={`${communityPath(c._id)}/members`} className="font-semibold text-brand-fg hover:underline">
                {plural(c.membersCount, 'member')}
              </Link>
            ) : (
              <span>{plural(c.membersCount, 'member')}</span>
            )}
          </p>
          {c.description ? <p className="mt-2 text-[15px] whitespace-pre-wrap">{c.description}</p> : null}
          <p className="mt-1 text-xs text-muted">
            Owner: {fullName(c.owner)}
            {c.needsApproval ? ' · Posts are checked before they appear' : ''}
          </p>
          {c.ownershipOffered ? <OwnershipOffer community={c} /> : null}
          {c.role === 'blocked' ? (
            <p className="mt-4 flex items-center gap-2 rounded-2xl bg-danger-soft p-3 text-sm text-danger-fg">
              <ShieldBan className="size-4 shrink-0" aria-hidden="true" />
              You were blocked from this community.
            </p>
          ) : (
            <div className={cn('mt-4 grid gap-2', c.isMember && 'grid-cols-2')}>
              {c.isMember ? (
                <Link to={`/connect/new?community=${c._id}`} className={buttonClasses({ size: 'sm', block: true })}>
                  <PenSquare className="size-4" aria-hidden="true" />
                  Post
                </Link>
              ) : null}
              <MembershipButton community={c} block />
            </div>
          )}
          {c.joinRequested ? <p className="mt-1.5 text-xs text-muted">Tap Requested to take your request back.</p> : null}
          {isManager(c) ? (
            <div className="mt-2 grid grid-cols-2 gap-2">
              <Link
                to={`${communityPath(c._id)}/manage`}
                aria-label={waiting > 0 ? `Manage: ${waiting} request${waiting === 1 ? '' : 's'} waiting` : 'Manage'}
                className={cn(buttonClasses({ size: 'sm', variant: 'secondary', block: true }), 'relative')}
              >
                <Settings2 className="size-4" aria-hidden="true" />
                Manage
                <CountBadge count={waiting} size="sm" />
              </Link>
              <Link to={`${communityPath(c._id)}/edit`} className={buttonClasses({ size: 'sm', variant: 'outline', block: true })}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Link>
            </div>
          ) : null}
        </section>
      )}
      {c ? (
        <section aria-labelledby="community-posts">
          <h2 id="community-posts" className="mb-1 text-base font-bold">
            Posts
          </h2>
          {canSee ? <CommunityFeed community={c} /> : <PrivateNotice community={c} />}
        </section>
      ) : null}
    </div>
  );
}
