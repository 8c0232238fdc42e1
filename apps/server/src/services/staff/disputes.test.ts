import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/index.js';
import { executeRows } from '../../platform/db.js';
import { balancesOf, createTestApp, json, type TestContext } from '../../test/harness.js';
import { disputeKit } from './dispute-test-kit.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let support: TestStaff;
let finance: TestStaff;
const { disputedOrder, confirm } = disputeKit(() => t);

const staffPost = (s: TestStaff, url: string, payload?: object, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff${url}`,
    headers: staffAuth(s, { 'idempotency-key': key }),
    ...(payload ? { payload } : {}),
  });
const staffGet = (s: TestStaff, url: string) => t.app.inject({ method: 'GET', url: `/api/staff${url}`, headers: staffAuth(s) });

const decide = async (orderId: string, body: object) => {
  const res = await staffPost(support, `/disputes/${orderId}/decision`, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { id: string; status: string };
};
const business = async (u: Parameters<typeof balancesOf>[1]) => (await balancesOf(t.app, u)).businessWalletBalance;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  support = await staffMember(t, admin, 'support', 'Sade Support');
  finance = await staffMember(t, admin, 'finance', 'Femi Finance');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  await t?.close();
});

describe('disputes', () => {
  it("lists an open dispute with the shopper's reason, the order's items and its timeline", async () => {
    const { order } = await disputedOrder();
    const res = await staffGet(support, `/disputes/${order.id}`);
    expect(res.statusCode).toBe(200);
    const d = json(res).data as { messages: { from: string; text: string }[]; timeline: { status: string }[]; items: unknown[] };
    expect(d.messages[0]).toMatchObject({ from: 'shopper', text: 'The bag was torn and half the rice is gone' });
    expect(d.timeline.map((e) => e.status)).toEqual(['paid', 'accepted', 'shipped', 'disputed']);
    expect(d.items).toHaveLength(1);
  });

  it('a decision moves nothing until finance approves it', async () => {
    const { order, shopper: s } = await disputedOrder();
    const before = (await balancesOf(t.app, s)).walletBalance;
    const r = await decide(order.id, { decision: 'refund', reason: 'The seller sent a torn bag' });
    expect(r.status).toBe('pending');
    expect((await balancesOf(t.app, s)).walletBalance).toBe(before);
  });

  it("an approved refund returns the escrow to the shopper's wallet and marks the order refunded", async () => {
    const { order, shopper: s } = await disputedOrder();
    const before = (await balancesOf(t.app, s)).walletBalance;
    const r = await decide(order.id, { decision: 'refund', reason: 'The seller sent a torn bag' });
    const res = await staffPost(finance, `/money-requests/${r.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await balancesOf(t.app, s)).walletBalance).toBe(before + order.total);
    const d = json(await staffGet(support, `/disputes/${order.id}`)).data as { status: string };
    expect(d.status).toBe('refunded');
  });

  it('an approved split shares the escrow: the shopper gets their part, the seller theirs less its commission', async () => {
    const { order, shopper: s, seller } = await disputedOrder();
    const before = (await balancesOf(t.app, s)).walletBalance;
    const sellerBefore = await business(seller);
    const half = Math.floor(order.total / 2);
    const r = await decide(order.id, { decision: 'split', shopperAmount: half, sellerAmount: order.total - half, reason: 'Half arrived' });
    expect((await staffPost(finance, `/money-requests/${r.id}/approve`)).statusCode).toBe(200);
    expect((await balancesOf(t.app, s)).walletBalance).toBe(before + half);
    const commission = Math.floor((order.commission * (order.total - half)) / order.total);
    expect((await business(seller)) - sellerBefore).toBe(order.total - half - commission);
  });

  it('both people are told of the settlement', async () => {
    const { order, shopper: s, seller } = await disputedOrder();
    const r = await decide(order.id, { decision: 'release', reason: 'The tracking shows it was delivered whole' });
    await staffPost(finance, `/money-requests/${r.id}/approve`);
    const told = await executeRows<{ user_id: string; body: string }>(
      t.db,
      sql`SELECT user_id, body FROM notices WHERE link = ${`/shop/orders/${order.id}`} AND kind = 'order.completed'`,
    );
    expect(told.map((n) => n.user_id).sort()).toEqual([s.id, seller.id].sort());
    expect(told[0]!.body).toContain('The tracking shows it was delivered whole');
  });

  it('a split whose shares do not add up to the escrow answers 422 and asks for nothing', async () => {
    const { order } = await disputedOrder();
    const res = await staffPost(support, `/disputes/${order.id}/decision`, {
      decision: 'split',
      shopperAmount: 100,
      sellerAmount: 100,
      reason: 'Half arrived',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'SPLIT_MISMATCH' });
    const n = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM staff_money_requests WHERE target_reference = ${order.reference}`,
    );
    expect(n[0]!.n).toBe(0);
  });

  it('a second decision while one waits for approval answers 409', async () => {
    const { order } = await disputedOrder();
    await decide(order.id, { decision: 'refund', reason: 'The seller sent a torn bag' });
    const res = await staffPost(support, `/disputes/${order.id}/decision`, { decision: 'release', reason: 'Changed my mind' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'DECISION_PENDING' });
  });

  it('approving a decision after the shopper closed the dispute answers 409 and moves nothing', async () => {
    const { order, shopper: s } = await disputedOrder();
    const r = await decide(order.id, { decision: 'refund', reason: 'The seller sent a torn bag' });
    await confirm(s, order.id);
    const before = (await balancesOf(t.app, s)).walletBalance;
    const res = await staffPost(finance, `/money-requests/${r.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'ORDER_NOT_DISPUTED' });
    expect((await balancesOf(t.app, s)).walletBalance).toBe(before);
  });

  it('the support person who asked cannot approve the decision', async () => {
    const { order } = await disputedOrder();
    const r = await decide(order.id, { decision: 'refund', reason: 'The seller sent a torn bag' });
    const res = await staffPost(support, `/money-requests/${r.id}/approve`);
    expect(res.statusCode).toBe(403);
  });

  it('the open disputes are listed', async () => {
    const { order } = await disputedOrder();
    const res = await staffGet(support, '/disputes?limit=100');
    expect(res.statusCode).toBe(200);
    expect((json(res).data as { orderId: string }[]).map((d) => d.orderId)).toContain(order.id);
  });
});
