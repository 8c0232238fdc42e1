import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../../api/shop-orders';
import { calls, routeFetch } from '../../../test/route-fetch';
import { jsonResponse } from '../../../test/render';
import { useAuth } from '../../account';
import OrderDetailsPage from './OrderDetailsPage';
import { E, header, ok, order, ORDER_ID, renderAt, sentBody } from './test-fixtures';

const GET = `GET ${E}/api/order/${ORDER_ID}`;
const ACTIONS = [
  'Cancel order',
  'Confirm receipt',
  'Open a dispute',
  'Close dispute and pay seller',
  'Accept',
  'Decline',
  'Mark shipped',
  'Mark delivered',
  'Refund the shopper',
];

function show(o: Order, more: Record<string, unknown> = {}) {
  const fetchMock = routeFetch({ [GET]: ok(o), ...more });
  const utils = renderAt(<OrderDetailsPage />, '/shop/orders/:id', `/shop/orders/${o.id}`);
  return { fetchMock, ...utils };
}

async function actionsShown() {
  await screen.findByRole('heading', { name: 'Items' });
  return ACTIONS.filter((name) => screen.queryByRole('button', { name }) !== null);
}

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Order details: the actions by status', () => {
  const shopper: Array<[OrderStatus, string[]]> = [
    ['paid', ['Cancel order']],
    ['accepted', ['Cancel order']],
    ['shipped', ['Confirm receipt', 'Open a dispute']],
    ['delivered', ['Confirm receipt', 'Open a dispute']],
    ['completed', []],
    ['declined', []],
    ['cancelled', []],
    ['disputed', ['Close dispute and pay seller']],
    ['refunded', []],
  ];
  it.each(shopper)('shopper, %s: %j', async (status, expected) => {
    show(order({ status }));
    expect(await actionsShown()).toEqual(expected);
    const reviews = screen.queryAllByRole('button', { name: /^Review / });
    expect(reviews.length).toBe(status === 'delivered' || status === 'completed' ? 2 : 0);
  });

  const seller: Array<[OrderStatus, string[]]> = [
    ['paid', ['Accept', 'Decline']],
    ['accepted', ['Mark shipped']],
    ['shipped', ['Mark delivered']],
    ['delivered', []],
    ['completed', []],
    ['declined', []],
    ['disputed', ['Refund the shopper']],
    ['refunded', []],
  ];
  it.each(seller)('seller, %s: %j', async (status, expected) => {
    show(order({ status, isSeller: true }));
    expect(await actionsShown()).toEqual(expected);
    expect(screen.queryAllByRole('button', { name: /^Review / })).toHaveLength(0);
  });
});

describe('Order details', () => {
  it('shows items, totals, address, the timeline and the auto-confirmation date', async () => {
    show(
      order({
        status: 'delivered',
        note: 'GIG waybill 12345',
        autoConfirmAt: '2030-03-08T10:00:00.000Z',
        timeline: [
          { status: 'paid', at: '2030-03-01T09:00:00.000Z' },
          { status: 'accepted', at: '2030-03-01T10:00:00.000Z' },
          { status: 'shipped', at: '2030-03-02T10:00:00.000Z' },
          { status: 'delivered', at: '2030-03-05T10:00:00.000Z' },
        ],
      }),
    );
    expect(await screen.findByText('Ankara Gown')).toBeInTheDocument();
    expect(screen.getByText('2 × ₦3,000')).toBeInTheDocument();
    expect(screen.getByText('₦33,500')).toBeInTheDocument();
    expect(screen.getByText('GIG waybill 12345')).toBeInTheDocument();
    expect(screen.getByText('12 Allen Avenue, Ikeja, Lagos')).toBeInTheDocument();
    expect(screen.getByText('Opposite the bank')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(4);
    expect(within(timeline).getByText('Accepted by the seller')).toBeInTheDocument();
    expect(screen.getByText(/we confirm it for you on/)).toHaveTextContent('8 Mar 2030');
  });

  it('Confirm receipt explains that it pays the seller, then confirms', async () => {
    const o = order({ status: 'delivered' });
    const { fetchMock } = show(o, {
      [`PUT ${E}/api/order/${ORDER_ID}/confirm`]: ok({ ...o, status: 'completed' }, 'Thanks! The seller has been paid'),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received it?' });
    expect(dialog).toHaveTextContent('Confirming pays Ada Fabrics the ₦33,500 held for this order');
    await u.click(within(dialog).getByRole('button', { name: 'Pay the seller' }));
    expect(await screen.findByText('Thanks! The seller has been paid')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/confirm`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm receipt' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it('a dispute needs a reason, and the server’s refusal is shown', async () => {
    const o = order({ status: 'shipped' });
    const { fetchMock } = show(o, {
      [`PUT ${E}/api/order/${ORDER_ID}/dispute`]: () =>
        jsonResponse(409, { status: false, message: 'This order is completed: it can’t be disputed now', code: 'ORDER_STATE' }),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Open a dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a dispute' });
    await u.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(within(dialog).getByText('Tell us what went wrong')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('What went wrong?'), 'The gown is torn');
    await u.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText('This order is completed: it can’t be disputed now')).toBeInTheDocument();
    expect(sentBody(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/dispute`)[0]?.[1])).toEqual({ reason: 'The gown is torn' });
  });

  it('the seller settles a dispute by refunding the shopper, after a warning', async () => {
    const o = order({ status: 'disputed', isSeller: true, disputeReason: 'Wrong size' });
    const { fetchMock } = show(o, {
      [`PUT ${E}/api/order/${ORDER_ID}/refund`]: ok({ ...o, status: 'refunded' }, 'Order refunded'),
    });
    expect(await screen.findByText(/The shopper opened a dispute: “Wrong size”/)).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Refund the shopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('gets ₦33,500 back in their wallet at once');
    await u.click(within(dialog).getByRole('button', { name: 'Refund shopper' }));
    expect(await screen.findByText('Order refunded')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/refund`)).toHaveLength(1);
    expect(await screen.findByText('You refunded the shopper for this order.')).toBeInTheDocument();
  });

  it('reviews an item once: stars and text, then it shows as reviewed', async () => {
    const o = order({ status: 'completed' });
    const { fetchMock } = show(o, {
      [`POST ${E}/api/product/review`]: () => jsonResponse(201, ok({}, 'Thanks for your review')),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Review Ankara Gown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate and review' });
    await u.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await u.type(within(dialog).getByLabelText('Your review (optional)'), 'Lovely fabric');
    await u.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thanks for your review')).toBeInTheDocument();
    expect(sentBody(calls(fetchMock, `POST ${E}/api/product/review`)[0]?.[1])).toEqual({
      orderId: ORDER_ID,
      productId: o.items[0]!.productId,
      rating: 4,
      text: 'Lovely fabric',
    });
    expect(header(calls(fetchMock, `POST ${E}/api/product/review`)[0]?.[1], 'Idempotency-Key')).toBeTruthy();
  }, 15_000);

  it('a seller declines after confirming', async () => {
    const o = order({ status: 'paid', isSeller: true });
    const { fetchMock } = show(o, {
      [`PUT ${E}/api/order/${ORDER_ID}/decline`]: ok({ ...o, status: 'declined' }, 'Order declined and refunded'),
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this order?' });
    expect(dialog).toHaveTextContent('Peju Alabi gets ₦33,500 back in their wallet at once');
    await u.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await screen.findByText('Order declined and refunded')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/decline`)).toHaveLength(1);
  });
});

