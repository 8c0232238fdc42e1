import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { savingsTarget } from './test-fixtures';
import { WithdrawDialog } from './WithdrawDialog';

const target = savingsTarget();
const WITHDRAW = `PATCH /api/wallet/savingtarget/withdraw/${target.id}`;
const sent = (fn: ReturnType<typeof routeFetch>) =>
  calls(fn, WITHDRAW).map(([, init]) => ({
    key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    body: JSON.parse(String(init?.body ?? 'null')) as unknown,
  }));

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Withdraw from a savings target', () => {
  it('sends an Idempotency-Key, reuses it when the same withdrawal is sent again after a lost connection, and a new one after', async () => {
    let tries = 0;
    const fetchMock = routeFetch({
      [WITHDRAW]: () => {
        tries += 1;
        return tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(200, { status: true, message: 'Withdrawn to your wallet', data: { ...target, savedAmount: 2_000_000 } });
      },
    });
    const u = userEvent.setup();
    const { unmount } = renderRoute(<WithdrawDialog target={target} open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw to wallet' });
    await u.type(within(dialog).getByLabelText('Amount (₦)'), '5000');
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls(fetchMock, WITHDRAW)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('dialog', { name: 'Withdrawal successful' })).toBeInTheDocument();

    const [first, retry] = sent(fetchMock);
    expect(first).toEqual({ key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as string, body: { amount: 500_000 } });
    expect(retry).toEqual(first);
    unmount();

    // Another withdrawal (everything, this time) is a new action with a new key.
    renderRoute(<WithdrawDialog target={target} open onClose={() => undefined} />, { path: '/savings' });
    const again = await screen.findByRole('dialog', { name: 'Withdraw to wallet' });
    await u.click(within(again).getByRole('checkbox', { name: /Withdraw everything/ }));
    await u.click(within(again).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls(fetchMock, WITHDRAW)).toHaveLength(3));
    const all = sent(fetchMock)[2]!;
    expect(all.body).toEqual({});
    expect(all.key).toBeTruthy();
    expect(all.key).not.toBe(first!.key);
  }, 20_000);

  it('a changed amount after a failure is a new request with a new key', async () => {
    const fetchMock = routeFetch({ [WITHDRAW]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const u = userEvent.setup();
    renderRoute(<WithdrawDialog target={target} open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw to wallet' });
    const amount = within(dialog).getByLabelText('Amount (₦)');
    await u.type(amount, '5000');
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await u.clear(amount);
    await u.type(amount, '6000');
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls(fetchMock, WITHDRAW)).toHaveLength(2));
    const [a, b] = sent(fetchMock);
    expect([a!.body, b!.body]).toEqual([{ amount: 500_000 }, { amount: 600_000 }]);
    expect(a!.key).toBeTruthy();
    expect(b!.key).not.toBe(a!.key);
  }, 20_000);
});
