import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LockedFund } from '../../api/savings';
import { jsonResponse, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { LockedFundCard, TargetCard, lastRunWarning } from './cards';
import { savingsTarget } from './test-fixtures';

const target = savingsTarget({
  id: 't1',
  autoSave: { amount: 500_000, frequency: 'weekly', nextRunAt: '2030-01-10T07:00:00.000Z' },
  lastRun: { scheduledFor: '2029-12-03T07:00:00.000Z', status: 'failed', reason: 'Not enough money in your wallet', amount: 500_000 },
});

describe('Savings target card', () => {
  it('names the progress bar and warns about a failed automatic saving', () => {
    renderRoute(<TargetCard target={target} />, { path: '/savings' });
    expect(screen.getByRole('progressbar', { name: 'School fees progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('₦25,000.00')).toBeInTheDocument();
    expect(screen.getByText('Automatic saving on 3 Dec failed: Not enough money in your wallet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'School fees' })).toHaveAttribute('href', '/savings/targets/t1');
  });

  it('says nothing when the last run succeeded', () => {
    expect(lastRunWarning({ ...target, lastRun: { ...target.lastRun!, status: 'successful', reason: null } })).toBeNull();
  });
});

const fund: LockedFund = {
  id: '0198a7b2-0000-7000-8000-00000000f001',
  title: 'Rent 2030',
  amount: 1_000_000,
  durationDays: 90,
  interestRate: 10,
  interest: 24_657,
  tax: 2_465,
  payout: 1_022_192,
  maturityDate: '2020-01-01T00:00:00.000Z',
  status: 'active',
  createdAt: '2019-10-01T00:00:00.000Z',
  paidAt: null,
};
const WITHDRAW_LOCKED = `POST /api/wallet/lockedfund/withdraw/${fund.id}`;

describe('Locked fund card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends an Idempotency-Key with the payout, reuses it when sent again after a lost connection, and a new one after', async () => {
    useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
    let tries = 0;
    const fetchMock = routeFetch({
      [WITHDRAW_LOCKED]: () => {
        tries += 1;
        return tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(200, {
              status: true,
              message: 'Paid into your wallet',
              data: { ...fund, status: 'paid', paidAt: fund.createdAt },
            });
      },
    });
    const u = userEvent.setup();
    renderRoute(<LockedFundCard fund={fund} />, { path: '/savings' });
    const button = screen.getByRole('button', { name: 'Withdraw' });
    await u.click(button);
    await waitFor(() => expect(calls(fetchMock, WITHDRAW_LOCKED)).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    await u.click(button);
    await waitFor(() => expect(calls(fetchMock, WITHDRAW_LOCKED)).toHaveLength(2));
    await waitFor(() => expect(button).toBeEnabled());
    await u.click(button);
    await waitFor(() => expect(calls(fetchMock, WITHDRAW_LOCKED)).toHaveLength(3));

    const [first, retry, later] = calls(fetchMock, WITHDRAW_LOCKED).map(
      ([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    );
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(retry).toBe(first);
    expect(later).toBeTruthy();
    expect(later).not.toBe(first);
  }, 20_000);
});
