import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Chat area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const ComingSoonPage = lazy(() => import('../coming-soon/ComingSoonPage'));

export const chatRoutes: RouteObject[] = [{ path: '/chat', element: <ComingSoonPage area="chat" /> }];
