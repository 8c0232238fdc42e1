import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Chat area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const ChatListPage = lazy(() => import('./ChatListPage'));
const ConversationPage = lazy(() => import('./ConversationPage'));
const CallLogPage = lazy(() => import('./CallLogPage'));
const SavedMediaPage = lazy(() => import('./SavedMediaPage'));
const BlockedPage = lazy(() => import('./BlockedPage'));

export const chatRoutes: RouteObject[] = [
  { path: '/chat', element: <ChatListPage /> },
  { path: '/chat/calls', element: <CallLogPage /> },
  { path: '/chat/saved', element: <SavedMediaPage /> },
  { path: '/chat/blocked', element: <BlockedPage /> },
  // A group's notifications open here; until the app has a group screen, the chat list.
  { path: '/chat/groups/:groupId', element: <ChatListPage /> },
  { path: '/chat/:userId', element: <ConversationPage /> },
];
