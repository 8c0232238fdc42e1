import { sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import type { blocks } from './tables.js';

// The hand-written statement on blocks: the send checks' one read for a whole batch (a hot path),
// by pairs of people (row values the query builder does not write).

/** The blocks made between these pairs of people, either way (each pair looked up both ways). */
export async function blocksBetween(db: Tx, pairs: readonly (readonly [string, string])[]) {
  const list = sql.join(
    pairs.map(([a, b]) => sql`(${a}::uuid, ${b}::uuid), (${b}::uuid, ${a}::uuid)`),
    sql`, `,
  );
  return executeRows<Pick<typeof blocks.$inferSelect, 'blockerId' | 'blockedId'>>(
    db,
    sql`SELECT blocker_id AS "blockerId", blocked_id AS "blockedId" FROM chat_blocks WHERE (blocker_id, blocked_id) IN (${list})`,
  );
}
