import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../platform/crypto.js';
import { fileApp } from '../test/harness.js';
import { checkLedger } from './check.js';
import { fund, ledgerHelpers } from './ledger-fixtures.js';
import { InsufficientFunds, resolvePending, system, transfer } from './ledger.js';
import * as tables from './tables.js';

const t = fileApp();
const { newWallet, available, account, shardOf } = ledgerHelpers(() => t);

describe('ledger transfers', () => {
  it('moves money between accounts, keeping every invariant', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    await t.db.transaction((tx) =>
      transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 2_500n, kind: 'send', reference: 'r1' }]),
    );
    expect(await available(a.owner)).toBe(7_500n);
    expect(await available(b.owner)).toBe(2_500n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses to overdraw a user account and writes nothing', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    const [beforeA, beforeB] = [await account(a.wallet), await account(b.wallet)];
    const id = newId();
    const refused = t.db.transaction((tx) =>
      transfer(tx, [{ id, debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 1_001n, kind: 'send', reference: 'r' }]),
    );
    await expect(refused).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(refused).rejects.toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_FUNDS', accountId: a.wallet });
    expect(await available(a.owner)).toBe(1_000n);
    expect(await account(a.wallet)).toEqual(beforeA);
    expect(await account(b.wallet)).toEqual(beforeB);
    expect(await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, id))).toEqual([]);
    // Reserved (pending) debits count against what is available.
    await t.db.transaction((tx) =>
      transfer(tx, [
        {
          id: newId(),
          debitAccountId: a.wallet,
          creditAccountId: system('bank_payout'),
          amount: 600n,
          kind: 'bank',
          reference: 'r',
          pending: true,
        },
      ]),
    );
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 401n, kind: 'send', reference: 'r' }]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(
      (
        await t.db.transaction((tx) =>
          transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 400n, kind: 'send', reference: 'r' }]),
        )
      ).created,
    ).toBe(true);
    expect(await available(a.owner)).toBe(0n);
  });

  it('refuses a zero amount, the same account on both sides and an unknown account, with their codes', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    const leg = { debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 10n, kind: 'send', reference: 'r' };
    const post = (over: object) => t.db.transaction((tx) => transfer(tx, [{ id: newId(), ...leg, ...over }]));
    await expect(post({ amount: 0n })).rejects.toMatchObject({ statusCode: 400, code: 'AMOUNT_INVALID' });
    await expect(post({ amount: -5n })).rejects.toMatchObject({ statusCode: 400, code: 'AMOUNT_INVALID' });
    await expect(post({ creditAccountId: a.wallet })).rejects.toMatchObject({ statusCode: 400, code: 'SAME_ACCOUNT' });
    await expect(post({ debitAccountId: system('fees'), creditAccountId: system('fees') })).rejects.toMatchObject({ code: 'SAME_ACCOUNT' });
    await expect(post({ creditAccountId: newId() })).rejects.toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect(await available(a.owner)).toBe(1_000n);
    expect(await available(b.owner)).toBe(0n);
  });

  it('a batch is all or nothing: a fee leg that overdraws undoes the main leg', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [
          { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 1_000n, kind: 'send', reference: 'r' },
          { id: newId(), debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 10n, kind: 'fee', reference: 'r' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await available(a.owner)).toBe(1_000n);
    expect(await available(b.owner)).toBe(0n);
  });

  const knownTransfer = async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 5_000n);
    const leg = { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 700n, kind: 'send', reference: 'r' };
    const first = await t.db.transaction((tx) => transfer(tx, [leg]));
    return { a, b, leg, first };
  };

  it('the same transfer id never moves money twice', async () => {
    const { a, b, leg, first } = await knownTransfer();
    const again = await t.db.transaction((tx) => transfer(tx, [leg]));
    expect(first.created).toBe(true);
    expect(first.transfers[0]).toMatchObject({
      id: leg.id,
      debitAccountId: a.wallet,
      creditAccountId: b.wallet,
      amount: 700n,
      status: 'posted',
      seq: 0,
    });
    expect(first.transfers[0]!.createdAt).toBeInstanceOf(Date);
    expect(again.created).toBe(false);
    expect(again.transfers).toEqual(first.transfers);
    expect(await available(b.owner)).toBe(700n);
  });

  it.each([
    ['amount', { amount: 800n }],
    ['kind', { kind: 'other' }],
    ['direction', { swap: true }],
  ])('a known transfer id with a different %s is refused with TRANSFER_EXISTS', async (_, change) => {
    const { a, b, leg } = await knownTransfer();
    const { swap, ...over } = { swap: false, ...change };
    const changed = swap ? { ...leg, creditAccountId: a.wallet, debitAccountId: b.wallet } : { ...leg, ...over };
    await expect(t.db.transaction((tx) => transfer(tx, [changed]))).rejects.toMatchObject({ statusCode: 409, code: 'TRANSFER_EXISTS' });
    expect(await available(b.owner)).toBe(700n);
  });

  it('a batch naming a known id and a new one is refused, and the new one is not written', async () => {
    const { b, leg } = await knownTransfer();
    const fresh = newId();
    await expect(t.db.transaction((tx) => transfer(tx, [leg, { ...leg, id: fresh }]))).rejects.toMatchObject({ code: 'TRANSFER_EXISTS' });
    expect(await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, fresh))).toEqual([]);
    expect(await available(b.owner)).toBe(700n);
  });

  it('fee legs: one batch debits the payer once per leg, the fee lands on the shard its id picks, all in one go', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    const main = newId();
    const fee = newId();
    const feeShard = await shardOf('fees', fee);
    const before = await account(feeShard);
    const { created, transfers } = await t.db.transaction((tx) =>
      transfer(tx, [
        {
          id: main,
          debitAccountId: a.wallet,
          creditAccountId: b.wallet,
          amount: 4_000n,
          kind: 'send',
          reference: 'fee-test',
          metadata: { note: 'rent "share"' },
        },
        { id: fee, debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 25n, kind: 'fee', reference: 'fee-test' },
      ]),
    );
    expect(created).toBe(true);
    expect(transfers.map((x) => [x.id, x.seq, x.creditAccountId])).toEqual([
      [main, 0, b.wallet],
      [fee, 1, feeShard],
    ]);
    expect(transfers[0]!.metadata).toEqual({ note: 'rent "share"' });
    expect(await available(a.owner)).toBe(10_000n - 4_025n);
    expect(await available(b.owner)).toBe(4_000n);
    expect((await account(feeShard)).creditsPosted - before.creditsPosted).toBe(25n);
    // The payer can afford the main leg but not with the fee: neither moves.
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [
          { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 5_975n, kind: 'send', reference: 'fee-test' },
          { id: newId(), debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 1n, kind: 'fee', reference: 'fee-test' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await available(a.owner)).toBe(5_975n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  /** A wallet of 10,000 with three pending legs: p1 (4,000) and p2 (4,900) to the payouts, f2 (100) to the fees. */
  const reserved = async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    const payout = system('bank_payout');
    const [p1, f2] = [newId(), newId()];
    const [payout1, fees2] = [await shardOf('bank_payout', p1), await shardOf('fees', f2)];
    // p2 is drawn until it lands on another payout shard, so each shard's movement is p1's or p2's alone.
    let p2 = newId();
    while ((await shardOf('bank_payout', p2)) === payout1) p2 = newId();
    const payout2 = await shardOf('bank_payout', p2);
    const shardsBefore = new Map(await Promise.all([payout1, payout2, fees2].map(async (id) => [id, await account(id)] as const)));
    const reservation = await t.db.transaction((tx) =>
      transfer(tx, [
        { id: p1, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_000n, kind: 'bank', reference: 'x', pending: true },
        { id: p2, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_900n, kind: 'bank', reference: 'y', pending: true },
        { id: f2, debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 100n, kind: 'fee', reference: 'y', pending: true },
      ]),
    );
    const moved = async (id: string) => {
      const now = await account(id);
      const then = shardsBefore.get(id)!;
      return { cp: now.creditsPosted - then.creditsPosted, cpe: now.creditsPending - then.creditsPending };
    };
    return { a, payout, p1, p2, f2, payout1, payout2, fees2, reservation, moved };
  };

  it('a pending transfer reserves the money without posting it', async () => {
    const { a, reservation } = await reserved();
    expect(reservation.transfers.map((x) => x.status)).toEqual(['pending', 'pending', 'pending']);
    expect(reservation.transfers[0]!.resolvedAt).toBeNull();
    expect(await available(a.owner)).toBe(1_000n);
    expect(await account(a.wallet)).toMatchObject({ debitsPending: 9_000n, debitsPosted: 0n });
  });

  it('reserved money cannot be spent again', async () => {
    const { a, payout } = await reserved();
    await expect(fund(t.db, a.wallet, 0n)).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: payout, amount: 1_001n, kind: 'bank', reference: 'z' }]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
  });

  it('posting a pending transfer completes it on the payout shard its id picks', async () => {
    const { a, p1, payout1, moved } = await reserved();
    const posted = await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ id: p1, status: 'posted', amount: 4_000n, creditAccountId: payout1 });
    expect(posted[0]!.resolvedAt).toBeInstanceOf(Date);
    expect(await account(a.wallet)).toMatchObject({ debitsPending: 5_000n, debitsPosted: 4_000n });
    expect(await moved(payout1)).toEqual({ cp: 4_000n, cpe: 0n });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('voiding pending transfers returns the money and keeps the reason', async () => {
    const { a, p2, f2, payout1, payout2, fees2, moved } = await reserved();
    const voided = await t.db.transaction((tx) => resolvePending(tx, [p2, f2], 'void', 'bank declined'));
    expect(voided.map((x) => x.id)).toEqual([p2, f2]);
    expect(await available(a.owner)).toBe(6_000n);
    expect(await moved(payout1)).toEqual({ cp: 0n, cpe: 4_000n });
    expect(await moved(payout2)).toEqual({ cp: 0n, cpe: 0n });
    expect(await moved(fees2)).toEqual({ cp: 0n, cpe: 0n });
    const [v] = await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, p2));
    expect(v).toMatchObject({ status: 'voided', reason: 'bank declined' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('resolving a transfer a second time is harmless', async () => {
    const { a, p1, p2, f2 } = await reserved();
    await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'));
    await t.db.transaction((tx) => resolvePending(tx, [p2, f2], 'void'));
    expect(await t.db.transaction((tx) => resolvePending(tx, [p1, p2, f2], 'void'))).toHaveLength(0);
    expect(await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'))).toHaveLength(0);
    expect(await available(a.owner)).toBe(6_000n);
    expect(await account(a.wallet)).toMatchObject({ debitsPending: 0n, debitsPosted: 4_000n });
  });

  it('replaying a reservation after it was resolved moves nothing', async () => {
    const { a, payout, p1, p2, f2 } = await reserved();
    await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'));
    await t.db.transaction((tx) => resolvePending(tx, [p2, f2], 'void'));
    const replay = await t.db.transaction((tx) =>
      transfer(tx, [
        { id: p1, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_000n, kind: 'bank', reference: 'x', pending: true },
      ]),
    );
    expect(replay).toMatchObject({ created: false, transfers: [{ id: p1, status: 'posted' }] });
    expect(await available(a.owner)).toBe(6_000n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
