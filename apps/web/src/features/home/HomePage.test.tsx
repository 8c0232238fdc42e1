import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuth } from '../account';
import { jsonResponse } from '../../test/render';
import HomePage from './HomePage';

const user = {
  id: 'u1',
  firstName: 'Adaeze',
  lastName: 'Okafor',
  nickName: null,
  avatar: null,
  bio: null,
  email: 'adaeze@example.ng',
  phoneNumber: '+2348031234567',
  isPhoneVerified: true,
  hasPin: true,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const balances = { walletBalance: 5_000_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 };

function renderHome(seed?: (c: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => useAuth.setState({ userId: 'u1', token: 't', isAuthenticated: true, restoring: false }));
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => onlineManager.setOnline(true));
});

describe('Home', () => {
  it('offline with saved data: keeps the name, balance and recent history, marked with their time', () => {
    act(() => onlineManager.setOnline(false));
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const at = new Date('2026-01-05T14:05:00+01:00').getTime();
    renderHome((c) => {
      c.setQueryData(['user', 'u1'], user, { updatedAt: at });
      c.setQueryData(['wallet', 'balances'], balances, { updatedAt: at });
      c.setQueryData(['transactions', 'recent', 5], [], { updatedAt: at });
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Adaeze');
    expect(screen.getByText('₦50,000.00')).toBeInTheDocument();
    const marks = screen.getAllByRole('status').filter((s) => /last updated/.test(s.textContent ?? ''));
    expect(marks).toHaveLength(2);
    for (const m of marks) expect(m).toHaveTextContent(/^Offline · last updated 5 Jan, 2:05\s?pm$/i);
    expect(screen.queryByText("We couldn't load your details")).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline with nothing saved: says so with Try again instead of endless skeletons', () => {
    act(() => onlineManager.setOnline(false));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderHome();
    expect(screen.getAllByText("You're offline. This will load when you're back online.")).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    expect(screen.queryByLabelText('Loading recent transactions')).not.toBeInTheDocument();
  });

  it('a failed load shows errors with Try again, which loads the data', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (fail) return Promise.resolve(jsonResponse(503, { status: false, message: 'Service unavailable', code: 'UNAVAILABLE' }));
        if (url.includes('/wallet-balances')) return Promise.resolve(jsonResponse(200, { status: true, message: 'ok', data: balances }));
        if (url.includes('/transactions')) return Promise.resolve(jsonResponse(200, { status: true, message: 'ok', data: [] }));
        return Promise.resolve(jsonResponse(200, { status: true, message: 'ok', data: user }));
      }),
    );
    renderHome();
    expect(await screen.findByText("We couldn't load your details")).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent transactions' });
    expect(await within(recent).findByRole('alert')).toHaveTextContent('Service unavailable');
    fail = false;
    for (const b of screen.getAllByRole('button', { name: /Try again|Retry/ })) await userEvent.click(b);
    expect(await screen.findByRole('heading', { level: 1, name: /Adaeze/ })).toBeInTheDocument();
    expect(await screen.findByText('₦50,000.00')).toBeInTheDocument();
    expect(await within(recent).findByText('No transactions yet')).toBeInTheDocument();
  });

  it('shows the tier and its day limit, a prompt to verify, and the account number to fund by transfer with a copy button', async () => {
    const kyc = { tier: 1, limits: { tier: 1, perDeposit: 5_000_000, balanceCap: 30_000_000, dailyOut: 5_000_000 } };
    const va = { accountNumber: '9912345678', bankName: 'Owo MFB', accountName: 'Adaeze Okafor' };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const ok = (data: unknown) => Promise.resolve(jsonResponse(200, { status: true, message: 'ok', data }));
        if (url.includes('/kyc/status')) return ok(kyc);
        if (url.includes('/virtual-account')) return ok(va);
        if (url.includes('/wallet-balances')) return ok(balances);
        if (url.includes('/transactions')) return ok([]);
        return ok(user);
      }),
    );
    renderHome();
    const status = await screen.findByRole('region', { name: 'Your limits and account number' });
    expect(await within(status).findByText('Tier 1 · limit ₦50,000 a day')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Verify to raise your limits' })).toHaveAttribute('href', '/account/limits');
    expect(await within(status).findByText('9912345678')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
  });
});
