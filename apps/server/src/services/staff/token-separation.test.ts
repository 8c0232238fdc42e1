import { randomUUID } from 'node:crypto';
import { apiMap, type ApiEndpointDef } from '@owo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, json, payer, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import { rows } from '../../test/authz-rows.js';
import { firstAdmin, staffAuth, type TestStaff } from './staff-test-kit.js';

// Staff and customers are apart: a customer's token opens no console call, and a staff token no
// customer call, whatever the call. Every call of the API map is tried (the authorization matrix
// holds each console call against each role too: test/authz-rows-staff.ts).

let t: TestContext;
let customer: TestUser;
let admin: TestStaff;

const entries = Object.entries(apiMap as Record<string, ApiEndpointDef>);
/** Calls anyone may make without a token (sign-up, login, the bank's webhook...), as the matrix's rows say. */
const isPublic = (name: string) => rows[name]?.public === true;
const consoleCalls = entries.filter(([name, e]) => e.path.startsWith('/api/staff/') && !isPublic(name));
const customerCalls = entries.filter(([name, e]) => !e.path.startsWith('/api/staff/') && !isPublic(name));
const urlOf = (e: ApiEndpointDef) => e.path.replace(/:\w+/g, () => randomUUID());
const call = (e: ApiEndpointDef, headers: Record<string, string>) =>
  t.app.inject({ method: e.method, url: urlOf(e), headers: { ...headers, ...(e.pin ? { transactionPin: TEST_PIN } : {}) } });

beforeAll(async () => {
  t = await createTestApp();
  customer = await payer(t.app);
  admin = await firstAdmin(t);
});
afterAll(() => t?.close());

describe('the tokens are apart', () => {
  it('the customer and the staff member are both signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/wallet-balances', headers: auth(customer) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: staffAuth(admin) })).statusCode).toBe(200);
  });

  it.each(consoleCalls)('%s refuses a customer token', async (_name, e) => {
    const res = await call(e, auth(customer));
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('STAFF_SESSION_INVALID');
  });

  it.each(customerCalls)('%s refuses a staff token', async (_name, e) => {
    const res = await call(e, staffAuth(admin));
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('SESSION_INVALID');
  });
});
