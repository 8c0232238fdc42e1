import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ReadCache', () => {
  it('loads a key once for callers who ask while it loads and within its time', async () => {
    const cache = new ReadCache(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(20);
      return 'ranked';
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual(['ranked', 'ranked', 'ranked']);
    expect(await cache.get('k', load)).toBe('ranked');
    expect(loads).toBe(1);
  });

  it('loads again once its time has passed', async () => {
    const cache = new ReadCache(30);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await sleep(60);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps no failed load', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(await cache.get('k', async () => 'second try')).toBe('second try');
  });

  it('loads every time when its time is 0', async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });
});
