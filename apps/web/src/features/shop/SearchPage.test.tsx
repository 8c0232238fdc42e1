import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import SearchPage from './SearchPage';
import ShopHomePage from './ShopHomePage';
import { CATEGORIES, E, failure, held, list, one, product, renderAt } from './test-fixtures';

const PRODUCTS = `GET ${E}/api/product`;
const FILTER = `GET ${E}/api/product/filter`;
const gown = product({ name: 'Ankara Gown' });
const wrapper = product({ name: 'Ankara Wrapper' });
const lace = product({ name: 'Lace Blouse' });

const catalogue = {
  [`GET ${E}/api/category`]: one(CATEGORIES),
  [`GET ${E}/api/shop/states`]: one([
    { id: 'lagos', name: 'Lagos' },
    { id: 'oyo', name: 'Oyo' },
  ]),
  [`GET ${E}/api/shop/states/lagos`]: one({
    state: { id: 'lagos', name: 'Lagos' },
    lgas: [
      { id: 'ikeja', name: 'Ikeja' },
      { id: 'surulere', name: 'Surulere' },
    ],
  }),
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('product lists', () => {
  it("show 'Error Fetching products' and no items when the call fails", async () => {
    routeFetch({ ...catalogue, [PRODUCTS]: () => jsonResponse(500, failure('The catalogue is resting')) });
    renderAt(<SearchPage />, '/shop/search', '/shop/search?q=ankra+gown');
    expect(await screen.findByText('Error Fetching products')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('empty the list shown before when a new search fails', async () => {
    routeFetch({
      ...catalogue,
      [PRODUCTS]: (url: string) =>
        url.includes('search=lace') ? jsonResponse(500, failure('The catalogue is resting')) : jsonResponse(200, list([gown, wrapper])),
    });
    const u = userEvent.setup();
    renderAt(<SearchPage />, '/shop/search', '/shop/search?q=ankara');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Ankara Gown')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Search products'));
    await u.type(screen.getByLabelText('Search products'), 'lace{Enter}');
    expect(await screen.findByText('Error Fetching products')).toBeInTheDocument();
    expect(screen.queryByText('Ankara Gown')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('keep the old list on screen while a new filter loads, then show the new one', async () => {
    const later = held();
    const fetchMock = routeFetch({
      ...catalogue,
      [PRODUCTS]: (url: string) => (url.includes('stateQuery=') ? later.promise : jsonResponse(200, list([gown, wrapper]))),
    });
    const u = userEvent.setup();
    renderAt(<SearchPage />, '/shop/search', '/shop/search?q=ankra+gown');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('article')).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await u.selectOptions(within(sheet).getByLabelText('State'), 'lagos');
    await within(sheet).findByRole('option', { name: 'Ikeja' });
    await u.selectOptions(within(sheet).getByLabelText('Local government area'), 'ikeja');
    await u.type(within(sheet).getByLabelText('Lowest price (₦)'), '5000');
    await u.click(within(sheet).getByRole('button', { name: 'Show results' }));

    // The filtered call is in flight: the old results stay, marked as updating.
    const sent = await waitFor(() => {
      const found = fetchMock.mock.calls.map(([input]) => String(input)).find((x) => x.includes('stateQuery='));
      expect(found).toBeDefined();
      return found;
    });
    expect(sent).toContain('search=ankra+gown');
    expect(sent).toContain('stateQuery=lagos');
    expect(sent).toContain('lgaQuery=ikeja');
    expect(sent).toContain('minPrice=500000');
    expect(screen.getByRole('list', { name: 'Search results' })).toHaveTextContent('Ankara Gown');
    expect(screen.getByRole('status')).toHaveTextContent('Updating…');
    expect(screen.getByRole('button', { name: 'Remove filter Ikeja' })).toBeInTheDocument();

    later.release(jsonResponse(200, list([lace])));
    expect(await within(screen.getByRole('list', { name: 'Search results' })).findByText('Lace Blouse')).toBeInTheDocument();
    expect(screen.queryByText('Ankara Gown')).not.toBeInTheDocument();
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
  });

  it('refuses a price range upside down, and searches nothing with it', async () => {
    const fetchMock = routeFetch({ ...catalogue, [PRODUCTS]: () => jsonResponse(200, list([gown, wrapper])) });
    const u = userEvent.setup();
    renderAt(<SearchPage />, '/shop/search', '/shop/search?q=ankra+gown');
    await screen.findByRole('list', { name: 'Search results' });
    await u.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await u.type(within(sheet).getByLabelText('Lowest price (₦)'), '5000');
    await u.type(within(sheet).getByLabelText('Highest price (₦)'), '100');
    await u.click(within(sheet).getByRole('button', { name: 'Show results' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('The lowest price must not be more than the highest');
    await u.clear(within(sheet).getByLabelText('Highest price (₦)'));
    await u.type(within(sheet).getByLabelText('Highest price (₦)'), 'lots');
    await u.click(within(sheet).getByRole('button', { name: 'Show results' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Enter prices in naira, like 5000');
    expect(fetchMock.mock.calls.map(([input]) => String(input)).some((x) => x.includes('minPrice='))).toBe(false);
  });
});

describe('ShopHomePage', () => {
  it("starts at 'Shops near you' and category 'all', and keeps the products while a category loads", async () => {
    const later = held();
    routeFetch({
      ...catalogue,
      [`GET ${E}/api/product/get-sections`]: one([
        { id: 'top-deals', title: 'Top deals', path: '/api/product/top-deals', endsAt: null },
        { id: 'flash-sales', title: 'Flash sales', path: '/api/product/flash-sales', endsAt: '2099-01-01T00:00:00.000Z' },
      ]),
      [`POST ${E}/api/shop/search`]: list([]),
      [PRODUCTS]: list([gown, wrapper]),
      [FILTER]: () => later.promise,
    });
    const u = userEvent.setup();
    renderAt(<ShopHomePage />, '/shop', '/shop');
    expect(await screen.findByRole('tab', { name: 'Shops near you' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Flash sales' })).toHaveAttribute('aria-selected', 'false');
    // No browser location in the test: Lagos until a state is picked.
    expect(await screen.findByText('Showing shops near Lagos')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('list', { name: 'All products' })).toHaveTextContent('Ankara Gown');

    await u.click(await screen.findByRole('radio', { name: 'Fashion' }));
    expect(screen.getByRole('radio', { name: 'Fashion' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('list', { name: 'Fashion products' })).toHaveTextContent('Ankara Gown');
    later.release(
      jsonResponse(200, {
        status: true,
        message: 'Products',
        data: { results: [lace], total: 1, page: 1 },
        pagination: { page: 1, limit: 20, total: 1, prev: null, next: null },
      }),
    );
    expect(await screen.findByText('Lace Blouse')).toBeInTheDocument();
    expect(screen.queryByText('Ankara Gown')).not.toBeInTheDocument();
  });
});
