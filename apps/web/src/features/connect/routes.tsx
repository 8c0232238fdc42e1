import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Connect area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const FeedPage = lazy(() => import('./FeedPage'));
const ComposerPage = lazy(() => import('./ComposerPage'));
const ExplorePage = lazy(() => import('./ExplorePage'));
const TagPage = lazy(() => import('./TagPage'));
const PostPage = lazy(() => import('./PostPage'));
const InsightsPage = lazy(() => import('./InsightsPage'));
const ProfilePage = lazy(() => import('./ProfilePage'));
const PeoplePage = lazy(() => import('./PeoplePage'));
const DraftsPage = lazy(() => import('./DraftsPage'));
const SavedPage = lazy(() => import('./SavedPage'));
const CollectionPage = lazy(() => import('./SavedPage').then((m) => ({ default: m.CollectionPage })));
const StoryViewerPage = lazy(() => import('./StoryViewerPage'));
const StoryComposerPage = lazy(() => import('./StoryComposerPage'));
const CommunitiesPage = lazy(() => import('./communities/DiscoverPage'));
const CommunityPage = lazy(() => import('./communities/CommunityPage'));
const CreateCommunityPage = lazy(() => import('./communities/CommunityFormPage').then((m) => ({ default: m.CreateCommunityPage })));
const EditCommunityPage = lazy(() => import('./communities/CommunityFormPage'));
const CommunityMembersPage = lazy(() => import('./communities/MembersPage'));
const CommunityManagePage = lazy(() => import('./communities/ManagePage'));

export const connectRoutes: RouteObject[] = [
  { path: '/connect', element: <FeedPage /> },
  { path: '/connect/new', element: <ComposerPage /> },
  { path: '/connect/explore', element: <ExplorePage /> },
  { path: '/connect/tags/:tag', element: <TagPage /> },
  { path: '/connect/posts/:id', element: <PostPage /> },
  { path: '/connect/posts/:id/insights', element: <InsightsPage /> },
  { path: '/connect/people/:id', element: <ProfilePage /> },
  { path: '/connect/people/:id/followers', element: <PeoplePage which="followers" /> },
  { path: '/connect/people/:id/followings', element: <PeoplePage which="followings" /> },
  { path: '/connect/close-friends', element: <PeoplePage which="close-friends" /> },
  { path: '/connect/drafts', element: <DraftsPage /> },
  { path: '/connect/saved', element: <SavedPage /> },
  { path: '/connect/saved/:id', element: <CollectionPage /> },
  { path: '/connect/stories/new', element: <StoryComposerPage /> },
  { path: '/connect/stories/:authorId', element: <StoryViewerPage /> },
  { path: '/connect/communities', element: <CommunitiesPage /> },
  { path: '/connect/communities/new', element: <CreateCommunityPage /> },
  { path: '/connect/communities/:id', element: <CommunityPage /> },
  { path: '/connect/communities/:id/edit', element: <EditCommunityPage /> },
  { path: '/connect/communities/:id/members', element: <CommunityMembersPage /> },
  { path: '/connect/communities/:id/manage', element: <CommunityManagePage /> },
];
