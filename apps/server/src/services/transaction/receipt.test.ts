import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/crypto.js';
import { fileApp } from '../../test/harness.js';
import { recordHistory, toReceipt, type HistoryRow } from './history.js';
import { transactions } from './tables.js';

// Two builders make the same receipt: owo_receipt (sql/owo_receipt.sql) inside the send-money
// statement, whose answer is sent as PostgreSQL wrote it, and toReceipt (history.ts) for the reads.
// They must agree field for field, whatever the row holds.

const t = fileApp();

describe('owo_receipt and toReceipt', () => {
  it('build the same receipt from every kind of history row', async () => {
    const userId = newId();
    const written = await recordHistory(t.db, [
      {
        userId,
        reference: 'R1',
        type: 'sendMoney',
        direction: 'debit',
        amount: 250_000n,
        fee: 1_000n,
        status: 'successful',
        narration: 'Rent "share" ₦',
        counterparty: { id: newId(), name: 'Tunde', bankName: null, accountNumber: null },
      },
      {
        userId,
        reference: 'R1',
        type: 'sendMoney',
        direction: 'credit',
        amount: 250_000n,
        status: 'successful',
        counterparty: { id: newId(), name: 'Ngozi', bankName: null, accountNumber: null },
      },
      {
        userId,
        reference: 'R2',
        type: 'bankTransfer',
        direction: 'debit',
        amount: 9_007_199_254_740_000n,
        fee: 5_000n,
        status: 'reversed',
        failureReason: 'The bank transfer failed.',
        counterparty: { id: null, name: 'Ada', bankName: 'GTBank', accountNumber: '0123456789' },
      },
      {
        userId,
        reference: 'R3',
        type: 'electricity',
        direction: 'debit',
        amount: 5_000n,
        status: 'pending',
        token: '1234-5678',
        counterparty: { id: null, name: 'IKEDC', bankName: null, accountNumber: '4500' },
      },
    ]);
    expect(written).toHaveLength(4);
    // Times with microseconds, as PostgreSQL keeps them: both builders give milliseconds.
    await t.db.execute(
      sql`UPDATE transactions SET updated_at = '2026-03-01 23:59:59.999999+00', created_at = '2026-03-01 10:00:00.000500+00' WHERE user_id = ${userId} AND reference = 'R3'`,
    );
    const rows: HistoryRow[] = await t.db.select().from(transactions).where(eq(transactions.userId, userId));
    const r = (await t.db.execute(
      sql`SELECT t.reference, t.direction, owo_receipt(t)::text AS receipt FROM transactions t WHERE t.user_id = ${userId}`,
    )) as unknown;
    const fromSql = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { reference: string; direction: string; receipt: string }[];
    expect(fromSql).toHaveLength(4);
    for (const row of rows) {
      const built = fromSql.find((s) => s.reference === row.reference && s.direction === row.direction)!;
      expect(JSON.parse(built.receipt)).toEqual(JSON.parse(JSON.stringify(toReceipt(row))));
    }
  });
});
