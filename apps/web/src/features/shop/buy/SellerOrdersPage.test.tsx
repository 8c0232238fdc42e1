import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../../test/route-fetch';
import { jsonResponse } from '../../../test/render';
import { useAuth } from '../../account';
import SellerOrdersPage from './SellerOrdersPage';
import { E, ok, order, ORDER_ID, renderAt, sentBody, SHOP_A } from './test-fixtures';

const LIST = `GET ${E}/api/order/shop/${SHOP_A}`;
const page = (items: unknown[]) => ({
  status: true,
  message: 'Shop orders',
  data: items,
  pagination: { total: items.length, page: 1, limit: 20 },
});

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Seller orders', () => {
  const accepted = order({ status: 'accepted', isSeller: true });

  /** Opens the seller's orders: new (paid), to ship (accepted) and a finished one among all. */
  async function openOrders() {
    const fetchMock = routeFetch({
      [`GET ${E}/api/shop/me`]: ok({ id: SHOP_A, name: 'Ada Fabrics' }),
      [LIST]: (url: string) => {
        const type = new URL(url, 'http://x').searchParams.get('type');
        if (type === 'paid') return jsonResponse(200, page([order({ isSeller: true })]));
        if (type === 'accepted') return jsonResponse(200, page([accepted]));
        if (type === 'all')
          return jsonResponse(200, page([accepted, order({ id: 'o-done', status: 'completed', isSeller: true, reference: 'OWO-DONE' })]));
        return jsonResponse(200, page([]));
      },
      [`PUT ${E}/api/order/${ORDER_ID}/ship`]: ok({ ...accepted, status: 'shipped' }, 'Marked shipped'),
    });
    renderAt(<SellerOrdersPage />, '/shop/sell/orders');
    expect(await screen.findByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    return fetchMock;
  }
  const askedTypes = (fetchMock: ReturnType<typeof routeFetch>) =>
    calls(fetchMock, LIST).map(([url]) => new URL(String(url), 'http://x').searchParams.get('type'));

  it('opens on New: the paid orders, each to accept or decline', async () => {
    const fetchMock = await openOrders();
    const card = await screen.findByRole('article', { name: 'Order from Peju Alabi' });
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(new Set(askedTypes(fetchMock))).toEqual(new Set(['paid']));
  });

  it('Done keeps only the finished orders of them all', async () => {
    const fetchMock = await openOrders();
    await userEvent.click(screen.getByRole('tab', { name: 'Done' }));
    const done = await screen.findByRole('list', { name: 'Done orders' });
    expect(within(done).getAllByRole('article')).toHaveLength(1);
    expect(within(done).getByText('OWO-DONE')).toBeInTheDocument();
    expect(askedTypes(fetchMock)).toContain('all');
  });

  it('To ship lists the accepted orders', async () => {
    const fetchMock = await openOrders();
    await userEvent.click(screen.getByRole('tab', { name: 'To ship' }));
    const toShip = await screen.findByRole('list', { name: 'To ship orders' });
    expect(within(toShip).getByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    expect(askedTypes(fetchMock)).toContain('accepted');
  });

  it('marks an order shipped with the note typed', async () => {
    const fetchMock = await openOrders();
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'To ship' }));
    const toShip = await screen.findByRole('list', { name: 'To ship orders' });
    await u.click(within(toShip).getByRole('button', { name: 'Mark shipped' }));
    const sheet = await screen.findByRole('dialog', { name: 'Mark as shipped' });
    await u.type(within(sheet).getByLabelText('Note or tracking number (optional)'), 'GIG 12345');
    await u.click(within(sheet).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Marked shipped')).toBeInTheDocument();
    expect(sentBody(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/ship`)[0]?.[1])).toEqual({ note: 'GIG 12345' });
  });

  it('without a shop: the way to open one', async () => {
    routeFetch({
      [`GET ${E}/api/shop/me`]: () => jsonResponse(200, { status: true, message: 'You have no shop yet', data: null }),
    });
    renderAt(<SellerOrdersPage />, '/shop/sell/orders');
    expect(await screen.findByRole('heading', { name: "You don't have a shop yet" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your shop' })).toHaveAttribute('href', '/shop/sell/new');
  });
});