describe('Order details: each step carries an Idempotency-Key', () => {
  const keyOf = (init: RequestInit | undefined) => header(init, 'Idempotency-Key');

  it(
    'a step retried after a lost connection reuses its key, so the server replays it instead of refusing',
    { timeout: 20_000 },
    async () => {
      const o = order({ status: 'delivered' });
      let attempts = 0;
      const { fetchMock } = show(o, {
        [`PUT ${E}/api/order/${ORDER_ID}/confirm`]: () => {
          attempts += 1;
          return attempts === 1
            ? Promise.reject(new TypeError('Failed to fetch'))
            : jsonResponse(200, ok({ ...o, status: 'completed' }, 'Thanks! The seller has been paid'));
        },
      });
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm you received it?' });
      await u.click(within(dialog).getByRole('button', { name: 'Pay the seller' }));
      await waitFor(() => expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/confirm`)).toHaveLength(1));
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pay the seller' })).toBeEnabled());
      await u.click(within(dialog).getByRole('button', { name: 'Pay the seller' }));
      expect(await screen.findByText('Thanks! The seller has been paid')).toBeInTheDocument();
      const sent = calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/confirm`).map(([, init]) => keyOf(init));
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
      expect(sent[1]).toBe(sent[0]);
    },
  );

  it('a new step gets a new key, and a changed note is a new request', { timeout: 20_000 }, async () => {
    const o = order({ status: 'paid', isSeller: true });
    const accepted = { ...o, status: 'accepted' as const };
    let shipTries = 0;
    const { fetchMock } = show(o, {
      [`PUT ${E}/api/order/${ORDER_ID}/accept`]: ok(accepted, 'Order accepted'),
      [`PUT ${E}/api/order/${ORDER_ID}/ship`]: () => {
        shipTries += 1;
        return shipTries < 3
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(200, ok({ ...o, status: 'shipped' }, 'Marked shipped'));
      },
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Order accepted')).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const sheet = await screen.findByRole('dialog', { name: 'Mark as shipped' });
    const note = within(sheet).getByLabelText('Note or tracking number (optional)');
    await u.type(note, 'GIG 1');
    await u.click(within(sheet).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/ship`)).toHaveLength(1));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Mark shipped' })).toBeEnabled());
    await u.click(within(sheet).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/ship`)).toHaveLength(2));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Mark shipped' })).toBeEnabled());
    await u.type(note, '2');
    await u.click(within(sheet).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Marked shipped')).toBeInTheDocument();

    const [accept] = calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/accept`).map(([, init]) => keyOf(init));
    const ship = calls(fetchMock, `PUT ${E}/api/order/${ORDER_ID}/ship`).map(([, init]) => [keyOf(init), sentBody(init)]);
    expect(accept).toBeTruthy();
    expect(ship.map(([, body]) => body)).toEqual([{ note: 'GIG 1' }, { note: 'GIG 1' }, { note: 'GIG 12' }]);
    expect(ship[0]![0]).toBeTruthy();
    expect(ship[1]![0]).toBe(ship[0]![0]);
    expect(ship[2]![0]).not.toBe(ship[0]![0]);
    expect(new Set([accept, ship[0]![0], ship[2]![0]]).size).toBe(3);
  });
});
