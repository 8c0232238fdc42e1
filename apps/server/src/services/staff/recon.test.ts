import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lagosDay, RECON_SOURCES, type ReconItem, type ReconRun } from '@owo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  balancesOf,
  closeCheckingLedger,
  createTestApp,
  GOOD_CARD,
  historyOf,
  json,
  payer,
  payWithPin,
  type TestContext,
  type TestUser,
} from '../../test/harness.js';
import { instanceOf } from '../../platform/instance.js';
import { reconcileYesterday } from './recon.service.js';
import { staffAuth, staffMember, staffOfEveryRole, type TestStaff } from './staff-test-kit.js';
import { reconItems, reconRuns, staffMoneyRequests } from './tables.js';

// Reconciliation against a local stand-in of a provider's settlement service (the HTTP adapter,
// SETTLEMENT_URL): real payments made today through the calls, and the stand-in's report of them
// seeded with the mismatches a real day brings (a charge the ledger never got, a payout the bank
// reversed, a bill vend the vendor never reported, an inbound transfer for more than was credited).

type Line = { reference: string; providerRef?: string | null; amount: number; status: string; accountNumber?: string | null };
const reports = new Map<string, Line[] | 'malformed'>();
let standIn: Server;
let t: TestContext;
let finance: TestStaff;
let finance2: TestStaff;
let staffOf: Awaited<ReturnType<typeof staffOfEveryRole>>;
const today = lagosDay();
const asked: string[] = [];

beforeAll(async () => {
  standIn = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    asked.push(`${req.headers.authorization} ${url.pathname}?${url.searchParams}`);
    const source = url.pathname.split('/').pop()!;
    const report = reports.get(`${source} ${url.searchParams.get('date')}`);
    if (report === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(report === 'malformed' ? '{"lines":[{"reference":""}]}' : JSON.stringify({ lines: report }));
  });
  await new Promise<void>((ok) => standIn.listen(0, '127.0.0.1', ok));
  const { port } = standIn.address() as AddressInfo;
  t = await createTestApp({ env: { SETTLEMENT_URL: `http://127.0.0.1:${port}/v1/`, SETTLEMENT_API_KEY: 'stand-in-key', RECON_HOUR: '6' } });
  staffOf = await staffOfEveryRole(t);
  finance = staffOf.finance;
  finance2 = await staffMember(t, staffOf.admin, 'finance', 'Femi Finance');
});
afterAll(async () => {
  await closeCheckingLedger(t);
  standIn.close();
});

