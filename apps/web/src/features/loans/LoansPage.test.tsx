import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account/auth-store';
import { calls, routeFetch } from '../pay/test-helpers';
import LoansPage from './LoansPage';

const quick = {
  id: 'quick',
  name: 'Quick loan',
  description: 'A small loan for the month, repaid once after 30 days.',
  minAmount: 100_000,
  maxAmount: 2_000_000,
  tenorDays: 30,
  instalments: 1,
  interestRate: 5,
};
const CREATE = 'POST /api/wallet/e-comm/api/loan/create';
const loan = {
  id: '0198a7b2-0000-7000-8000-000000000001',
  loanTypeId: 'quick',
  name: 'Quick loan',
  principal: 500_000,
  interest: 25_000,
  totalDue: 525_000,
  repaid: 0,
  outstanding: 525_000,
  status: 'active',
  schedule: [{ dueDate: '2030-02-01T00:00:00.000Z', amount: 525_000, paid: 0, status: 'upcoming' }],
  createdAt: '2030-01-01T00:00:00.000Z',
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

async function applyFor(u: ReturnType<typeof userEvent.setup>, amount: string) {
  await u.click(await screen.findByRole('button', { name: 'Apply' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply for Quick loan' });
  await u.type(within(dialog).getByLabelText('Amount (₦)'), amount);
  await u.click(within(dialog).getByRole('button', { name: 'Apply now' }));
  return dialog;
}

describe('Loans', () => {
  it("shows the server's description when the application is refused", async () => {
    const fetchMock = routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
      [CREATE]: () =>
        new Response(
          JSON.stringify({
            status: false,
            code: 'LOAN_NOT_ELIGIBLE',
            message: 'You are not eligible for this loan yet',
            description: 'Money coming into your wallet over the last 30 days must be at least half of the loan (₦2,500).',
          }),
          { status: 422 },
        ),
    });
    const u = userEvent.setup();
    renderRoute(<LoansPage />, { path: '/loans' });
    expect(await screen.findByRole('heading', { name: 'Loans', level: 1 })).toBeInTheDocument();
    await applyFor(u, '5000');
    const description = 'Money coming into your wallet over the last 30 days must be at least half of the loan (₦2,500).';
    expect(await screen.findByText(description)).toBeInTheDocument();
    expect(screen.queryByText('You are not eligible for this loan yet')).not.toBeInTheDocument();
    const [call] = calls(fetchMock, CREATE);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ loanTypeId: 'quick', amount: 500_000 });
  });

  it('checks the amount against the limits before sending', async () => {
    const fetchMock = routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
    });
    const u = userEvent.setup();
    renderRoute(<LoansPage />, { path: '/loans' });
    await applyFor(u, '50');
    expect(await screen.findByText('Choose an amount between ₦1,000.00 and ₦20,000.00')).toBeInTheDocument();
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });

  it('shows the server message on approval and lists the loan', async () => {
    let approved = false;
    routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': () => new Response(JSON.stringify({ status: true, message: 'Loans', data: approved ? [loan] : [] })),
      'GET /api/wallet/wallet-balances': { status: true, message: 'Balances', data: { walletBalance: 500_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 } },
      [CREATE]: () => {
        approved = true;
        return new Response(JSON.stringify({ status: true, message: 'Loan approved and paid into your wallet', data: loan }), { status: 201 });
      },
    });
    const u = userEvent.setup();
    renderRoute(<LoansPage />, { path: '/loans' });
    await applyFor(u, '5000');
    expect(await screen.findByText('Loan approved and paid into your wallet')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Quick loan repaid' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My loans' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Repay' })).toBeInTheDocument();
  });
});
