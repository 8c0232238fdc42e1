import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Chat area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const ChatListPage = lazy(() => import('./ChatListPage'));
const ConversationPage = lazy(() => import('./ConversationPage'));
const CallLogPage = lazy(() => import('./CallLogPage'));
const SavedMediaPage = lazy(() => import('./SavedMediaPage'));
const BlockedPage = lazy(() => import('./BlockedPage'));
const NewGroupPage = lazy(() => import('./NewGroupPage'));
const GroupConversationPage = lazy(() => import('./GroupConversationPage'));
const GroupInfoPage = lazy(() => import('./GroupInfoPage'));
const JoinGroupPage = lazy(() => import('./JoinGroupPage'));
const StarredPage = lazy(() => import('./StarredPage'));
const ArchivedPage = lazy(() => import('./ArchivedPage'));

export const chatRoutes: RouteObject[] = [
  { path: '/chat', element: <ChatListPage /> },
  { path: '/chat/calls', element: <CallLogPage /> },
  { path: '/chat/saved', element: <SavedMediaPage /> },
  { path: '/chat/blocked', element: <BlockedPage /> },
  { path: '/chat/starred', element: <StarredPage /> },
  { path: '/chat/archived', element: <ArchivedPage /> },
  { path: '/chat/groups/new', element: <NewGroupPage /> },
  // A group's notifications open its conversation.
  { path: '/chat/groups/:groupId', element: <GroupConversationPage /> },
  { path: '/chat/groups/:groupId/info', element: <GroupInfoPage /> },
  { path: '/chat/join/:code', element: <JoinGroupPage /> },
  { path: '/chat/:userId', element: <ConversationPage /> },
];
