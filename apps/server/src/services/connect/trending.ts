import { sql } from 'drizzle-orm';
import type { FeedQuery } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { isCategory } from './catalogue.js';
import { postPage, postsPageSql as page } from './posts-read.js';
import { listedFor } from './visibility.js';

// Trending posts (Explore, and a newcomer's empty home feed): the last days' posts the viewer may
// see, ranked by engagement with time decay, as Hacker News ranks: (likes + 2 comments + 3 reposts
// + 1) / (hours + 2)^1.5. The rank is carried as the page's sort key (a timestamp of the score), so
// pages follow the same keyset as every other list.

export const TRENDING_DAYS = 3;

const score = sql`to_timestamp((p.likes_count + 2 * p.comment_count + 3 * p.repost_count + 1)
  / power(extract(epoch FROM now() - p.published_at) / 3600 + 2, 1.5) * 1e6)`;

export function trendingPosts(db: Tx, viewerId: string, q: FeedQuery & { category?: string }) {
  if (q.category && !isCategory(q.category)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
  const where = sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.published_at > now() - make_interval(days => ${TRENDING_DAYS})
    AND ${q.category ? sql`p.category_id = ${q.category}` : sql`true`}`;
  return postPage(db, viewerId, page(where, q, score), q);
}

/** The posts with one hashtag that the viewer may see, newest first (a hashtag's page). */
export function tagPosts(db: Tx, viewerId: string, tag: string, q: FeedQuery) {
  const where = sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.tags @> ARRAY[${tag.toLowerCase()}]::text[]`;
  return postPage(db, viewerId, page(where, q), q);
}
