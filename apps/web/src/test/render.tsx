import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '../app/AppToaster';

/** Renders one screen inside a memory router, a fresh query client and the toaster. */
export function renderRoute(element: ReactElement, { path = '/', extra = [] as Array<{ path: string; element: ReactElement }> } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...extra], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
