import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import CartPage from './CartPage';
import { cartItem, E, ok, renderAt, sentBody, SHOP_A, SHOP_B, totals } from './test-fixtures';

const CART = `GET ${E}/api/cart`;
const TOTAL = `POST ${E}/api/cart/compute_cart_total`;

const gown = cartItem(1, { product: { id: 'p-gown', name: 'Ankara Gown', image: null, shopId: SHOP_A, shopName: 'Ada Fabrics' } });
const lamp = cartItem(2, {
  product: { id: 'p-lamp', name: 'Desk Lamp', image: null, shopId: SHOP_B, shopName: 'Bright Homes' },
  quantity: 2,
  price: 1_200_000,
  priceWhenAdded: 1_000_000,
  priceChanged: true,
});
const kettle = cartItem(3, {
  product: { id: 'p-kettle', name: 'Kettle', image: null, shopId: SHOP_B, shopName: 'Bright Homes' },
  stock: 0,
  available: false,
});

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Cart', () => {
  it('shows the totals the server computes for the selected items, never its own sums', async () => {
    const fetchMock = routeFetch({
      [CART]: ok({ items: [gown, lamp, kettle], count: 4 }),
      [TOTAL]: (_url: string, init?: RequestInit) => {
        const ids = (sentBody(init) as { cartItemIds: string[] }).cartItemIds;
        // Deliberately not the sum of the prices: the screen must show these figures as they are.
        const body =
          ids.length === 2
            ? totals({ subtotal: 3_123_456, fees: 10_000, total: 3_133_456, shops: [] })
            : totals({ subtotal: 777_700, total: 777_700, shops: [] });
        return new Response(JSON.stringify(ok(body)), { status: 200 });
      },
    });
    const u = userEvent.setup();
    renderAt(<CartPage />, '/shop/cart');

    // Grouped by shop.
    const ada = await screen.findByRole('region', { name: 'Ada Fabrics' });
    const bright = screen.getByRole('region', { name: 'Bright Homes' });
    expect(within(ada).getByText('Ankara Gown')).toBeInTheDocument();
    expect(within(bright).getByText('Desk Lamp')).toBeInTheDocument();

    const summary = await screen.findByLabelText('Order total');
    expect(await within(summary).findByText('₦31,234.56')).toBeInTheDocument();
    expect(within(summary).getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(within(summary).getByText('At checkout')).toBeInTheDocument();
    expect(within(summary).getByText('₦100')).toBeInTheDocument();
    expect(within(summary).getByText('₦31,334.56')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout · ₦31,334.56' })).toBeEnabled();
    // Only the available items are selected and sent.
    expect(sentBody(calls(fetchMock, TOTAL)[0]?.[1])).toEqual({ cartItemIds: [gown.id, lamp.id], delivery: [] });

    // Unticking one asks the server again, and its new figure is shown.
    await u.click(screen.getByRole('checkbox', { name: 'Select Desk Lamp' }));
    await waitFor(() => expect(within(summary).getAllByText('₦7,777')).toHaveLength(2));
    expect(sentBody(calls(fetchMock, TOTAL).at(-1)?.[1])).toEqual({ cartItemIds: [gown.id], delivery: [] });
    expect(within(summary).getByText('Subtotal (1 item)')).toBeInTheDocument();
  });

  it('marks unavailable items (not selectable) and price changes', async () => {
    routeFetch({ [CART]: ok({ items: [gown, lamp, kettle], count: 4 }), [TOTAL]: ok(totals({ subtotal: 1, total: 1 })) });
    renderAt(<CartPage />, '/shop/cart');
    const box = await screen.findByRole('checkbox', { name: 'Select Kettle' });
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByText('No longer available')).toBeInTheDocument();
    expect(screen.getByText(/Price changed from/)).toHaveTextContent('Price changed from ₦10,000 to ₦12,000');
    expect(screen.getByRole('checkbox', { name: 'Select Ankara Gown' })).toBeChecked();
  });

  it('+ adds one through the cart, − takes one off, the bin removes the item', async () => {
    const fetchMock = routeFetch({
      [CART]: ok({ items: [lamp], count: 2 }),
      [TOTAL]: ok(totals({ subtotal: 2_400_000, total: 2_400_000 })),
      [`POST ${E}/api/cart`]: ok(lamp, 'Added to your cart'),
      [`DELETE ${E}/api/cart/${lamp.id}`]: ok({ items: [{ ...lamp, quantity: 1 }], count: 1 }, 'Cart updated'),
    });
    const u = userEvent.setup();
    renderAt(<CartPage />, '/shop/cart');
    await u.click(await screen.findByRole('button', { name: 'One more Desk Lamp' }));
    await waitFor(() => expect(calls(fetchMock, `POST ${E}/api/cart`)).toHaveLength(1));
    expect(sentBody(calls(fetchMock, `POST ${E}/api/cart`)[0]?.[1])).toEqual({ productId: 'p-lamp', quantity: 1 });

    await u.click(screen.getByRole('button', { name: 'One less Desk Lamp' }));
    await waitFor(() => expect(calls(fetchMock, `DELETE ${E}/api/cart/${lamp.id}`)).toHaveLength(1));
    expect(String(calls(fetchMock, `DELETE ${E}/api/cart/${lamp.id}`)[0]?.[0])).toContain('type=one');

    await u.click(screen.getByRole('button', { name: 'Remove Desk Lamp from cart' }));
    await waitFor(() => expect(calls(fetchMock, `DELETE ${E}/api/cart/${lamp.id}`)).toHaveLength(2));
    expect(String(calls(fetchMock, `DELETE ${E}/api/cart/${lamp.id}`)[1]?.[0])).toContain('type=all');
  });

  it('an empty cart says so', async () => {
    routeFetch({ [CART]: ok({ items: [], count: 0 }) });
    renderAt(<CartPage />, '/shop/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/shop');
  });

  it('a cart that fails to load shows the server’s words and Try again', async () => {
    routeFetch({ [CART]: () => new Response(JSON.stringify({ status: false, message: 'Cart is resting', code: 'X' }), { status: 503 }) });
    renderAt(<CartPage />, '/shop/cart');
    expect(await screen.findByText('Cart is resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
