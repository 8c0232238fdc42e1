import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../../test/route-fetch';
import { jsonResponse } from '../../../test/render';
import { useAuth } from '../../account';
import { AddToCartButton, CartLink } from '.';
import { cartItem, E, ok, renderAt, sentBody } from './test-fixtures';

const ADD = `POST ${E}/api/cart`;
const CART = `GET ${E}/api/cart`;

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Add to cart and the cart link', () => {
  it('adds one of the chosen option and the cart count follows', async () => {
    let count = 2;
    const fetchMock = routeFetch({
      [CART]: () => jsonResponse(200, ok({ items: [], count })),
      [ADD]: () => {
        count += 1;
        return jsonResponse(200, ok(cartItem(1), 'Added to your cart'));
      },
    });
    const u = userEvent.setup();
    renderAt(
      <>
        <CartLink />
        <AddToCartButton productId="p1" variationId="v1" />
      </>,
      '/shop/products/p1',
    );
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute('href', '/shop/cart');
    await u.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(sentBody(calls(fetchMock, ADD)[0]?.[1])).toEqual({ productId: 'p1', variationId: 'v1', quantity: 1 });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument());
  });

  it('toasts the server’s refusal', async () => {
    routeFetch({
      [CART]: ok({ items: [], count: 0 }),
      [ADD]: () => jsonResponse(400, { status: false, message: 'Choose a size or colour first', code: 'VARIATION_REQUIRED' }),
    });
    const u = userEvent.setup();
    renderAt(<AddToCartButton productId="p1" />, '/');
    await u.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Choose a size or colour first')).toBeInTheDocument();
  });

  it('can be disabled (nothing to add yet)', () => {
    routeFetch({});
    renderAt(<AddToCartButton productId="p1" disabled />, '/');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });
});
