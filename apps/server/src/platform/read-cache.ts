import { LRUCache } from 'lru-cache';

type Entry = {
  value: Promise<unknown>;
  /** When the load that made `value` started: its age counts from then. */
  at: number;
  /** Until when it is fresh: a time drawn in its age's second half, so answers kept together are not all loaded again together. */
  freshUntil: number;
  /** The load under way to replace this entry (one per key). */
  refreshing: Promise<unknown> | null;
  /** When a change touched it: it is served while it is loaded again, for at most `changedServedMs`. */
  changedAt?: number;
  /** What the changes that touched it said changed (see `invalidate`); null: one of them did not say, so it is loaded afresh. */
  changed?: Set<string> | null;
  /** What the answer depends on (see `get`); undefined while it loads, null: on everything. */
  tags: ReadonlySet<string> | null | undefined;
};

/**
 * Brings a kept answer up to date with what changed (the items `invalidate` was told), instead of
 * loading it afresh; null when it cannot (then it is loaded).
 */
export type Update<T> = (kept: T, changed: ReadonlySet<string>) => Promise<T | null>;

/** What a change touched: some tags, or everything. */
type Change = { seq: number; tags: ReadonlySet<string> | '*'; items: ReadonlySet<string> | null };

/** Background loads (stale answers loaded again) running at once, per cache: more wait, so they never crowd out waiting callers. */
const MAX_REFRESHES = 2;

/** How many changes are remembered to judge a load that raced them; a load older than these is not kept. */
const CHANGES_KEPT = 256;

