import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ProductPage from './ProductPage';
import { E, failure, held, list, one, PRODUCT_ID, product, renderAt } from './test-fixtures';

const red = { id: 'red', name: 'Red', hex: '#dc2626' };
const blue = { id: 'blue', name: 'Blue', hex: '#1d4ed8' };
const gown = product({
  id: PRODUCT_ID,
  name: 'Ankara Gown',
  price: 1_500_000,
  oldPrice: 2_000_000,
  discountPercent: 25,
  stock: 6,
  images: [
    { url: '/files/g1.png', thumbnailUrl: '/files/g1-t.png' },
    { url: '/files/g2.png', thumbnailUrl: '/files/g2-t.png' },
  ],
  variations: [
    { id: '0198a7b2-0000-7000-8000-00000000d001', size: 'M', colour: red, price: 1_600_000, stock: 4 },
    { id: '0198a7b2-0000-7000-8000-00000000d002', size: 'L', colour: blue, price: 1_500_000, stock: 2 },
  ],
});
const VIEW = `PATCH ${E}/api/product/view/${PRODUCT_ID}`;
const ADD = `POST ${E}/api/wishlist/${PRODUCT_ID}`;

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderAt(<ProductPage />, '/shop/products/:id', `/shop/products/${PRODUCT_ID}`);

describe('ProductPage', () => {
  it('records the view once, and shows the chosen variation’s price and stock', async () => {
    const fetchMock = routeFetch({ [VIEW]: one(gown), [`GET ${E}/api/product/get-product-reviews/${PRODUCT_ID}`]: list([]) });
    const u = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Ankara Gown' })).toBeInTheDocument();
    expect(screen.getByText('₦16,000')).toBeInTheDocument();
    expect(screen.getByText('Only 4 left')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ankara Gown, photo 1 of 2' })).toHaveAttribute('src', '/files/g1.png');
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();

    await u.click(screen.getByRole('radio', { name: 'L' }));
    await u.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(screen.getByText('₦15,000')).toBeInTheDocument();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sold by Ada Fabrics/ })).toHaveAttribute('href', expect.stringContaining('/shop/shops/'));
    expect(calls(fetchMock, VIEW)).toHaveLength(1);
  });

  it('shows the product’s average rating and how many reviews it has', async () => {
    const rated = { ...gown, rating: 4.5, reviewsCount: 12 };
    const review = {
      id: '0198a7b2-0000-7000-8000-00000000e001',
      rating: 5,
      text: 'Fits well',
      by: 'Ngozi A.',
      createdAt: '2026-01-12T10:00:00.000Z',
    };
    routeFetch({ [VIEW]: one(rated), [`GET ${E}/api/product/get-product-reviews/${PRODUCT_ID}`]: list([review]) });
    open();
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' })).toHaveTextContent('4.5(12)');
    expect(await screen.findByText('Fits well')).toBeInTheDocument();
  });

  it('turns the heart on at once, and back off with a toast when the server refuses', async () => {
    const answer = held();
    const fetchMock = routeFetch({
      [VIEW]: one(gown),
      [`GET ${E}/api/product/get-product-reviews/${PRODUCT_ID}`]: list([]),
      [ADD]: () => answer.promise,
    });
    const u = userEvent.setup();
    open();
    const heart = await screen.findByRole('button', { name: 'Add Ankara Gown to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await u.click(heart);
    // Before the server answers the heart is on.
    expect(screen.getByRole('button', { name: 'Remove Ankara Gown from wishlist' })).toHaveAttribute('aria-pressed', 'true');

    answer.release(jsonResponse(503, failure('The wishlist is resting. Try again soon.')));
    expect(await screen.findByText('The wishlist is resting. Try again soon.')).toBeInTheDocument();
    const back = screen.getByRole('button', { name: 'Add Ankara Gown to wishlist' });
    expect(back).toHaveAttribute('aria-pressed', 'false');
    expect(calls(fetchMock, ADD)).toHaveLength(1);
    // The view was not recorded again.
    expect(calls(fetchMock, VIEW)).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('button')).toHaveLength(2);
  });
});
