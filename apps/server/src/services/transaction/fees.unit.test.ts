import { describe, expect, it } from 'vitest';
import { formatNaira as naira } from '@owo/contracts';
import { bankTransferFee, sendMoneyFee, startOfLagosDay } from './fees.js';

describe('fees', () => {
  it('sending to another Owo user is free', () => expect(sendMoneyFee(1_000_000n)).toBe(0n));
  it('sending is free whatever the amount', () => {
    for (const amount of [1n, 500_001n, 5_000_001n, 10_000_000_000n]) expect(sendMoneyFee(amount)).toBe(0n);
  });
  it.each([
    [1n, 1_000n], // 1 kobo: ₦10
    [100n, 1_000n],
    [499_999n, 1_000n],
    [500_000n, 1_000n], // ₦5,000: still ₦10
    [500_001n, 2_500n],
    [2_000_000n, 2_500n], // ₦20,000: ₦25
    [5_000_000n, 2_500n], // ₦50,000: still ₦25
    [5_000_001n, 5_000n],
    [10_000_000_000n, 5_000n], // ₦100m: ₦50
  ])('bank transfer of %s kobo costs %s', (amount, fee) => expect(bankTransferFee(amount)).toBe(fee));
});

describe('startOfLagosDay', () => {
  it('is 23:00 UTC of the previous day', () => {
    expect(startOfLagosDay(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-10T23:30:00Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-10T22:59:59Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('turns at 23:00 UTC (midnight in Lagos), and 23:00 to 00:59 UTC is the new Lagos day', () => {
    // 22:59:59.999 UTC is 23:59:59.999 in Lagos: still 10 March there.
    expect(startOfLagosDay(new Date('2026-03-10T22:59:59.999Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // 23:00 UTC is midnight of 11 March in Lagos: the day starts at that very instant.
    expect(startOfLagosDay(new Date('2026-03-10T23:00:00.000Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-10T23:59:59.999Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    // Past midnight UTC (01:00 to 01:59 in Lagos) it is still the Lagos day that began at 23:00 UTC.
    expect(startOfLagosDay(new Date('2026-03-11T00:00:00.000Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-11T00:59:59.999Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-03-11T01:00:00.000Z')).toISOString()).toBe('2026-03-10T23:00:00.000Z');
  });

  it('across the end of a month, a leap day and the year', () => {
    expect(startOfLagosDay(new Date('2026-04-30T23:30:00Z')).toISOString()).toBe('2026-04-30T23:00:00.000Z'); // 1 May in Lagos
    expect(startOfLagosDay(new Date('2028-02-28T23:15:00Z')).toISOString()).toBe('2028-02-28T23:00:00.000Z'); // 29 Feb in Lagos
    expect(startOfLagosDay(new Date('2028-02-29T22:15:00Z')).toISOString()).toBe('2028-02-28T23:00:00.000Z'); // still 29 Feb
    expect(startOfLagosDay(new Date('2026-12-31T23:30:00Z')).toISOString()).toBe('2026-12-31T23:00:00.000Z'); // 1 Jan 2027 in Lagos
    expect(startOfLagosDay(new Date('2027-01-01T00:30:00Z')).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('has no daylight saving: the same 23:00 UTC turn in July', () => {
    expect(startOfLagosDay(new Date('2026-07-15T22:00:00Z')).toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(startOfLagosDay(new Date('2026-07-15T23:00:00Z')).toISOString()).toBe('2026-07-15T23:00:00.000Z');
  });
});

describe("naira in the server's messages (the shared formatter, on Node's Intl)", () => {
  it('formats kobo', () => {
    expect(naira(123_456_78n)).toBe('₦123,456.78');
    expect(naira(5n)).toBe('₦0.05');
    expect(naira(-100n)).toBe('-₦1.00');
  });
});
