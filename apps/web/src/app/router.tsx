import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { chatRoutes } from '../features/chat/routes';
import { connectRoutes } from '../features/connect/routes';
import { shopRoutes } from '../features/shop/routes';
import { kycRoutes } from '../features/kyc';
import { AppLayout, AuthLayout } from './layouts';

// Every area is its own chunk: the first route only loads the shell.
const LoginPage = lazy(() => import('../features/account/LoginPage'));
const SignupPage = lazy(() => import('../features/account/SignupPage'));
const VerifyPhonePage = lazy(() => import('../features/account/VerifyPhonePage'));
const ForgotPasswordPage = lazy(() => import('../features/account/ForgotPasswordPage'));
const AccountMenuPage = lazy(() => import('../features/account/AccountMenuPage'));
const EditProfilePage = lazy(() => import('../features/account/EditProfilePage'));
const PinPage = lazy(() => import('../features/account/PinPage'));
const ChangePasswordPage = lazy(() => import('../features/account/ChangePasswordPage'));
const DevicesPage = lazy(() => import('../features/account/DevicesPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const PayPage = lazy(() => import('../features/pay/PayPage'));
const HistoryPage = lazy(() => import('../features/wallet/HistoryPage'));
const SavingsPage = lazy(() => import('../features/savings/SavingsPage'));
const TargetDetailPage = lazy(() => import('../features/savings/TargetDetailPage'));
const LoansPage = lazy(() => import('../features/loans/LoansPage'));
const StatementPage = lazy(() => import('../features/statement/StatementPage'));
const NotificationCentrePage = lazy(() => import('../features/notifications/NotificationCentrePage'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/NotificationSettingsPage'));
const NotFoundPage = lazy(() => import('../features/coming-soon/NotFoundPage'));

/**
 * Every screen's route. Declared as objects and rendered by `useRoutes` under a `BrowserRouter`
 * (App.tsx): the app uses no loaders or actions, and the declarative router is about 15 KB
 * (compressed) lighter on the first screen than the data router.
 */
const APP_ROUTES: RouteObject[] = [
  {
    element: (
      <GuestOnly>
        <AuthLayout />
      </GuestOnly>
    ),
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/verify', element: <VerifyPhonePage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
    ],
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/pay', element: <PayPage /> },
      { path: '/pay/send', element: <PayPage /> },
      { path: '/pay/bank', element: <PayPage /> },
      { path: '/pay/bills', element: <PayPage /> },
      { path: '/pay/fund', element: <PayPage /> },
      { path: '/pay/limit', element: <PayPage /> },
      { path: '/history', element: <HistoryPage /> },
      { path: '/history/:reference', element: <HistoryPage /> },
      { path: '/savings', element: <SavingsPage /> },
      { path: '/savings/targets/:id', element: <TargetDetailPage /> },
      { path: '/loans', element: <LoansPage /> },
      { path: '/statement', element: <StatementPage /> },
      { path: '/notifications', element: <NotificationCentrePage /> },
      { path: '/notifications/settings', element: <NotificationSettingsPage /> },
      ...connectRoutes,
      ...chatRoutes,
      ...shopRoutes,
      ...kycRoutes,
      { path: '/account', element: <AccountMenuPage /> },
      { path: '/account/profile', element: <EditProfilePage /> },
      { path: '/account/pin', element: <PinPage /> },
      { path: '/account/password', element: <ChangePasswordPage /> },
      { path: '/account/devices', element: <DevicesPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The screen for the current address. */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
