import type { SQL } from 'drizzle-orm';
import type { BlobStorage } from '../../platform/storage.js';
import type { CommunityGate } from './posts.service.js';
import type { TimelineStore } from './timeline-store.js';

/**
 * What the posts and feeds need from communities (which decide who may post where, whose posts
 * wait for approval). Who may see a community's posts is decided with every other visibility
 * rule in visibility.ts.
 */
export type CommunityHooks = {
  /** Admits (or refuses) a post to a community: published, pending approval, or held as spam. */
  communityGate: CommunityGate | null;
  /** Extra sources of the home feed (the communities the person belongs to), as a condition on posts `p`. */
  communityFeedSources: (userId: string) => SQL | null;
};

export type ConnectDeps = CommunityHooks & { storage: BlobStorage; timelines: TimelineStore };

export const noCommunities: CommunityHooks = {
  communityGate: null,
  communityFeedSources: () => null,
};
