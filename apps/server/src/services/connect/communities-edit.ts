import { eq, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { uploadsOf } from '../upload/index.js';
import { refuseBanned } from '../user/index.js';
import { staffOf } from './communities-access.js';
import { isCommunityCategory } from './communities-catalogue.js';
import { communities, communityMembers } from './communities-tables.js';
import { getCommunity } from './communities-read.js';

// Communities: creating and editing them.

type CommunityInput = {
  name?: string;
  description?: string;
  category?: string;
  coverUrl?: string | null;
  avatarUrl?: string | null;
  visibility?: 'public' | 'private';
  needsApproval?: boolean;
};

async function checkInput(tx: Tx, userId: string, b: CommunityInput) {
  if (b.category !== undefined && !isCommunityCategory(b.category))
    throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
  const images = [b.coverUrl, b.avatarUrl].filter((u): u is string => typeof u === 'string');
  if (images.length) {
    const found = await uploadsOf(tx, userId, images);
    for (const url of images) {
      const u = found.find((f) => f.url === url || f.thumbnailUrl === url);
      if (!u || u.kind !== 'image') throw badRequest('Use an image you uploaded for the cover and picture', 'MEDIA_NOT_FOUND');
    }
  }
}

export async function createCommunity(
  db: Db,
  userId: string,
  b: Required<Pick<CommunityInput, 'name' | 'description' | 'category' | 'visibility' | 'needsApproval'>> & CommunityInput,
) {
  const id = newId();
  await db.transaction(async (tx) => {
    // The rule of a moderator's ban (user/bans.ts): a banned person creates no community (403 BANNED).
    await refuseBanned(tx, userId, 'community');
    await checkInput(tx, userId, b);
    await tx.insert(communities).values({
      id,
      name: b.name,
      description: b.description,
      categoryId: b.category,
      coverUrl: b.coverUrl ?? null,
      avatarUrl: b.avatarUrl ?? null,
      visibility: b.visibility,
      needsApproval: b.needsApproval,
      ownerId: userId,
      membersCount: 1,
    });
    await tx.insert(communityMembers).values({ communityId: id, userId, role: 'owner', lastActiveAt: sql`now()` });
  });
  return getCommunity(db, userId, id);
}

export async function editCommunity(db: Db, userId: string, id: string, b: CommunityInput) {
  await db.transaction(async (tx) => {
    await staffOf(tx, userId, id, true);
    await checkInput(tx, userId, b);
    // The query builder leaves out the fields given as undefined: only what was sent changes.
    await tx
      .update(communities)
      .set({
        updatedAt: sql`now()`,
        name: b.name,
        description: b.description,
        categoryId: b.category,
        coverUrl: b.coverUrl,
        avatarUrl: b.avatarUrl,
        visibility: b.visibility,
        needsApproval: b.needsApproval,
      })
      .where(eq(communities.id, id));
  });
  return getCommunity(db, userId, id);
}
