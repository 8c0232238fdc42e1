import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../platform/crypto.js';
import { fileApp } from '../test/harness.js';
import { checkLedger } from './check.js';
import { fund, ledgerHelpers } from './ledger-fixtures.js';
import { openUserAccounts, transfer } from './ledger.js';
import * as tables from './tables.js';

// The ledger's guards below the transfer code: the database's own refusals, the check, and accounts.

const t = fileApp();
const { newWallet, available } = ledgerHelpers(() => t);

describe('ledger transfers', () => {
  it('the database itself refuses an overdraft even if code tried one', async () => {
    const a = await newWallet();
    await expect(
      t.db
        .update(tables.ledgerAccounts)
        .set({ debitsPosted: sql`${tables.ledgerAccounts.creditsPosted} + 1` })
        .where(eq(tables.ledgerAccounts.id, a.wallet)),
    ).rejects.toThrow();
  });

  it('the check notices counters that disagree with the transfers', async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 100n);
    await t.db.update(tables.ledgerAccounts).set({ creditsPosted: 150n }).where(eq(tables.ledgerAccounts.id, a.wallet));
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.counterMismatches.map((m) => m.id)).toContain(a.wallet);
    await t.db.update(tables.ledgerAccounts).set({ creditsPosted: 100n }).where(eq(tables.ledgerAccounts.id, a.wallet));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('accounts are never deleted, and the check notices a transfer naming one that does not exist', async () => {
    const a = await newWallet();
    await expect(t.db.delete(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, a.wallet))).rejects.toThrow();
    expect(await t.db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, a.wallet))).toHaveLength(1);
    // Written behind the ledger's back (the ledger's own writes fail on a missing account).
    const id = newId();
    const missing = newId();
    await t.db
      .insert(tables.ledgerTransfers)
      .values({ id, debitAccountId: missing, creditAccountId: a.wallet, amount: 5n, kind: 'test', reference: 'test', status: 'voided' });
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.danglingTransfers).toEqual([id]);
    await t.db.delete(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, id));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a transfer to an account that does not exist moves nothing', async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 100n);
    const before = await available(a.owner);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: newId(), amount: 10n, kind: 'test', reference: 'test' }]),
      ),
    ).rejects.toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect(await available(a.owner)).toBe(before);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('every user has a wallet and a business wallet from sign-up', async () => {
    const owner = newId();
    await t.db.transaction((tx) => openUserAccounts(tx, owner));
    await t.db.transaction((tx) => openUserAccounts(tx, owner));
    const rows = await t.db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.ownerId, owner));
    expect(rows.map((r) => r.code).sort()).toEqual(['business', 'wallet']);
    expect(rows.every((r) => r.noOverdraft)).toBe(true);
  });
});
