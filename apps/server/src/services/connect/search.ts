import type { ConnectSearchResult } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../platform/db.js';
import { blockedAmong } from '../chat/index.js';
import { nicknamedPeople } from '../user/index.js';
import { discoverCommunities } from './communities-read.js';
import { postPage, postsPageSql as page, toConnectUser } from './posts-read.js';
import { listedFor } from './visibility.js';

// Search in Connect (Explore's search box): people by name or nickname, hashtags beginning with the
// words, communities one may find, and the latest posts the caller may see with the words (three
// characters or more) or the hashtag. Every part is bounded (a few results each), and posts go through the same visibility rule
// as every feed (`listedFor`), so a search shows nothing a feed would not.

/** The fewest characters posts are searched by (their words' trigram index needs three). */
export const SEARCH_POST_MIN_CHARS = 3;

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

export async function searchConnect(db: Db, viewerId: string, raw: string): Promise<ConnectSearchResult> {
  const q = raw.trim();
  const tag = q.replace(/^#+/, '').toLowerCase();
  const isTag = q.startsWith('#') && /^[\p{L}\p{N}_]+$/u.test(tag);
  const [people, tags, communities, posts] = await Promise.all([
    isTag ? Promise.resolve({ people: [] }) : nicknamedPeople(db, { search: q, page: 1, limit: 10, exceptId: viewerId }),
    tag
      ? executeRows<{ tag: string; count: number }>(
          db,
          sql`SELECT tag, count(*)::int AS count FROM post_tags WHERE tag LIKE ${`${escapeLike(tag)}%`}
            GROUP BY tag ORDER BY count DESC, tag LIMIT 10`,
        )
      : Promise.resolve([]),
    isTag ? Promise.resolve({ items: [] }) : discoverCommunities(db, viewerId, { search: q, page: 1, limit: 5 }),
    !isTag && [...q].length < SEARCH_POST_MIN_CHARS
      ? Promise.resolve({ posts: [] })
      : postPage(
          db,
          viewerId,
          page(
            isTag
              ? sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.tags @> ARRAY[${tag}]::text[]`
              : // Every shown post's words, through their trigram index (posts_text_trgm_idx).
                sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.text ILIKE ${`%${escapeLike(q)}%`}`,
            { page: 0, limit: 10 },
          ),
          { page: 0, limit: 10 },
        ),
  ]);
  // Nobody cut off from the caller by a block (either way) is found; their posts are not listed either (listedFor).
  const cutOff = await blockedAmong(
    db,
    viewerId,
    people.people.map((p) => p.id),
  );
  return {
    people: people.people.filter((p) => !cutOff.has(p.id)).map(toConnectUser),
    tags,
    communities: communities.items,
    posts: posts.posts,
  };
}
