import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import SendMoneyTab from './SendMoneyTab';
import { calls, routeFetch } from '../../test/route-fetch';

const tunde = {
  id: '01a20136-dc83-732b-b0bc-2e23cd5f94f8',
  firstName: 'Tunde',
  lastName: 'Bakare',
  nickName: 'tunde',
  avatar: null,
  bio: null,
};
const preview = {
  reference: 'OWO2026000001',
  type: 'sendMoney',
  recipient: { id: tunde.id, name: 'Tunde Bakare', bankName: null, accountNumber: null },
  amount: 150050,
  fee: 1000,
  total: 151050,
  narration: 'Lunch',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const receipt = {
  id: 'tx1',
  reference: preview.reference,
  type: 'sendMoney',
  direction: 'debit',
  amount: 150050,
  fee: 1000,
  total: 151050,
  status: 'successful',
  narration: 'Lunch',
  counterparty: { id: tunde.id, name: 'Tunde Bakare', bankName: null, accountNumber: null },
  failureReason: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

function mockApi(completeStatus: 'ok' | 'wrong-pin-then-ok' = 'ok') {
  let completes = 0;
  return routeFetch({
    'GET /api/user/users/filter': {
      status: true,
      message: 'Users',
      data: [tunde],
      pagination: { page: 1, limit: 20, total: 1, prev: null, next: null },
    },
    'POST /api/transaction/api/v1/initiate': { status: true, message: 'Preview', data: preview },
    'POST /api/transaction/api/v1/complete': () => {
      completes += 1;
      if (completeStatus === 'wrong-pin-then-ok' && completes === 1)
        return new Response(
          JSON.stringify({ status: false, message: 'Incorrect transaction PIN. 4 attempts left.', code: 'PIN_INCORRECT' }),
          { status: 403 },
        );
      return new Response(JSON.stringify({ status: true, message: 'Transfer successful', data: receipt }), { status: 200 });
    },
  });
}

async function pickTundeAndContinue(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'tun');
  await user.click(await screen.findByRole('button', { name: 'Tunde Bakare' }));
  await user.type(screen.getByRole('textbox', { name: 'Amount (₦)' }), '1,500.50');
  await user.type(screen.getByRole('textbox', { name: 'Narration (optional)' }), 'Lunch');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false });
});

describe('Send money', () => {
  it('previews the total, asks for the PIN and shows the receipt', async () => {
    const fetchMock = mockApi('wrong-pin-then-ok');
    const user = userEvent.setup();
    renderRoute(<SendMoneyTab />, { path: '/pay/send' });

    await pickTundeAndContinue(user);
    const initiate = calls(fetchMock, 'POST /api/transaction/api/v1/initiate');
    expect(JSON.parse(String(initiate[0]?.[1]?.body))).toEqual({
      type: 'sendMoney',
      recipientId: tunde.id,
      amount: 150050,
      narration: 'Lunch',
    });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    expect(within(dialog).getAllByText('Tunde Bakare').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('₦10.00')).toBeInTheDocument();
    expect(within(dialog).getByText('₦1,510.50')).toBeInTheDocument(); // total
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await user.type(within(dialog).getByLabelText('Transaction PIN'), '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect transaction PIN. 4 attempts left.');

    await user.type(within(dialog).getByLabelText('Transaction PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Transfer successful' })).toBeInTheDocument();
    expect(screen.getByText('OWO2026000001')).toBeInTheDocument();

    const completes = calls(fetchMock, 'POST /api/transaction/api/v1/complete');
    expect(completes).toHaveLength(2);
    const h1 = completes[0]?.[1]?.headers as Record<string, string>;
    const h2 = completes[1]?.[1]?.headers as Record<string, string>;
    expect(h1.transactionPin).toBe('1111');
    expect(h2.transactionPin).toBe('2468');
    expect(h2.Authorization).toBe('Bearer tok-1');
    // The retry of the same payment reuses its Idempotency-Key.
    expect(h1['Idempotency-Key']).toBeTruthy();
    expect(h2['Idempotency-Key']).toBe(h1['Idempotency-Key']);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('');
  });

  it("refuses to send without a token: 'Authorization failed, no token!'", async () => {
    const fetchMock = mockApi();
    useAuth.setState({ token: null });
    const user = userEvent.setup();
    renderRoute(<SendMoneyTab />, { path: '/pay/send' });
    await pickTundeAndContinue(user);
    expect(await screen.findAllByText('Authorization failed, no token!')).not.toHaveLength(0);
    expect(calls(fetchMock, 'POST /api/transaction/api/v1/initiate')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
