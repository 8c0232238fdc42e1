import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LimitsPage = lazy(() => import('./LimitsPage'));
const VerifyIdPage = lazy(() => import('./VerifyIdPage'));
const AddressPage = lazy(() => import('./AddressPage'));
const Tier3Page = lazy(() => import('./Tier3Page'));

/** Limits and verification (docs/kyc.md), under the account. */
export const kycRoutes: RouteObject[] = [
  { path: '/account/limits', element: <LimitsPage /> },
  { path: '/account/limits/:kind', element: <VerifyIdPage /> },
  { path: '/account/limits/address', element: <AddressPage /> },
  { path: '/account/limits/tier3', element: <Tier3Page /> },
];
