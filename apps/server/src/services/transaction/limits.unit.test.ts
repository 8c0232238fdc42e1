import { describe, expect, it } from 'vitest';
import { overDailyLimit } from './limits.js';

describe('overDailyLimit', () => {
  it('is a 422 naming the limit and what is left today, in naira with kobo', () => {
    const err = overDailyLimit(5_000_000n, 1_250_050n);
    expect(err).toMatchObject({ statusCode: 422, code: 'SPENDING_LIMIT' });
    expect(err.message).toBe('This payment is over your daily spending limit of ₦50,000.00. You can spend ₦12,500.50 more today.');
  });

  it('says ₦0.00 when nothing is left, and groups large sums by thousands', () => {
    expect(overDailyLimit(10_000_000_000n, 0n).message).toBe(
      'This payment is over your daily spending limit of ₦100,000,000.00. You can spend ₦0.00 more today.',
    );
    expect(overDailyLimit(100n, 7n).message).toBe(
      'This payment is over your daily spending limit of ₦1.00. You can spend ₦0.07 more today.',
    );
  });
});
