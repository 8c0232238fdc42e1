import { LRUCache } from 'lru-cache';

type Entry = {
  value: Promise<unknown>;
  /** When the load that made `value` started: its age counts from then. */
  at: number;
  /** A load is under way to replace this entry (one per key). */
  refreshing: boolean;
};

/**
 * A short-lived cache of answers that are the same for everyone who asks (a search's ranking, the
 * suggestions for a prefix), at most `max` of them, never older than `maxAgeMs` (counted from when
 * its load started), so a change shows within that time. Callers asking for a key while it loads
 * share the one load (64 shoppers typing "phone" at once cost one ranking).
 *
 * Stale while revalidating: an answer is fresh for the first half of `maxAgeMs`; in the second half
 * it is still served at once while one caller's load replaces it in the background, so a popular
 * answer is always ready and never waits for its own reload. After `maxAgeMs` it is not served: the
 * next caller loads (and the others share that load). A failed load is not kept (a failed refresh
 * leaves the answer until its time is up). `maxAgeMs` 0 turns it off: every call loads.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Entry> | null;
  private readonly freshMs: number;

  constructor(
    readonly maxAgeMs: number,
    max = 5000,
  ) {
    this.freshMs = Math.floor(maxAgeMs / 2);
    this.cache = maxAgeMs > 0 ? new LRUCache<string, Entry>({ max, ttl: maxAgeMs }) : null;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache) return load();
    const now = Date.now();
    const kept = this.cache.get(key);
    if (kept && now - kept.at < this.maxAgeMs) {
      if (now - kept.at >= this.freshMs && !kept.refreshing) this.refresh(key, kept, load);
      return kept.value as Promise<T>;
    }
    return this.start(key, load, now);
  }

  private start<T>(key: string, load: () => Promise<T>, at: number): Promise<T> {
    const loading = load();
    const entry: Entry = { value: loading, at, refreshing: false };
    this.cache!.set(key, entry);
    loading.catch(() => {
      if (this.cache!.get(key) === entry) this.cache!.delete(key);
    });
    return loading;
  }

  /** Loads the key again while `stale` goes on being served; the new answer replaces it once loaded. */
  private refresh(key: string, stale: Entry, load: () => Promise<unknown>): void {
    stale.refreshing = true;
    const at = Date.now();
    load().then(
      (value) => {
        const now = this.cache!.get(key);
        // A newer answer (a load started later) is left alone.
        if (!now || now.at <= at)
          this.cache!.set(key, { value: Promise.resolve(value), at, refreshing: false }, { ttl: this.maxAgeMs - (Date.now() - at) });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }
}

/** No cache: every call loads. */
export const NO_CACHE = new ReadCache(0);
