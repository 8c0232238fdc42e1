import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useAuth } from '../features/account/auth-store';
import { AppToaster } from './AppToaster';
import { NetworkStatus } from './NetworkStatus';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  // Cached server data belongs to the signed-in user: drop it when the session ends.
  useEffect(
    () =>
      useAuth.subscribe((state, prev) => {
        if (prev.isAuthenticated && !state.isAuthenticated) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <NetworkStatus />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
