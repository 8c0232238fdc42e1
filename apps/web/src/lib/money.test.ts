import { describe, expect, it } from 'vitest';
import { formatNaira, parseNairaToKobo } from './money';

describe('formatNaira', () => {
  it('formats kobo as naira with two decimals and grouping', () => {
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123456)).toBe('₦1,234.56');
    expect(formatNaira(100_000_000)).toBe('₦1,000,000.00');
  });
  it('handles negatives, signs and bigint beyond 2^53', () => {
    expect(formatNaira(-2550)).toBe('-₦25.50');
    expect(formatNaira(2550, { sign: true })).toBe('+₦25.50');
    expect(formatNaira(9007199254740993n)).toBe('₦90,071,992,547,409.93');
  });
});

describe('parseNairaToKobo', () => {
  it('parses typed amounts', () => {
    expect(parseNairaToKobo('1,234.5')).toBe(123450);
    expect(parseNairaToKobo('₦20')).toBe(2000);
    expect(parseNairaToKobo('abc')).toBeNull();
    expect(parseNairaToKobo('1.234')).toBeNull();
  });
});
