import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { MsgType, ReplyPreview } from './types';

/**
 * The chat's copy on the device (IndexedDB, as idb): the messages waiting to be sent (`outbox`,
 * in the order they were written) and the last conversations and messages (`cache`), so the chat
 * reads offline. Each record names its owner; everything is dropped on sign-out. Where IndexedDB
 * is missing (private modes of old browsers, tests) the same calls keep the data in memory.
 */
export interface OutboxEntry {
  msgId: string;
  owner: string;
  /** The person, or for a group message the group (with `groupId` set). */
  toUserId: string;
  groupId?: string;
  /** Members mentioned with @ (groups). */
  mentions?: string[];
  msgType: MsgType;
  text: string;
  /** The quoted message as the bubble shows it (its `id` is the server id sent as replyTo). */
  replyTo: ReplyPreview | null;
  mediaUrl?: string;
  paymentReference?: string;
  /** A photo or voice note still to upload (kept as a Blob, so it survives a reload offline). */
  blob?: Blob;
  blobName?: string;
  /** Money shared as a payment message, shown in the bubble until the server answers. */
  amount?: number;
  order: number;
  createdAt: string;
  /** Set when the server refused it: it is no longer sent on its own. */
  error?: string;
}

export interface CacheEntry {
  key: string;
  owner: string;
  data: unknown;
  updatedAt: number;
}

interface ChatDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
  cache: { key: string; value: CacheEntry };
}

export interface ChatStore {
  outbox(owner: string): Promise<OutboxEntry[]>;
  putOutbox(e: OutboxEntry): Promise<void>;
  deleteOutbox(msgId: string): Promise<void>;
  cached(owner: string): Promise<CacheEntry[]>;
  putCache(entries: CacheEntry[]): Promise<void>;
  clear(): Promise<void>;
}

const byOrder = (a: OutboxEntry, b: OutboxEntry) => a.order - b.order;

export function memoryStore(): ChatStore {
  const outbox = new Map<string, OutboxEntry>();
  const cache = new Map<string, CacheEntry>();
  return {
    outbox: async (owner) => [...outbox.values()].filter((e) => e.owner === owner).sort(byOrder),
    putOutbox: async (e) => void outbox.set(e.msgId, e),
    deleteOutbox: async (id) => void outbox.delete(id),
    cached: async (owner) => [...cache.values()].filter((e) => e.owner === owner),
    putCache: async (entries) => entries.forEach((e) => cache.set(e.key, e)),
    clear: async () => {
      outbox.clear();
      cache.clear();
    },
  };
}

function idbStore(): ChatStore {
  let db: Promise<IDBPDatabase<ChatDb>> | null = null;
  const open = () =>
    (db ??= openDB<ChatDb>('owo-chat', 1, {
      upgrade(d) {
        d.createObjectStore('outbox', { keyPath: 'msgId' });
        d.createObjectStore('cache', { keyPath: 'key' });
      },
    }));
  return {
    outbox: async (owner) => (await (await open()).getAll('outbox')).filter((e) => e.owner === owner).sort(byOrder),
    putOutbox: async (e) => void (await (await open()).put('outbox', e)),
    deleteOutbox: async (id) => (await open()).delete('outbox', id),
    cached: async (owner) => (await (await open()).getAll('cache')).filter((e) => e.owner === owner),
    putCache: async (entries) => {
      const tx = (await open()).transaction('cache', 'readwrite');
      await Promise.all([...entries.map((e) => tx.store.put(e)), tx.done]);
    },
    clear: async () => {
      const tx = (await open()).transaction(['outbox', 'cache'], 'readwrite');
      await Promise.all([tx.objectStore('outbox').clear(), tx.objectStore('cache').clear(), tx.done]);
    },
  };
}

let store: ChatStore | null = null;
/** The device's chat store (IndexedDB where there is one). */
export function chatStore(): ChatStore {
  return (store ??= typeof indexedDB === 'undefined' ? memoryStore() : idbStore());
}
/** Tests: use this store instead. */
export function setChatStore(s: ChatStore | null): void {
  store = s;
}
