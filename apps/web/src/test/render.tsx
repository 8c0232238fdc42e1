import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '../app/AppToaster';

/** Renders one screen at `url` (matched by the route `path`, with its parameters) in a memory router, a fresh query client, the toaster. */
export function renderAt(element: ReactElement, path: string, url = path, extra: Array<{ path: string; element: ReactElement }> = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...extra], { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Renders one screen inside a memory router, a fresh query client and the toaster. */
export function renderRoute(element: ReactElement, { path = '/', extra = [] as Array<{ path: string; element: ReactElement }> } = {}) {
  return renderAt(element, path, path, extra);
}

/** The pagination of a first page of 20, with `total` items and the `next` page, if any. */
export const page = (total: number, next: number | null = null) => ({
  page: 1,
  limit: 20,
  total,
  prev: null,
  next: next ? { page: next } : null,
});
/** A service's reply with a list (one page of it), with one item, and a refusal. */
export const list = <T,>(data: T[], message = 'OK') => ({ status: true, message, data, pagination: page(data.length) });
export const one = <T,>(data: T, message = 'OK') => ({ status: true, message, data });
export const failure = (message: string, code = 'SERVER_ERROR') => ({ status: false, message, code });

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
