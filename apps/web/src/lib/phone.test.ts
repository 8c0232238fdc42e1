import { describe, expect, it } from 'vitest';
import { formatPhone, looksLikePhone, maskPhone, toE164 } from './phone';

describe('phone helpers', () => {
  it('normalises Nigerian numbers', () => {
    expect(toE164('08030000001')).toBe('+2348030000001');
    expect(toE164('803 000 0001')).toBe('+2348030000001');
    expect(toE164('2348030000001')).toBe('+2348030000001');
    expect(toE164('+2348030000001')).toBe('+2348030000001');
    expect(toE164('12345')).toBeNull();
  });
  it('formats for display', () => {
    expect(formatPhone('+2348030000001')).toBe('+234 803 000 0001');
    expect(maskPhone('08030000001')).toBe('+234 803 *** 0001');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
  it('tells phones from emails', () => {
    expect(looksLikePhone('0803 000 0001')).toBe(true);
    expect(looksLikePhone('ada@demo.owo.ng')).toBe(false);
  });
});
