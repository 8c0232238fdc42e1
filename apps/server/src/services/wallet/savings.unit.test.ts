import { describe, expect, it } from 'vitest';
import { nextSlot } from './savings.service.js';

type Freq = Parameters<typeof nextSlot>[1];
/** The slots after `start`, each from the one before, as a saving's schedule steps. */
const chain = (start: string, frequency: Freq, n: number, anchorDay?: number | null) => {
  const out: string[] = [];
  let d = new Date(start);
  for (let i = 0; i < n; i++) {
    d = nextSlot(d, frequency, anchorDay);
    out.push(d.toISOString());
  }
  return out;
};

describe('nextSlot: monthly keeps its anchor day', () => {
  it('started on 31 January: 28 February, then 31 March, 30 April, 31 May', () => {
    expect(chain('2026-01-31T10:00:00.000Z', 'monthly', 4, 31)).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
    ]);
  });

  it('in a leap year February has its 29th', () => {
    expect(chain('2028-01-31T06:15:00.000Z', 'monthly', 3, 31)).toEqual([
      '2028-02-29T06:15:00.000Z',
      '2028-03-31T06:15:00.000Z',
      '2028-04-30T06:15:00.000Z',
    ]);
    expect(chain('2028-01-29T06:15:00.000Z', 'monthly', 2, 29)).toEqual(['2028-02-29T06:15:00.000Z', '2028-03-29T06:15:00.000Z']);
  });

  it('the 29th and 30th fall back to 28 February in a common year and come back in March', () => {
    expect(chain('2027-01-29T12:00:00.000Z', 'monthly', 2, 29)).toEqual(['2027-02-28T12:00:00.000Z', '2027-03-29T12:00:00.000Z']);
    expect(chain('2026-01-30T12:00:00.000Z', 'monthly', 3, 30)).toEqual([
      '2026-02-28T12:00:00.000Z',
      '2026-03-30T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
  });

  it('crosses the year: 31 December, 31 January, 28 February', () => {
    expect(chain('2026-11-30T23:59:00.000Z', 'monthly', 3, 31)).toEqual([
      '2026-12-31T23:59:00.000Z',
      '2027-01-31T23:59:00.000Z',
      '2027-02-28T23:59:00.000Z',
    ]);
  });

  it('a day every month has stays put', () => {
    expect(chain('2026-01-15T08:00:00.000Z', 'monthly', 3, 15)).toEqual([
      '2026-02-15T08:00:00.000Z',
      '2026-03-15T08:00:00.000Z',
      '2026-04-15T08:00:00.000Z',
    ]);
  });

  it('without an anchor day (older rows) it takes the day of the slot before', () => {
    expect(chain('2026-01-31T10:00:00.000Z', 'monthly', 3)).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-28T10:00:00.000Z',
      '2026-04-28T10:00:00.000Z',
    ]);
    expect(nextSlot(new Date('2026-03-31T10:00:00.000Z'), 'monthly', null).toISOString()).toBe('2026-04-30T10:00:00.000Z');
  });

  it('does not change the date it is given', () => {
    const from = new Date('2026-01-31T10:00:00.000Z');
    nextSlot(from, 'monthly', 31);
    expect(from.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});

describe('nextSlot: daily and weekly', () => {
  it('daily is the next calendar day at the same UTC time, across month, leap day and year ends', () => {
    expect(chain('2026-02-27T23:30:00.000Z', 'daily', 3)).toEqual([
      '2026-02-28T23:30:00.000Z',
      '2026-03-01T23:30:00.000Z',
      '2026-03-02T23:30:00.000Z',
    ]);
    expect(chain('2028-02-28T05:00:00.000Z', 'daily', 2)).toEqual(['2028-02-29T05:00:00.000Z', '2028-03-01T05:00:00.000Z']);
    expect(chain('2026-12-31T05:00:00.000Z', 'daily', 1)).toEqual(['2027-01-01T05:00:00.000Z']);
  });

  it('weekly is seven days on, across month and year ends', () => {
    expect(chain('2026-02-25T08:00:00.000Z', 'weekly', 2)).toEqual(['2026-03-04T08:00:00.000Z', '2026-03-11T08:00:00.000Z']);
    expect(chain('2026-12-29T08:00:00.000Z', 'weekly', 1)).toEqual(['2027-01-05T08:00:00.000Z']);
  });

  it('ignores an anchor day', () => {
    expect(nextSlot(new Date('2026-01-31T10:00:00.000Z'), 'daily', 15).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(nextSlot(new Date('2026-01-31T10:00:00.000Z'), 'weekly', 15).toISOString()).toBe('2026-02-07T10:00:00.000Z');
  });
});
