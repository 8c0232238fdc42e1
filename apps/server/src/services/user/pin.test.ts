import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerPin } from '../../platform/guards.js';
import { users } from './tables.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  // A stand-in money call guarded like the real ones (bearer + transactionPin).
  t = await createTestApp({
    routes: (app) => app.post('/api/test/pay', bearerPin, async () => ({ status: true, message: 'paid', data: null })),
  });
});
afterAll(() => t.close());

const setPin = (u: TestUser, pin: string, header = pin) =>
  t.app.inject({ method: 'PUT', url: '/api/user/user/users/set-pin', headers: auth(u, { transactionPin: header }), payload: { pin } });
const updatePin = (u: TestUser, headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'PUT', url: `/api/user/user/users/update-pin${query}`, headers: auth(u, headers) });
const pay = (u: TestUser, pin?: string) =>
  t.app.inject({ method: 'POST', url: '/api/test/pay', headers: auth(u, pin === undefined ? {} : { transactionPin: pin }) });
const pinRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /user/users/set-pin', () => {
  it('sets a hashed PIN from body {pin} confirmed by the transactionPin header', async () => {
    const u = await newUser(t.app);
    const res = await setPin(u, '2580');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Transaction PIN set');
    const row = await pinRow(u.id);
    expect(row.pinHash).toMatch(/^\$argon2id\$/);
    expect((await pay(u, '2580')).statusCode).toBe(200);
  });

  it.each([
    ['a confirmation that does not match', '2580', '2581', 'The PINs do not match'],
    ['a PIN too easy to guess', '1234', '1234', 'That PIN is too easy to guess. Choose another.'],
    ['a PIN that is not 4 digits', '12', '12', 'The PIN is 4 digits'],
  ])('refuses %s (400) and sets nothing', async (_, pin, confirm, message) => {
    const u = await newUser(t.app);
    const res = await setPin(u, pin, confirm);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect((await pinRow(u.id)).pinHash).toBeNull();
  });

  it('refuses a second set (409) and keeps the first PIN', async () => {
    const u = await newUser(t.app);
    expect((await setPin(u, '2580')).statusCode).toBe(200);
    expect((await setPin(u, '3691')).statusCode).toBe(409);
    expect((await pay(u, '2580')).statusCode).toBe(200);
  });

  it('refuses a set without a token (401)', async () => {
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/user/user/users/set-pin',
      headers: { transactionPin: '2580' },
      payload: { pin: '2580' },
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('PUT /user/users/update-pin', () => {
  it('takes the old PIN from the oldTransactionPin header and the query, and the new one from transactionPin', async () => {
    const u = await newUser(t.app);
    await setPin(u, '2580');
    const res = await updatePin(u, { transactionPin: '3691', oldTransactionPin: '2580' }, '?oldTransactionPin=2580');
    expect(res.statusCode).toBe(200);
    expect((await pay(u, '3691')).statusCode).toBe(200);
    expect((await pay(u, '2580')).statusCode).toBe(403);
    // Query alone works too.
    expect((await updatePin(u, { transactionPin: '4826' }, '?oldTransactionPin=3691')).statusCode).toBe(200);
  });

  it('refuses a wrong old PIN (403) and counts the try', async () => {
    const u = await newUser(t.app);
    await setPin(u, '2580');
    const wrong = await updatePin(u, { transactionPin: '3691', oldTransactionPin: '1111' });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).message).toBe('Incorrect transaction PIN. 4 attempts left.');
    expect((await pinRow(u.id)).pinFailedAttempts).toBe(1);
    expect((await pay(u, '2580')).statusCode).toBe(200);
  });

  it.each([
    [
      'old PINs that disagree between the header and the query',
      { transactionPin: '3691', oldTransactionPin: '2580' },
      '?oldTransactionPin=2581',
      undefined,
    ],
    ['a missing old PIN', { transactionPin: '3691' }, '', 'Enter your current PIN (header oldTransactionPin)'],
    ['an unchanged PIN', { transactionPin: '2580', oldTransactionPin: '2580' }, '', 'Choose a new PIN different from the current one'],
  ])('refuses %s (400) and keeps the PIN', async (_, headers, query, message) => {
    const u = await newUser(t.app);
    await setPin(u, '2580');
    const res = await updatePin(u, headers, query);
    expect(res.statusCode).toBe(400);
    if (message) expect(json(res).message).toBe(message);
    expect((await pay(u, '2580')).statusCode).toBe(200);
  });
});

describe('transaction PIN guard', () => {
  it('asks for the PIN, and for a PIN to be set first', async () => {
    const u = await newUser(t.app);
    const notSet = await pay(u, '2580');
    expect(notSet.statusCode).toBe(403);
    expect(json(notSet).message).toBe('Set your transaction PIN first');
    await setPin(u, '2580');
    const missing = await pay(u);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe('Enter your transaction PIN (header transactionPin)');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/pay', headers: { transactionPin: '2580' } })).statusCode).toBe(401);
  });

  it('locks PIN use for 30 minutes after five wrong PINs, even for the right PIN, then unlocks', async () => {
    const u = await newUser(t.app);
    await setPin(u, '2580');
    for (let i = 1; i <= 4; i++) {
      const r = await pay(u, '0000');
      expect(r.statusCode).toBe(403);
      expect(json(r).message).toBe(`Incorrect transaction PIN. ${5 - i} ${5 - i === 1 ? 'attempt' : 'attempts'} left.`);
    }
    const fifth = await pay(u, '0000');
    expect(fifth.statusCode).toBe(429);
    expect(json(fifth).message).toBe('Too many wrong PIN attempts. PIN use is locked for 30 minutes.');
    const locked = await pay(u, '2580');
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe('PIN_LOCKED');
    const row = await pinRow(u.id);
    const minutes = (row.pinLockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // Updating the PIN is locked as well.
    expect((await updatePin(u, { transactionPin: '3691', oldTransactionPin: '2580' })).statusCode).toBe(429);

    await t.db
      .update(users)
      .set({ pinLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, u.id));
    expect((await pay(u, '2580')).statusCode).toBe(200);
    expect((await pinRow(u.id)).pinFailedAttempts).toBe(0);
  });

  it('counts concurrent wrong PINs without losing any', async () => {
    const u = await newUser(t.app);
    await setPin(u, '2580');
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(u, '0000')));
    expect(results.every((r) => r.statusCode === 403 || r.statusCode === 429)).toBe(true);
    expect((await pinRow(u.id)).pinFailedAttempts).toBe(5);
    expect((await pay(u, '2580')).statusCode).toBe(429);
  });
});
