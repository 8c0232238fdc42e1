/**
 * The engines compared, behind one shape: build from rows, search (first page of 20 and the total,
 * capped at 1,000, with the filters), update a product and remove one. In process: the typed index,
 * FlexSearch and Orama; PostgreSQL is measured in pg-engine.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document } from 'flexsearch';
import { create, insertMultiple, remove as oramaRemove, insert as oramaInsert, search as oramaSearch, type AnyOrama } from '@orama/orama';
import { COUNT_CAP, TypedIndex, type IndexRow } from './typed-index.js';
import type { Query } from './queries.js';

export type Answer = { ids: number[]; total: number };
export interface Engine {
  build(rows: IndexRow[]): Promise<void>;
  search(q: Query): Promise<Answer> | Answer;
  update(row: IndexRow): Promise<void> | void;
  remove(id: number): Promise<void> | void;
}

export function synonymGroups(): string[][] {
  const file = fileURLToPath(new URL('../../apps/server/src/services/ecommerce/search-synonyms.json', import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { groups: string[][] }).groups;
}

export class TypedEngine implements Engine {
  index = new TypedIndex(synonymGroups());
  async build(rows: IndexRow[]) {
    this.index.build(rows);
  }
  search(q: Query): Answer {
    const r = this.index.search(q.text, q.filters);
    return { ids: r.ids, total: r.total };
  }
  update(row: IndexRow) {
    this.index.update(row);
  }
  remove(id: number) {
    this.index.remove(id);
  }
}

/** Filter columns by product id, for the libraries whose own filters do not cover price, LGA and stock. */
class Columns {
  private byId = new Map<number, IndexRow>();
  set(r: IndexRow) {
    this.byId.set(r.id, r);
  }
  delete(id: number) {
    this.byId.delete(id);
  }
  passes(id: number, q: Query): boolean {
    const r = this.byId.get(id);
    const f = q.filters;
    return (
      !!r &&
      (f.state === undefined || r.state === f.state) &&
      (f.lga === undefined || r.lga === f.lga) &&
      (f.category === undefined || r.category === f.category) &&
      (f.minPrice === undefined || r.price >= f.minPrice) &&
      (f.maxPrice === undefined || r.price <= f.maxPrice) &&
      (!f.inStock || r.inStock)
    );
  }
}

/**
 * FlexSearch's Document index over name, tags and description (encoder LatinExtra, its phonetic
 * one, the only one that found one-edit misspellings in a trial). Its tag filters returned nothing
 * for some words in a trial (0.8.212), so the filters are checked on its first FETCH results per
 * field: the page is the filtered name matches, then tags, then description; the total is the
 * filtered count of those, capped (it can undercount a selective filter).
 */
export class FlexEngine implements Engine {
  static FETCH = 5000;
  private doc = new Document({ encoder: 'LatinExtra', document: { id: 'id', index: ['name', 'tags', 'description'] } });
  private cols = new Columns();
  async build(rows: IndexRow[]) {
    for (const r of rows) this.add(r);
  }
  private add(r: IndexRow) {
    this.cols.set(r);
    this.doc.add({ id: r.id, name: r.name, tags: r.tags, description: r.description });
  }
  search(q: Query): Answer {
    type Fields = { field: string; result: number[] }[];
    const fields = this.doc.search({ query: q.text, limit: FlexEngine.FETCH, suggest: true }) as unknown as Fields;
    const order = ['name', 'tags', 'description'];
    const seen = new Set<number>();
    const ids: number[] = [];
    let total = 0;
    for (const f of [...fields].sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field))) {
      for (const id of f.result) {
        if (seen.has(id) || !this.cols.passes(id, q)) continue;
        seen.add(id);
        if (ids.length < 20) ids.push(id);
        if (++total > COUNT_CAP) break;
      }
    }
    return { ids, total: Math.min(total, COUNT_CAP) };
  }
  update(row: IndexRow) {
    this.remove(row.id);
    this.add(row);
  }
  remove(id: number) {
    this.doc.remove(id);
    this.cols.delete(id);
  }
}

/** Orama: name, tags and description searched with boosts (name 3, tags 2), tolerance 1, filters in `where`. */
export class OramaEngine implements Engine {
  private db: AnyOrama = create({
    schema: {
      pid: 'number',
      name: 'string',
      tags: 'string',
      description: 'string',
      state: 'number',
      lga: 'number',
      category: 'number',
      price: 'number',
      inStock: 'boolean',
    },
  });
  private docId = new Map<number, string>();
  private doc = (r: IndexRow) => ({
    id: String(r.id),
    pid: r.id,
    name: r.name,
    tags: r.tags,
    description: r.description,
    state: r.state,
    lga: r.lga,
    category: r.category,
    price: r.price,
    inStock: r.inStock,
  });
  async build(rows: IndexRow[]) {
    for (let i = 0; i < rows.length; i += 10_000) await insertMultiple(this.db, rows.slice(i, i + 10_000).map(this.doc), 10_000);
    rows.forEach((r) => this.docId.set(r.id, String(r.id)));
  }
  async search(q: Query): Promise<Answer> {
    const f = q.filters;
    const where: Record<string, unknown> = {};
    if (f.state !== undefined) where.state = { eq: f.state };
    if (f.lga !== undefined) where.lga = { eq: f.lga };
    if (f.category !== undefined) where.category = { eq: f.category };
    if (f.minPrice !== undefined) where.price = { between: [f.minPrice, f.maxPrice ?? Number.MAX_SAFE_INTEGER] };
    if (f.inStock) where.inStock = true;
    const r = await oramaSearch(this.db, {
      term: q.text,
      properties: ['name', 'tags', 'description'],
      boost: { name: 3, tags: 2 },
      tolerance: 1,
      where,
      limit: 20,
    } as never);
    return { ids: r.hits.map((h) => (h.document as unknown as { pid: number }).pid), total: Math.min(r.count, COUNT_CAP) };
  }
  async update(row: IndexRow) {
    await this.remove(row.id);
    await oramaInsert(this.db, this.doc(row) as never);
    this.docId.set(row.id, String(row.id));
  }
  async remove(id: number) {
    if (this.docId.delete(id)) await oramaRemove(this.db, String(id));
  }
}
