import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';

// The hand-written statements of calls (the rest reads and writes chat_calls with the query builder).

/** Takes a person's call lock to the end of the transaction, so two calls cannot both ring one person. */
export async function lockCallsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`call:${userId}`}))`);
}
