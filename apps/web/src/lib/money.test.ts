import { describe, expect, it } from 'vitest';
import { feeText, koboToNairaInput, parseNairaToKobo } from './money';

describe('parseNairaToKobo', () => {
  it('parses typed amounts', () => {
    expect(parseNairaToKobo('1,234.5')).toBe(123450);
    expect(parseNairaToKobo('₦20')).toBe(2000);
    expect(parseNairaToKobo('abc')).toBeNull();
    expect(parseNairaToKobo('1.234')).toBeNull();
  });
});

describe('parseNairaToKobo: exact kobo from typed naira', () => {
  it('reads grouped amounts and decimals without floating-point error', () => {
    expect(parseNairaToKobo('1,234.56')).toBe(123456);
    expect(parseNairaToKobo('0.1')).toBe(10);
    expect(parseNairaToKobo('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parseNairaToKobo('1.15')).toBe(115);
    expect(parseNairaToKobo('4.35')).toBe(435);
    expect(parseNairaToKobo(' ₦ 10,000 ')).toBe(1_000_000);
    expect(parseNairaToKobo('5.')).toBe(500);
    expect(parseNairaToKobo('.5')).toBe(50);
  });
  it('rejects what is not an amount', () => {
    expect(parseNairaToKobo('1.234')).toBeNull();
    expect(parseNairaToKobo('')).toBeNull();
    expect(parseNairaToKobo('.')).toBeNull();
    expect(parseNairaToKobo('-5')).toBeNull();
    expect(parseNairaToKobo('1e5')).toBeNull();
    expect(parseNairaToKobo('12a')).toBeNull();
    expect(parseNairaToKobo('99999999999999999999')).toBeNull();
  });
  it('writes kobo back as an input value', () => {
    expect(koboToNairaInput(150050)).toBe('1500.50');
    expect(koboToNairaInput(200000)).toBe('2000');
    expect(koboToNairaInput(5)).toBe('0.05');
  });
});

describe('feeText', () => {
  it('reads a zero fee as Free', () => {
    expect(feeText(0)).toBe('Free');
    expect(feeText(2_500)).toBe('₦25.00');
  });
});
