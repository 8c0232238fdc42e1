import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { USER_ID_KEY, useAuth } from '../features/account/auth-store';
import { restorePersisted, startPersisting } from '../lib/offline/persist';
import { AppToaster } from './AppToaster';
import { NetworkStatus } from './NetworkStatus';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { listenForPushOpens } from '../features/notifications';

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

export function App() {
  const [queryClient] = useState(createClientWithSavedData);
  const [router] = useState(createAppRouter);
  // A tap on a lock-screen notification opens its screen here (public/push-sw.js).
  useEffect(() => listenForPushOpens((url) => router.navigate(url)), [router]);

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
      <AppToaster />
      <NetworkStatus />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
