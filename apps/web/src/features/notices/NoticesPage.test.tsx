import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../api/notices';
import { calls, routeFetch } from '../../test/route-fetch';
import { jsonResponse, renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { NoticesBell } from './NoticesBell';
import NoticesPage from './NoticesPage';

const N = '/api/user/notifications';
const notice = (n: number, over: Partial<Notice> = {}): Notice => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'order.shipped',
  title: `Order OWO-${n}: shipped`,
  body: `Your order OWO-${n} from Ada Fabrics is on its way.`,
  link: `/shop/orders/o${n}`,
  read: false,
  createdAt: '2030-03-01T10:00:00.000Z',
  ...over,
});
const page = (items: Notice[], next: number | null = null) => ({
  status: true,
  message: 'Notices',
  data: items,
  pagination: { page: 1, limit: 20, total: items.length, prev: null, next: next ? { page: next } : null },
});
const unread = (n: number) => ({ status: true, message: 'Unread notices', data: { unread: n } });
const sent = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Notifications', () => {
  it('lists notices newest first with the unread ones marked', async () => {
    routeFetch({ [`GET ${N}`]: page([notice(2), notice(1, { read: true })]) });
    renderRoute(<NoticesPage />, { path: '/notifications' });
    const links = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(/^Unread: Order OWO-2: shipped/);
    expect(links[1]).toHaveAccessibleName(/^Order OWO-1: shipped/);
  });

  it('opening a notice goes to its page and marks it read', async () => {
    const fetchMock = routeFetch({
      [`GET ${N}`]: page([notice(2), notice(1, { read: true })]),
      [`PUT ${N}/read`]: unread(0),
    });
    renderRoute(<NoticesPage />, { path: '/notifications', extra: [{ path: '/shop/orders/:id', element: <h1>Order page</h1> }] });
    await userEvent.setup().click(await screen.findByRole('link', { name: /^Unread: Order OWO-2/ }));
    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, `PUT ${N}/read`)).toHaveLength(1));
    expect(sent(calls(fetchMock, `PUT ${N}/read`)[0]?.[1])).toEqual({ ids: [notice(2).id] });
  });

  it('marks all read at once', async () => {
    const fetchMock = routeFetch({ [`GET ${N}`]: page([notice(2), notice(1)]), [`PUT ${N}/read`]: unread(0) });
    renderRoute(<NoticesPage />, { path: '/notifications' });
    expect(await screen.findByRole('link', { name: /^Unread: Order OWO-1/ })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument());
    expect(sent(calls(fetchMock, `PUT ${N}/read`)[0]?.[1])).toEqual({});
    for (const link of screen.getAllByRole('link')) expect(link).not.toHaveAccessibleName(/^Unread/);
  });

  it('says when there is nothing yet', async () => {
    routeFetch({ [`GET ${N}`]: page([]) });
    renderRoute(<NoticesPage />, { path: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('shows the server’s error with a retry', async () => {
    routeFetch({ [`GET ${N}`]: () => jsonResponse(500, { status: false, message: 'Something broke on our side', code: 'INTERNAL' }) });
    renderRoute(<NoticesPage />, { path: '/notifications' });
    expect(await screen.findByText('Something broke on our side')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('the bell says how many are unread', async () => {
    routeFetch({ [`GET ${N}/unread`]: unread(3) });
    renderRoute(<NoticesBell />);
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/notifications');
  });
});
