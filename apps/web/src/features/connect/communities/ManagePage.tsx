import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, Flag, Inbox, ShieldAlert, ShieldBan, UserPlus, UsersRound } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { communitiesApi, type Community, type CommunityInsights, type ListPage, type ModeratedPost } from '../../../api/communities';
import { errorMessage } from '../../../api/client';
import { Avatar } from '../../../ui/Avatar';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { InlineError } from '../../../ui/InlineError';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { CardListSkeleton, Skeleton } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { fullName, plural, profilePath, timeAgo } from '../format';
import { PostMedia } from '../PostMedia';
import { PostText } from '../PostText';
import type { DailySeries } from '../../../ui/DailyChart';
import { communityPath, AnswerButtons } from './parts';
import { usePagedList } from '../../../lib/use-paged-list';
import { communityKeys, useCommunity } from './queries';

const DailyChart = lazy(() => import('../../../ui/DailyChart'));

const TABS = [
  { id: 'join', label: 'Join requests' },
  { id: 'posts', label: 'Post requests' },
  { id: 'invites', label: 'Invites' },
  { id: 'reported', label: 'Reported' },
  { id: 'spam', label: 'Spam' },
  { id: 'blocked', label: 'Blocked' },
  { id: 'insights', label: 'Insights' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** One moderation list a page at a time, with its loading, error and empty states. */
function Panel<T>({
  community,
  list,
  fetch,
  label,
  empty,
  emptyIcon,
  keyOf,
  render,
}: {
  community: Community;
  list: string;
  fetch: (id: string, page: number, signal: AbortSignal) => Promise<ListPage<T>>;
  label: string;
  empty: string;
  emptyIcon: ReactNode;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const id = community._id;
  const items = usePagedList(communityKeys.moderation(id, list), (page, signal) => fetch(id, page, signal));
  if (items.isPending) return <CardListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (items.isError)
    return (
      <InlineError error={items.error} onRetry={() => void items.refetch()} fallback={`We couldn't load the ${label.toLowerCase()}.`} />
    );
  if (items.items.length === 0) return <EmptyState icon={emptyIcon} title={empty} />;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-line">
        {items.items.map((item) => (
          <li key={keyOf(item)} className="py-3">
            {render(item)}
          </li>
        ))}
      </ul>
      <LoadMore pages={items} />
    </>
  );
}

/** A call on one item of a list; on success the list (and whatever else it touches) is fetched again. */
function useModeration<V>(community: Community, lists: string[], run: (v: V) => Promise<unknown>, done: (v: V) => string) {
  const qc = useQueryClient();
  const id = community._id;
  return useMutation({
    mutationFn: run,
    onSuccess: async (_r, v) => {
      toast.success(done(v));
      await Promise.all([
        ...lists.map((l) => qc.invalidateQueries({ queryKey: communityKeys.moderation(id, l) })),
        qc.invalidateQueries({ queryKey: communityKeys.one(id) }),
        qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
        qc.invalidateQueries({ queryKey: communityKeys.posts(id) }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't do that. Please try again.")),
  });
}

function Person({ user, note }: { user: { _id: string; firstName: string; lastName: string; avatar: string | null }; note: ReactNode }) {
  return (
    <Link to={profilePath(user._id)} className="flex min-w-0 flex-1 items-center gap-3">
      <Avatar src={user.avatar} firstName={user.firstName} lastName={user.lastName} size="sm" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{fullName(user)}</span>
        <span className="block truncate text-xs text-muted">{note}</span>
      </span>
    </Link>
  );
}

function JoinRequests({ community }: { community: Community }) {
  const id = community._id;
  const answer = useModeration(
    community,
    ['join'],
    ({ userId, accept }: { userId: string; accept: boolean; name: string }) =>
      accept ? communitiesApi.acceptJoin(id, userId) : communitiesApi.rejectJoin(id, userId),
    ({ accept, name }) => (accept ? `${name} is now a member` : `${name}'s request was declined`),
  );
  return (
    <Panel
      community={community}
      list="join"
      fetch={communitiesApi.joinRequests}
      label="Join requests"
      empty="No one is waiting to join"
      emptyIcon={<UserPlus className="size-9" strokeWidth={1.8} />}
      keyOf={(r) => r.user._id}
      render={(r) => {
        const name = fullName(r.user);
        const busy = answer.isPending && answer.variables.userId === r.user._id;
        return (
          <div className="flex flex-wrap items-center gap-3">
            <Person user={r.user} note={<>Asked {timeAgo(r.requestedAt)}</>} />
            <AnswerButtons
              className="flex gap-2"
              what={`${name}`}
              no="Reject"
              busy={busy}
              onAnswer={(accept) => answer.mutate({ userId: r.user._id, accept, name })}
            />
          </div>
        );
      }}
    />
  );
}

/** A compact look at a post waiting for a decision (or reported): author, time, text, media. */
function PostPreview({ post, children }: { post: ModeratedPost; children?: ReactNode }) {
  const name = fullName(post.author);
  return (
    <article aria-label={`Post by ${name}`} className="rounded-2xl border border-line bg-surface p-3">
      <header className="flex items-center gap-3">
        <Avatar src={post.author.avatar} firstName={post.author.firstName} lastName={post.author.lastName} size="sm" />
        <p className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block text-xs text-muted">
            <time dateTime={post.createdAt}>{timeAgo(post.createdAt)}</time>
            {post.status === 'published' ? (
              <>
                {' · '}
                <Link to={`/connect/posts/${post._id}`} className="hover:underline">
                  Open post
                </Link>
              </>
            ) : null}
          </span>
        </p>
      </header>
      <PostText text={post.text} mentions={post.mentions} className="mt-2 text-[15px] leading-relaxed break-words whitespace-pre-wrap" />
      <PostMedia media={post.media} label={`post by ${name}`} />
      {children}
    </article>
  );
}

function PostDecisions({ community, list }: { community: Community; list: 'posts' | 'spam' }) {
  const id = community._id;
  const answer = useModeration(
    community,
    ['posts', 'spam'],
    ({ postId, accept }: { postId: string; accept: boolean }) =>
      accept ? communitiesApi.acceptPost(id, postId) : communitiesApi.declinePost(id, postId),
    ({ accept }) => (accept ? 'Post published in the community' : 'Post declined'),
  );
  return (
    <Panel
      community={community}
      list={list}
      fetch={list === 'posts' ? communitiesApi.postRequests : communitiesApi.spam}
      label={list === 'posts' ? 'Post requests' : 'Spam'}
      empty={list === 'posts' ? 'No posts are waiting for approval' : 'Nothing was held as spam'}
      emptyIcon={list === 'posts' ? <Inbox className="size-9" strokeWidth={1.8} /> : <ShieldAlert className="size-9" strokeWidth={1.8} />}
      keyOf={(p) => p._id}
      render={(p) => {
        const name = fullName(p.author);
        const busy = answer.isPending && answer.variables.postId === p._id;
        return (
          <PostPreview post={p}>
            {p.spamReason ? (
              <p className="mt-2 flex items-start gap-2 rounded-xl bg-danger-soft p-2 text-sm text-danger-fg">
                <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Held as spam: {p.spamReason}
              </p>
            ) : null}
            <AnswerButtons
              className="mt-3 flex gap-2"
              block
              what={`post by ${name}`}
              busy={busy}
              onAnswer={(accept) => answer.mutate({ postId: p._id, accept })}
            />
          </PostPreview>
        );
      }}
    />
  );
}

function SentInvites({ community }: { community: Community }) {
  const undo = useModeration(
    community,
    ['invites'],
    ({ inviteId }: { inviteId: string; name: string }) => communitiesApi.undoInvite(inviteId),
    ({ name }) => `Invite to ${name} withdrawn`,
  );
  return (
    <Panel
      community={community}
      list="invites"
      fetch={communitiesApi.sentInvites}
      label="Invites"
      empty="No invites are waiting for an answer"
      emptyIcon={<UserPlus className="size-9" strokeWidth={1.8} />}
      keyOf={(i) => i._id}
      render={(i) => {
        const name = fullName(i.invitee);
        return (
          <div className="flex items-center gap-3">
            <Person
              user={i.invitee}
              note={
                <>
                  Invited by {fullName(i.invitedBy)} · {timeAgo(i.createdAt)}
                </>
              }
            />
            <Button
              size="sm"
              variant="outline"
              loading={undo.isPending && undo.variables.inviteId === i._id}
              aria-label={`Undo invite to ${name}`}
              onClick={() => undo.mutate({ inviteId: i._id, name })}
            >
              Undo
            </Button>
          </div>
        );
      }}
    />
  );
}

function Reported({ community }: { community: Community }) {
  return (
    <Panel
      community={community}
      list="reported"
      fetch={communitiesApi.reported}
      label="Reported posts"
      empty="No posts have been reported"
      emptyIcon={<Flag className="size-9" strokeWidth={1.8} />}
      keyOf={(p) => p._id}
      render={(p) => (
        <PostPreview post={p}>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Badge tone="danger">Reported {p.reportCount === 1 ? 'once' : `${p.reportCount} times`}</Badge>
            {p.hidden ? <Badge tone="warning">Hidden from feeds</Badge> : null}
            {[...new Set(p.reportReasons)].map((r) => (
              <Badge key={r}>{r}</Badge>
            ))}
          </div>
        </PostPreview>
      )}
    />
  );
}

function Blocked({ community }: { community: Community }) {
  const id = community._id;
  const unblock = useModeration(
    community,
    ['blocked'],
    ({ userId }: { userId: string; name: string }) => communitiesApi.unblock(id, userId),
    ({ name }) => `${name} was unblocked`,
  );
  return (
    <Panel
      community={community}
      list="blocked"
      fetch={communitiesApi.blocked}
      label="Blocked people"
      empty="No one is blocked"
      emptyIcon={<ShieldBan className="size-9" strokeWidth={1.8} />}
      keyOf={(m) => m._id}
      render={(m) => {
        const name = fullName(m);
        return (
          <div className="flex items-center gap-3">
            <Person user={m} note="Blocked" />
            <Button
              size="sm"
              variant="outline"
              loading={unblock.isPending && unblock.variables.userId === m._id}
              aria-label={`Unblock ${name}`}
              onClick={() => unblock.mutate({ userId: m._id, name })}
            >
              Unblock
            </Button>
          </div>
        );
      }}
    />
  );
}

type Period = CommunityInsights['last7Days'];
const COLORS = { members: '#0b6e4f', active: '#1d4ed8', joined: '#e3a21a', posts: '#7c3aed', comments: '#dc2626' };

function Charts({ period, days }: { period: Period; days: '7' | '30' }) {
  const x = useMemo(() => period.days.map((d) => d.day), [period]);
  const people = useMemo<DailySeries[]>(
    () => [
      { label: 'Members', color: COLORS.members, values: period.days.map((d) => d.members), fill: true },
      { label: 'Active members', color: COLORS.active, values: period.days.map((d) => d.activeMembers) },
    ],
    [period],
  );
  const activity = useMemo<DailySeries[]>(
    () => [
      { label: 'Joined', color: COLORS.joined, values: period.days.map((d) => d.joined) },
      { label: 'Posts', color: COLORS.posts, values: period.days.map((d) => d.posts) },
      { label: 'Comments', color: COLORS.comments, values: period.days.map((d) => d.comments) },
    ],
    [period],
  );
  const fallback = <Skeleton className="h-[180px] w-full" />;
  return (
    <>
      <div className="rounded-3xl bg-surface p-3">
        <h3 className="mb-1 text-sm font-semibold">Members per day</h3>
        <Suspense fallback={fallback}>
          <DailyChart days={x} series={people} label={`Members and active members per day, last ${days} days`} />
        </Suspense>
      </div>
      <div className="mt-3 rounded-3xl bg-surface p-3">
        <h3 className="mb-1 text-sm font-semibold">Activity per day</h3>
        <Suspense fallback={fallback}>
          <DailyChart days={x} series={activity} label={`People who joined, posts and comments per day, last ${days} days`} />
        </Suspense>
      </div>
    </>
  );
}

function Insights({ community }: { community: Community }) {
  const id = community._id;
  const [days, setDays] = useState<'7' | '30'>('7');
  const insights = useQuery({ queryKey: communityKeys.insights(id), queryFn: async () => (await communitiesApi.insights(id)).data });
  if (insights.isError)
    return <InlineError error={insights.error} onRetry={() => void insights.refetch()} fallback="We couldn't load the insights." />;
  const data = insights.data;
  const period = data ? (days === '7' ? data.last7Days : data.last30Days) : null;
  const figures: Array<[string, number | undefined]> = [
    ['Members', data?.membersCount],
    ['Posts, all time', data?.postsCount],
    ['Joined', period?.joined],
    ['Posts', period?.posts],
    ['Comments', period?.comments],
    ['Active members', period?.activeMembers],
  ];
  return (
    <div>
      <Tabs
        label="Period"
        tabs={[
          { id: '7', label: 'Last 7 days' },
          { id: '30', label: 'Last 30 days' },
        ]}
        value={days}
        onChange={setDays}
        className="mb-3"
      />
      <section aria-label="Figures" className="mb-3 grid grid-cols-3 gap-2">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-2xl bg-surface p-3">
            <p className="text-xs text-muted">{label}</p>
            {n === undefined ? (
              <Skeleton className="mt-1 h-6 w-10" />
            ) : (
              <p className="text-xl font-bold tabular-nums">{n.toLocaleString('en-NG')}</p>
            )}
          </div>
        ))}
      </section>
      {period ? <Charts period={period} days={days} /> : <Skeleton className="h-[220px] w-full rounded-3xl" />}
      <section aria-labelledby="top-posts" className="mt-4">
        <h3 id="top-posts" className="mb-1 text-base font-bold">
          Top posts
        </h3>
        {!period ? (
          <Skeleton className="h-16 w-full" />
        ) : period.topPosts.length === 0 ? (
          <p className="py-3 text-sm text-muted">No posts in this period yet.</p>
        ) : (
          <ol className="divide-y divide-line">
            {period.topPosts.map((p, i) => (
              <li key={p._id}>
                <Link to={`/connect/posts/${p._id}`} className="flex items-start gap-3 py-3 hover:bg-surface-2">
                  <span className="w-5 shrink-0 text-right font-bold text-muted tabular-nums">{i + 1}</span>
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 block text-[15px]">{p.text || 'Photo or video'}</span>
                    <span className="block text-xs text-muted">
                      {plural(p.likes, 'like')} · {plural(p.comments, 'comment')}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** The owner's ownership offers for this community that wait for an answer. */
function PendingTransfer({ community }: { community: Community }) {
  const sent = usePagedList(communityKeys.sentOwnership, (page, signal) => communitiesApi.sentOwnership(page, signal));
  const waiting = sent.items.filter((r) => r.community._id === community._id && r.status === 'pending');
  if (sent.isError)
    return (
      <InlineError
        error={sent.error}
        onRetry={() => void sent.refetch()}
        fallback="We couldn't load your ownership requests."
        className="-mx-4 mb-2"
      />
    );
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Ownership requests" className="mb-4 rounded-2xl bg-brand-soft p-3">
      {waiting.map((r) => (
        <p key={r._id} className="flex items-start gap-2 text-sm">
          <Crown className="mt-0.5 size-4 shrink-0 text-brand-fg" aria-hidden="true" />
          <span>
            Waiting for <span className="font-semibold">{fullName(r.to)}</span> to accept ownership (asked {timeAgo(r.createdAt)}).
          </span>
        </p>
      ))}
    </section>
  );
}

/** The owner's and admins' dashboard: requests, invites, moderation lists and insights, a tab each. */
export default function ManagePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.id === params.get('tab'))?.id ?? 'join') as Tab;
  const community = useCommunity(id);
  const c = community.data;
  let body: ReactNode;
  if (community.isPending) body = <CardListSkeleton label="Loading community" />;
  else if (community.isError)
    body = <InlineError error={community.error} onRetry={() => void community.refetch()} fallback="We couldn't open this community." />;
  else if (c && c.role !== 'owner' && c.role !== 'admin')
    body = (
      <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="Only its owner and admins manage this community" />
    );
  else if (c)
    body = (
      <>
        {c.role === 'owner' ? <PendingTransfer community={c} /> : null}
        <Tabs label="Dashboard" tabs={TABS} value={tab} onChange={(t) => setParams({ tab: t }, { replace: true })} className="mb-3" />
        <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
          {tab === 'join' ? <JoinRequests community={c} /> : null}
          {tab === 'posts' ? <PostDecisions key="posts" community={c} list="posts" /> : null}
          {tab === 'invites' ? <SentInvites community={c} /> : null}
          {tab === 'reported' ? <Reported community={c} /> : null}
          {tab === 'spam' ? <PostDecisions key="spam" community={c} list="spam" /> : null}
          {tab === 'blocked' ? <Blocked community={c} /> : null}
          {tab === 'insights' ? <Insights community={c} /> : null}
        </div>
      </>
    );
  return (
    <div>
      <PageHeader
        title={c ? `Manage ${c.name}` : 'Manage community'}
        back={communityPath(id)}
        action={
          <Link
            to={`${communityPath(id)}/members`}
            aria-label="Members"
            className="flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2"
          >
            <UsersRound className="size-5" aria-hidden="true" />
          </Link>
        }
      />
      {body}
    </div>
  );
}
