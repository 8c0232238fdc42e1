import type { StaffMe } from '@owo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call, configureClient } from './api';

// The staff session: its token lives in sessionStorage (gone with the tab; the server ends it after
// the idle limit anyway), never in localStorage, and never in the customer app's storage.

const KEY = 'owo.console.session';
const listeners = new Set<() => void>();
let token: string | null = sessionStorage.getItem(KEY);
/** Why the last session ended, to say so on the sign-in screen. */
let ended: string | null = null;

const publish = () => listeners.forEach((l) => l());

export function signIn(next: string) {
  token = next;
  ended = null;
  sessionStorage.setItem(KEY, next);
  publish();
}

export function signOut(reason: string | null = null) {
  token = null;
  ended = reason;
  sessionStorage.removeItem(KEY);
  publish();
}

export const sessionEndedReason = () => ended;

configureClient({ token: () => token, onSessionEnded: () => signOut('Your session has ended. Sign in again.') });

export function useToken(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => token,
  );
}

/** The signed-in staff member (role, permissions), read once per session. */
export function useMe() {
  const current = useToken();
  return useQuery({
    queryKey: ['me', current],
    queryFn: async () => (await call('GET /api/staff/me')).data,
    enabled: current !== null,
    staleTime: Infinity,
  });
}

export const can = (me: StaffMe | undefined, action: string) => Boolean(me?.permissions.includes(action));
