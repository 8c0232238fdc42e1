import { sql } from 'drizzle-orm';
import type { SuggestionReason } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { blockedAmong } from '../chat/index.js';
import { sellersBoughtFrom } from '../ecommerce/index.js';
import { paymentContacts } from '../transaction/index.js';
import { people } from './people.service.js';

type Candidate = { id: string; count: number; reason: SuggestionReason };

/**
 * People to follow, strongest reason first: people one has paid or been paid by, sellers one has
 * bought from (what only the wallet and the marketplace know), people followed by people one
 * follows (by how many), people of one's communities (by how many shared), then popular people, so
 * a newcomer with no graph still gets some. Never oneself, someone already followed or someone
 * cut off by a block; each
 * source's read is bounded (latest payments, orders, communities and members).
 */
export async function suggestedAccounts(db: Tx, viewerId: string, limit: number) {
  const paid = await paymentContacts(db, viewerId, limit);
  const bought = await sellersBoughtFrom(db, viewerId, limit);
  const known: Candidate[] = [
    ...paid.map((p) => ({ id: p.id, count: p.payments, reason: 'paid_each_other' as const })),
    ...bought.map((b) => ({ id: b.id, count: b.orders, reason: 'bought_from_them' as const })),
  ];
  const knownIds = `{${[...new Set(known.map((k) => k.id))].join(',')}}`;
  const rows = await executeRows<{ id: string; count: number; reason: SuggestionReason }>(
    db,
    sql`WITH mine AS (SELECT followee_id FROM follows WHERE follower_id = ${viewerId}),
      known AS (
        SELECT k.id, 0 AS count, 'known' AS reason FROM unnest(${knownIds}::uuid[]) AS k(id)
        WHERE k.id NOT IN (SELECT followee_id FROM mine)
      ),
      fof AS (
        SELECT f.followee_id AS id, count(*)::int AS count, 'followed_by_people_you_follow' AS reason FROM follows f
        WHERE f.follower_id IN (SELECT followee_id FROM mine) AND f.followee_id <> ${viewerId}
          AND f.followee_id NOT IN (SELECT followee_id FROM mine)
        GROUP BY f.followee_id ORDER BY count DESC, f.followee_id LIMIT ${limit}
      ),
      shared AS (
        SELECT o.user_id AS id, count(*)::int AS count, 'in_your_communities' AS reason
        FROM (SELECT community_id FROM community_members WHERE user_id = ${viewerId} AND role <> 'blocked'
              ORDER BY joined_at DESC LIMIT 20) m
        CROSS JOIN LATERAL (SELECT user_id FROM community_members o
              WHERE o.community_id = m.community_id AND o.role <> 'blocked' AND o.user_id <> ${viewerId}
              ORDER BY o.joined_at DESC LIMIT 200) o
        WHERE o.user_id NOT IN (SELECT followee_id FROM mine)
        GROUP BY o.user_id ORDER BY count DESC, o.user_id LIMIT ${limit}
      ),
      popular AS (
        SELECT cp.user_id AS id, 0 AS count, 'popular' AS reason FROM connect_profiles cp
        WHERE cp.user_id <> ${viewerId} AND cp.user_id NOT IN (SELECT followee_id FROM mine)
        ORDER BY cp.followers_count DESC, cp.posts_count DESC, cp.user_id LIMIT ${limit}
      )
      SELECT id, count, reason FROM known UNION ALL SELECT id, count, reason FROM fof
      UNION ALL SELECT id, count, reason FROM shared UNION ALL SELECT id, count, reason FROM popular`,
  );
  const stillToFollow = new Set(rows.filter((r) => (r.reason as string) === 'known').map((r) => r.id));
  const order: SuggestionReason[] = ['followed_by_people_you_follow', 'in_your_communities', 'popular'];
  const ranked = [...known.filter((k) => stillToFollow.has(k.id)), ...order.flatMap((reason) => rows.filter((r) => r.reason === reason))];
  // Never someone cut off from the viewer by a block, either way.
  const cutOff = await blockedAmong(
    db,
    viewerId,
    ranked.map((c) => c.id),
  );
  const chosen = new Map<string, Candidate>();
  for (const c of ranked) if (!chosen.has(c.id) && !cutOff.has(c.id) && chosen.size < limit) chosen.set(c.id, c);
  const list = await people(db, viewerId, [...chosen.keys()], new Set());
  return list.map((p) => ({ ...p, mutualCount: chosen.get(p._id)!.count, reason: chosen.get(p._id)!.reason }));
}
