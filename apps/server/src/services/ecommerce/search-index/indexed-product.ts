/**
 * The product search index's types (what it keeps of a product, what a query asks, what it
 * answers) and the helpers that read a product for it.
 */

/** What the index keeps of a product (search_doc as PostgreSQL prints a tsvector). */
export type IndexedProduct = {
  id: string;
  searchDoc: string;
  stateId: string;
  lgaId: string;
  categoryId: string;
  subcategoryId: string;
  price: number;
  stock: number;
  sales: number;
  ratingSum: number;
  ratingCount: number;
  createdAt: number;
};

export type IndexFilters = {
  stateId?: string;
  lgaId?: string;
  categoryId?: string;
  subcategoryId?: string;
  minPrice?: number;
  maxPrice?: number;
};

/**
 * A query's words: each group is one word typed, as its alternatives (it, its correction, its
 * synonyms), each a list of lexemes all needed.
 */
export type IndexQuery = {
  groups: string[][][];
  /** `any`: a product with some of the words counts (all of them rank first); `all`: every word is needed. */
  mode: 'any' | 'all';
  filters: IndexFilters;
  /** The order the candidates are wanted in (relevance reads the best matches first; the others take the top by their key). */
  sort: 'relevance' | 'price-asc' | 'price-desc' | 'newest' | 'rating';
  /** How many candidates to return. */
  want: number;
};

export type IndexAnswer = {
  /** Candidates, in stock first (the database ranks them). */
  ids: string[];
  /** Matches counted, at most `cap` + 1 (more: there are more than `cap`). */
  count: number;
  more: boolean;
  /** Whether `ids` holds every match (then the database can count and rank them all). */
  complete: boolean;
};

/** The most matches a search counts ("1,000+" past it). */
export const COUNT_CAP = 1000;

const TIER_OF: Record<string, number> = { A: 0, B: 1, C: 2, D: 2 };

/** The lexemes of a printed tsvector ('word':1A,4 'other':2B), each with its best tier. */
export function tsvectorLexemes(doc: string): Map<string, number> {
  const out = new Map<string, number>();
  const re = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;
  for (let m = re.exec(doc); m; m = re.exec(doc)) {
    const word = m[1]!.replace(/''/g, "'");
    let tier = 2;
    if (m[2]) for (const p of m[2].split(',')) tier = Math.min(tier, TIER_OF[p.at(-1)!] ?? 2);
    out.set(word, Math.min(tier, out.get(word) ?? 2));
  }
  return out;
}

/** A product's quality: the order its slot takes when the index is built. */
export const qualityOf = (p: IndexedProduct) => 0.02 * Math.log1p(p.sales) + 0.01 * (p.ratingCount ? p.ratingSum / p.ratingCount : 0);

/** Interns strings as small numbers (states, LGAs, categories). */
export class Names {
  private ids = new Map<string, number>();
  of(name: string): number {
    let n = this.ids.get(name);
    if (n === undefined) this.ids.set(name, (n = this.ids.size));
    return n;
  }
  /** The number of a name, -1 when no product has had it. */
  find(name: string): number {
    return this.ids.get(name) ?? -1;
  }
}
