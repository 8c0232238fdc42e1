import type { ChatRef, MessageInChat } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { chatAccess, groupsByIds, searchPage, starredPage } from './actions.queries.js';
import { toChatUser } from './chat.service.js';
import { toMessage, type MessageRow } from './message.queries.js';

// Lists of a person's messages across their chats: the starred ones, and search (in one chat or in
// all of them), each message with the chat it belongs to.

type Page = { page: number; limit: number };

/** Each message with its chat: the other person of a 1:1, or the group. */
async function inChats(db: Tx, userId: string, rows: readonly MessageRow[]): Promise<MessageInChat[]> {
  const isGroup = (r: MessageRow) => r.toUserId === r.conversationId;
  const otherOf = (r: MessageRow) => (r.fromUserId === userId ? r.toUserId : r.fromUserId);
  const people = new Map(
    (await usersByIds(db, [...new Set(rows.filter((r) => !isGroup(r)).map(otherOf))])).map((u) => [u.id, toChatUser(u)]),
  );
  const groups = new Map((await groupsByIds(db, [...new Set(rows.filter(isGroup).map((r) => r.conversationId))])).map((g) => [g.id, g]));
  return rows.map((r) => {
    const group = isGroup(r) ? (groups.get(r.conversationId) ?? null) : null;
    const chat: ChatRef = {
      conversationId: r.conversationId,
      groupId: isGroup(r) ? r.conversationId : null,
      user: isGroup(r) ? null : (people.get(otherOf(r)) ?? null),
      group: group && { id: group.id, name: group.name, photoUrl: group.photoUrl },
    };
    return { message: toMessage(r), chat };
  });
}

/** The caller's starred messages, the latest starred first (none deleted for everyone or for them). */
export async function starredOf(db: Tx, userId: string, q: Page) {
  const rows = await starredPage(db, userId, q);
  const items = await inChats(db, userId, rows);
  return {
    items: items.map((x, i) => ({ ...x, starredAt: new Date(rows[i]!.starredAt).toISOString() })),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

/** The most words of a search. */
const MAX_WORDS = 8;

/** A search as a 'simple' text query: its words (letters and digits), all of them, each as a prefix. */
export function searchWords(q: string): string {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (!words.length) throw badRequest('Type a word to search for', 'SEARCH_NO_WORDS');
  return words.map((w) => `${w}:*`).join(' & ');
}

/**
 * Messages with these words that the caller may read, the latest first: in all their chats, or in
 * one (`convo`: a 1:1 of theirs or a group they are or were in; 404 for any other).
 */
export async function searchMessages(db: Tx, userId: string, q: Page & { q: string }, convo?: string) {
  const words = searchWords(q.q);
  if (convo && !(await chatAccess(db, userId, convo))) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
  const rows = await searchPage(db, userId, words, q, convo);
  return { items: await inChats(db, userId, rows), pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0) };
}
