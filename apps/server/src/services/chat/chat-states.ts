import { and, eq, sql } from 'drizzle-orm';
import { PINNED_MAX_CHATS, type ChatState } from '@owo/contracts';
import type { Db, Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { chatAccess, pinnedBesides } from './actions.queries.js';
import { chatStates } from './tables.js';

// A person's pinned and archived chats (their own state; the others see nothing). At most
// PINNED_MAX_CHATS pinned, counted under a lock per person so two pins at once cannot pass it.
// Archiving unpins; pinning an archived chat brings it back. An archived chat stays archived when a
// new message arrives (WhatsApp's "keep chats archived"): only unarchive brings it back.

type Row = typeof chatStates.$inferSelect;
const toState = (conversationId: string, r: Pick<Row, 'pinnedAt' | 'archivedAt'> | undefined): ChatState => ({
  conversationId,
  pinned: Boolean(r?.pinnedAt),
  pinnedAt: r?.pinnedAt?.toISOString() ?? null,
  archived: Boolean(r?.archivedAt),
});

/** A chat the caller is in now: a 1:1 of theirs with a message, or a group they are a member of (404 for any other). */
async function requireChat(db: Tx, userId: string, convo: string) {
  const access = await chatAccess(db, userId, convo);
  if (!access?.current) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
}

async function write(tx: Tx, userId: string, convo: string, set: Partial<Pick<Row, 'pinnedAt' | 'archivedAt'>>) {
  const [row] = await tx
    .insert(chatStates)
    .values({ userId, conversationId: convo, ...set })
    .onConflictDoUpdate({ target: [chatStates.userId, chatStates.conversationId], set })
    .returning();
  return toState(convo, row);
}

const current = async (tx: Tx, userId: string, convo: string) =>
  (
    await tx
      .select()
      .from(chatStates)
      .where(and(eq(chatStates.userId, userId), eq(chatStates.conversationId, convo)))
  )[0];

export async function pinChat(db: Db, userId: string, convo: string): Promise<ChatState> {
  await requireChat(db, userId, convo);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`chat-pins:${userId}`}))`);
    const now = await current(tx, userId, convo);
    if (now?.pinnedAt) return toState(convo, now);
    if ((await pinnedBesides(tx, userId, convo)) >= PINNED_MAX_CHATS)
      throw conflict(`You can pin up to ${PINNED_MAX_CHATS} chats`, 'PIN_LIMIT');
    return write(tx, userId, convo, { pinnedAt: new Date(), archivedAt: null });
  });
}

export async function unpinChat(db: Db, userId: string, convo: string): Promise<ChatState> {
  await requireChat(db, userId, convo);
  return write(db, userId, convo, { pinnedAt: null });
}

export async function archiveChat(db: Db, userId: string, convo: string): Promise<ChatState> {
  await requireChat(db, userId, convo);
  const now = await current(db, userId, convo);
  if (now?.archivedAt) return toState(convo, now);
  return write(db, userId, convo, { archivedAt: new Date(), pinnedAt: null });
}

export async function unarchiveChat(db: Db, userId: string, convo: string): Promise<ChatState> {
  await requireChat(db, userId, convo);
  return write(db, userId, convo, { archivedAt: null });
}
