/**
 * A small in-process memory of things verified recently (a PIN, a token and PIN together): entries
 * are kept for `ttlMs`, at most `max` of them (the oldest goes first); an expired entry is not
 * returned. Only a cache: losing it (a restart, another process) costs a slower check, never a
 * wrong answer, so it may live in memory even with several processes.
 */
export class RecentlyVerified<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 10_000,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
