import { sql } from 'drizzle-orm';
import { executeRows, rawQuery, type Db, type RawStatement } from '../../../platform/db.js';
import { ProductIndex, type IndexedProduct } from './product-index.js';

// A process's search index kept in step with the database. At start it is built in the background
// from every live product, a page at a time, each page's text dropped once its words are numbered
// (searches meanwhile use the database's own statement);
// then every change the products' trigger records (product_search_changes) is applied: before a
// search uses the index it checks, with one small read, whether changes were committed since, and
// applies them first, so an answer never misses a committed change. Sequence numbers can commit out
// of order, so the changes of the last SETTLE seconds are read again until they are settled, and
// those already applied are skipped.

/** How long a change's number can stay uncommitted behind a later one that has committed. */
const SETTLE = "interval '10 seconds'";
const BUILD_PAGE = 10_000;
/** Asked before each search: how many changes since the floor, and the last one (prepared once per connection). */
const CHANGED_SINCE: RawStatement = {
  name: 'search_index_changed_since',
  text: 'SELECT count(*) AS n, max(seq) AS top FROM product_search_changes WHERE seq > $1',
};
const CHANGES_PAGE = 5_000;

export type SearchIndexState = {
  state: 'off' | 'building' | 'ready' | 'failed';
  products: number;
  /** Bytes of the index's typed arrays. */
  bytes: number;
  buildSeconds: number | null;
  /** Changes applied since it was built. */
  changesApplied: number;
  /** Checks for changes made (searches that came during one share the next). */
  checks: number;
};

type Row = {
  id: string;
  doc: string;
  state_id: string;
  lga_id: string;
  category_id: string;
  subcategory_id: string;
  price: number | string;
  stock: number;
  sales: number;
  rating_sum: number;
  rating_count: number;
  created_ms: number | string;
  deleted: boolean;
};

const COLUMNS = sql`p.id, p.search_doc::text AS doc, p.state_id, p.lga_id, p.category_id, p.subcategory_id, p.price, p.stock, p.sales,
  p.rating_sum, p.rating_count, (extract(epoch FROM p.created_at) * 1000)::float8 AS created_ms, p.deleted_at IS NOT NULL AS deleted`;

const toIndexed = (r: Row): IndexedProduct => ({
  id: r.id,
  searchDoc: r.doc,
  stateId: r.state_id,
  lgaId: r.lga_id,
  categoryId: r.category_id,
  subcategoryId: r.subcategory_id,
  price: Number(r.price),
  stock: r.stock,
  sales: r.sales,
  ratingSum: r.rating_sum,
  ratingCount: r.rating_count,
  createdAt: Number(r.created_ms),
});