const staffPost = (s: TestStaff, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff${url}`,
    headers: staffAuth(s, key ? { 'idempotency-key': key } : {}),
    payload,
  });
const staffGet = (s: TestStaff, url: string) => t.app.inject({ method: 'GET', url: `/api/staff${url}`, headers: staffAuth(s) });
const runDay = (day = today, s = finance) => staffPost(s, '/reconciliation', { day });
const items = async (query = `day=${today}`) =>
  json(await staffGet(finance, `/reconciliation/items?limit=100&${query}`)).data as ReconItem[];
const itemOf = async (reference: string) => (await items()).find((i) => i.reference === reference)!;
const resolve = (id: string, action: string, reason = 'Checked with the provider', s = finance, key?: string) =>
  staffPost(s, `/reconciliation/items/${id}/resolve`, { action, reason }, key);

/** A bank payout through the wallet's initiate and complete. */
const payout = (u: TestUser, amount: number) =>
  payWithPin(t.app, u, { bankCode: '058', accountNumber: '0123456789', amount, narration: 'Rent' }, '/api/wallet');

async function cardFunding(u: TestUser, amount: number, number = GOOD_CARD.number): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/wallet/fund/card',
    headers: auth(u),
    payload: { amount, card: { ...GOOD_CARD, number } },
  });
  return (await historyOf(t.app, u, { type: 'funding' })).data[0]!.reference as string;
}

const airtime = (u: TestUser) =>
  payWithPin(t.app, u, {
    type: 'airtime',
    billerId: 'mtn-airtime',
    billerGroupId: 'airtime',
    customerNumber: '08034445566',
    amount: 10_000,
  });

describe('a day matched with the providers’ reports', () => {
  let ada: TestUser;
  let bola: TestUser;
  const refs = {} as Record<'topUp' | 'cardOk' | 'cardDeclined' | 'payoutOk' | 'payoutReversed' | 'bill' | 'inbound', string>;
  let accountNumber: string;

  beforeAll(async () => {
    ada = await payer(t.app, 1_000_000);
    bola = await payer(t.app, 0);
    // The factory's top-up of Ada's wallet is a card charge too.
    refs.topUp = (await historyOf(t.app, ada, { type: 'funding' })).data[0]!.reference as string;
    refs.cardOk = await cardFunding(ada, 250_000);
    refs.cardDeclined = await cardFunding(bola, 40_000, '4084080000000409');
    refs.payoutOk = await payout(ada, 100_000);
    refs.payoutReversed = await payout(ada, 60_000);
    refs.bill = await airtime(ada);
    accountNumber = (
      json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(bola) })).data as { accountNumber: string }
    ).accountNumber;
    await t.app.inject({ method: 'POST', url: '/api/wallet/dev/simulate-bank-transfer', headers: auth(bola), payload: { amount: 10_000 } });
    refs.inbound = (await historyOf(t.app, bola, { type: 'funding' })).data.find((h) => String(h.reference).startsWith('VA'))!
      .reference as string;

    reports.set(`card ${today}`, [
      { reference: refs.topUp, amount: 1_000_000, status: 'successful' },
      { reference: refs.cardOk, providerRef: 'PSK-1', amount: 250_000, status: 'successful' },
      // The acquirer says it took Bola's money though our call saw a decline.
      { reference: refs.cardDeclined, providerRef: 'PSK-2', amount: 40_000, status: 'successful' },
    ]);
    reports.set(`payout ${today}`, [
      { reference: refs.payoutOk, amount: 100_000, status: 'successful' },
      { reference: refs.payoutReversed, amount: 60_000, status: 'reversed' },
    ]);
    reports.set(`bill ${today}`, []);
    reports.set(`inbound ${today}`, [{ reference: refs.inbound, amount: 12_000, status: 'successful', accountNumber }]);
  });

  it('records each source’s counts, and a source with no report as not reported', async () => {
    const res = await runDay();
    expect(res.statusCode, res.body).toBe(200);
    const runs = json(res).data as ReconRun[];
    const by = Object.fromEntries(runs.map((r) => [r.source, r]));
    expect(by.card).toMatchObject({ status: 'done', providerLines: 3, matched: 2, mismatched: 1, open: 1, ranBy: { id: finance.id } });
    expect(by.payout).toMatchObject({ status: 'done', providerLines: 2, matched: 1, mismatched: 1 });
    expect(by.bill).toMatchObject({ status: 'done', providerLines: 0, ledgerRecords: 1, mismatched: 1 });
    expect(by.inbound).toMatchObject({ status: 'done', mismatched: 1 });
    expect(by.bank_debit).toMatchObject({ status: 'not_reported', providerLines: 0, mismatched: 0 });
  });

  it('asks the settlement service for each source and day with its key', () => {
    expect(asked).toContain(`Bearer stand-in-key /v1/settlements/card?date=${today}`);
    expect(asked).toContain(`Bearer stand-in-key /v1/settlements/bank_debit?date=${today}`);
  });

  it('lists each mismatch with both sides, the customer and what may be done', async () => {
    const list = await items();
    expect(list).toHaveLength(4);
    expect(await itemOf(refs.cardDeclined)).toMatchObject({
      source: 'card',
      mismatch: 'not_in_ledger',
      provider: { amount: 40_000, status: 'successful', providerRef: 'PSK-2' },
      ledger: null,
      customer: { id: bola.id },
      status: 'open',
      actions: ['credit', 'explain'],
    });
    expect(await itemOf(refs.payoutReversed)).toMatchObject({
      mismatch: 'failed_at_provider',
      ledger: { amount: 60_000, status: 'posted' },
      customer: { id: ada.id },
      actions: ['refund', 'explain'],
    });
    expect(await itemOf(refs.bill)).toMatchObject({ mismatch: 'not_at_provider', provider: null, actions: ['refund', 'explain'] });
    expect(await itemOf(refs.inbound)).toMatchObject({
      mismatch: 'amount_differs',
      customer: { id: bola.id },
      actions: ['credit', 'explain'],
    });
  });

  it('filters the list by source', async () => {
    expect((await items(`day=${today}&source=payout`)).map((i) => i.reference)).toEqual([refs.payoutReversed]);
  });

  it('a credit goes to a second finance person, who approves it into the customer’s wallet', async () => {
    const item = await itemOf(refs.cardDeclined);
    const res = await resolve(item.id, 'credit', 'The acquirer settled this charge', finance, 'recon-credit-0001');
    expect(res.statusCode, res.body).toBe(200);
    const sent = json(res).data as ReconItem;
    expect(sent).toMatchObject({
      status: 'awaiting_approval',
      actions: [],
      resolution: { action: 'credit', by: { id: finance.id }, moneyRequest: { status: 'pending', amount: 40_000 } },
    });
    const requestId = sent.resolution!.moneyRequest!.id;
    const same = await staffPost(finance, `/money-requests/${requestId}/approve`, {});
    expect(same.statusCode).toBe(403);
    const before = (await balancesOf(t.app, bola)).walletBalance;
    const ok = await staffPost(finance2, `/money-requests/${requestId}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await balancesOf(t.app, bola)).walletBalance).toBe(before + 40_000);
    expect((await itemOf(refs.cardDeclined)).status).toBe('resolved');
    const note = (await historyOf(t.app, bola)).data[0]!;
    expect(note).toMatchObject({ direction: 'credit', amount: 40_000 });
    expect(String(note.narration)).toContain(`Reconciliation of ${refs.cardDeclined}`);
  });

  it('a retried resolution with the same key makes one money request', async () => {
    const item = await itemOf(refs.cardDeclined);
    const again = await resolve(item.id, 'credit', 'The acquirer settled this charge', finance, 'recon-credit-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const requests = await t.db.select().from(staffMoneyRequests).where(eq(staffMoneyRequests.customerId, bola.id));
    expect(requests).toHaveLength(1);
  });

  it('a refund of a reversed payout returns the payment and its fee', async () => {
    const item = await itemOf(refs.payoutReversed);
    const debit = (await historyOf(t.app, ada, { type: 'bankTransfer' })).data.find((h) => h.reference === refs.payoutReversed)!;
    const res = await resolve(item.id, 'refund', 'The beneficiary bank returned the transfer');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'awaiting_approval',
      resolution: { moneyRequest: { amount: Number(debit.amount) + Number(debit.fee) } },
    });
  });

  it('refuses an action the record does not offer (422), and writes nothing', async () => {
    const item = await itemOf(refs.inbound);
    const res = await resolve(item.id, 'reversal');
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'RECON_ACTION_NOT_ALLOWED', message: 'This record can be resolved by: credit, explain' });
    const [row] = await t.db.select().from(reconItems).where(eq(reconItems.id, item.id));
    expect(row).toMatchObject({ action: null, moneyRequestId: null });
  });

  it('a credit for an amount that differs is the difference', async () => {
    const item = await itemOf(refs.inbound);
    const res = await resolve(item.id, 'credit', 'The sender’s bank settled ₦120');
    expect(json(res).data).toMatchObject({ resolution: { moneyRequest: { amount: 2_000 } } });
  });

  it('explaining closes a record with the note, and a second resolution is refused (409)', async () => {
    const item = await itemOf(refs.bill);
    const res = await resolve(item.id, 'explain', 'The vendor’s report was cut short; confirmed by email');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'explained',
      resolution: { action: 'explain', note: 'The vendor’s report was cut short; confirmed by email' },
    });
    const again = await resolve(item.id, 'refund');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'RECON_ITEM_DECIDED', message: 'This record is already explained' });
  });

  it('lists only the open ones when asked', async () => {
    await runDay();
    expect(await items(`day=${today}&status=open`)).toEqual([]);
    expect((await items(`day=${today}&status=explained`)).map((i) => i.reference)).toEqual([refs.bill]);
  });

  it('matching the day again keeps every decision, and drops an undecided record that matches now', async () => {
    const extra = await payout(ada, 30_000);
    await runDay();
    expect((await itemOf(extra)).mismatch).toBe('not_at_provider');
    reports.set(`payout ${today}`, [
      ...(reports.get(`payout ${today}`) as Line[]),
      { reference: extra, amount: 30_000, status: 'successful' },
    ]);
    const again = json(await runDay()).data as ReconRun[];
    expect(again.find((r) => r.source === 'payout')).toMatchObject({ matched: 2, mismatched: 1 });
    expect(await itemOf(extra)).toBeUndefined();
    expect((await itemOf(refs.cardDeclined)).status).toBe('resolved');
    expect((await itemOf(refs.bill)).status).toBe('explained');
    expect((await itemOf(refs.payoutReversed)).status).toBe('awaiting_approval');
  });

  it('a rejected money request opens the record again', async () => {
    const item = await itemOf(refs.payoutReversed);
    const rejected = await staffPost(finance2, `/money-requests/${item.resolution!.moneyRequest!.id}/reject`, {
      reason: 'Bank confirms it paid',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await itemOf(refs.payoutReversed)).toMatchObject({ status: 'open', actions: ['refund', 'explain'] });
  });

  it('a malformed report fails that source’s run and changes none of its records', async () => {
    reports.set(`inbound ${today}`, 'malformed');
    const before = await itemOf(refs.inbound);
    const runs = json(await runDay()).data as ReconRun[];
    expect(runs.find((r) => r.source === 'inbound')).toMatchObject({ status: 'failed', error: expect.stringContaining('malformed') });
    expect(await itemOf(refs.inbound)).toEqual(before);
  });

  it('keeps every run and resolution in the audit log', async () => {
    const res = await staffGet(staffOf.compliance, `/audit?kind=recon.resolve`);
    const { entries } = json(res).data as { entries: { kind: string }[] };
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.every((e) => e.kind === 'recon.resolve')).toBe(true);
  });
});

