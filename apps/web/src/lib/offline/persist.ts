/**
 * Keeps the last balances, recent history and profile on the device, so a signed-in person who opens
 * the app without a connection still sees them (marked with when they were fetched).
 *
 * Only an allow-list of queries is kept, only their data and fetch time, in localStorage under one
 * key tagged with the owner's user id; nothing secret (no tokens, PINs or card data: a bill's
 * vend token is blanked out of history rows). The copy is dropped on sign-out.
 *
 * Written by hand on TanStack Query's own cache events rather than with the persist-client packages:
 * those pin an exact query-core version (none matching 5.108.0), which would bundle a second copy.
 */
import { type Query, type QueryClient, type QueryKey, hashKey } from '@tanstack/react-query';

export const PERSIST_KEY = 'owo.offline.v1';
/** Saved data older than this is not shown. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface PersistedQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}
interface Snapshot {
  v: 1;
  userId: string;
  queries: PersistedQuery[];
}

const isPlainEmpty = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/**
 * The queries worth keeping offline: the profile ['user', id], balances ['wallet', 'balances'],
 * Home's recent transactions ['transactions', 'recent', n] and the unfiltered history list
 * ['transactions', 'list', {}]. Nothing else (cards, virtual account, banks, searches...).
 */
export function isPersistedKey(key: QueryKey): boolean {
  const [a, b, c] = key;
  if (a === 'user') return key.length === 2 && typeof b === 'string' && b.length > 0;
  if (a === 'wallet') return key.length === 2 && b === 'balances';
  if (a === 'transactions') return key.length === 3 && ((b === 'recent' && typeof c === 'number') || (b === 'list' && isPlainEmpty(c)));
  return false;
}

function stripSecrets(item: unknown): unknown {
  if (item && typeof item === 'object' && 'token' in item) return { ...item, token: null };
  return item;
}

/** What is written for a query: its data without secrets; an infinite list keeps its first page only. */
export function persistableData(key: QueryKey, data: unknown): unknown {
  if (key[0] !== 'transactions') return data;
  if (Array.isArray(data)) return data.map(stripSecrets);
  const inf = data as { pages?: { items?: unknown[] }[]; pageParams?: unknown[] } | undefined;
  if (inf && Array.isArray(inf.pages)) {
    const first = inf.pages[0];
    return {
      pages: first ? [{ ...first, items: (first.items ?? []).map(stripSecrets) }] : [],
      pageParams: (inf.pageParams ?? []).slice(0, 1),
    };
  }
  return data;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage as Storage | undefined;
  } catch {
    return undefined;
  }
}

function read(): Snapshot | null {
  try {
    const raw = storage()?.getItem(PERSIST_KEY);
    if (!raw) return null;
    const snap = JSON.parse(raw) as Snapshot;
    return snap && snap.v === 1 && typeof snap.userId === 'string' && Array.isArray(snap.queries) ? snap : null;
  } catch {
    return null;
  }
}

/** Forgets the saved copy (sign-out, or a session that did not survive the restart). */
export function dropPersisted(): void {
  try {
    storage()?.removeItem(PERSIST_KEY);
  } catch {
    /* storage blocked */
  }
}

/**
 * Puts the saved copy of `userId`'s data into the cache (before anything renders), keeping each
 * query's original fetch time so screens can say how old it is and refetch it. Another person's
 * copy, or a broken one, is dropped. Returns how many queries were restored.
 */
export function restorePersisted(client: QueryClient, userId: string | null, now = Date.now()): number {
  const snap = read();
  if (!snap) return 0;
  if (!userId || snap.userId !== userId) {
    dropPersisted();
    return 0;
  }
  let n = 0;
  for (const q of snap.queries) {
    if (!Array.isArray(q.key) || !isPersistedKey(q.key) || typeof q.updatedAt !== 'number' || now - q.updatedAt > PERSIST_MAX_AGE_MS)
      continue;
    client.setQueryData(q.key, q.data, { updatedAt: q.updatedAt });
    n++;
  }
  return n;
}

const hasFreshData = (q: Query) => q.state.data !== undefined && q.state.dataUpdatedAt > 0;

export interface Persister {
  /** Stops listening (pending writes are dropped). */
  stop(): void;
  /** Forgets everything held and saved (sign-out). */
  clear(): void;
}

/**
 * Saves the allowed queries whenever one of them gets new data (debounced). Entries are kept when
 * their query is garbage-collected from memory, so History's list survives a long stay on Home.
 * `getUserId` names the owner; with no one signed in nothing is written.
 */
export function startPersisting(client: QueryClient, getUserId: () => string | null, delayMs = 300): Persister {
  const entries = new Map<string, PersistedQuery>();
  let owner: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const snap = read();
  if (snap) {
    owner = snap.userId;
    for (const q of snap.queries) if (Array.isArray(q.key) && isPersistedKey(q.key)) entries.set(hashKey(q.key), q);
  }

  const flush = () => {
    timer = undefined;
    if (!owner || owner !== getUserId() || entries.size === 0) return;
    const out: Snapshot = { v: 1, userId: owner, queries: [...entries.values()] };
    try {
      storage()?.setItem(PERSIST_KEY, JSON.stringify(out));
    } catch {
      /* full or blocked: offline copies are a nicety */
    }
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const q = event.query;
    if (!isPersistedKey(q.queryKey) || !hasFreshData(q)) return;
    const userId = getUserId();
    if (!userId) return;
    if (owner !== userId) {
      entries.clear(); // never mix in anyone else's data
      owner = userId;
    }
    entries.set(q.queryHash, { key: q.queryKey, data: persistableData(q.queryKey, q.state.data), updatedAt: q.state.dataUpdatedAt });
    timer ??= setTimeout(flush, delayMs);
  });

  const onHide = () => {
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  };
  globalThis.addEventListener?.('pagehide', onHide);

  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    stop() {
      unsubscribe();
      globalThis.removeEventListener?.('pagehide', onHide);
      cancel();
    },
    clear() {
      cancel();
      entries.clear();
      owner = null;
      dropPersisted();
    },
  };
}
