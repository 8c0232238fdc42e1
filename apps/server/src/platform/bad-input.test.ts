import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling, frameworkErrors } from './http.js';
import { findForbiddenString } from './input-guard.js';
import { signWebhook } from '../services/wallet/index.js';
import {
  auth,
  balancesOf,
  capturedLogs,
  createTestApp,
  historyOf,
  json,
  lastMessage,
  newPhone,
  newUser,
  payer,
  signup,
  TEST_PIN,
  type TestContext,
  type TestUser,
} from '../test/harness.js';

const { lines: logLines, stream: logStream } = capturedLogs();

let t: TestContext;
let u: TestUser;
let echoes = 0;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    routes: (app) => {
      // Any JSON body, no schema: the guard alone stands between it and the handler.
      app.post('/api/test/echo', async (req) => {
        echoes += 1;
        return { status: true, message: 'echo', data: req.body };
      });
      app.get('/api/test/db-fail', async () => {
        await app.db.execute(sql`select ${'secret-token-value'}::int`);
        return { status: true, message: 'unreachable', data: null };
      });
      app.get('/api/test/db-duplicate', async () => {
        await app.db.execute(sql`create table if not exists bad_input_probe (v text unique)`);
        await app.db.execute(sql`insert into bad_input_probe (v) values (${'secret-duplicate-value'}) on conflict do nothing`);
        await app.db.execute(sql`insert into bad_input_probe (v) values (${'secret-duplicate-value'})`);
        return { status: true, message: 'unreachable', data: null };
      });
    },
  });
  u = await payer(t.app, 500_000);
});
afterAll(() => t.close());

const NOT_ALLOWED = 'contains a character that is not allowed';
const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = res.json() as { code: string; message: string; errors: { path: string }[] };
  expect(body.code).toBe('INVALID_CHARACTERS');
  expect(body.message).toBe(`${field} ${NOT_ALLOWED}`);
};

