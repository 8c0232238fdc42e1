import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { executeRows } from '../platform/db.js';
import { sql } from 'drizzle-orm';
import type { Supply } from './fuzz-arbitraries.js';
import { auth, mustCall, json, payer, TEST_PIN, type TestContext, type TestUser } from './harness.js';
import { uploadPng } from './upload-fixture.js';
import { seedThings } from './fuzz-world-things.js';
import { tagOfKey, tagOfPath, UUID, type Tag } from './fuzz-world-tags.js';
import { readCatalogues, wordsForRoutes } from './fuzz-world-words.js';

/**
 * The world the API fuzz (fuzz.test.ts) sends its requests into: a few people with tokens, PINs
 * and money, and something of every area, so that generated requests reach real resources: posts,
 * a draft, comments, a public and a private community with a join request and an invite, a story
 * and a highlight, a saved collection, chats, a shop with products, a cart, an address, orders,
 * a wishlist, a payment, a savings target, a locked fund and a saved card.
 *
 * Ids are kept by kind (`Tag`); a field or path parameter takes an id of the kind its name or path
 * suggests (`tagOfKey`, `tagOfPath`), sometimes any id the world knows, sometimes a random one.
 *
 * The parts: fuzz-world-tags.ts (the kinds of id), fuzz-world-words.ts (the catalogues' strings),
 * fuzz-world-things.ts (what the world's people make).
 */

export type { Tag } from './fuzz-world-tags.js';
export { tagOfKey, tagOfPath } from './fuzz-world-tags.js';

/** One of a pool's current values: pools grow as the fuzz creates things, and draws see the growth. */
const fromPool = (pool: string[]) => fc.nat().map((i) => pool[i % pool.length]!);

export type World = {
  users: TestUser[];
  /** Each user's PIN (the harness's TEST_PIN). */
  pin: string;
  ids: Map<Tag, string[]>;
  /** Every id the world knows, of any kind. */
  allIds: string[];
  words: string[];
  urls: string[];
  /** Values for a route's fields: `:id` in `path` takes the kind of id the path suggests. */
  supply: (path: string) => Supply;
  /** Keeps the ids a successful answer names, so later requests can reach what the fuzz made. */
  harvest: (path: string, data: unknown) => void;
  /**
   * Puts a user's password, PIN and its tries back as they were, and logs in again if the token no
   * longer works: for after a call that may have changed them (the user service's own calls, a
   * wrong PIN). Otherwise a fuzzed PIN change or logout would lock the rest of the run out.
   */
  repair: (u: TestUser) => Promise<void>;
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call that must succeed (2xx): its data. */
export type Ok = <T = Record<string, unknown>>(
  u: TestUser,
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

export async function buildWorld(t: TestContext): Promise<World> {
  const app: FastifyInstance = t.app;
  const ok: Ok = (u, method, url, payload, headers) => mustCall(app, u, method, url, payload, headers);
  const pin = { transactionPin: TEST_PIN };

  const ids = new Map<Tag, string[]>();
  const allIds: string[] = [];
  const add = (tag: Tag, ...values: Array<string | undefined>) => {
    for (const v of values) {
      if (!v) continue;
      const pool = ids.get(tag) ?? [];
      if (!pool.includes(v)) pool.push(v);
      ids.set(tag, pool);
      if (UUID.test(v) && !allIds.includes(v)) allIds.push(v);
    }
  };

  // People: the owner of most things, a shopper and member, a would-be member, a stranger.
  const [owner, shopper, member, stranger] = await Promise.all([1, 2, 3, 4].map(() => payer(app, 50_000_000, { kycTier: '3' })));
  const users = [owner!, shopper!, member!, stranger!];
  add('user', ...users.map((u) => u.id));
  const urls: string[] = [];
  for (const u of users) urls.push((await uploadPng(app, u)).url);

  const { words, byKey, byUrl } = await readCatalogues(app, ok, owner!, users);
  await seedThings({ ok, pin, add, users, urls, words });

  // Each user's credentials as set up, to put back after a fuzzed call changes them.
  const saved = new Map<string, { password_hash: string; pin_hash: string | null }>();
  for (const u of users) {
    const [row] = await executeRows<{ password_hash: string; pin_hash: string | null }>(
      t.db,
      sql`SELECT password_hash, pin_hash FROM users WHERE id = ${u.id}`,
    );
    saved.set(u.id, row!);
  }

  const uuidFor = (path: string) => (key: string) => {
    const tag = key === 'id' ? tagOfPath(path) : tagOfKey(key);
    const pool = tag ? ids.get(tag) : undefined;
    return fc.oneof(
      { weight: pool ? 12 : 0, arbitrary: fromPool(pool ?? ['']) },
      { weight: 4, arbitrary: fromPool(allIds) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff') },
    );
  };
  const wordList = [...words];
  const wordsFor = wordsForRoutes({ words, byKey, byUrl }, wordList);

  return {
    users,
    pin: TEST_PIN,
    ids,
    allIds,
    words: wordList,
    urls,
    supply: (path) => ({
      uuid: uuidFor(path),
      words: wordsFor(path),
      known: (key) => {
        const tag = tagOfKey(key);
        return (tag && ids.get(tag)) || [];
      },
      urls,
    }),
    harvest: (path, data) => {
      const items = Array.isArray(data) ? data : [data];
      const tag = tagOfPath(`${path.replace(/\/:\w+$/, '')}/:id`);
      for (const item of items.slice(0, 5)) {
        if (!item || typeof item !== 'object') continue;
        const rec = item as Record<string, unknown>;
        const id = rec._id ?? rec.id;
        if (typeof id === 'string' && UUID.test(id) && tag) add(tag, id);
        if (typeof rec.reference === 'string') add('reference', rec.reference);
      }
    },
    repair: async (u) => {
      const keep = saved.get(u.id)!;
      await t.db.execute(
        sql`UPDATE users SET password_hash = ${keep.password_hash}, pin_hash = ${keep.pin_hash}, pin_failed_attempts = 0, pin_locked_until = NULL WHERE id = ${u.id}`,
      );
      const probe = await app.inject({ method: 'GET', url: '/api/wallet/wallet-balances', headers: auth(u) });
      if (probe.statusCode !== 401) return;
      const l = await app.inject({ method: 'POST', url: '/api/user/users/login', payload: { username: u.email, password: u.password } });
      if (l.statusCode !== 200) throw new Error(`world: login again failed: ${l.body}`);
      u.token = (json(l).data as { accessToken: string }).accessToken;
    },
  };
}
