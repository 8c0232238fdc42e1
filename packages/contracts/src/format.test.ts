// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatNaira, lagosDay, lagosDayBounds } from './format.js';

describe('formatNaira', () => {
  it('formats kobo as naira with two decimals and grouping', () => {
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123456)).toBe('₦1,234.56');
    expect(formatNaira(100_000_000)).toBe('₦1,000,000.00');
  });

  it('handles negatives, signs and bigint beyond 2^53 without losing a kobo', () => {
    expect(formatNaira(-2550)).toBe('-₦25.50');
    expect(formatNaira(2550, { sign: true })).toBe('+₦25.50');
    expect(formatNaira(-2550, { sign: true })).toBe('-₦25.50');
    expect(formatNaira(0, { sign: true })).toBe('₦0.00');
    expect(formatNaira(9007199254740993n)).toBe('₦90,071,992,547,409.93');
    expect(formatNaira(-1n)).toBe('-₦0.01');
  });

  it('rounds a fractional kobo number to whole kobo', () => {
    expect(formatNaira(99.6)).toBe('₦1.00');
  });

  it('drops ".00" on request, and writes the code for fonts without the naira sign', () => {
    expect(formatNaira(50_000, { trimZeroKobo: true })).toBe('₦500');
    expect(formatNaira(50_050, { trimZeroKobo: true })).toBe('₦500.50');
    expect(formatNaira(123456n, { code: true })).toBe('NGN 1,234.56');
    expect(formatNaira(-123456n, { code: true })).toBe('-NGN 1,234.56');
  });
});

describe('formatLagosDate', () => {
  // 23:30 UTC on 28 Feb is already 1 March in Lagos (UTC+1).
  const lateUtc = '2027-02-28T23:30:00Z';

  it('shows every style in Lagos time', () => {
    expect(formatLagosDate(lateUtc, 'date')).toBe('1 Mar 2027');
    expect(formatLagosDate(lateUtc, 'dayMonth')).toBe('1 Mar');
    expect(formatLagosDate(lateUtc, 'dateTime')).toBe('1 Mar 2027, 12:30 am');
    expect(formatLagosDate(lateUtc, 'dayMonthTime')).toBe('1 Mar, 12:30 am');
    expect(formatLagosDate(lateUtc, 'time')).toBe('12:30 am');
    expect(formatLagosDate(lateUtc, 'monthYear')).toBe('March 2027');
    expect(formatLagosDate(new Date(lateUtc).getTime())).toBe('1 Mar 2027');
  });

  it('writes noon and midnight as 12, not 0', () => {
    expect(formatLagosDate('2027-02-28T11:30:00Z', 'time')).toBe('12:30 pm');
    expect(formatLagosDate('2027-02-28T23:05:00Z', 'time')).toBe('12:05 am');
  });

  it('reads a calendar day as that day, whatever the time zone', () => {
    expect(formatLagosDate('2027-02-22')).toBe('22 Feb 2027');
    expect(formatLagosDate('2027-12-31', 'dayMonth')).toBe('31 Dec');
  });

  it('shows only the time for today (a Lagos day), the date otherwise', () => {
    const now = '2027-03-01T10:00:00Z';
    expect(formatLagosDate(lateUtc, 'recent', now)).toBe('12:30 am');
    expect(formatLagosDate('2027-02-28T22:30:00Z', 'recent', now)).toBe('28 Feb');
    expect(formatLagosDate('2027-02-28T22:30:00Z', 'recentTime', now)).toBe('28 Feb, 11:30 pm');
    expect(formatLagosDate(lateUtc, 'recentTime', now)).toBe('12:30 am');
  });

  it('returns text that is not a date as it is', () => {
    expect(formatLagosDate('soon')).toBe('soon');
    expect(formatLagosDate(Number.NaN)).toBe('');
  });
});

describe('Lagos days', () => {
  it('gives the Lagos calendar day, shifted by whole days', () => {
    expect(lagosDay('2027-02-28T23:30:00Z')).toBe('2027-03-01');
    expect(lagosDay('2027-02-28T22:59:59Z')).toBe('2027-02-28');
    expect(lagosDay('2027-03-01T10:00:00Z', -1)).toBe('2027-02-28');
    expect(lagosDay('2027-12-31T12:00:00Z', 1)).toBe('2028-01-01');
    expect(lagosDay('2027-02-22')).toBe('2027-02-22');
  });

  it('bounds a Lagos day in UTC instants', () => {
    expect(lagosDayBounds('2027-03-01')).toEqual({ start: '2027-02-28T23:00:00.000Z', end: '2027-03-01T22:59:59.999Z' });
    expect(lagosDayBounds('1 March')).toBeNull();
  });
});
