import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import BankTransferTab from './BankTransferTab';
import { routeFetch } from '../../test/route-fetch';

const banks = {
  status: true,
  message: 'Banks',
  data: [
    { category: 'Commercial banks', banks: [{ code: '058', name: 'Guaranty Trust Bank' }] },
    { category: 'Microfinance banks', banks: [{ code: '50211', name: 'Kuda' }] },
  ],
};

beforeEach(() => useAuth.setState({ token: 'tok', userId: 'u1', isAuthenticated: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false });
});

describe('To bank form', () => {
  it('groups banks and resolves the account name once 10 digits are typed', async () => {
    const verify = vi.fn((url: string) =>
      url.endsWith('/0000000000')
        ? new Response(
            JSON.stringify({
              status: false,
              message: 'We could not find this account. Check the number and the bank.',
              code: 'ACCOUNT_NOT_FOUND',
            }),
            { status: 404 },
          )
        : new Response(
            JSON.stringify({
              status: true,
              message: 'Account',
              data: { accountName: 'Tobi Olawale', accountNumber: '0123456789', bankCode: '058', bankName: 'Guaranty Trust Bank' },
            }),
          ),
    );
    routeFetch({
      'GET /api/wallet/wallet/api/v1/get-banks-category': banks,
      'GET /api/wallet/verify-account/bankcode/058/accountNumber/0123456789': verify,
      'GET /api/wallet/verify-account/bankcode/058/accountNumber/0000000000': verify,
    });
    const user = userEvent.setup();
    renderRoute(<BankTransferTab />, { path: '/pay/bank' });

    const select = screen.getByRole('combobox', { name: 'Bank' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(screen.getByRole('group', { name: 'Commercial banks' })).toBeInTheDocument();
    await user.selectOptions(select, 'Guaranty Trust Bank');

    const account = screen.getByRole('textbox', { name: 'Account number' });
    await user.type(account, '012345678');
    expect(verify).not.toHaveBeenCalled();
    await user.type(account, '9');
    expect(await screen.findByText('Tobi Olawale')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);

    await user.clear(account);
    await user.type(account, '0000000000');
    expect(await screen.findByText('We could not find this account. Check the number and the bank.')).toBeInTheDocument();
  });
});
