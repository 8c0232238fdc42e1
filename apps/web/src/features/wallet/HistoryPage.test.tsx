import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEOUT_MESSAGE } from '../../api/client';
import { jsonResponse, renderRoute } from '../../test/render';
import HistoryPage from './HistoryPage';

const item = {
  id: 'h1',
  reference: 'OWO-REF-1',
  type: 'sendMoney',
  direction: 'credit',
  amount: 150_000,
  fee: 0,
  status: 'successful',
  narration: 'Suya money',
  counterparty: { id: 'u2', name: 'Sade Adeleke', bankName: null, accountNumber: null },
  failureReason: null,
  token: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};
const page = { status: true, message: 'Transactions', data: [item], pagination: { page: 1, limit: 20, total: 1, prev: null, next: null } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('History error state', () => {
  it('shows an error with Try again instead of a spinner, and Try again loads the list', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(jsonResponse(200, page));
    vi.stubGlobal('fetch', fetch);
    renderRoute(<HistoryPage />, { path: '/history' });
    expect(await screen.findByText("We couldn't load your transactions")).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading transactions')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Sade Adeleke/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated /);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up on a request that hangs after 15 s and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    renderRoute(<HistoryPage />, { path: '/history' });
    expect(screen.getByLabelText('Loading transactions')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await screen.findByText(TIMEOUT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
