import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
import HistoryPage from './HistoryPage';

const REF = 'OWO2026112200001';
const receipt = {
  id: 'tx9',
  reference: REF,
  type: 'savings',
  direction: 'debit',
  amount: 2_000_000,
  fee: 0,
  total: 2_000_000,
  status: 'successful',
  narration: 'Top-up',
  counterparty: { id: 't1', name: 'New phone', bankName: null, accountNumber: null },
  failureReason: null,
  token: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Receipt opened by link', () => {
  it('fetches a receipt that is not in the loaded history pages', async () => {
    const fetchMock = routeFetch({
      'POST /api/transaction/api/v1/transactions': {
        status: true,
        message: 'Transactions',
        data: [],
        pagination: { page: 1, limit: 20, total: 0, prev: null, next: null },
      },
      [`GET /api/transaction/api/v1/transactions/${REF}`]: { status: true, message: 'Transaction', data: receipt },
    });
    const router = createMemoryRouter([{ path: '/history/:reference', element: <HistoryPage /> }], { initialEntries: [`/history/${REF}`] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(dialog).findByText('New phone')).toBeInTheDocument();
    expect(within(dialog).getByText(REF)).toBeInTheDocument();
    expect(calls(fetchMock, `GET /api/transaction/api/v1/transactions/${REF}`)).toHaveLength(1);
  });
});

describe('Receipt of money received that paid the EMT levy', () => {
  it('says the levy and what was added', async () => {
    const received = { ...receipt, type: 'sendMoney', direction: 'credit', amount: 2_500_000, total: 2_500_000, levy: 5_000 };
    routeFetch({
      'POST /api/transaction/api/v1/transactions': {
        status: true,
        message: 'Transactions',
        data: [],
        pagination: { page: 1, limit: 20, total: 0, prev: null, next: null },
      },
      [`GET /api/transaction/api/v1/transactions/${REF}`]: { status: true, message: 'Transaction', data: received },
    });
    const router = createMemoryRouter([{ path: '/history/:reference', element: <HistoryPage /> }], { initialEntries: [`/history/${REF}`] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(await within(dialog).findAllByText('₦50.00 EMT levy was deducted; ₦24,950.00 was added')).not.toHaveLength(0);
  });
});
