import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { USER_ID_KEY, useAuth } from '../features/account/auth-store';
import { restorePersisted, startPersisting } from '../lib/offline/persist';
import { NetworkStatus } from './NetworkStatus';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import { listenForPushOpens } from '../features/notifications';
import { loadToasts, useToastsLoaded } from '../lib/toast';

function storedUserId(): string | null {
  try {
    return globalThis.localStorage?.getItem(USER_ID_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The query client, with the signed-in person's saved balances, history and profile put back at once. */
function createClientWithSavedData() {
  const client = createQueryClient();
  restorePersisted(client, useAuth.getState().userId ?? storedUserId());
  return client;
}

// Toasts (sonner, about 9 KB compressed) load after the first screen, not with it: on the first
// toast (lib/toast.ts holds it until then) or TOASTS_AFTER_MS after the start.
const TOASTS_AFTER_MS = 3_000;
// The service worker precaches its files with the shell; should they still fail to load, there are
// no toasts rather than no app.
const AppToaster = lazy((): Promise<{ default: ComponentType }> =>
  import('./AppToaster').then(
    (m) => ({ default: m.AppToaster }),
    () => ({ default: () => null }),
  ),
);

/** A tap on a lock-screen notification opens its screen here (public/push-sw.js). */
function PushOpens() {
  const navigate = useNavigate();
  const go = useRef(navigate);
  useEffect(() => {
    go.current = navigate;
  }, [navigate]);
  useEffect(() => listenForPushOpens((url) => void go.current(url)), []);
  return null;
}

/** The toaster, once sonner has loaded: it shows every toast asked for before it arrived. */
function Toasts() {
  const loaded = useToastsLoaded();
  useEffect(() => {
    const t = setTimeout(() => void loadToasts().catch(() => undefined), TOASTS_AFTER_MS);
    return () => clearTimeout(t);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(createClientWithSavedData);

  useEffect(() => {
    const persister = startPersisting(queryClient, () => {
      const s = useAuth.getState();
      return s.isAuthenticated ? s.userId : null;
    });
    // Cached server data belongs to the signed-in user: drop it (and its saved copy) when the session
    // ends, or when the stored session could not be restored on start.
    const endSession = () => {
      queryClient.clear();
      persister.clear();
    };
    const { restoring, isAuthenticated } = useAuth.getState();
    if (!restoring && !isAuthenticated) endSession();
    const unsubscribe = useAuth.subscribe((state, prev) => {
      if (prev.isAuthenticated && !state.isAuthenticated) endSession();
      else if (prev.restoring && !state.restoring && !state.isAuthenticated) endSession();
    });
    return () => {
      unsubscribe();
      persister.stop();
    };
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <Toasts />
      <NetworkStatus />
      <BrowserRouter>
        <PushOpens />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
