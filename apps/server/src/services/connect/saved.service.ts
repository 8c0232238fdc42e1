import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { postNotFound } from './posts.service.js';
import { postSaves, savedCollections } from './tables.js';
import { actionablePost, listedFor, seesPost, type ActionablePost } from './visibility.js';

export const collectionNotFound = () => notFound('Collection not found', 'COLLECTION_NOT_FOUND');
const nameTaken = () => conflict('You already have a collection with this name', 'COLLECTION_EXISTS');

async function ownCollection(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(savedCollections)
    .where(and(eq(savedCollections.id, id), eq(savedCollections.ownerId, userId)));
  if (!row) throw collectionNotFound();
  return row;
}

/** Saves a post the caller can see (again: moves it to the collection given), or unsaves it. */
export async function savePost(db: Tx, userId: string, postId: string, collectionId: string | null | undefined) {
  if (collectionId) await ownCollection(db, userId, collectionId);
  const [visible] = await executeRows<ActionablePost>(db, actionablePost(userId, postId));
  if (!visible) throw postNotFound();
  await db
    .insert(postSaves)
    .values({ userId, postId, collectionId: collectionId ?? null })
    .onConflictDoUpdate({
      target: [postSaves.userId, postSaves.postId],
      set: collectionId === undefined ? { userId } : { collectionId: collectionId ?? null },
    });
  const [row] = await db
    .select({ collectionId: postSaves.collectionId })
    .from(postSaves)
    .where(and(eq(postSaves.userId, userId), eq(postSaves.postId, postId)));
  return { _id: postId, isSaved: true, collectionId: row?.collectionId ?? null };
}

/** Unsaves a post: one the caller saved (even if they may no longer see it), or one they may see. */
export async function unsavePost(db: Tx, userId: string, postId: string) {
  const [row] = await executeRows<{ known: boolean }>(
    db,
    sql`WITH gone AS (DELETE FROM post_saves WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id)
      SELECT EXISTS (SELECT 1 FROM gone) OR EXISTS (SELECT 1 FROM posts p WHERE p.id = ${postId} AND p.kind <> 'repost'
        AND ${seesPost(userId)}) AS known`,
  );
  if (!row?.known) throw postNotFound();
  return { _id: postId, isSaved: false, collectionId: null };
}

/** A collection as `collectionColumns` reads it: its count and cover, of the posts its owner may still see. */
type CollectionRow = RawRow<Pick<typeof savedCollections.$inferSelect, 'id' | 'name' | 'createdAt'>> & {
  postsCount: number;
  cover: string | null;
};
const collectionColumns = (userId: string) => sql`c.id, c.name, c.created_at AS "createdAt",
  (SELECT count(*)::int FROM post_saves s JOIN posts p ON p.id = s.post_id
    WHERE s.collection_id = c.id AND ${listedFor(userId)}) AS "postsCount",
  (SELECT coalesce(p.media->0->>'thumbnailUrl', p.media->0->>'url') FROM post_saves s JOIN posts p ON p.id = s.post_id
    WHERE s.collection_id = c.id AND ${listedFor(userId)} AND jsonb_array_length(p.media) > 0
    ORDER BY s.created_at DESC LIMIT 1) AS cover`;
const toCollection = (r: CollectionRow) => ({
  _id: r.id,
  name: r.name,
  postsCount: r.postsCount,
  cover: r.cover,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function collectionsOf(db: Tx, userId: string, p: { page: number; limit: number }) {
  const rows = await executeRows<CollectionRow & { total: number }>(
    db,
    sql`SELECT ${collectionColumns(userId)}, count(*) OVER ()::int AS total FROM saved_collections c WHERE c.owner_id = ${userId}
      ORDER BY c.created_at DESC, c.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return { items: rows.map(toCollection), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function collectionById(db: Tx, userId: string, id: string) {
  await ownCollection(db, userId, id);
  const [row] = await executeRows<CollectionRow>(db, sql`SELECT ${collectionColumns(userId)} FROM saved_collections c WHERE c.id = ${id}`);
  return toCollection(row!);
}

export async function createCollection(db: Tx, userId: string, name: string) {
  const id = newId();
  try {
    await db.insert(savedCollections).values({ id, ownerId: userId, name });
  } catch (err) {
    if (uniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return collectionById(db, userId, id);
}

export async function renameCollection(db: Tx, userId: string, id: string, name: string) {
  await ownCollection(db, userId, id);
  try {
    await db.update(savedCollections).set({ name }).where(eq(savedCollections.id, id));
  } catch (err) {
    if (uniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return collectionById(db, userId, id);
}

/** Deletes a collection; its posts stay saved, outside any collection. */
export async function deleteCollection(db: Db, userId: string, id: string) {
  await db.transaction(async (tx) => {
    await ownCollection(tx, userId, id);
    await tx
      .update(postSaves)
      .set({ collectionId: null })
      .where(and(eq(postSaves.userId, userId), eq(postSaves.collectionId, id)));
    await tx.delete(savedCollections).where(eq(savedCollections.id, id));
  });
}

/** Moves posts into this collection (saving those not saved yet): each must be a post the caller can see. */
export async function movePosts(db: Db, userId: string, id: string, postIds: string[]) {
  await db.transaction(async (tx) => {
    await ownCollection(tx, userId, id);
    const unique = [...new Set(postIds)];
    const visible = await executeRows<{ id: string }>(
      tx,
      sql`SELECT p.id FROM posts p WHERE p.id IN (${sql.join(
        unique.map((p) => sql`${p}::uuid`),
        sql`, `,
      )}) AND p.kind <> 'repost' AND p.status = 'published' AND ${seesPost(userId)}`,
    );
    if (visible.length !== unique.length) throw badRequest('Some of these posts are not there any more', 'POST_NOT_FOUND');
    await tx
      .insert(postSaves)
      .values(unique.map((postId) => ({ userId, postId, collectionId: id })))
      .onConflictDoUpdate({ target: [postSaves.userId, postSaves.postId], set: { collectionId: id } });
  });
  return collectionById(db, userId, id);
}

/** Takes posts out of this collection; they stay saved. */
export async function removePosts(db: Tx, userId: string, id: string, postIds: string[]) {
  await ownCollection(db, userId, id);
  await db
    .update(postSaves)
    .set({ collectionId: null })
    .where(and(eq(postSaves.userId, userId), eq(postSaves.collectionId, id), inArray(postSaves.postId, postIds)));
  return collectionById(db, userId, id);
}
