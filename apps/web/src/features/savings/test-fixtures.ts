import type { SavingsTarget } from '../../api/savings';

/** A savings target a quarter of the way to ₦100,000 (School fees), with `over` changed. */
export function savingsTarget(over: Partial<SavingsTarget> = {}): SavingsTarget {
  return {
    id: '0198a7b2-0000-7000-8000-00000000c001',
    name: 'School fees',
    targetAmount: 10_000_000,
    targetDate: '2030-09-01',
    savedAmount: 2_500_000,
    progress: 25,
    status: 'active',
    autoSave: null,
    lastRun: null,
    createdAt: '2029-11-01T00:00:00.000Z',
    ...over,
  };
}
