import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSignedInBefore, useAuth } from '../features/account/auth-store';
import { PageLoader } from '../ui/Spinner';

interface FromState {
  from?: string;
}

/** Signed-out users go to /login (and come back afterwards); on a first visit to this browser, to sign-up. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const restoring = useAuth((s) => s.restoring);
  const authed = useAuth((s) => s.isAuthenticated);
  const location = useLocation();
  if (restoring) return <PageLoader label="Opening Owo" />;
  if (!authed)
    return (
      <Navigate
        to={hasSignedInBefore() ? '/login' : '/signup'}
        replace
        state={{ from: `${location.pathname}${location.search}` } satisfies FromState}
      />
    );
  return children;
}

/** Signed-in users never see the auth screens. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const restoring = useAuth((s) => s.restoring);
  const authed = useAuth((s) => s.isAuthenticated);
  const location = useLocation();
  if (restoring) return <PageLoader label="Opening Owo" />;
  if (authed) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }
  return children;
}
