import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Community } from '../../../api/communities';
import { AppToaster } from '../../../app/AppToaster';

// Replies the tests' mocked connect service gives for communities.

export const COMMUNITY_ID = '0198a7b2-0000-7000-8000-00000000c001';
export const OWNER = {
  _id: '0198a7b2-0000-7000-8000-0000000000b1',
  firstName: 'Tunde',
  lastName: 'Bello',
  nickName: 'tunde',
  avatar: null,
};
export const page = (total: number, next: number | null = null) => ({
  page: 1,
  limit: 20,
  total,
  prev: null,
  next: next ? { page: next } : null,
});

export function community(over: Partial<Community> = {}): Community {
  return {
    _id: COMMUNITY_ID,
    name: 'Lagos Foodies',
    description: 'Where to eat in Lagos',
    category: { _id: 'food', name: 'Food' },
    coverUrl: null,
    avatarUrl: null,
    visibility: 'public',
    needsApproval: false,
    owner: OWNER,
    membersCount: 12,
    postsCount: 3,
    isMember: false,
    role: null,
    joinRequested: false,
    inviteId: null,
    ownershipOffered: false,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

export const list = <T,>(data: T[], message = 'OK') => ({ status: true, message, data, pagination: page(data.length) });
export const one = <T,>(data: T, message = 'OK') => ({ status: true, message, data });

/** Renders one screen at `url` under a route `path` (with its parameters), with a fresh query client and the toaster. */
export function renderAt(element: ReactElement, path: string, url: string, extra: Array<{ path: string; element: ReactElement }> = []) {
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
