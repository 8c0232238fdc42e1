import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import PayPage from './PayPage';
import { networks } from '../../test/fixtures';

beforeEach(() => useAuth.setState({ token: 'tok', userId: 'u1', isAuthenticated: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false });
});

describe('Pay', () => {
  it('opens Bills at /pay/bills, whose default bill type is Airtime', async () => {
    routeFetch({ 'GET /api/bills/bills/airtime-providers': { status: true, message: 'OK', data: networks } });
    renderRoute(<PayPage />, { path: '/pay/bills' });
    expect(screen.getByRole('tab', { name: 'Bills' })).toHaveAttribute('aria-selected', 'true');
    const airtime = await screen.findByRole('tab', { name: 'Airtime' });
    expect(airtime).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Data', 'Electricity', 'TV', 'Betting'])
      expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('button', { name: 'MTN' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount (₦)' })).toBeInTheDocument();
  });
});
