import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import { auth, balancesOf, json, newUser, fileApp } from '../test/harness.js';
import { signWebhook } from '../services/wallet/index.js';
import {
  ledgerAccounts,
  ledgerTransfers,
  openSystemAccounts,
  openUserAccounts,
  system,
  transfer,
  userAccount,
  type SystemCode,
} from './index.js';

const t = fileApp({ ledgerChecked: true });

const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => {
  const r = (await db.execute(q)) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
};
const shardOf = async (code: string, key: string) =>
  (await rows<{ id: string }>(t.db, sql`SELECT owo_system_account(${code}, ${key}) AS id`))[0]!.id;
const shards = async (code: string) =>
  rows<{ id: string; ref: string }>(t.db, sql`SELECT id, ref FROM ledger_accounts WHERE owner_id IS NULL AND code = ${code} ORDER BY ref`);
const newWallet = async () => {
  const owner = newId();
  await t.db.transaction((tx) => openUserAccounts(tx, owner));
  return userAccount(t.db, owner, 'wallet');
};

describe('system account shards', () => {
  it('are opened at boot, the same number for every code, and opening again adds none', async () => {
    const n = (await rows<{ n: number }>(t.db, sql`SELECT owo_system_shards() AS n`))[0]!.n;
    expect((await shards('fees')).map((s) => s.ref)).toEqual(Array.from({ length: n }, (_, i) => `shard-${i}`).sort());
    await openSystemAccounts(t.db);
    expect(await shards('fees')).toHaveLength(n);
    expect((await shards('escrow')).every((s) => s.ref.startsWith('shard-'))).toBe(true);
  });

  it('the same key picks the same shard', async () => {
    const key = newId();
    expect(await shardOf('fees', key)).toBe(await shardOf('fees', key));
  });

  it('different keys spread over the open shards', async () => {
    const picked = new Set(await Promise.all(Array.from({ length: 64 }, () => shardOf('fees', newId()))));
    expect(picked.size).toBeGreaterThanOrEqual(4);
    const ids = new Set((await shards('fees')).map((s) => s.id));
    expect([...picked].every((id) => ids.has(id))).toBe(true);
  });

  it("a transfer's system leg lands on the shard its own id picks", async () => {
    const wallet = await newWallet();
    const id = newId();
    const { transfers } = await t.db.transaction((tx) =>
      transfer(tx, [
        { id, debitAccountId: system('card_funding'), creditAccountId: wallet, amount: 500n, kind: 'fund.card', reference: 'shard' },
      ]),
    );
    expect(transfers[0]!.debitAccountId).toBe(await shardOf('card_funding', id));
  });

  /** A transfer of 1,200 to a new wallet, written as before the rule moved to SQL: on another shard than today's rule picks. */
  const writtenByAnOlderRule = async () => {
    const wallet = await newWallet();
    const id = newId();
    const today = await shardOf('card_funding', id);
    const old = (await shards('card_funding')).find((s) => s.id !== today)!.id;
    await t.db.transaction(async (tx) => {
      await tx.insert(ledgerTransfers).values({
        id,
        debitAccountId: old,
        creditAccountId: wallet,
        amount: 1_200n,
        kind: 'fund.card',
        reference: 'old',
        status: 'posted',
        resolvedAt: new Date(),
      });
      await tx.execute(sql`SELECT owo_move_counters(${`{${old},${wallet}}`}::uuid[], '{1200,0}', '{0,1200}', '{0,0}', '{0,0}')`);
    });
    const leg = {
      id,
      debitAccountId: system('card_funding'),
      creditAccountId: wallet,
      amount: 1_200n,
      kind: 'fund.card',
      reference: 'old',
    };
    const credited = async () => (await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, wallet)))[0]!.creditsPosted;
    return { wallet, id, today, old, leg, credited };
  };

  it('a transfer written when an older rule picked its shard is still recognised on replay', async () => {
    const { wallet, id, old, leg, credited } = await writtenByAnOlderRule();
    const replay = await t.db.transaction((tx) => transfer(tx, [leg]));
    expect(replay.created).toBe(false);
    expect(replay.transfers[0]).toMatchObject({ id, debitAccountId: old, creditAccountId: wallet, amount: 1_200n });
    expect(await credited()).toBe(1_200n);
  });

  it('a replay naming the stored shard itself is the same transfer', async () => {
    const { old, leg, credited } = await writtenByAnOlderRule();
    expect((await t.db.transaction((tx) => transfer(tx, [{ ...leg, debitAccountId: old }]))).created).toBe(false);
    expect(await credited()).toBe(1_200n);
  });

  it.each([
    ['a different amount', () => ({ amount: 1_300n })],
    ['another system account', () => ({ debitAccountId: system('bank_funding') })],
    ["today's shard named outright", (w: { today: string }) => ({ debitAccountId: w.today })],
  ])('a replay of a transfer from an older rule with %s is refused', async (_, change) => {
    const written = await writtenByAnOlderRule();
    await expect(t.db.transaction((tx) => transfer(tx, [{ ...written.leg, ...change(written) }]))).rejects.toMatchObject({
      statusCode: 409,
      code: 'TRANSFER_EXISTS',
    });
    expect(await written.credited()).toBe(1_200n);
  });

  it('a replay of a transfer from an older rule to another wallet is refused', async () => {
    const { leg, credited } = await writtenByAnOlderRule();
    const other = await newWallet();
    await expect(t.db.transaction((tx) => transfer(tx, [{ ...leg, creditAccountId: other }]))).rejects.toMatchObject({
      code: 'TRANSFER_EXISTS',
    });
    expect(await credited()).toBe(1_200n);
  });

  it('a system account that is not open is not found', async () => {
    const wallet = await newWallet();
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [
          {
            id: newId(),
            debitAccountId: system('nowhere' as SystemCode),
            creditAccountId: wallet,
            amount: 5n,
            kind: 'test',
            reference: 'x',
          },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('a webhook replayed after a restart is "already processed", however the shard rows are stored', async () => {
    const u = await newUser(t.app);
    const { accountNumber } = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as {
      accountNumber: string;
    };
    const raw = JSON.stringify({
      eventId: `evt-restart-${Date.now()}`,
      accountNumber,
      amount: 120_000,
      senderName: 'Kemi Adeyemi',
      senderBank: 'Zenith',
      reference: 'NIP9',
    });
    const webhook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/webhooks/bank-transfer',
        headers: { 'content-type': 'application/json', 'x-owo-signature': signWebhook(t.config.webhookSecret, raw) },
        payload: raw,
      });
    expect(json(await webhook()).data).toMatchObject({ credited: true });

    // Rows move on disk as they are updated: rewrite the shards last-first, so a scan returns them
    // in the reverse order; then open them again, as a restarted server does.
    const n = (await rows<{ n: number }>(t.db, sql`SELECT owo_system_shards() AS n`))[0]!.n;
    for (let i = n - 1; i >= 0; i--) {
      await t.db.execute(sql`UPDATE ledger_accounts SET created_at = created_at WHERE owner_id IS NULL AND ref = ${`shard-${i}`}`);
    }
    await openSystemAccounts(t.db);

    const replay = await webhook();
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data).toMatchObject({ credited: false, message: 'Already processed' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(120_000);
  });
});
