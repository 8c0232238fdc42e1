import { sql } from 'drizzle-orm';
import { executeRows } from '../platform/db.js';
import type { TestContext } from './harness.js';

// The database's fingerprint for the API fuzz (fuzz.test.ts), to tell that a refused call wrote
// nothing: rows and a hash of their contents, per table.

/**
 * Columns that change during a refused call without the call writing them, or that a refused call
 * writes by design; left out of the fingerprint (found by running the fuzz):
 * - users.pin_failed_attempts, users.pin_locked_until: a wrong PIN counts towards the lockout
 *   (ARCHITECTURE.md: "wrong PINs count towards a lockout"), and the call is refused (403, then 429).
 * - otps.attempts: a wrong one-time code counts against the code's tries, and is refused.
 * - outbox delivery state (status, attempts, last_error, claimed_until, sent_at): the outbox worker
 *   (platform/notifications.ts) sends queued texts and emails every second, on its own connection
 *   on PostgreSQL, so it lands between any two looks. New outbox rows still count.
 * - user_devices.last_seen_at: a device's "last active" time, stamped by any signed-in call (at
 *   most once a minute per session, services/user/devices.service.ts), refused or not; the authz
 *   matrix counts that table's rows only, for the same reason.
 */
const MAY_CHANGE_ON_REFUSAL: Record<string, string[]> = {
  users: ['pin_failed_attempts', 'pin_locked_until'],
  otps: ['attempts'],
  outbox: ['status', 'attempts', 'last_error', 'claimed_until', 'sent_at'],
  user_devices: ['last_seen_at'],
};

export type Fingerprint = Map<string, string>;

export async function fingerprinter(t: TestContext) {
  const tables = await executeRows<{ schema: string; name: string }>(
    t.db,
    sql`SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
  );
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const parts = tables.map(({ schema, name }) => {
    const skip = MAY_CHANGE_ON_REFUSAL[name] ?? [];
    // The row as text is cheaper than as jsonb; jsonb only where columns are left out.
    const row = skip.length > 0 ? `(to_jsonb(x) - ARRAY[${skip.map((c) => `'${c}'`).join(',')}]::text[])::text` : 'x::text';
    return `SELECT '${schema}.${name}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(${row})::bigint), 0)::text AS f FROM ${quote(schema)}.${quote(name)} x`;
  });
  const statement = sql.raw(parts.join(' UNION ALL '));
  const nextXid = sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`;
  return {
    tables: tables.length,
    xid: async () => (await executeRows<{ x: string }>(t.db, nextXid))[0]!.x,
    take: async (): Promise<Fingerprint> => new Map((await executeRows<{ t: string; f: string }>(t.db, statement)).map((r) => [r.t, r.f])),
  };
}

export const changedTables = (a: Fingerprint, b: Fingerprint) => [...a.keys()].filter((k) => a.get(k) !== b.get(k));

/**
 * Refusals that report an attempt the server made and records by design: a card or bank debit
 * the provider declined is kept as a failed transaction, so the history says why
 * (services/wallet/funding.test.ts, "a declined card credits nothing and the history says why").
 */
export const RECORDED_REFUSALS = new Set(['CARD_DECLINED', 'DEBIT_DECLINED']);
