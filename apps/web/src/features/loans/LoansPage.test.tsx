import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
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
const ELIGIBILITY = 'GET /api/wallet/e-comm/api/loan/eligibility';
const canBorrow = {
  status: true,
  message: 'You can apply for a loan',
  data: { eligible: true, reason: null, code: null, maxAmount: 50_000_000, inflow: 30_000_000, inflowDays: 28 },
};
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
      [ELIGIBILITY]: canBorrow,
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

  it('sends an Idempotency-Key, the same one when the same application is sent again after a lost connection', async () => {
    let tries = 0;
    const fetchMock = routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
      [ELIGIBILITY]: canBorrow,
      [CREATE]: () => {
        tries += 1;
        return tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Response(JSON.stringify({ status: true, message: 'Loan approved and paid into your wallet', data: loan }), { status: 201 });
      },
    });
    const u = userEvent.setup();
    renderRoute(<LoansPage />, { path: '/loans' });
    const dialog = await applyFor(u, '5000');
    await waitFor(() => expect(calls(fetchMock, CREATE)).toHaveLength(1));
    const again = within(dialog).getByRole('button', { name: 'Apply now' });
    await waitFor(() => expect(again).toBeEnabled());
    await u.click(again);
    expect(await screen.findByText('Loan approved and paid into your wallet')).toBeInTheDocument();
    const [first, retry] = calls(fetchMock, CREATE).map(([, init]) => ({
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      body: JSON.parse(String(init?.body)) as unknown,
    }));
    expect(first).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as string,
      body: { loanTypeId: 'quick', amount: 500_000 },
    });
    expect(retry).toEqual(first);
  }, 20_000);

  it('checks the amount against the limits before sending', async () => {
    const fetchMock = routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
      [ELIGIBILITY]: canBorrow,
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
      'GET /api/wallet/e-comm/api/loan': () =>
        new Response(JSON.stringify({ status: true, message: 'Loans', data: approved ? [loan] : [] })),
      [ELIGIBILITY]: canBorrow,
      'GET /api/wallet/wallet-balances': {
        status: true,
        message: 'Balances',
        data: { walletBalance: 500_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 },
      },
      [CREATE]: () => {
        approved = true;
        return new Response(JSON.stringify({ status: true, message: 'Loan approved and paid into your wallet', data: loan }), {
          status: 201,
        });
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

  it('shows first why a new account cannot borrow yet, with Apply replaced', async () => {
    const reason = 'Money coming into your wallet over the last 28 days must be at least half of the loan (₦500).';
    const fetchMock = routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
      [ELIGIBILITY]: {
        status: true,
        message: 'You are not eligible for a loan yet',
        data: { eligible: false, reason, code: 'INFLOW_TOO_LOW', maxAmount: 0, inflow: 0, inflowDays: 28 },
      },
    });
    renderRoute(<LoansPage />, { path: '/loans' });
    expect(await screen.findByText("You can't take a loan yet")).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/pay/fund');
    const button = screen.getByRole('button', { name: 'Not available yet' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });

  it('limits a loan type to what the inflows allow', async () => {
    routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': {
        status: true,
        message: 'Loan types',
        data: [quick, { ...quick, id: 'salary', name: 'Salary advance', minAmount: 1_000_000, maxAmount: 10_000_000 }],
      },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
      [ELIGIBILITY]: {
        status: true,
        message: 'You can apply for a loan',
        data: { eligible: true, reason: null, code: null, maxAmount: 600_000, inflow: 300_000, inflowDays: 28 },
      },
    });
    const u = userEvent.setup();
    renderRoute(<LoansPage />, { path: '/loans' });
    expect(await screen.findByText('You can apply for a loan')).toBeInTheDocument();
    const salary = await screen.findByRole('group', { name: 'Salary advance' });
    expect(within(salary).getByRole('button', { name: 'Not available yet' })).toBeDisabled();
    expect(within(salary).getByText(/this loan starts at/)).toBeInTheDocument();
    const dialog = await applyFor(u, '7000');
    expect(within(dialog).getByText('Choose an amount between ₦1,000.00 and ₦6,000.00')).toBeInTheDocument();
  });

  it('still lets you apply when the check fails, and says so', async () => {
    routeFetch({
      'GET /api/wallet/e-comm/api/loan/types': { status: true, message: 'Loan types', data: [quick] },
      'GET /api/wallet/e-comm/api/loan': { status: true, message: 'Loans', data: [] },
    });
    renderRoute(<LoansPage />, { path: '/loans' });
    expect(await screen.findByText("We couldn't check whether you can borrow")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });
});
