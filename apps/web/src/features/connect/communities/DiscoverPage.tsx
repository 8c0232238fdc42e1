import { Crown, Plus, Search, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { communitiesApi } from '../../../api/communities';
import { useDebounced } from '../../../lib/use-debounced';
import { Button, buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { InlineError } from '../../../ui/InlineError';
import { LoadMore } from '../../../ui/LoadMore';
import { PageHeader } from '../../../ui/PageHeader';
import { Skeleton } from '../../../ui/Spinner';
import { fullName, timeAgo } from '../format';
import { CommunityAvatar, CommunityRow, CommunityRowsSkeleton, communityPath, RoleBadge, AnswerButtons } from './parts';
import { useLoadOnScroll, usePagedList } from '../../../lib/use-paged-list';
import { communityKeys, useCommunityCategories, useInbox, useInviteAnswer, useOwnershipAnswer } from './queries';
import { Section } from '../../../ui/Section';
import { Chips } from '../../../ui/Chips';

/** Received invites and ownership offers, each with Accept and Decline; nothing when there are none. */
function Inbox() {
  const inbox = useInbox();
  const answer = useInviteAnswer();
  const ownership = useOwnershipAnswer();
  const { invites, offers } = inbox;
  if (invites.isError || inbox.ownership.isError)
    return (
      <InlineError
        error={invites.error ?? inbox.ownership.error}
        onRetry={() => void Promise.all([invites.refetch(), inbox.ownership.refetch()])}
        fallback="We couldn't load your invites."
        className="-mx-4 mb-3"
      />
    );
  if (invites.items.length === 0 && offers.length === 0) return null;
  const busy = (id: string) =>
    (answer.isPending && answer.variables.inviteId === id) || (ownership.isPending && ownership.variables.communityId === id);
  return (
    <Section title={`Invites (${inbox.count})`} className="mb-5 rounded-3xl bg-surface px-4 py-3" headClassName="mb-1 gap-2">
      <ul aria-label="Invites" className="divide-y divide-line">
        {offers.map((o) => (
          <li key={o._id} className="py-3">
            <div className="flex items-center gap-3">
              <CommunityAvatar community={o.community} size="sm" />
              <p className="min-w-0 flex-1 text-sm">
                <Crown className="mr-1 inline size-4 text-accent-500" aria-hidden="true" />
                <span className="font-semibold">{fullName(o.from)}</span> asks you to take over{' '}
                <Link to={communityPath(o.community._id)} className="font-semibold hover:underline">
                  {o.community.name}
                </Link>{' '}
                as its owner.
              </p>
            </div>
            <AnswerButtons
              className="mt-2 flex gap-2 pl-[3.25rem]"
              block
              what={`ownership of ${o.community.name}`}
              busy={busy(o.community._id)}
              onAnswer={(accept) => ownership.mutate({ communityId: o.community._id, accept, name: o.community.name })}
            />
          </li>
        ))}
        {invites.items.map((i) => (
          <li key={i._id} className="py-3">
            <div className="flex items-center gap-3">
              <CommunityAvatar community={i.community} size="sm" />
              <p className="min-w-0 flex-1 text-sm">
                <span className="font-semibold">{fullName(i.invitedBy)}</span> invited you to{' '}
                <Link to={communityPath(i.community._id)} className="font-semibold hover:underline">
                  {i.community.name}
                </Link>
                <span className="block text-xs text-muted">
                  <time dateTime={i.createdAt}>{timeAgo(i.createdAt)}</time>
                </span>
              </p>
            </div>
            <AnswerButtons
              className="mt-2 flex gap-2 pl-[3.25rem]"
              block
              what={`invite to ${i.community.name}`}
              busy={busy(i._id)}
              onAnswer={(accept) => answer.mutate({ inviteId: i._id, accept, name: i.community.name })}
            />
          </li>
        ))}
      </ul>
      <LoadMore pages={invites} />
    </Section>
  );
}

/** The communities the caller belongs to, as a sideways row of tiles. */
function MyCommunities() {
  const mine = usePagedList(communityKeys.mine, (page, signal) => communitiesApi.mine(page, signal));
  return (
    <Section title="My communities" className="mb-5" headClassName="mb-1 gap-2">
      {mine.isPending ? (
        <div role="status" aria-label="Loading your communities" className="flex gap-3 py-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-28 shrink-0 rounded-2xl" />
          ))}
        </div>
      ) : mine.isError ? (
        <InlineError
          error={mine.error}
          onRetry={() => void mine.refetch()}
          fallback="We couldn't load your communities."
          className="-mx-4"
        />
      ) : mine.items.length === 0 ? (
        <p className="py-2 text-sm text-muted">Communities you join or create show here.</p>
      ) : (
        <ul aria-label="My communities" className="-mx-5 flex gap-3 overflow-x-auto px-5 py-2 [scrollbar-width:none]">
          {mine.items.map((c) => (
            <li key={c._id} className="w-28 shrink-0">
              <Link
                to={communityPath(c._id)}
                className="flex h-full flex-col items-center gap-1.5 rounded-2xl border border-line bg-surface p-3 text-center hover:bg-surface-2"
              >
                <CommunityAvatar community={c} />
                <span className="line-clamp-2 text-sm leading-tight font-semibold">{c.name}</span>
                {c.role && c.role !== 'member' ? <RoleBadge role={c.role} /> : null}
              </Link>
            </li>
          ))}
          {mine.hasNextPage ? (
            <li className="flex w-28 shrink-0 items-center">
              <Button variant="outline" size="sm" block loading={mine.isFetchingNextPage} onClick={() => void mine.fetchNextPage()}>
                More
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </Section>
  );
}

function CategoryFilter({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  const categories = useCommunityCategories();
  const chips = [{ id: '', name: 'All' }, ...(categories.data ?? []).map((c) => ({ id: c._id, name: c.name }))];
  return (
    <Chips label="Category" options={chips} value={value} onChange={onChange} small>
      {categories.isPending ? <Skeleton className="h-9 w-20 shrink-0 rounded-full" /> : null}
    </Chips>
  );
}

function Results({ search, category }: { search: string; category: string }) {
  const list = usePagedList(communityKeys.discover({ search, category }), (page, signal) =>
    communitiesApi.discover({ search, category }, page, signal),
  );
  const sentinel = useLoadOnScroll(list);
  if (list.isPending) return <CommunityRowsSkeleton label="Loading communities" />;
  if (list.isError)
    return (
      <InlineError error={list.error} onRetry={() => void list.refetch()} fallback="We couldn't load communities." className="-mx-4" />
    );
  if (list.items.length === 0)
    return (
      <EmptyState
        icon={<UsersRound className="size-9" strokeWidth={1.8} />}
        title={search ? 'No communities match' : 'No communities here yet'}
      >
        {search ? `Nothing matches “${search}”. Try other words or another category.` : 'Start one and invite the people you know.'}
      </EmptyState>
    );
  return (
    <>
      <ul aria-label="Communities" className="divide-y divide-line">
        {list.items.map((c) => (
          <li key={c._id}>
            <CommunityRow community={c} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <LoadMore pages={list} />
    </>
  );
}

/** Connect's communities: invites waiting for an answer, one's own communities, and search by name and category. */
export default function DiscoverPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 350);
  return (
    <div>
      <PageHeader
        title="Communities"
        back="/connect"
        action={
          <Link to="/connect/communities/new" aria-label="Create community" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
            <Plus className="size-4" aria-hidden="true" />
            Create
          </Link>
        }
      />
      <Inbox />
      <MyCommunities />
      <Section title="Discover" className="mb-5" headClassName="mb-1 gap-2">
        <div className="relative mt-1">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
          <label htmlFor="community-search" className="sr-only">
            Search communities
          </label>
          <input
            id="community-search"
            type="search"
            value={text}
            maxLength={60}
            placeholder="Search by name or topic"
            onChange={(e) => setText(e.target.value)}
            className="block min-h-12 w-full rounded-full border border-line bg-surface pr-4 pl-12 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15"
          />
        </div>
        <CategoryFilter value={category} onChange={(c) => setParams(c ? { category: c } : {}, { replace: true })} />
        <Results search={search} category={category} />
      </Section>
    </div>
  );
}
