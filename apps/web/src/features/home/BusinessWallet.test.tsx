import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, jsonResponse } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { WalletCard } from './WalletCard';

const BALANCES = 'GET /api/wallet/wallet-balances';
const MY_SHOP = 'GET /api/ecommerce/api/shop/me';
const WITHDRAW = 'POST /api/ecommerce/api/shop/business-wallet/withdraw';
const balances = (business: number) => ({
  status: true,
  message: 'Balances',
  data: { walletBalance: 5_000_000, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: business },
});
const noShop = () => jsonResponse(200, { status: true, message: 'You have no shop yet', data: null });
const header = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('Home: the business wallet', () => {
  it('is not shown to someone with no shop and nothing in it', async () => {
    const fetchMock = routeFetch({ [BALANCES]: balances(0), [MY_SHOP]: noShop });
    renderRoute(<WalletCard hidden={false} onToggle={() => undefined} />);
    expect(await screen.findByText('₦50,000.00')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, MY_SHOP)).toHaveLength(1));
    expect(screen.queryByText('Business')).not.toBeInTheDocument();
    expect(screen.getByText('Savings')).toBeInTheDocument();
  });

  it('is shown, empty, to a seller', async () => {
    routeFetch({ [BALANCES]: balances(0), [MY_SHOP]: { status: true, message: 'Shop', data: { id: 's1', name: 'Ada Fabrics' } } });
    renderRoute(<WalletCard hidden={false} onToggle={() => undefined} />);
    expect(await screen.findByText('Business')).toBeInTheDocument();
    expect(screen.getByText("Your shop's sales land here")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to wallet' })).not.toBeInTheDocument();
  });

  it('with money in it: Move to wallet asks the amount (all of it to start) and the PIN, and sends both with a key', async () => {
    const fetchMock = routeFetch({
      [BALANCES]: balances(1_234_550),
      [WITHDRAW]: {
        status: true,
        message: 'Moved to your wallet',
        data: { amount: 1_000_000, businessBalance: 234_550, walletBalance: 6_000_000 },
      },
    });
    const u = userEvent.setup();
    renderRoute(<WalletCard hidden={false} onToggle={() => undefined} />);
    expect(await screen.findByText('₦12,345.50')).toBeInTheDocument();
    expect(calls(fetchMock, MY_SHOP)).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Move to wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to wallet' });
    const amount = within(dialog).getByLabelText('Amount (₦)');
    expect(amount).toHaveValue('12345.50');
    await u.clear(amount);
    await u.type(amount, '20000');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('You have ₦12,345.50 in your business wallet')).toBeInTheDocument();
    await u.clear(amount);
    await u.type(amount, '10000');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await u.type(await within(dialog).findByLabelText('Transaction PIN'), '2580');
    await u.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByRole('dialog', { name: 'Moved to your wallet' })).toBeInTheDocument();
    const [sent] = calls(fetchMock, WITHDRAW);
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ amount: 1_000_000 });
    expect(header(sent?.[1], 'transactionPin')).toBe('2580');
    expect(header(sent?.[1], 'Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
  });

  it('hides its amount with the other balances', async () => {
    routeFetch({ [BALANCES]: balances(1_234_550) });
    renderRoute(<WalletCard hidden onToggle={() => undefined} />);
    expect(await screen.findByText('Business')).toBeInTheDocument();
    expect(screen.queryByText('₦12,345.50')).not.toBeInTheDocument();
  });
});
