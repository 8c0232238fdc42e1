import type { FastifyInstance } from 'fastify';
import { auth, json, TEST_PIN, type TestUser } from './harness.js';
import { UUID } from './fuzz-world-tags.js';
import type { Ok } from './fuzz-world.js';

/** The strings the fuzz's world knows: all of them, and by the key and the catalogue they were found under. */
export type Words = { words: Set<string>; byKey: Map<string, Set<string>>; byUrl: Map<string, Set<string>> };

/** Reads the catalogues as `owner`, for the strings fields are chosen from; the people's own strings are words too. */
export async function readCatalogues(app: FastifyInstance, ok: Ok, owner: TestUser, users: TestUser[]): Promise<Words> {
  // Catalogues: the strings fields are chosen from (categories, places, reasons, loan types,
  // billers, banks), kept by the key they were found under and by the catalogue they came from.
  const words = new Set<string>([...users.flatMap((u) => [u.email, u.phone, u.password]), 'Home', TEST_PIN]);
  const byKey = new Map<string, Set<string>>();
  const byUrl = new Map<string, Set<string>>();
  const harvestWords = (url: string, v: unknown, key = ''): void => {
    if (typeof v === 'string') {
      if (/^(_?id|code|slug|reason|category|\w+Id)$/.test(key) && !UUID.test(v) && v.length <= 60) {
        words.add(v);
        byKey.set(key, (byKey.get(key) ?? new Set()).add(v));
        byUrl.set(url, (byUrl.get(url) ?? new Set()).add(v));
      }
    } else if (Array.isArray(v)) v.forEach((x) => harvestWords(url, x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) harvestWords(url, x, k);
  };
  const catalogues = [
    '/api/ecommerce/api/category',
    '/api/ecommerce/api/shop/states',
    '/api/ecommerce/api/shop/states/lagos',
    '/api/ecommerce/api/shop/get-colours',
    '/api/ecommerce/api/report',
    '/api/connect/post-categories',
    '/api/connect/community-category',
    '/api/connect/posts/all-report-reasons',
    '/api/wallet/e-comm/api/loan/types',
    '/api/wallet/wallet/api/v1/get-banks-category',
    '/api/bills/bills/airtime-providers',
    '/api/bills/bills/data-providers',
    '/api/bills/bills/electricity-providers',
    '/api/bills/bills/tv-providers',
    '/api/bills/bills/betting-providers',
  ];
  const billers: Array<{ billerId: string; billerGroupId: string }> = [];
  for (const url of catalogues) {
    const data = await ok<unknown>(owner, 'GET', url);
    harvestWords(url, data);
    if (url.includes('/bills/') && Array.isArray(data)) billers.push(...(data as typeof billers).slice(0, 2));
  }
  // A few billers' packages (data plans, bouquets, meters), by the providers just read.
  for (const b of billers) {
    for (const route of ['provider-data-plans', 'electricity-provider-packages', 'betting-provider-packages']) {
      const url = `/api/bills/bills/${route}?billerId=${encodeURIComponent(b.billerId)}&billerGroupId=${encodeURIComponent(b.billerGroupId)}`;
      const res = await app.inject({ method: 'GET', url, headers: auth(owner) });
      if (res.statusCode === 200) harvestWords(`/api/bills/bills/${route}`, json(res).data);
    }
  }
  return { words, byKey, byUrl };
}

/** For a route's path: the words for each of its fields. */
export function wordsForRoutes({ byKey, byUrl }: Words, wordList: string[]): (path: string) => (key: string) => string[] {
  /**
   * Words for a field of a route: those found under its name when it names a kind of id
   * (`billerId`), else those of the catalogues its name points to (`categoryId`: the category
   * lists), the ones nearest the route's own path first (a community's `category`: the community
   * categories), else all.
   */
  const stems = (s: string) =>
    s
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3 && !['api', 'get', 'the'].includes(w))
      .map((w) => w.slice(0, 4));
  const wordsFor = (path: string) => {
    const near = stems(path);
    return (key: string): string[] => {
      const exact = byKey.get(key);
      if (exact && /.Id$/.test(key)) return [...exact];
      const mine = stems(key).filter((w) => w !== 'id');
      const hits = [...byUrl].filter(([url]) => stems(url).some((w) => mine.includes(w)));
      if (hits.length === 0) return wordList;
      const score = (url: string) => stems(url).filter((w) => near.includes(w)).length;
      const best = Math.max(...hits.map(([url]) => score(url)));
      return hits.filter(([url]) => score(url) === best).flatMap(([, ws]) => [...ws]);
    };
  };
  return wordsFor;
}