describe('input guard: NUL and lone surrogates are a 400 wherever they appear', () => {
  it('login and reset calls refuse them in the username, nothing reaches the database', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      payload: { username: `${u.email.slice(0, 3)}\u0000${u.email.slice(3)}`, password: u.password },
    });
    expectRefused(login, 'username');
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      payload: { username: u.email, password: `${u.password}\ud800` },
    });
    expectRefused(surrogate, 'password');
    const verifyReset = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/verify-reset-password-otp',
      payload: { username: `a\u0000${u.email}`, otp: '123456' },
    });
    expectRefused(verifyReset, 'username');
    const initReset = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/initiate-password-reset',
      payload: { phoneNumber: `${u.phone}\u0000` },
    });
    expectRefused(initReset, 'phoneNumber');
    const forgot = await t.app.inject({ method: 'POST', url: '/api/user/auth/forgot-password', payload: { email: `\udc00${u.email}` } });
    expectRefused(forgot, 'email');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/reset-password',
      payload: { resetToken: 'abcdefghijkl\u0000', password: 'goodpass2' },
    });
    expectRefused(reset, 'resetToken');
    // The real login still works.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/users/login', payload: { username: u.email, password: u.password } }))
        .statusCode,
    ).toBe(200);
  });

  it('sign-up with a NUL in a name creates no user: the same details sign up cleanly afterwards', async () => {
    const phone = newPhone();
    const email = `guard${Date.now()}@example.ng`;
    const bad = await signup(t.app, { firstName: 'Ng\u0000ozi', email, phoneNumber: phone });
    expectRefused(bad.res, 'firstName');
    const good = await signup(t.app, { email, phoneNumber: phone });
    expect(good.res.statusCode).toBe(201);
  });

  it('a profile bio with a NUL or a lone surrogate is refused and the profile is unchanged', async () => {
    const me = await newUser(t.app);
    const before = (await t.app.inject({ method: 'GET', url: `/api/user/users/${me.id}`, headers: auth(me) })).json() as {
      data: { bio: string | null };
    };
    for (const bio of ['I love\u0000 jollof', 'Half a smile \ud83d', '\udc00 backwards']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/users/edit-profile', headers: auth(me), payload: { bio } });
      expectRefused(res, 'bio');
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/user/users/${me.id}`, headers: auth(me) })).json() as {
      data: { bio: string | null };
    };
    expect(after.data.bio).toBe(before.data.bio);
    // A whole emoji (a surrogate pair) is fine.
    const emoji = await t.app.inject({
      method: 'PUT',
      url: '/api/user/users/edit-profile',
      headers: auth(me),
      payload: { bio: 'Jollof 😋' },
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('a payment narration is refused before anything is previewed or moved', async () => {
    const to = await newUser(t.app);
    const balance = await balancesOf(t.app, u);
    const history = (await historyOf(t.app, u)).pagination.total;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(u),
      payload: { type: 'sendMoney', recipientId: to.id, amount: 10_000, narration: 'rent\u0000' },
    });
    expectRefused(res, 'narration');
    const lone = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(u),
      payload: { type: 'sendMoney', recipientId: to.id, amount: 10_000, narration: 'rent \ud800 money' },
    });
    expectRefused(lone, 'narration');
    expect(await balancesOf(t.app, u)).toEqual(balance);
    expect((await historyOf(t.app, u)).pagination.total).toBe(history);
  });

  it('a savings target name and a locked fund title are refused and nothing is created or locked', async () => {
    const balance = await balancesOf(t.app, u);
    const target = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/savings-target',
      headers: auth(u),
      payload: { name: 'New\u0000car', targetAmount: 100_000, targetDate: '2030-01-01' },
    });
    expectRefused(target, 'name');
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/savings-target',
      headers: auth(u),
      payload: { name: 'New car', targetAmount: 100_000, targetDate: '2030-01-01', autoSave: { amount: 1_000, frequency: 'daily\udbff' } },
    });
    expectRefused(nested, 'autoSave.frequency');
    const targets = await t.app.inject({ method: 'GET', url: '/api/wallet/savings-target', headers: auth(u) });
    expect(json(targets).data).toEqual([]);

    const lock = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/lockedfund',
      headers: auth(u, { transactionPin: TEST_PIN, 'idempotency-key': 'lock-bad-title-1' }),
      payload: { amount: 10_000, durationDays: 30, title: 'School \udc00fees' },
    });
    expectRefused(lock, 'title');
    const funds = await t.app.inject({ method: 'GET', url: '/api/wallet/lockedfund', headers: auth(u) });
    expect(json(funds).data).toEqual([]);
    expect(await balancesOf(t.app, u)).toEqual(balance);
  });

  it('path parameters: a %00 in a reference or label is refused (not a database error)', async () => {
    for (const [url, field] of [
      ['/api/transaction/api/v1/transactions/OWO123%00456', 'path reference'],
      ['/api/wallet/transfer-status/OWO123%00456', 'path reference'],
      ['/api/bills/bills/purchase-status/OWO123%00456', 'path reference'],
      ['/api/bills/beneficiary/mtn%00', 'path label'],
      ['/api/upload/files/2024/01/a%00.png', 'path'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(u) });
      expectRefused(res, field);
    }
  });

  it('path parameters: a lone surrogate sent as %ED%A0%80 (not valid UTF-8) is a 400', async () => {
    for (const url of [
      '/api/transaction/api/v1/transactions/OWO123%ED%A0%80456',
      '/api/bills/beneficiary/mtn%ED%B0%80',
      '/api/wallet/transfer-status/OWO123%ED%A0%80456',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(u) });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('the frameworkErrors handler answers a bad URL in the error envelope', async () => {
    const app = Fastify({ frameworkErrors });
    registerErrorHandling(app);
    app.get('/thing/:id', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/thing/a%ED%A0%80b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'INVALID_CHARACTERS' });
    await app.close();
  });

  it('query strings: a %00 is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/users/filter?query=ad%00a', headers: auth(u) });
    expectRefused(res, 'query query');
    const list = await t.app.inject({ method: 'GET', url: '/api/wallet/lockedfund?page=1%00', headers: auth(u) });
    expectRefused(list, 'query page');
    // A %-escape that is not UTF-8 is not a 500 either.
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/users/filter?query=ad%ED%A0%80a', headers: auth(u) });
    expect(bad.statusCode).toBeLessThan(500);
  });

  it.each([
    [
      'a string in an array in an object in an array',
      { items: [{ name: 'ok' }, { name: 'ok', tags: ['fine', 'bad\u0000'] }] },
      'items.1.tags.1',
    ],
    ['an object key', { meta: { 'k\u0000': 1 } }, 'meta'],
    ['a top-level array', ['a', '\ud800'], '1'],
  ])('a forbidden character in %s is refused before the handler runs', async (_, payload, field) => {
    const before = echoes;
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/test/echo', payload }), field);
    expect(echoes).toBe(before);
  });

  it('a nested body of allowed characters reaches the handler', async () => {
    const before = echoes;
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { items: [{ name: 'Adé 😀' }], n: 1, b: true, z: null },
    });
    expect(fine.statusCode).toBe(200);
    expect(echoes).toBe(before + 1);
  });

  it('a very deeply nested body does not overflow the stack', async () => {
    const depth = 100_000;
    const payload = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
  });

  it('findForbiddenString: the regex finds NUL and lone surrogates only', () => {
    expect(findForbiddenString('plain')).toBeNull();
    expect(findForbiddenString('pair 😀 ok')).toBeNull();
    expect(findForbiddenString('a\u0000')).toBe('');
    expect(findForbiddenString('\ud83d')).toBe('');
    expect(findForbiddenString('\ude00x')).toBe('');
    expect(findForbiddenString('\ude00\ud83d')).toBe('');
    expect(findForbiddenString({ a: [1, { b: Buffer.from([0]) }] })).toBeNull();
    expect(findForbiddenString({ a: [1, { b: 'x\ud800y' }] })).toBe('a.1.b');
  });
});

describe('bank-transfer webhook: text from the bank is cleaned, not refused', () => {
  it('credits once, with NULs removed and lone surrogates replaced', async () => {
    const me = await newUser(t.app);
    const va = (
      json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(me) })).data as { accountNumber: string }
    ).accountNumber;
    const payload = JSON.stringify({
      eventId: `evt-guard-${Date.now()}\u0000`,
      accountNumber: va,
      amount: 250_000,
      senderName: 'Ade\u0000bayo\ud800',
      senderBank: 'First\u0000 Bank',
      reference: 'ref\udc00 1',
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/webhooks/bank-transfer',
        headers: { 'content-type': 'application/json', 'x-owo-signature': signWebhook(t.config.webhookSecret, payload) },
        payload,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send();
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await balancesOf(t.app, me)).walletBalance).toBe(250_000);
    const history = await historyOf(t.app, me, { type: 'funding' });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]!.counterparty.name).toBe('Adebayo\ufffd');
    expect(history.data[0]!.amount).toBe(250_000);
  });
});

describe('dates are between 2000 and 2100', () => {
  it('history filters refuse year 0, year 1 and far-future dates with a clear message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '0001-01-01T00:00:00Z' }, 'from must be between 2000-01-01 and 2100-12-31'],
      [{ from: '0000-01-01T00:00:00Z' }, 'from must be between 2000-01-01 and 2100-12-31'],
      [{ to: '9999-12-31T23:59:59Z' }, 'to must be between 2000-01-01 and 2100-12-31'],
      [{ from: '1999-12-31T23:59:59Z', to: '2024-01-01T00:00:00Z' }, 'from must be between 2000-01-01 and 2100-12-31'],
    ];
    for (const [filter, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/transactions', headers: auth(u), payload: filter });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/transactions',
      headers: auth(u),
      payload: { from: '2000-01-01T00:00:00Z', to: '2100-12-31T23:59:59Z' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('statements refuse year 0 and year 1 and send nothing', async () => {
    const me = await payer(t.app);
    for (const [body, message] of [
      [{ from: '0000-01-01', to: '2024-01-01' }, 'from must be between 2000-01-01 and 2100-12-31'],
      [{ from: '0001-01-01', to: '2024-01-01' }, 'from must be between 2000-01-01 and 2100-12-31'],
      [{ from: '2024-01-01', to: '2101-01-01' }, 'to must be between 2000-01-01 and 2100-12-31'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallet/generate-statement',
        headers: auth(me, { transactionPin: TEST_PIN }),
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await lastMessage(t.app, me.email)).toBe('');
  });

  it('a savings target date past 2100 is refused and nothing is created', async () => {
    const me = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/savings-target',
      headers: auth(me),
      payload: { name: 'Forever', targetAmount: 100_000, targetDate: '9999-12-31' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('targetDate must be between 2000-01-01 and 2100-12-31');
    expect(json(await t.app.inject({ method: 'GET', url: '/api/wallet/savings-target', headers: auth(me) })).data).toEqual([]);
  });
});

describe('database errors', () => {
  it('stay 500 but their log lines carry the query text, not its parameter values', async () => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/db-fail' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toMatchObject({ status: false, code: 'INTERNAL' });
    const log = logLines.join('');
    expect(log).toContain('select $1::int');
    expect(log).toContain('22P02'); // invalid_text_representation: the cause's code is kept
    expect(log).not.toContain('secret-token-value');
    expect(log).not.toContain('params:');
  });

  it("a unique violation logs neither the value nor PostgreSQL's detail", async () => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/db-duplicate' });
    expect(res.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('insert into bad_input_probe');
    expect(log).toContain('23505');
    expect(log).toContain('bad_input_probe_v_key');
    expect(log).not.toContain('secret-duplicate-value');
    expect(log).not.toContain('already exists');
  });
});
