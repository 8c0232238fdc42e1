import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type Conversation, type RecentData, chatKeys } from './cache';
import { type CacheEntry, chatStore } from './db';
import { type GroupThread, type GroupsData, groupKeys } from './group-cache';

/**
 * Keeps the chat readable offline, as lib/offline does for balances and history, but in IndexedDB
 * (messages outgrow localStorage): the first page of recent chats and the last messages of the
 * latest conversations, tagged with their owner and fetch time, restored into the query cache on
 * start (never over fresher data) and dropped on sign-out.
 */
export const KEEP_CONVERSATIONS = 20;
export const KEEP_MESSAGES = 60;
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (key: QueryKey): string | null => {
  if (key[0] !== 'chat') return null;
  if ((key[1] === 'recent' || key[1] === 'groups') && key.length === 2) return key[1];
  if ((key[1] === 'conversation' || key[1] === 'group-thread' || key[1] === 'group') && typeof key[2] === 'string')
    return `${key[1]}:${key[2]}`;
  return null;
};

/** The query a saved entry goes back into. */
const queryKeyOf = (entryKey: string): QueryKey => {
  if (entryKey === 'recent') return chatKeys.recent;
  if (entryKey === 'groups') return groupKeys.list;
  const [kind = '', id = ''] = entryKey.split(':');
  return kind === 'group-thread' ? groupKeys.thread(id) : kind === 'group' ? groupKeys.info(id) : chatKeys.conversation(id);
};

/** What is written for a query: recent chats' first page, a conversation's last messages. */
export function keptData(entryKey: string, data: unknown): unknown {
  if (entryKey === 'recent' || entryKey === 'groups') {
    const d = data as RecentData | GroupsData;
    return { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) };
  }
  if (entryKey.startsWith('group:')) return data;
  const c = data as Conversation | GroupThread;
  const messages = c.messages.slice(-KEEP_MESSAGES);
  return { ...c, messages, hasOlder: c.hasOlder || messages.length < c.messages.length };
}

/** Puts the owner's saved chat back into the cache where it holds nothing newer. */
export async function restoreChat(qc: QueryClient, owner: string, now = Date.now()): Promise<number> {
  return (await restoreChatKeys(qc, owner, now)).length;
}

/** As restoreChat, answering the keys of the queries it filled (only those need reading again). */
export async function restoreChatKeys(qc: QueryClient, owner: string, now = Date.now()): Promise<QueryKey[]> {
  const entries = await chatStore()
    .cached(owner)
    .catch(() => [] as CacheEntry[]);
  const restored: QueryKey[] = [];
  for (const e of entries) {
    if (now - e.updatedAt > MAX_AGE_MS) continue;
    const key = queryKeyOf(e.key);
    const state = qc.getQueryState(key);
    if (state?.data !== undefined && state.dataUpdatedAt >= e.updatedAt) continue;
    qc.setQueryData(key, e.data, { updatedAt: e.updatedAt });
    restored.push(key);
  }
  return restored;
}

let writeNow: (() => void) | null = null;

/**
 * Writes the kept chat queries changed since the last write now, not after the debounce: for a
 * change that must not come back if the app is closed at once (a message deleted for me).
 */
export function saveChatNow(): void {
  writeNow?.();
}

/** Writes the kept chat queries (debounced) whenever they change; returns the stop function. */
export function startChatPersist(qc: QueryClient, owner: string, delayMs = 800): () => void {
  const dirty = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const entries: CacheEntry[] = [];
    for (const [k, key] of dirty) {
      const state = qc.getQueryState(key);
      if (state?.data === undefined) continue;
      entries.push({ key: k, owner, data: keptData(k, state.data), updatedAt: state.dataUpdatedAt });
    }
    dirty.clear();
    // Only the latest conversations are worth the space.
    const recent = qc.getQueryData<RecentData>(chatKeys.recent);
    const keep = new Set(
      recent?.pages
        .flatMap((p) => p.items)
        .slice(0, KEEP_CONVERSATIONS)
        .map((r) => `conversation:${r.user.id}`),
    );
    const groups = qc.getQueryData<GroupsData>(groupKeys.list);
    for (const g of groups?.pages.flatMap((p) => p.items).slice(0, KEEP_CONVERSATIONS) ?? []) {
      keep.add(`group-thread:${g.id}`);
      keep.add(`group:${g.id}`);
    }
    const wanted = entries.filter(
      (e) => e.key === 'recent' || e.key === 'groups' || (e.key.startsWith('conversation:') ? !recent : !groups) || keep.has(e.key),
    );
    if (wanted.length)
      void chatStore()
        .putCache(wanted)
        .catch(() => undefined);
  };
  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const k = keyOf(event.query.queryKey);
    if (!k) return;
    dirty.set(k, event.query.queryKey);
    timer ??= setTimeout(flush, delayMs);
  });
  const onHide = () => {
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  };
  globalThis.addEventListener?.('pagehide', onHide);
  writeNow = onHide;
  return () => {
    if (writeNow === onHide) writeNow = null;
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', onHide);
    if (timer) clearTimeout(timer);
  };
}