export class SearchIndexFollower {
  private index: ProductIndex | null = null;
  private status: SearchIndexState['state'];
  private buildSeconds: number | null = null;
  private applied = 0;
  /** Every change numbered at or below `floor` is applied; `seen` holds those applied above it. */
  private floor = 0;
  private seen = new Set<number>();
  private top = 0;
  private catching: Promise<number> | null = null;
  /** The check for changes in flight, and the one the callers that came during it wait for. */
  private checking: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private checks = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    enabled: boolean,
    private readonly onError: (err: unknown) => void,
  ) {
    this.status = enabled ? 'building' : 'off';
  }

  get state(): SearchIndexState {
    return {
      state: this.status,
      products: this.index?.size ?? 0,
      bytes: this.index?.bytes ?? 0,
      buildSeconds: this.buildSeconds,
      changesApplied: this.applied,
      checks: this.checks,
    };
  }

  /** Builds the index (in pages, without blocking requests); the returned promise settles when it is ready or has failed. */
  start(): Promise<void> {
    if (this.status === 'off') return Promise.resolve();
    return this.build().catch((err: unknown) => {
      // A build cut short by the server closing is not a failure worth reporting.
      if (this.stopped) return;
      this.status = 'failed';
      this.onError(err);
    });
  }

  stop(): void {
    this.stopped = true;
  }

  /** The index with every change committed before this call applied, or null (off, building or failed: use the database). */
  async current(): Promise<ProductIndex | null> {
    if (!this.index || this.status !== 'ready') return null;
    await this.freshCheck();
    return this.index;
  }

  /**
   * A check for changes that starts after this call. Callers that come while a check is in flight
   * cannot use it (it may have read before a change they must see was committed): they share the
   * next one, started as soon as it ends. Under load, one statement serves many searches.
   */
  private freshCheck(): Promise<void> {
    if (!this.checking) {
      this.checking = this.check().finally(() => (this.checking = null));
      return this.checking;
    }
    this.queued ??= this.checking
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.freshCheck();
      });
    return this.queued;
  }

  private async check(): Promise<void> {
    this.checks++;
    const [r] = await rawQuery<{ n: number | string; top: number | string | null }>(this.db, CHANGED_SINCE, [this.floor]);
    if (Number(r?.n ?? 0) !== this.seen.size || Number(r?.top ?? 0) > this.top) await this.catchUp();
  }

  /**
   * Applies the changes recorded since; one catch-up at a time (a search during one waits for it).
   * Resolves to the number of products it read again (0: the index was up to date, or is not built yet).
   */
  catchUp(): Promise<number> {
    if (!this.index) return Promise.resolve(0);
    this.catching ??= this.applyChanges().finally(() => (this.catching = null));
    return this.catching;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    // Changes from just before the build on are applied after it (applying one twice is harmless).
    const [f] = await executeRows<{ floor: number | string | null }>(
      this.db,
      sql`SELECT max(seq) AS floor FROM product_search_changes WHERE at < clock_timestamp() - ${sql.raw(SETTLE)}`,
    );
    // Each page goes into the index as it is read: only its words' numbers and columns are kept.
    const index = new ProductIndex();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      if (this.stopped) return;
      const page = await executeRows<Row>(
        this.db,
        sql`SELECT ${COLUMNS} FROM products p WHERE p.deleted_at IS NULL AND p.id > ${after}::uuid ORDER BY p.id LIMIT ${BUILD_PAGE}`,
      );
      for (const r of page) index.add(toIndexed(r));
      if (page.length < BUILD_PAGE) break;
      after = page.at(-1)!.id;
    }
    index.seal();
    this.floor = Number(f?.floor ?? 0);
    this.top = this.floor;
    this.seen.clear();
    this.index = index;
    await this.catchUp();
    this.buildSeconds = (performance.now() - started) / 1000;
    this.status = 'ready';
  }

  private async applyChanges(): Promise<number> {
    const before = this.applied;
    for (;;) {
      const changes = await executeRows<{ seq: number | string; product_id: string; settled: boolean }>(
        this.db,
        sql`SELECT seq, product_id, at < clock_timestamp() - ${sql.raw(SETTLE)} AS settled FROM product_search_changes
          WHERE seq > ${this.floor} ORDER BY seq LIMIT ${CHANGES_PAGE}`,
      );
      const fresh = changes.filter((c) => !this.seen.has(Number(c.seq)));
      if (fresh.length) {
        const ids = [...new Set(fresh.map((c) => c.product_id))];
        const rows = await executeRows<Row>(
          this.db,
          sql`SELECT ${COLUMNS} FROM products p WHERE p.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const id of ids) {
          const r = byId.get(id);
          if (r && !r.deleted) this.index!.put(toIndexed(r));
          else this.index!.remove(id);
        }
        this.applied += ids.length;
        for (const c of fresh) this.seen.add(Number(c.seq));
      }
      for (const c of changes) this.top = Math.max(this.top, Number(c.seq));
      // The floor moves over the settled changes at the front.
      for (const c of changes) {
        if (!c.settled) break;
        this.floor = Number(c.seq);
      }
      // Every number at or below the floor leaves `seen`, also one no longer read (pruned), so the count check stays exact.
      for (const seq of this.seen) if (seq <= this.floor) this.seen.delete(seq);
      if (changes.length < CHANGES_PAGE) return this.applied - before;
    }
  }
}

/** Deletes the changes every process has long read (a cluster job). */
export async function pruneSearchChanges(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM product_search_changes WHERE at < now() - interval '1 hour'`);
}
