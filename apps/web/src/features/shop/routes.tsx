import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// The Shop area's screens, each lazy-loaded: this file is imported by the app's router, so it
// holds nothing but lazy references (the first route must not load the area's code).
const ComingSoonPage = lazy(() => import('../coming-soon/ComingSoonPage'));

export const shopRoutes: RouteObject[] = [{ path: '/shop', element: <ComingSoonPage area="shop" /> }];