describe('the daily job', () => {
  const at = (iso: string) => new Date(iso);
  const deps = () => ({
    db: t.db,
    config: t.config,
    notifier: t.app.notifier,
    settlements: { name: 'none', report: async () => null },
    storage: t.providers.storage,
  });

  it('waits for the Lagos hour RECON_HOUR before matching yesterday', async () => {
    expect(await reconcileYesterday(deps(), at('2026-03-10T04:30:00Z'))).toBe(0);
    expect(await t.db.select().from(reconRuns).where(eq(reconRuns.day, '2026-03-09'))).toEqual([]);
  });

  it('then matches each source of yesterday once', async () => {
    expect(await reconcileYesterday(deps(), at('2026-03-10T05:30:00Z'))).toBe(5);
    expect(await reconcileYesterday(deps(), at('2026-03-10T09:00:00Z'))).toBe(0);
    const runs = await t.db.select().from(reconRuns).where(eq(reconRuns.day, '2026-03-09'));
    expect(runs.map((r) => r.status)).toEqual(['not_reported', 'not_reported', 'not_reported', 'not_reported', 'not_reported']);
  });

  it('takes over at once a run left running by a process that died, not one whose process lives', async () => {
    const me = instanceOf(t.db).id;
    // Killed mid-run a minute ago (a process id no live process holds), and one this process holds.
    const dead = me.startsWith('p') ? 'p2147483646' : 'e2147483646';
    await t.db.insert(reconRuns).values([
      { day: '2026-04-09', source: RECON_SOURCES[0], status: 'running', claimedBy: dead },
      { day: '2026-04-09', source: RECON_SOURCES[1], status: 'running', claimedBy: me },
    ]);
    expect(await reconcileYesterday(deps(), at('2026-04-10T05:30:00Z'))).toBe(RECON_SOURCES.length - 1);
    const runs = await t.db.select().from(reconRuns).where(eq(reconRuns.day, '2026-04-09'));
    const bySource = new Map(runs.map((r) => [r.source, r]));
    expect(bySource.get(RECON_SOURCES[0])).toMatchObject({ status: 'not_reported', claimedBy: me });
    expect(bySource.get(RECON_SOURCES[1])).toMatchObject({ status: 'running', claimedBy: me });
  });
});

describe('bad input', () => {
  it.each([
    [{ day: 'yesterday' }, 'day must be a date as YYYY-MM-DD'],
    [{ day: '2026-02-30' }, 'day must be a real date'],
    [{}, 'day is required'],
  ])('running %j is refused (400)', async (body, message) => {
    const res = await staffPost(finance, '/reconciliation', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('a day after today is refused (400), and no run is written', async () => {
    const res = await runDay(lagosDay(new Date(), 2));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('day must be today or before');
    expect(
      await t.db
        .select()
        .from(reconRuns)
        .where(eq(reconRuns.day, lagosDay(new Date(), 2))),
    ).toEqual([]);
  });

  it('an unknown action is refused (400)', async () => {
    const res = await resolve('00000000-0000-4000-8000-000000000000', 'forgive');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('action must be credit, refund, reversal or explain');
  });

  it('an unknown record is 404', async () => {
    const res = await resolve('00000000-0000-4000-8000-000000000000', 'explain');
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('RECON_ITEM_NOT_FOUND');
  });
});
