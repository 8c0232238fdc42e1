import { Bookmark, Compass, FileText, PenSquare, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { EmptyState } from '../../ui/EmptyState';
import { useAuth, useProfile } from '../account';
import { CategoryChips } from './CategoryChips';
import { CommunitiesLink } from './communities/CommunitiesLink';
import { PostList } from './PostList';
import { useProfileOf } from './queries';
import { StoriesBar } from './StoriesBar';
import { Suggestions } from './Suggestions';

const iconLink = 'flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2';

/** Below this many follows, the home feed keeps offering people to follow above the posts (a newcomer's first follows). */
const FEW_FOLLOWS = 5;

/** Connect's home: stories, the feed chips and the feed (people one follows, or a category). */
export default function FeedPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const me = useAuth((s) => s.userId) ?? '';
  const profile = useProfile();
  const mine = useProfileOf(me);
  const newcomer = !category && mine.data !== undefined && mine.data.followingsCount < FEW_FOLLOWS;
  return (
    <div>
      <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-1 bg-canvas/90 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
        <h1 className="flex-1 text-xl font-bold tracking-tight">Connect</h1>
        <Link to="/connect/explore" aria-label="Explore" className={iconLink}>
          <Compass className="size-5" aria-hidden="true" />
        </Link>
        <CommunitiesLink className={iconLink} />
        <Link to="/connect/drafts" aria-label="Drafts" className={iconLink}>
          <FileText className="size-5" aria-hidden="true" />
        </Link>
        <Link to="/connect/saved" aria-label="Saved posts" className={iconLink}>
          <Bookmark className="size-5" aria-hidden="true" />
        </Link>
        <Link to={`/connect/people/${me}`} aria-label="My profile" className="ml-1">
          <Avatar src={profile.data?.avatar} firstName={profile.data?.firstName} lastName={profile.data?.lastName} size="sm" />
        </Link>
      </header>
      <StoriesBar />
      {/* In the page's flow rather than floating: a floating button covered the posts' Share and "…" buttons and the toasts. */}
      <Link
        to="/connect/new"
        aria-label="New post"
        className="mt-1 mb-2 flex min-h-12 items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2 text-muted hover:bg-surface-2"
      >
        <Avatar src={profile.data?.avatar} firstName={profile.data?.firstName} lastName={profile.data?.lastName} size="sm" />
        <span className="flex-1 text-[15px]">Share something…</span>
        <PenSquare className="size-5 text-brand-600" aria-hidden="true" />
      </Link>
      <CategoryChips value={category} onChange={(c) => setParams(c ? { category: c } : {}, { replace: true })} />
      {newcomer ? <Suggestions show={3} more /> : null}
      <PostList
        key={category ?? 'home'}
        source={category ? { kind: 'category', category } : { kind: 'home' }}
        label={category ? 'Posts in this category' : 'Your feed'}
        empty={
          category ? (
            <EmptyState icon={<FileText className="size-9" strokeWidth={1.8} />} title="No posts here yet">
              Be the first to post in this category.
            </EmptyState>
          ) : (
            <div className="py-6">
              <EmptyState icon={<Users className="size-9" strokeWidth={1.8} />} title="Your feed is empty" className="py-4">
                Follow people to see their posts here, or share something yourself.
              </EmptyState>
              {newcomer ? null : <Suggestions />}
              <h3 className="mt-5 mb-1 px-1 text-left text-sm font-bold">Popular on Owo</h3>
              <PostList source={{ kind: 'trending' }} label="Popular posts" empty={null} />
            </div>
          )
        }
      />
    </div>
  );
}
