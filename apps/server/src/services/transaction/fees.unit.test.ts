import { describe, expect, it } from 'vitest';
import { bankTransferFee, naira, sendMoneyFee, startOfLagosDay } from './fees.js';

describe('fees', () => {
  it('sending to another Owo user is free', () => expect(sendMoneyFee(1_000_000n)).toBe(0n));
  it.each([
    [100n, 1_000n],
    [500_000n, 1_000n],
    [500_001n, 2_500n],
    [5_000_000n, 2_500n],
    [5_000_001n, 5_000n],
  ])('bank transfer of %s kobo costs %s', (amount, fee) => expect(bankTransferFee(amount)).toBe(fee));
});

describe('startOfLagosDay', () => {
  it('is 23:00 UTC of the previous day', () => {
    expect(startOfLagosDay(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-10T23:30:00Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-10T22:59:59Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });
});

describe('naira', () => {
  it('formats kobo', () => {
    expect(naira(123_456_78n)).toBe('₦123,456.78');
    expect(naira(5n)).toBe('₦0.05');
    expect(naira(-100n)).toBe('-₦1.00');
  });
});
