import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of answers that are the same for everyone who asks (a search's ranking, the
 * suggestions for a prefix): kept `ttlMs`, so a change shows within that time, and at most `max`
 * of them. Callers asking for a key while it loads share the one load (64 shoppers typing "phone"
 * at once cost one ranking). A failed load is not kept. `ttlMs` 0 turns it off: every call loads.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Promise<unknown>> | null;

  constructor(
    readonly ttlMs: number,
    max = 5000,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache<string, Promise<unknown>>({ max, ttl: ttlMs }) : null;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache) return load();
    const kept = this.cache.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const loading = load();
    this.cache.set(key, loading);
    loading.catch(() => {
      if (this.cache!.get(key) === loading) this.cache!.delete(key);
    });
    return loading;
  }
}

/** No cache: every call loads. */
export const NO_CACHE = new ReadCache(0);
