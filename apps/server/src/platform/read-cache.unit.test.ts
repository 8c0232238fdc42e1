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
  it('serves an answer past its fresh time at once while one load replaces it', async () => {
    const cache = new ReadCache(400);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(80);
      return `answer ${loads}`;
    };
    expect(await cache.get('k', load)).toBe('answer 1');
    await sleep(250); // past 80% of its age (from when its load started)
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
    await sleep(165);
    expect(await cache.get('k', () => Promise.reject(new Error('busy')))).toBe('first');
    await sleep(10);
    expect(await cache.get('k', async () => 'second')).toBe('first');
    await sleep(20);
    expect(await cache.get('k', async () => 'third')).toBe('second');
  });
});

describe('ReadCache, background loads', () => {
  it('runs at most two at once: the others are served stale and tried again by a later caller', async () => {
    const cache = new ReadCache(2000);
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      await sleep(60);
      return v;
    };
    await Promise.all(['a', 'b', 'c'].map((k) => cache.get(k, load(`${k}1`))));
    await sleep(1650); // past 80% of their age
    expect(await Promise.all(['a', 'b', 'c'].map((k) => cache.get(k, load(`${k}2`))))).toEqual(['a1', 'b1', 'c1']);
    expect(loads).toBe(5);
    await sleep(80);
    expect(await cache.get('c', load('c3'))).toBe('c1'); // its turn now: loaded in the background
    expect(loads).toBe(6);
    await sleep(80);
    expect(await Promise.all(['a', 'b', 'c'].map((k) => cache.get(k, load('x'))))).toEqual(['a2', 'b2', 'c3']);
  });
});

describe('ReadCache, touched by a change', () => {
  it('loads again the answers that depend on a changed tag, and those that named none, serving the old one meanwhile', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const get = (key: string, tags?: string[]) => cache.get(key, async () => `${key} ${++loads}`, tags && (() => tags));
    await get('phone', ['phone', 'handset']);
    await get('shoe', ['shoe']);
    await get('suggest');
    cache.invalidate(['handset', 'tv']);
    expect(await get('phone', ['phone', 'handset'])).toBe('phone 1'); // served while it loads again
    expect(await get('suggest')).toBe('suggest 3');
    await sleep(5);
    expect(await get('phone', ['phone', 'handset'])).toBe('phone 4');
    expect(await get('suggest')).toBe('suggest 5');
    expect(await get('shoe', ['shoe'])).toBe('shoe 2');
    cache.invalidate('*');
    await get('shoe', ['shoe']);
    await sleep(5);
    expect(await get('shoe', ['shoe'])).toBe('shoe 6');
    expect(loads).toBe(6);
  });

  it('serves a touched answer for a moment only: then callers wait for its new load', async () => {
    const cache = new ReadCache(60_000, 100, 50);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(120);
      return `answer ${loads}`;
    };
    await cache.get('k', load, () => ['phone']);
    cache.invalidate(['phone']);
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 1');
    await sleep(60);
    const started = Date.now();
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 2');
    expect(Date.now() - started).toBeGreaterThan(20);
    expect(loads).toBe(2);
  });

  it('does not keep an answer whose load raced a change to its tags', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(30);
      return `answer ${loads}`;
    };
    const first = cache.get('k', load, () => ['phone']);
    cache.invalidate(['phone']);
    expect(await first).toBe('answer 1');
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 2');
    // A change to other tags during a load does not stop it being kept.
    const third = cache.get('j', load, () => ['shoe']);
    cache.invalidate(['phone']);
    expect(await third).toBe('answer 3');
    expect(await cache.get('j', load, () => ['shoe'])).toBe('answer 3');
  });

  it('does not keep a reload that raced a change to its tags', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(40);
      return `answer ${loads}`;
    };
    await cache.get('k', load, () => ['phone']);
    cache.invalidate(['phone']);
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 1'); // reload 2 starts
    cache.invalidate(['phone']); // while reload 2 runs
    await sleep(60);
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 1'); // 2 was not kept; reload 3 starts
    await sleep(60);
    expect(await cache.get('k', load, () => ['phone'])).toBe('answer 3');
  });
});

describe('ReadCache, brought up to date', () => {
  it('updates a touched answer from the items the changes said, instead of loading it afresh', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const seen: string[][] = [];
    const load = async () => `full ${++loads}`;
    const update = async (kept: string, items: ReadonlySet<string>) => {
      seen.push([...items].sort());
      return `${kept} + ${[...items].sort().join(',')}`;
    };
    const get = () => cache.get('k', load, () => ['phone'], update);
    expect(await get()).toBe('full 1');
    cache.invalidate(['phone'], ['shop-a']);
    cache.invalidate(['phone'], ['shop-b']); // before the next caller: both are told at once
    cache.invalidate(['shoe'], ['shop-c']); // another word: not this answer's change
    expect(await get()).toBe('full 1'); // served while it is brought up to date
    await sleep(5);
    expect(await get()).toBe('full 1 + shop-a,shop-b');
    expect(seen).toEqual([['shop-a', 'shop-b']]);
    expect(loads).toBe(1);
  });

  it('loads afresh when a change did not say what changed, or the update cannot', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    let can = true;
    const load = async () => `full ${++loads}`;
    const update = async (kept: string) => (can ? `${kept} updated` : null);
    const get = () => cache.get('k', load, () => ['phone'], update);
    await get();
    cache.invalidate(['phone'], ['shop-a']);
    cache.invalidate(['phone']); // said nothing of its items
    await get();
    await sleep(5);
    expect(await get()).toBe('full 2');
    can = false;
    cache.invalidate(['phone'], ['shop-a']);
    await get();
    await sleep(5);
    expect(await get()).toBe('full 3');
  });

  it('keeps an update that raced a change, and brings it up to date with that change next', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const told: string[][] = [];
    const load = async () => `full ${++loads}`;
    const update = async (kept: string, items: ReadonlySet<string>) => {
      told.push([...items]);
      await sleep(30);
      return `${kept}+${[...items].join(',')}`;
    };
    const get = () => cache.get('k', load, () => ['phone'], update);
    await get();
    cache.invalidate(['phone'], ['shop-a']);
    await get(); // the update for shop-a starts
    await sleep(5);
    cache.invalidate(['phone'], ['shop-b']); // while it runs
    await sleep(40);
    expect(await get()).toBe('full 1+shop-a'); // kept, though raced; the update for shop-b starts
    await sleep(40);
    expect(await get()).toBe('full 1+shop-a+shop-b');
    expect(told).toEqual([['shop-a'], ['shop-b']]);
    expect(loads).toBe(1);
    // Without items the raced answer is not kept: it is loaded afresh.
    cache.invalidate(['phone'], ['shop-c']);
    await get();
    await sleep(5);
    cache.invalidate(['phone']);
    await sleep(40);
    await get();
    await sleep(5);
    expect(await get()).toBe('full 2');
  });

  it('keeps the age of the answer it updates, so it still falls due and is loaded afresh in time', async () => {
    const cache = new ReadCache(100);
    let loads = 0;
    const load = async () => `full ${++loads}`;
    const update = async (kept: string) => `${kept} updated`;
    const get = () => cache.get('k', load, () => ['phone'], update);
    await get();
    await sleep(30);
    cache.invalidate(['phone'], ['shop-a']);
    await get();
    await sleep(5);
    expect(await get()).toBe('full 1 updated');
    await sleep(90); // past the first load's age, not the update's
    expect(await get()).toBe('full 2');
  });
});
