import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from './ledger/index.js';
import { DEMO_OPENING_BALANCE, DEMO_PASSWORD, DEMO_PIN, DEMO_USERS, seedDemo } from './seed.js';
import { auth, balancesOf, createTestApp, historyOf, json, type TestContext, type TestUser } from './test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('seeds once: verified people with a password, a PIN and an opening balance through the ledger', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      payload: { username: DEMO_USERS[0].phoneNumber, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { id, accessToken } = json(login).data as { id: string; accessToken: string };
    const ada = { id, token: accessToken } as TestUser;
    expect((await balancesOf(t.app, ada)).walletBalance).toBe(Number(DEMO_OPENING_BALANCE));
    expect((await historyOf(t.app, ada)).data[0]).toMatchObject({
      type: 'funding',
      direction: 'credit',
      amount: Number(DEMO_OPENING_BALANCE),
    });
    // The PIN works for a payment.
    const tunde = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/users/login',
        payload: { username: DEMO_USERS[1].email, password: DEMO_PASSWORD },
      })
    ).json() as { data: { id: string } };
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(ada),
      payload: { type: 'sendMoney', recipientId: tunde.data.id, amount: 10_000 },
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/complete',
      headers: auth(ada, { transactionPin: DEMO_PIN }),
      payload: { reference: (json(p).data as { reference: string }).reference },
    });
    expect(done.statusCode).toBe(200);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});
