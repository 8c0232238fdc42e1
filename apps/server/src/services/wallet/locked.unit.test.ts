import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { lockTerms } from './locked.service.js';

const base = { DATA_DIR: '/tmp/owo-locked-unit', APP_SECRET: 'x'.repeat(32) };
/** The default rates: 30:8, 60:9, 90:10, 180:12, 365:14 (percent a year), 10% tax. */
const config = loadConfig(base);
const now = new Date('2026-03-01T10:00:00.000Z');

describe('lockTerms: simple interest by duration, tax withheld, both rounded down to the kobo', () => {
  it('₦10,000 for 90 days at 10%: ₦246.57 interest (246.575...), ₦24.65 tax', () => {
    expect(lockTerms(config, 1_000_000n, 90, now)).toMatchObject({
      rateBps: 1000,
      interestRate: 10,
      interest: 24_657n,
      tax: 2_465n,
      payout: 1_022_192n,
    });
  });

  it('₦50,000 for a year at 14%: exactly ₦7,000 interest, ₦700 tax', () => {
    expect(lockTerms(config, 5_000_000n, 365, now)).toMatchObject({ rateBps: 1400, interest: 700_000n, tax: 70_000n, payout: 5_630_000n });
  });

  it('₦1,000 for 30 days at 8%: 657 kobo (657.53...), 65 kobo tax', () => {
    expect(lockTerms(config, 100_000n, 30, now)).toMatchObject({ interest: 657n, tax: 65n, payout: 100_592n });
  });

  it('₦2.5m for 180 days at 12%: ₦147,945.20 interest (14,794,520.55 kobo), ₦14,794.52 tax', () => {
    expect(lockTerms(config, 250_000_000n, 180, now)).toMatchObject({ interest: 14_794_520n, tax: 1_479_452n, payout: 263_315_068n });
  });

  it('a tiny amount earns nothing rather than a fraction', () => {
    expect(lockTerms(config, 1n, 30, now)).toMatchObject({ interest: 0n, tax: 0n, payout: 1n });
  });

  it('matures the given number of days later, to the millisecond', () => {
    expect(lockTerms(config, 100_000n, 30, now).maturityDate.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(lockTerms(config, 100_000n, 365, now).maturityDate.toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });

  it('takes fractional rates and tax from configuration', () => {
    const custom = loadConfig({ ...base, LOCK_RATES: '30:7.5,45:9', LOCK_TAX_PERCENT: '7.5' });
    // 1,000,000 x 7.5% x 30/365 = 6,164.38 kobo; 7.5% of 6,164 = 462.3.
    expect(lockTerms(custom, 1_000_000n, 30, now)).toMatchObject({
      rateBps: 750,
      interestRate: 7.5,
      interest: 6_164n,
      tax: 462n,
      payout: 1_005_702n,
    });
  });

  it('refuses a duration that is not configured, listing the ones that are', () => {
    expect(() => lockTerms(config, 100_000n, 45, now)).toThrow('Choose a duration of 30, 60, 90, 180 or 365 days');
    const custom = loadConfig({ ...base, LOCK_RATES: '30:7.5,45:9' });
    expect(() => lockTerms(custom, 100_000n, 90, now)).toThrow('Choose a duration of 30 or 45 days');
  });
});
