import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEY, PERSIST_MAX_AGE_MS, isPersistedKey, persistableData, restorePersisted, startPersisting } from './persist';

const row = (reference: string, token: string | null = null) => ({
  reference,
  amount: 500,
  token,
  counterparty: { id: null, name: 'Ikeja Electric' },
});
const saved = () =>
  JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null') as {
    userId: string;
    queries: { key: unknown[]; data: unknown; updatedAt: number }[];
  } | null;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('which queries are kept offline', () => {
  it('keeps profile, balances, recent and unfiltered history only', () => {
    expect(isPersistedKey(['user', 'u1'])).toBe(true);
    expect(isPersistedKey(['wallet', 'balances'])).toBe(true);
    expect(isPersistedKey(['transactions', 'recent', 5])).toBe(true);
    expect(isPersistedKey(['transactions', 'list', {}])).toBe(true);

    expect(isPersistedKey(['transactions', 'list', { type: 'airtime' }])).toBe(false);
    expect(isPersistedKey(['wallet', 'cards'])).toBe(false);
    expect(isPersistedKey(['wallet', 'virtual-account'])).toBe(false);
    expect(isPersistedKey(['wallet', 'spending-limit'])).toBe(false);
    expect(isPersistedKey(['banks'])).toBe(false);
    expect(isPersistedKey(['user', null])).toBe(false);
    expect(isPersistedKey(['user', 'u1', 'extra'])).toBe(false);
    expect(isPersistedKey(['people', 'ada'])).toBe(false);
  });

  it('blanks vend tokens out of history and keeps only the first page of a list', () => {
    expect(persistableData(['transactions', 'recent', 5], [row('a', '1234-5678')])).toEqual([row('a', null)]);
    const list = {
      pages: [
        { items: [row('a', '9999')], next: 2, total: 40 },
        { items: [row('b')], next: null, total: 40 },
      ],
      pageParams: [1, 2],
    };
    expect(persistableData(['transactions', 'list', {}], list)).toEqual({
      pages: [{ items: [row('a', null)], next: 2, total: 40 }],
      pageParams: [1],
    });
    const balances = { walletBalance: 1, savingsBalance: 2, lockedBalance: 3, businessWalletBalance: 4 };
    expect(persistableData(['wallet', 'balances'], balances)).toBe(balances);
  });
});

describe('saving and restoring', () => {
  it('saves allowed queries with their fetch time, for the signed-in person only', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const p = startPersisting(client, () => 'u1', 50);
    client.setQueryData(['wallet', 'balances'], { walletBalance: 5_000_000 }, { updatedAt: 1_700_000_000_000 });
    client.setQueryData(['wallet', 'cards'], [{ last4: '4081' }]);
    client.setQueryData(['transactions', 'list', { type: 'airtime' }], { pages: [], pageParams: [] });
    await vi.advanceTimersByTimeAsync(60);
    expect(saved()).toEqual({
      v: 1,
      userId: 'u1',
      queries: [{ key: ['wallet', 'balances'], data: { walletBalance: 5_000_000 }, updatedAt: 1_700_000_000_000 }],
    });
    expect(localStorage.getItem(PERSIST_KEY)).not.toContain('4081');
    p.stop();
  });

  it('writes nothing while no one is signed in, and drops everything on clear (sign-out)', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    let userId: string | null = null;
    const p = startPersisting(client, () => userId, 10);
    client.setQueryData(['wallet', 'balances'], { walletBalance: 1 });
    await vi.advanceTimersByTimeAsync(20);
    expect(saved()).toBeNull();
    userId = 'u1';
    client.setQueryData(['wallet', 'balances'], { walletBalance: 2 });
    await vi.advanceTimersByTimeAsync(20);
    expect(saved()?.userId).toBe('u1');
    p.clear();
    expect(saved()).toBeNull();
    p.stop();
  });

  it('keeps an entry when its query is garbage-collected from memory', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 5 } } });
    const p = startPersisting(client, () => 'u1', 10);
    client.setQueryData(['transactions', 'recent', 5], [row('a')]);
    await vi.advanceTimersByTimeAsync(20);
    expect(client.getQueryData(['transactions', 'recent', 5])).toBeUndefined();
    client.setQueryData(['wallet', 'balances'], { walletBalance: 3 });
    await vi.advanceTimersByTimeAsync(20);
    expect(saved()?.queries.map((q) => q.key)).toEqual([
      ['transactions', 'recent', 5],
      ['wallet', 'balances'],
    ]);
    p.stop();
  });

  it("restores the owner's data with its original time, and drops another person's copy", () => {
    const now = Date.now();
    const snap = {
      v: 1,
      userId: 'u1',
      queries: [
        { key: ['user', 'u1'], data: { firstName: 'Adaeze' }, updatedAt: now - 60_000 },
        { key: ['wallet', 'balances'], data: { walletBalance: 9 }, updatedAt: now - 120_000 },
        { key: ['wallet', 'cards'], data: [{ last4: '4081' }], updatedAt: now },
        { key: ['transactions', 'recent', 5], data: [], updatedAt: now - PERSIST_MAX_AGE_MS - 1 },
      ],
    };
    localStorage.setItem(PERSIST_KEY, JSON.stringify(snap));
    const mine = new QueryClient();
    expect(restorePersisted(mine, 'u1', now)).toBe(2);
    expect(mine.getQueryData(['user', 'u1'])).toEqual({ firstName: 'Adaeze' });
    expect(mine.getQueryState(['wallet', 'balances'])?.dataUpdatedAt).toBe(now - 120_000);
    expect(mine.getQueryData(['wallet', 'cards'])).toBeUndefined();
    expect(mine.getQueryData(['transactions', 'recent', 5])).toBeUndefined();

    const theirs = new QueryClient();
    expect(restorePersisted(theirs, 'u2', now)).toBe(0);
    expect(theirs.getQueryData(['wallet', 'balances'])).toBeUndefined();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('ignores a broken saved copy', () => {
    localStorage.setItem(PERSIST_KEY, '{not json');
    expect(restorePersisted(new QueryClient(), 'u1')).toBe(0);
  });
});
