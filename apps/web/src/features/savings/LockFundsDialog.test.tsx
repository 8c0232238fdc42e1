import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
import { LockFundsDialog } from './LockFundsDialog';

const rates = [
  { durationDays: 30, interestRate: 8 },
  { durationDays: 90, interestRate: 10 },
];
const preview = {
  amount: 10_000_000,
  durationDays: 90,
  maturityDate: '2030-04-01T09:00:00.000Z',
  interestRate: 10,
  interest: 246_575,
  tax: 24_657,
  payout: 10_221_918,
  rates,
};
const PREVIEW = 'POST /api/wallet/lock/initiate';

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Lock funds', () => {
  it('previews interest, tax and payout, then locks with the PIN', async () => {
    const fetchMock = routeFetch({
      [PREVIEW]: { status: true, message: 'Lock preview', data: preview },
      'GET /api/wallet/wallet-balances': {
        status: true,
        message: 'Balances',
        data: { walletBalance: 20_000_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 },
      },
      'POST /api/wallet/lockedfund': () =>
        new Response(
          JSON.stringify({
            status: true,
            message: 'Funds locked',
            data: {
              id: 'f1',
              title: 'Rent',
              amount: 10_000_000,
              durationDays: 90,
              interestRate: 10,
              interest: 246_575,
              tax: 24_657,
              payout: 10_221_918,
              maturityDate: preview.maturityDate,
              status: 'active',
              createdAt: '2030-01-01T00:00:00.000Z',
              paidAt: null,
            },
          }),
          { status: 201 },
        ),
    });
    const u = userEvent.setup();
    renderRoute(<LockFundsDialog open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'Lock funds' });
    // The duration options come from the server's rates.
    expect(await within(dialog).findByRole('option', { name: '90 days · 10% a year' })).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Amount (₦)'), '100000');
    await u.selectOptions(within(dialog).getByLabelText('Duration'), '90 days · 10% a year');
    await u.type(within(dialog).getByLabelText('Title'), 'Rent');
    await u.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('₦2,465.75')).toBeInTheDocument();
    expect(within(dialog).getByText('-₦246.57')).toBeInTheDocument();
    expect(within(dialog).getByText('₦102,219.18')).toBeInTheDocument();
    expect(within(dialog).getByText('1 Apr 2030')).toBeInTheDocument();
    const sent = calls(fetchMock, PREVIEW).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(sent).toContainEqual({ amount: 10_000_000, durationDays: 90, title: 'Rent' });

    await u.click(within(dialog).getByRole('button', { name: 'Lock funds' }));
    await u.type(await within(dialog).findByLabelText('Transaction PIN'), '2468');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Funds locked' })).toBeInTheDocument();
    const [lockCall] = calls(fetchMock, 'POST /api/wallet/lockedfund');
    const headers = lockCall?.[1]?.headers as Record<string, string>;
    expect(headers.transactionPin).toBe('2468');
    expect(headers['Idempotency-Key']).toBeTruthy();
  });

  it('forgets the preview when the amount changes', async () => {
    routeFetch({ [PREVIEW]: { status: true, message: 'Lock preview', data: preview } });
    const u = userEvent.setup();
    renderRoute(<LockFundsDialog open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'Lock funds' });
    await within(dialog).findByRole('option', { name: '90 days · 10% a year' });
    await u.type(within(dialog).getByLabelText('Amount (₦)'), '100000');
    await u.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('₦102,219.18')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Amount (₦)'), '0');
    expect(within(dialog).queryByText('₦102,219.18')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeInTheDocument();
  });
});
