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

describe('ReadCache, stale while revalidating', () => {
  it('serves an answer past half its age at once while one load replaces it', async () => {
    const cache = new ReadCache(400);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(80);
      return `answer ${loads}`;
    };
    expect(await cache.get('k', load)).toBe('answer 1');
    await sleep(160);
    const started = Date.now();
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['answer 1', 'answer 1']);
    // Not waiting for the 80 ms load.
    expect(Date.now() - started).toBeLessThan(60);
    expect(loads).toBe(2);
    await sleep(120);
    expect(await cache.get('k', load)).toBe('answer 2');
    expect(loads).toBe(2);
  });

  it('never serves an answer older than its age: the next caller waits for a new load', async () => {
    const cache = new ReadCache(100);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await sleep(130);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps the answer when a refresh fails, until its age is up', async () => {
    const cache = new ReadCache(200);
    await cache.get('k', async () => 'first');
    await sleep(120);
    expect(await cache.get('k', () => Promise.reject(new Error('busy')))).toBe('first');
    await sleep(10);
    expect(await cache.get('k', async () => 'second')).toBe('first');
    await sleep(20);
    expect(await cache.get('k', async () => 'third')).toBe('second');
  });
});
