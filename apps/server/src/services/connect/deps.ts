import { sql, type SQL } from 'drizzle-orm';
import type { Post } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import type { BlobStorage } from '../../platform/storage.js';
import type { CommunityGate } from './posts.service.js';

/**
 * What the posts and feeds need from communities (which decide who may post where, whose posts
 * wait for approval, and which community posts a person may see). Without communities: no
 * community posts anywhere.
 */
export type CommunityHooks = {
  /** Admits (or refuses) a post to a community: published, pending approval, or held as spam. */
  communityGate: CommunityGate | null;
  /** Extra sources of the home feed (the communities the person belongs to), as a condition on posts `p`. */
  communityFeedSources: (userId: string) => SQL | null;
  /** Which community posts a person may see in public lists (categories, profiles), as a condition on posts `p`. */
  visibleCommunityPosts: (userId: string) => SQL;
  canSeeCommunityPost: (db: Tx, userId: string, post: Post) => Promise<boolean>;
};

export type ConnectDeps = CommunityHooks & { storage: BlobStorage };

export const noCommunities: CommunityHooks = {
  communityGate: null,
  communityFeedSources: () => null,
  visibleCommunityPosts: () => sql`p.community_id IS NULL`,
  canSeeCommunityPost: async (_db, _userId, post) => post.communityId === null,
};
