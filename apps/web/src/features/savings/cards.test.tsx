import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavingsTarget } from '../../api/savings';
import { renderRoute } from '../../test/render';
import { TargetCard, lastRunWarning } from './cards';

const target: SavingsTarget = {
  id: 't1',
  name: 'School fees',
  targetAmount: 10_000_000,
  targetDate: '2030-09-01',
  savedAmount: 2_500_000,
  progress: 25,
  status: 'active',
  autoSave: { amount: 500_000, frequency: 'weekly', nextRunAt: '2030-01-10T07:00:00.000Z' },
  lastRun: { scheduledFor: '2029-12-03T07:00:00.000Z', status: 'failed', reason: 'Not enough money in your wallet', amount: 500_000 },
  createdAt: '2029-11-01T00:00:00.000Z',
};

describe('Savings target card', () => {
  it('names the progress bar and warns about a failed automatic saving', () => {
    renderRoute(<TargetCard target={target} />, { path: '/savings' });
    expect(screen.getByRole('progressbar', { name: 'School fees progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('₦25,000.00')).toBeInTheDocument();
    expect(screen.getByText('Automatic saving on 3 Dec failed: Not enough money in your wallet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'School fees' })).toHaveAttribute('href', '/savings/targets/t1');
  });

  it('says nothing when the last run succeeded', () => {
    expect(lastRunWarning({ ...target, lastRun: { ...target.lastRun!, status: 'successful', reason: null } })).toBeNull();
  });
});
