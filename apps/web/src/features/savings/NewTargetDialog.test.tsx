import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
import { lagosDay } from '@owo/contracts/format';
import { NewTargetDialog } from './NewTargetDialog';

const CREATE = 'POST /api/wallet/savings-target';

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('New savings target', () => {
  it('explains every problem and sends nothing', async () => {
    const fetchMock = routeFetch({});
    const u = userEvent.setup();
    renderRoute(<NewTargetDialog open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'New savings target' });
    await u.type(within(dialog).getByLabelText('Target name'), 'A');
    await u.type(within(dialog).getByLabelText('Target amount (₦)'), 'abc');
    fireEvent.change(within(dialog).getByLabelText('Target date'), { target: { value: lagosDay() } });
    await u.click(within(dialog).getByRole('checkbox', { name: 'Save automatically' }));
    await u.click(within(dialog).getByRole('button', { name: 'Create target' }));

    expect(await within(dialog).findByText('Give your target a name of at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount like 1,500 or 1500.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a date after today')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Target name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });

  it('refuses an automatic saving larger than the target', async () => {
    const fetchMock = routeFetch({});
    const u = userEvent.setup();
    renderRoute(<NewTargetDialog open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'New savings target' });
    await u.type(within(dialog).getByLabelText('Target name'), 'New phone');
    await u.type(within(dialog).getByLabelText('Target amount (₦)'), '50000');
    fireEvent.change(within(dialog).getByLabelText('Target date'), { target: { value: lagosDay(new Date(), 60) } });
    await u.click(within(dialog).getByRole('checkbox', { name: 'Save automatically' }));
    await u.type(within(dialog).getByLabelText('Amount per saving (₦)'), '60000');
    await u.click(within(dialog).getByRole('button', { name: 'Create target' }));
    expect(await within(dialog).findByText('Each saving must not be more than the target')).toBeInTheDocument();
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });

  it('creates the target in kobo and shows "Target created"', async () => {
    const date = lagosDay(new Date(), 60);
    const fetchMock = routeFetch({
      [CREATE]: () =>
        new Response(
          JSON.stringify({
            status: true,
            message: 'Savings target created',
            data: {
              id: 't1',
              name: 'New phone',
              targetAmount: 5_000_000,
              targetDate: date,
              savedAmount: 0,
              progress: 0,
              status: 'active',
              autoSave: { amount: 500_000, frequency: 'monthly', nextRunAt: '2030-01-01T07:00:00.000Z' },
              lastRun: null,
              createdAt: '2030-01-01T00:00:00.000Z',
            },
          }),
          { status: 201 },
        ),
    });
    const u = userEvent.setup();
    renderRoute(<NewTargetDialog open onClose={() => undefined} />, { path: '/savings' });
    const dialog = await screen.findByRole('dialog', { name: 'New savings target' });
    await u.type(within(dialog).getByLabelText('Target name'), 'New phone');
    await u.type(within(dialog).getByLabelText('Target amount (₦)'), '50,000');
    fireEvent.change(within(dialog).getByLabelText('Target date'), { target: { value: date } });
    await u.click(within(dialog).getByRole('checkbox', { name: 'Save automatically' }));
    await u.type(within(dialog).getByLabelText('Amount per saving (₦)'), '5000');
    await u.selectOptions(within(dialog).getByLabelText('How often'), 'Monthly');
    await u.click(within(dialog).getByRole('button', { name: 'Create target' }));

    expect(await screen.findByRole('dialog', { name: 'Target created' })).toBeInTheDocument();
    const [call] = calls(fetchMock, CREATE);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'New phone',
      targetAmount: 5_000_000,
      targetDate: date,
      autoSave: { amount: 500_000, frequency: 'monthly' },
    });
    // A target is created once even when the same form is sent again: it carries an Idempotency-Key.
    expect((call?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });
});
