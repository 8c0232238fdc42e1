/**
 * The current design on PostgreSQL: the same catalogue in a database of its own (owo_engines, in a smoke run owo_engines_smoke;
 * created and dropped here) with the server's weighted document (name A, tags B, description C,
 * english) under a GIN index, and the server's statement shape for a relevance search
 * (search.service.ts): any of the words, in stock first, most words matched, then
 * ts_rank('{0.1, 0.2, 0.5, 1.0}') plus quality, LIMIT 20; and the capped count (LIMIT 1001).
 * Left out, in PostgreSQL's favour: the corrections (the intended words are sent, the pg_trgm look-up
 * is not timed), synonyms, the per-shop spread window and the reading of the products' rows.
 */
import pg from 'pg';
import type { IndexRow } from './typed-index.js';
import type { Query } from './queries.js';
import { COUNT_CAP } from './typed-index.js';
import { own } from '../results.js';

const DB = own('owo_engines');

export class PgEngine {
  private admin: string;
  private client: pg.Client | null = null;
  constructor(adminUrl: string) {
    this.admin = adminUrl;
  }

  private url(db: string): string {
    const u = new URL(this.admin);
    u.pathname = `/${db}`;
    return u.toString();
  }

  private async adminQuery(sql: string): Promise<void> {
    const c = new pg.Client({ connectionString: this.admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }

  /** Creates the database and seeds it; the steps' times in ms. */
  async seed(rows: IndexRow[]): Promise<Record<string, number>> {
    const ms: Record<string, number> = {};
    const step = async (name: string, f: () => Promise<unknown>) => {
      const t = performance.now();
      await f();
      ms[name] = performance.now() - t;
    };
    await this.adminQuery(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await this.adminQuery(`CREATE DATABASE ${DB}`);
    const c = new pg.Client({ connectionString: this.url(DB) });
    await c.connect();
    this.client = c;
    await c.query(`CREATE TABLE products (
      id int PRIMARY KEY, name text NOT NULL, tags text NOT NULL, description text NOT NULL,
      state_id smallint NOT NULL, lga_id smallint NOT NULL, category_id smallint NOT NULL, subcategory_id smallint NOT NULL,
      price bigint NOT NULL, in_stock boolean NOT NULL, quality real NOT NULL,
      search_doc tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A')
        || setweight(to_tsvector('english'::regconfig, tags), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')) STORED)`);
    await step('insert', async () => {
      for (let i = 0; i < rows.length; i += 20_000) {
        const b = rows.slice(i, i + 20_000);
        await c.query(
          `INSERT INTO products (id, name, tags, description, state_id, lga_id, category_id, subcategory_id, price, in_stock, quality)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::smallint[], $7::smallint[],
             $8::smallint[], $9::bigint[], $10::boolean[], $11::real[])`,
          [
            b.map((r) => r.id),
            b.map((r) => r.name),
            b.map((r) => r.tags),
            b.map((r) => r.description),
            b.map((r) => r.state),
            b.map((r) => r.lga),
            b.map((r) => r.category),
            b.map((r) => r.subcategory),
            b.map((r) => r.price),
            b.map((r) => r.inStock),
            b.map((r) => r.quality),
          ],
        );
      }
    });
    await step('gin index', () => c.query(`CREATE INDEX products_search_doc_idx ON products USING gin (search_doc)`));
    await step('other indexes', () =>
      c.query(`CREATE INDEX products_state_idx ON products (state_id); CREATE INDEX products_category_idx ON products (category_id)`),
    );
    await step('vacuum analyze', () => c.query(`VACUUM (ANALYZE) products`));
    return ms;
  }

  async sizes(): Promise<{ table: number; gin: number }> {
    const r = await this.client!.query(
      `SELECT pg_total_relation_size('products')::float8 AS t, pg_relation_size('products_search_doc_idx')::float8 AS g`,
    );
    return { table: r.rows[0].t / 2 ** 20, gin: r.rows[0].g / 2 ** 20 };
  }

  /** Reading every product's search columns, as an in-process index does when it starts. */
  async readAll(): Promise<number> {
    const r = await this.client!.query(
      `SELECT id, name, tags, description, state_id, lga_id, category_id, subcategory_id, price, in_stock, quality FROM products`,
    );
    return r.rowCount ?? 0;
  }

  /** The first page and the capped total, as two statements (like the server's ranking and count). */
  async search(q: Query): Promise<{ ids: number[]; total: number }> {
    const words = [
      ...new Set(
        q.intended
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
      ),
    ];
    const params: unknown[] = [...words];
    const groups = words.map((_, i) => `plainto_tsquery('english'::regconfig, $${i + 1})`);
    const any = `(${groups.join(' || ')})`;
    const matched = `(${groups.map((g) => `(p.search_doc @@ ${g})::int`).join(' + ')})`;
    const where = [`p.search_doc @@ ${any}`];
    const f = q.filters;
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.state !== undefined) add('p.state_id = ?', f.state);
    if (f.lga !== undefined) add('p.lga_id = ?', f.lga);
    if (f.category !== undefined) add('p.category_id = ?', f.category);
    if (f.minPrice !== undefined) add('p.price >= ?', f.minPrice);
    if (f.maxPrice !== undefined) add('p.price <= ?', f.maxPrice);
    if (f.inStock) where.push('p.in_stock');
    const w = where.join(' AND ');
    const page = await this.client!.query(
      `SELECT p.id FROM products p WHERE ${w}
       ORDER BY p.in_stock DESC, ${matched} DESC, ts_rank('{0.1, 0.2, 0.5, 1.0}', p.search_doc, ${any}) + p.quality DESC, p.id LIMIT 20`,
      params,
    );
    const count = await this.client!.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${w} LIMIT ${COUNT_CAP + 1}) x`,
      params,
    );
    return { ids: page.rows.map((r) => r.id as number), total: Math.min(count.rows[0].n as number, COUNT_CAP) };
  }

  async close(drop: boolean): Promise<void> {
    await this.client?.end();
    if (drop) await this.adminQuery(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  }
}
