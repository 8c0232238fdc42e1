import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../../test/route-fetch';
import { jsonResponse } from '../../../test/render';
import { useAuth } from '../../account';
import CheckoutPage from './CheckoutPage';
import { address, cartItem, E, header, ok, order, quote, renderAt, sentBody, SHOP_A, SHOP_B, totals } from './test-fixtures';

const PLACE = `POST ${E}/api/order/initiate`;
const TOTAL = `POST ${E}/api/cart/compute_cart_total`;
const gown = cartItem(1, { product: { id: 'p-gown', name: 'Ankara Gown', image: null, shopId: SHOP_A, shopName: 'Ada Fabrics' } });
const lamp = cartItem(2, { product: { id: 'p-lamp', name: 'Desk Lamp', image: null, shopId: SHOP_B, shopName: 'Bright Homes' } });
const home = address();
const balances = { walletBalance: 100_000_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 };

type TotalBody = { cartItemIds: string[]; addressId?: string; delivery: { shopId: string; option: string }[] };

function mockCheckout(place: (init?: RequestInit) => Response, wallet = balances) {
  return routeFetch({
    [`GET ${E}/api/cart`]: ok({ items: [gown, lamp], count: 2 }),
    [`GET ${E}/api/user-saved-address/`]: ok({ addresses: [home] }),
    'GET /api/wallet/wallet-balances': ok(wallet),
    [`POST ${E}/api/order/calculate_delivery`]: ok([quote(SHOP_A, 'Ada Fabrics'), quote(SHOP_B, 'Bright Homes')]),
    // The total follows the delivery choices, as the server prices them (express for Ada: 1,234,567).
    [TOTAL]: (_url: string, init?: RequestInit) => {
      const b = sentBody(init) as TotalBody;
      const express = b.delivery.some((d) => d.option === 'express');
      return jsonResponse(200, ok(totals({ subtotal: 1_000_000, delivery: 500_000, total: express ? 1_234_567 : 1_500_000 })));
    },
    [PLACE]: (_url: string, init?: RequestInit) => place(init),
  });
}

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Checkout', () => {
  it('says before the PIN how much the wallet is short, and offers Add money instead of Pay', async () => {
    mockCheckout(() => jsonResponse(500, {}), { ...balances, walletBalance: 500_000 });
    renderAt(<CheckoutPage />, '/shop/checkout', `/shop/checkout?items=${gown.id},${lamp.id}`);
    expect(await screen.findByText(/Your balance is ₦10,000 short/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add ₦10,000' })).toHaveAttribute('href', '/pay/fund?amount=1000000');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('pays with the PIN header and an Idempotency-Key, and keeps the same key when retried', async () => {
    let attempts = 0;
    const fetchMock = mockCheckout(() => {
      attempts += 1;
      if (attempts === 1)
        return jsonResponse(403, { status: false, message: 'Incorrect transaction PIN. 4 attempts left.', code: 'PIN_INCORRECT' });
      return jsonResponse(
        200,
        ok(
          [order({ shop: { id: SHOP_A, name: 'Ada Fabrics' } }), order({ id: 'o2', shop: { id: SHOP_B, name: 'Bright Homes' } })],
          'Order placed',
        ),
      );
    });
    const u = userEvent.setup();
    renderAt(<CheckoutPage />, '/shop/checkout', `/shop/checkout?items=${gown.id},${lamp.id}`, [
      { path: '/shop/orders', element: <h1>My orders page</h1> },
    ]);

    // The default address is chosen; each shop gets its delivery options.
    expect(await screen.findByRole('radio', { name: /Home/ })).toBeChecked();
    const ada = await screen.findByRole('group', { name: 'Ada Fabrics' });
    expect(within(ada).getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay ₦15,000' })).toBeEnabled();

    // Express for one shop: the server prices the new total.
    await u.click(within(ada).getByRole('radio', { name: /Express delivery/ }));
    const pay = await screen.findByRole('button', { name: 'Pay ₦12,345.67' });
    expect(sentBody(calls(fetchMock, TOTAL).at(-1)?.[1])).toEqual({
      cartItemIds: [gown.id, lamp.id],
      addressId: home.id,
      delivery: [
        { shopId: SHOP_A, option: 'express' },
        { shopId: SHOP_B, option: 'standard' },
      ],
    });

    await u.click(pay);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await u.type(within(dialog).getByLabelText('Transaction PIN'), '1111');
    await u.click(within(dialog).getByRole('button', { name: 'Pay' }));
    // Said in the dialog (and in a toast).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect transaction PIN. 4 attempts left.');
    // The wrong PIN is cleared to be typed again; the same payment is retried.
    await waitFor(() => expect(within(dialog).getByLabelText('Transaction PIN')).toHaveValue(''));
    await u.type(within(dialog).getByLabelText('Transaction PIN'), '2580');
    await u.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed' })).toBeInTheDocument();
    const placed = calls(fetchMock, PLACE);
    expect(placed).toHaveLength(2);
    expect(header(placed[0]?.[1], 'transactionPin')).toBe('1111');
    expect(header(placed[1]?.[1], 'transactionPin')).toBe('2580');
    const key = header(placed[0]?.[1], 'Idempotency-Key');
    expect(key).toMatch(/^[\w-]{8,}$/);
    expect(header(placed[1]?.[1], 'Idempotency-Key')).toBe(key);
    expect(sentBody(placed[1]?.[1])).toEqual({
      cartItemIds: [gown.id, lamp.id],
      addressId: home.id,
      delivery: [
        { shopId: SHOP_A, option: 'express' },
        { shopId: SHOP_B, option: 'standard' },
      ],
    });

    // The success screen lists the orders and leads to My orders.
    const list = screen.getByRole('list', { name: 'Your new orders' });
    expect(within(list).getByText('Ada Fabrics')).toBeInTheDocument();
    expect(within(list).getByText('Bright Homes')).toBeInTheDocument();
    expect(screen.getByText('₦12,345.67')).toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: 'See my orders' }));
    expect(await screen.findByRole('heading', { name: 'My orders page' })).toBeInTheDocument();
  });

  it('a failed payment is retried with the same key, even after closing and reopening the dialog', async () => {
    let attempts = 0;
    const fetchMock = mockCheckout(() => {
      attempts += 1;
      if (attempts === 1) return jsonResponse(503, { status: false, message: 'Try again shortly', code: 'UNAVAILABLE' });
      return jsonResponse(200, ok([order()], 'Order placed'));
    });
    const u = userEvent.setup();
    renderAt(<CheckoutPage />, '/shop/checkout', `/shop/checkout?items=${gown.id}`);
    await u.click(await screen.findByRole('button', { name: /^Pay ₦/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await u.type(within(dialog).getByLabelText('Transaction PIN'), '2580');
    await u.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again shortly');
    // Closed and opened again: still the same payment, so still the same key.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await u.click(screen.getByRole('button', { name: /^Pay ₦/ }));
    const again = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await u.type(within(again).getByLabelText('Transaction PIN'), '2580');
    await u.click(within(again).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed' })).toBeInTheDocument();
    const placed = calls(fetchMock, PLACE);
    expect(placed).toHaveLength(2);
    expect(header(placed[1]?.[1], 'Idempotency-Key')).toBe(header(placed[0]?.[1], 'Idempotency-Key'));
    expect(sentBody(placed[0]?.[1])).toMatchObject({ cartItemIds: [gown.id] });
  });

  it('without a saved address: adds one in a sheet (state, then its areas), then shows delivery', async () => {
    const saved = address({ id: '0198a7b2-0000-7000-8000-000000000399', label: 'Office', street: '5 Broad Street' });
    let addresses: (typeof saved)[] = [];
    const fetchMock = routeFetch({
      [`GET ${E}/api/cart`]: ok({ items: [gown], count: 1 }),
      [`GET ${E}/api/user-saved-address/`]: () => jsonResponse(200, ok({ addresses })),
      'GET /api/wallet/wallet-balances': ok(balances),
      [`GET ${E}/api/shop/states`]: ok([
        { id: 'lagos', name: 'Lagos' },
        { id: 'oyo', name: 'Oyo' },
      ]),
      [`GET ${E}/api/shop/states/lagos`]: ok({
        state: { id: 'lagos', name: 'Lagos' },
        lgas: [{ id: 'lagos-island', name: 'Lagos Island' }],
      }),
      [`POST ${E}/api/user-saved-address`]: () => {
        addresses = [saved];
        return jsonResponse(201, ok(saved, 'Address saved'));
      },
      [`POST ${E}/api/order/calculate_delivery`]: ok([quote(SHOP_A, 'Ada Fabrics')]),
      [TOTAL]: ok(totals({ subtotal: 500_000, delivery: 250_000, total: 750_000 })),
    });
    const u = userEvent.setup();
    renderAt(<CheckoutPage />, '/shop/checkout');
    expect(await screen.findByRole('button', { name: 'Choose an address to pay' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Add an address' }));
    const sheet = await screen.findByRole('dialog', { name: 'New delivery address' });
    await u.clear(within(sheet).getByLabelText('Address name'));
    await u.type(within(sheet).getByLabelText('Address name'), 'Office');
    await u.selectOptions(await within(sheet).findByLabelText('State'), 'lagos');
    await u.selectOptions(
      within(sheet).getByLabelText('Local government area'),
      await within(sheet).findByRole('option', { name: 'Lagos Island' }),
    );
    await u.type(within(sheet).getByLabelText('Street address'), '5 Broad Street');
    await u.type(within(sheet).getByLabelText('Phone number'), '08031234567');
    await u.click(within(sheet).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('radio', { name: /Office/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay ₦7,500' })).toBeEnabled();
    expect(sentBody(calls(fetchMock, `POST ${E}/api/user-saved-address`)[0]?.[1])).toEqual({
      label: 'Office',
      stateId: 'lagos',
      lgaId: 'lagos-island',
      street: '5 Broad Street',
      landmark: '',
      phone: '08031234567',
      isDefault: false,
    });
  });
});