/**
 * A cache of answers that are the same for everyone who asks (a search's ranking, the suggestions
 * for a prefix), at most `max` of them, never older than `maxAgeMs` (counted from when its load
 * started). Callers asking for a key while it loads share the one load (64 shoppers typing "phone"
 * at once cost one ranking).
 *
 * Dropped on change: an answer may name what it depends on (its tags, e.g. a search's words);
 * `invalidate(tags)` touches every answer with one of those tags and every answer that named none,
 * `invalidate('*')` all of them. A touched answer is loaded again by the next caller; meanwhile, for
 * at most `changedServedMs` (1 s), it is still served to the others (so a change to a popular word does not
 * make everyone wait for its new ranking), then they wait for the new load. An answer whose load
 * raced a change that touched it is given to the callers who were waiting for it but not kept
 * (unless it can be updated: then it is kept, touched by those changes, and updated next).
 * A change may also say which items changed (`invalidate(tags, items)`): an answer given an `update`
 * is then brought up to date from the kept one and those items (a search's ranking re-ranks only
 * them), keeping its age, so it still falls due and is loaded afresh in time.
 *
 * Stale while revalidating: an answer is fresh for the first half of `maxAgeMs` and some (a time
 * drawn between 50% and 80%, so answers kept together are not loaded again together); after that it
 * is still served at once while one caller's load replaces it in the background (at most
 * MAX_REFRESHES such loads at once), so a popular answer is always ready and never waits for its
 * own reload. After `maxAgeMs` it is not served: the next caller loads (and the others share that
 * load). A failed load is not kept (a failed refresh
 * leaves the answer until its time is up). `maxAgeMs` 0 turns it off: every call loads.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Entry> | null;
  /** Background loads running now (at most MAX_REFRESHES). */
  private refreshes = 0;
  private seq = 0;
  private readonly changes: Change[] = [];

  constructor(
    readonly maxAgeMs: number,
    max = 5000,
    /** How long an answer touched by a change is still served while its new load runs; then callers wait for the load. */
    private readonly changedServedMs = 1000,
  ) {
    this.cache = maxAgeMs > 0 ? new LRUCache<string, Entry>({ max, ttl: maxAgeMs }) : null;
  }

  /**
   * The kept answer for `key`, or `load`'s. `tagsOf` names what the answer depends on (a change to
   * any of them drops it); without it, or when it says null, the answer depends on everything.
   */
  get<T>(key: string, load: () => Promise<T>, tagsOf?: (value: T) => Iterable<string> | null, update?: Update<T>): Promise<T> {
    if (!this.cache) return load();
    const now = Date.now();
    const kept = this.cache.get(key);
    if (kept && kept.changedAt !== undefined) {
      const changed = kept.changed;
      // Brought up to date from the kept answer when the changes said what changed; else loaded afresh.
      const reload = update && changed ? async () => (await update((await kept.value) as T, new Set(changed))) ?? (await load()) : load;
      const aged = update && changed ? kept : undefined;
      if (now - kept.changedAt >= this.changedServedMs)
        return (kept.refreshing ?? this.start(key, reload, tagsOf, now, !!update, aged)) as Promise<T>;
      if (!kept.refreshing) this.refresh(key, kept, reload, tagsOf, !!update, aged);
      return kept.value as Promise<T>;
    }
    if (kept && now - kept.at < this.maxAgeMs) {
      if (now >= kept.freshUntil && !kept.refreshing) this.refresh(key, kept, load, tagsOf, !!update);
      return kept.value as Promise<T>;
    }
    return this.start(key, load, tagsOf, now, !!update);
  }

  /**
   * Touches every answer that depends on one of `tags` (or on everything); '*' touches all. `items`
   * says what changed (for answers given an `update`); without it they are loaded afresh.
   */
  invalidate(tags: Iterable<string> | '*', items?: Iterable<string>): void {
    if (!this.cache) return;
    const touched: ReadonlySet<string> | '*' = tags === '*' ? '*' : new Set(tags);
    const said = items && touched !== '*' ? new Set(items) : null;
    this.changes.push({ seq: ++this.seq, tags: touched, items: said });
    if (this.changes.length > CHANGES_KEPT) this.changes.shift();
    const now = Date.now();
    for (const entry of this.cache.values()) {
      // An answer still loading is judged when its load ends (raced).
      if (entry.tags === undefined || !touches(touched, entry.tags)) continue;
      if (entry.changedAt === undefined) {
        entry.changedAt = now;
        entry.changed = said && new Set(said);
      } else if (entry.changed) {
        if (said) for (const i of said) entry.changed.add(i);
        else entry.changed = null;
      }
    }
  }

  private freshUntil(at: number): number {
    return at + this.maxAgeMs * (0.5 + 0.3 * Math.random());
  }

  /**
   * What changed since `seq` for an answer with these tags: nothing (null), or the changes' items
   * (a Set; null in it when one of them did not say, or it was too long ago to tell).
   */
  private racedBy(seq: number, tags: ReadonlySet<string> | null): { items: Set<string> | null } | null {
    if (seq === this.seq) return null;
    if ((this.changes[0]?.seq ?? Infinity) > seq + 1) return { items: null };
    const racing = this.changes.filter((c) => c.seq > seq && touches(c.tags, tags));
    if (!racing.length) return null;
    const items = new Set<string>();
    for (const c of racing) {
      if (!c.items) return { items: null };
      for (const i of c.items) items.add(i);
    }
    return { items };
  }

  /**
   * An answer whose load raced changes: kept when it can be updated, touched by those changes (so the
   * next caller updates it with their items); else not kept (false).
   */
  private keepRaced(entry: Entry, raced: { items: Set<string> | null }, updatable: boolean): boolean {
    if (!updatable || !raced.items) return false;
    entry.changedAt = Date.now();
    entry.changed = raced.items;
    return true;
  }

  private start<T>(
    key: string,
    load: () => Promise<T>,
    tagsOf: ((value: T) => Iterable<string> | null) | undefined,
    at: number,
    /** Whether it can be updated (kept after racing a change, and updated next). */
    updatable: boolean,
    /** The answer this one brings up to date: its age is kept. */
    aged?: Entry,
  ): Promise<T> {
    const seq = this.seq;
    const loading = load();
    const entry: Entry = {
      value: loading,
      at: aged?.at ?? at,
      freshUntil: aged?.freshUntil ?? this.freshUntil(at),
      refreshing: null,
      tags: undefined,
    };
    this.cache!.set(key, entry);
    loading.then(
      (value) => {
        entry.tags = tagsIn(value, tagsOf);
        const raced = this.racedBy(seq, entry.tags);
        if (raced && this.cache!.get(key) === entry && !this.keepRaced(entry, raced, updatable)) this.cache!.delete(key);
      },
      () => {
        if (this.cache!.get(key) === entry) this.cache!.delete(key);
      },
    );
    return loading;
  }

  /** Loads the key again while `stale` goes on being served; the new answer replaces it once loaded. */
  private refresh<T>(
    key: string,
    stale: Entry,
    load: () => Promise<T>,
    tagsOf: ((value: T) => Iterable<string> | null) | undefined,
    /** Whether it can be updated (kept after racing a change, and updated next). */
    updatable: boolean,
    /** Set when the load brings `stale` up to date: its age is kept. */
    aged?: Entry,
  ): void {
    // Background loads wait their turn: the stale answer is served meanwhile, and the next caller tries again.
    if (this.refreshes >= MAX_REFRESHES) return;
    this.refreshes++;
    const at = aged?.at ?? Date.now();
    const seq = this.seq;
    const loading = load();
    stale.refreshing = loading;
    void loading.finally(() => this.refreshes--).catch(() => {});
    loading.then(
      (value) => {
        const tags = tagsIn(value, tagsOf);
        const now = this.cache!.get(key);
        // A newer answer (a load started later) is left alone; an answer that raced a change is
        // not kept, unless it can be updated (then it is kept touched by the change).
        const entry: Entry = {
          value: Promise.resolve(value),
          at,
          freshUntil: aged?.freshUntil ?? this.freshUntil(at),
          refreshing: null,
          tags,
        };
        const raced = this.racedBy(seq, tags);
        if ((!now || now === stale || now.at <= at) && (!raced || this.keepRaced(entry, raced, updatable)))
          this.cache!.set(key, entry, { ttl: Math.max(1, this.maxAgeMs - (Date.now() - at)) });
        else stale.refreshing = null;
      },
      () => {
        stale.refreshing = null;
      },
    );
  }
}

function tagsIn<T>(value: T, tagsOf: ((value: T) => Iterable<string> | null) | undefined): ReadonlySet<string> | null {
  const tags = tagsOf ? tagsOf(value) : null;
  return tags === null ? null : new Set(tags);
}

/** Whether a change to `changed` touches an answer depending on `tags` (null: on everything). */
function touches(changed: ReadonlySet<string> | '*', tags: ReadonlySet<string> | null): boolean {
  if (changed === '*' || tags === null) return true;
  for (const t of tags) if (changed.has(t)) return true;
  return false;
}

/** No cache: every call loads. */
export const NO_CACHE = new ReadCache(0);
