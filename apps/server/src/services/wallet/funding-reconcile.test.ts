import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/index.js';
import { auth, balancesOf, createTestApp, GOOD_CARD, historyOf, json, newUser, type TestContext } from '../../test/harness.js';
import type { WalletDeps } from './deps.js';
import { reconcileFunding } from './funding.service.js';

/**
 * A charge whose answer never reaches us (the acquirer took the money, then the connection broke;
 * or the request never reached it): the funding stays pending, and the reconciler settles it by
 * asking the acquirer about its reference.
 */
let t: TestContext;
let deps: WalletDeps;
let mode: 'normal' | 'charged-then-lost' | 'never-received' = 'normal';

beforeAll(async () => {
  t = await createTestApp({
    // The sandbox acquirer, with a connection that can break before or after the charge.
    providers: ({ card: real }) => ({
      card: {
        ...real,
        async charge(p) {
          if (mode === 'never-received') throw new Error('connect ETIMEDOUT');
          const result = await real.charge(p);
          if (mode === 'charged-then-lost') throw new Error('socket hang up');
          return result;
        },
      },
    }),
  });
  deps = { db: t.db, config: t.config, providers: t.providers };
});
afterAll(async () => {
  mode = 'normal';
  expect((await checkLedger(t.db)).ok).toBe(true);
  await t.close();
});

const fund = (u: Awaited<ReturnType<typeof newUser>>, amount: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/fund/card',
    headers: auth(u, key ? { 'idempotency-key': key } : {}),
    payload: { amount, card: GOOD_CARD },
  });

describe('funding whose outcome is unknown', () => {
  it('a charge made but not answered stays pending, then the reconciler credits it once', async () => {
    const u = await newUser(t.app);
    mode = 'charged-then-lost';
    const res = await fund(u, 400_000, 'lost-answer-0001');
    mode = 'normal';
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: 'Funding is processing', data: { amount: 400_000, status: 'pending' } });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
    expect((await historyOf(t.app, u)).data[0]).toMatchObject({ type: 'funding', status: 'pending', amount: 400_000 });

    expect(await reconcileFunding(deps, 0)).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(400_000);
    expect((await historyOf(t.app, u)).data[0]).toMatchObject({ type: 'funding', status: 'successful' });
    // Settled once: another round and the key's replay change nothing.
    await reconcileFunding(deps, 0);
    const replay = await fund(u, 400_000, 'lost-answer-0001');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(400_000);
  });

  it('a charge the acquirer never received is settled as failed by the reconciler, crediting nothing', async () => {
    const u = await newUser(t.app);
    mode = 'never-received';
    const res = await fund(u, 300_000);
    mode = 'normal';
    expect(json(res).data).toMatchObject({ status: 'pending' });
    await reconcileFunding(deps, 0);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
    expect((await historyOf(t.app, u)).data[0]).toMatchObject({
      type: 'funding',
      status: 'failed',
      failureReason: 'The payment did not reach your bank. You were not charged.',
    });
  });

  it('leaves alone what is younger than its threshold', async () => {
    const u = await newUser(t.app);
    mode = 'charged-then-lost';
    await fund(u, 100_000);
    mode = 'normal';
    expect(await reconcileFunding(deps, 60_000)).toBe(0);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
    await reconcileFunding(deps, 0);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(100_000);
  });
});
