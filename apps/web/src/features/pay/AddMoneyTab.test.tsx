import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// eslint-disable-next-line no-restricted-imports -- the test reads the toasts sonner holds
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../test/route-fetch';
import { failure, jsonResponse, renderAt } from '../../test/render';
import { useAuth } from '../account';
import AddMoneyTab from './AddMoneyTab';

beforeEach(() => useAuth.setState({ token: 'tok', userId: 'u1', isAuthenticated: true }));
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false });
});

const declined = 'Your bank declined this card payment. No money was taken.';

describe('Pay > Add money', () => {
  it('opens with the amount asked for (?amount= in kobo) and shows a refused card payment once, under the form, with no toast', async () => {
    const fetch = routeFetch({ 'POST /api/wallet/fund/card': () => jsonResponse(422, failure(declined, 'CARD_DECLINED')) });
    const user = userEvent.setup();
    renderAt(<AddMoneyTab />, '/pay/fund', '/pay/fund?amount=11385000');
    expect(screen.getByRole('textbox', { name: 'Amount (₦)' })).toHaveValue('113850');

    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4084084084084081');
    await user.type(screen.getByRole('textbox', { name: 'Expiry month' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Expiry year' }), '2035');
    await user.type(screen.getByLabelText('CVV'), '408');
    await user.click(screen.getByRole('button', { name: 'Fund wallet' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(declined);
    expect(calls(fetch, 'POST /api/wallet/fund/card')).toHaveLength(1);
    // A toast would say it a second time: give one the time to appear.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText(declined)).toHaveLength(1);
  });
});
