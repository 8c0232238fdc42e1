import { describe, expect, it } from 'vitest';
import { inQuietHours, lagosMinuteOfDay } from './settings.service.js';

describe('quiet hours', () => {
  it('read the clock in Lagos time (UTC+1)', () => {
    expect(lagosMinuteOfDay(new Date('2026-11-27T22:30:00Z'))).toBe(23 * 60 + 30);
  });

  it('span midnight when they start after they end', () => {
    expect([inQuietHours(23 * 60, 1320, 420), inQuietHours(6 * 60, 1320, 420), inQuietHours(12 * 60, 1320, 420)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('are off when no hours are set', () => {
    expect(inQuietHours(0, null, null)).toBe(false);
  });
});
