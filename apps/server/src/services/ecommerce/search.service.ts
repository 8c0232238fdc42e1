import { sql, type SQL } from 'drizzle-orm';
import type { ProductSort } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { searchRankingsTotal } from '../../platform/metrics.js';
import { pageInfo } from '../../platform/pagination.js';
import { NO_CACHE, type ReadCache } from '../../platform/read-cache.js';
import { CATEGORIES, categoryById, findLga, findState } from './catalogue.js';
import { live, productPage, productsInOrder, uuidArray, type Page } from './products-read.js';
import { corrections, knownTerms, synonymsOf, termsOf } from './search-words.js';

// Product search: the words of a query, each corrected when the catalogue does not have it and
// widened with its synonyms, matched against the weighted search document (name A, tags B,
// description C) through its GIN index; ranked all words before some, in stock before out of
// stock, then by the document's weights, a phrase or exact name, and quality; one shop's copies
// spread down the page. Counts stop at COUNT_CAP ("1,000+").

export const COUNT_CAP = 1000;
/** Facets count at most this many matches (then they are a sample, and say so). */
const FACET_CAP = 5000;

export type ProductQuery = Page & {
  search?: string;
  category?: string;
  subcategory?: string;
  stateQuery?: string;
  lgaQuery?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: ProductSort;
};

type Filters = { place: SQL[]; category: SQL[]; price: SQL[] };

/** The query's filters on `p`: its place, its category and its price range, apart (the facets leave some out). */
export function filtersOf(q: ProductQuery): Filters {
  const f: Filters = { place: [live], category: [], price: [] };
  if (q.category && q.category !== 'all') f.category.push(sql`p.category_id = ${q.category}`);
  if (q.subcategory) f.category.push(sql`p.subcategory_id = ${q.subcategory}`);
  let stateId: string | undefined;
  if (q.stateQuery) {
    const s = findState(q.stateQuery);
    if (!s) throw badRequest('No state by that name', 'STATE_NOT_FOUND');
    stateId = s.id;
    f.place.push(sql`p.state_id = ${s.id}`);
  }
  if (q.lgaQuery) {
    const l = findLga(q.lgaQuery, stateId);
    if (!l) throw badRequest('No local government area by that name', 'LGA_NOT_FOUND');
    f.place.push(sql`p.lga_id = ${l.id}`);
  }
  if (q.minPrice !== undefined) f.price.push(sql`p.price >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) f.price.push(sql`p.price <= ${q.maxPrice}`);
  return f;
}
export const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`);

/** The order of a list without words. */
export function sortOrder(sort: ProductSort | undefined): SQL {
  switch (sort) {
    case 'price-asc':
      return sql`p.price ASC, p.id`;
    case 'price-desc':
      return sql`p.price DESC, p.id`;
    case 'rating':
      return sql`(p.rating_sum::float8 / nullif(p.rating_count, 0)) DESC NULLS LAST, p.rating_count DESC, p.id`;
    default:
      return sql`p.created_at DESC, p.id`;
  }
}

export type TextMatch = {
  /** Matches any of the words (or one of its synonyms). */
  any: SQL;
  /** Matches every word. */
  all: SQL;
  /** How many of the words a product matches. */
  matched: SQL;
  /**
   * Matches one of the words strongly: in its own name or description (units after numbers left
   * out) or its subcategory's name. A word found only in its category's name, in a unit ("HP" of
   * "1.5HP") or in its shop's name (a description saying "sold by Sabon Gari Electronics" for
   * "garri") is weak: where anything matches strongly, weak matches are left out (strongOnly).
   */
  strong: SQL;
  /** The relevance score within a tier. */
  score: SQL;
  correctedQuery: string | null;
  didYouMean: string | null;
  /** The words typed, the words searched and their synonyms: what a kept answer depends on (searchTags). */
  words: string[];
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SUBCATEGORIES = CATEGORIES.flatMap((c) => c.subcategories.map((s) => ({ id: s.id, name: s.name })));

/**
 * The condition "matches one of the words strongly" (TextMatch.strong), with, for each word, the
 * subcategories whose name has it and the shops whose name has it (read once per query: the
 * shops' names through their own word index).
 */
async function strongMatch(db: Tx, used: string[], groups: SQL[]): Promise<SQL> {
  const subs = sql`(VALUES ${sql.join(
    SUBCATEGORIES.map((c) => sql`(${c.id}, ${c.name})`),
    sql`, `,
  )}) AS c(id, name)`;
  const rows = await executeRows<{ subs: string[]; shops: string[] }>(
    db,
    sql`SELECT x.i,
        ARRAY(SELECT c.id FROM ${subs} WHERE to_tsvector('english'::regconfig, c.name) @@ x.q) AS subs,
        ARRAY(SELECT s.id::text FROM shops s WHERE to_tsvector('simple'::regconfig, s.name) @@ x.simple) AS shops
      FROM (VALUES ${sql.join(
        used.map(
          (u, i) =>
            sql`(${i}, ${groups[i]!}, (${sql.join(
              synonymsOf(u).map((a) => sql`phraseto_tsquery('simple'::regconfig, ${a})`),
              sql` || `,
            )}))`,
        ),
        sql`, `,
      )}) AS x(i, q, simple) ORDER BY x.i`,
  );
  return sql`(${sql.join(
    groups.map((g, i) => {
      const r = rows[i] ?? { subs: [], shops: [] };
      return sql`(ts_filter(p.search_own, '{a}') @@ ${g}
        OR p.subcategory_id = ANY(${`{${r.subs.join(',')}}`}::text[])
        OR (ts_filter(p.search_own, '{c}') @@ ${g} AND NOT p.shop_id = ANY(${uuidArray(r.shops)}::uuid[])))`;
    }),
    sql` OR `,
  )})`;
}

/**
 * The condition that leaves weak matches out, when the query's words match anything strongly
 * among the products of `place` (so the results, their total and the facets agree); none when
 * nothing does (then the weak matches are all there is, and they are shown).
 */
export async function strongOnly(db: Tx, m: TextMatch, place: SQL[]): Promise<SQL[]> {
  const [r] = await executeRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products p WHERE ${and([...place, sql`p.search_doc @@ ${m.any}`, m.strong])}) AS any`,
  );
  return r?.any ? [m.strong] : [];
}

/** The query's words as tsqueries: corrected when unknown, widened with synonyms. Null when it has no word. */
export async function textMatch(db: Tx, search: string): Promise<TextMatch | null> {
  const terms = termsOf(search);
  if (!terms.length) return null;
  const known = await knownTerms(db, terms);
  const meaningful = known.filter((k) => !k.stop).length ? known.filter((k) => !k.stop) : known;
  const fixes = await corrections(
    db,
    meaningful.filter((k) => !k.known).map((k) => k.term),
  );
  const used = meaningful.map((k) => fixes.get(k.term) ?? k.term);
  const groups = used.map(
    (u) =>
      sql`(${sql.join(
        synonymsOf(u).map((a) => sql`phraseto_tsquery('english'::regconfig, ${a})`),
        sql` || `,
      )})`,
  );
  const strong = await strongMatch(db, used, groups);
  const any = sql`(${sql.join(groups, sql` || `)})`;
  const all = sql`(${sql.join(groups, sql` && `)})`;
  const matched = sql`(${sql.join(
    groups.map((g) => sql`(p.search_doc @@ ${g})::int`),
    sql` + `,
  )})`;
  const phrase = used.join(' ');
  const name = sql`lower(p.name)`;
  const bonus =
    used.length > 1
      ? sql`CASE WHEN ${name} = ${phrase} THEN 2 WHEN ${name} ~ ${`\\m${escapeRegex(phrase)}\\M`} THEN 1 ELSE 0 END`
      : sql`CASE WHEN ${name} = ${phrase} THEN 2 ELSE 0 END`;
  const quality = sql`(0.02 * ln(1 + p.sales) + 0.01 * coalesce(p.rating_sum::float8 / nullif(p.rating_count, 0), 0))`;
  const score = sql`(ts_rank('{0.1, 0.2, 0.5, 1.0}', p.search_doc, ${any}) + ${bonus} + ${quality})`;
  return {
    any,
    all,
    matched,
    strong,
    score,
    correctedQuery: fixes.size ? terms.map((t) => fixes.get(t) ?? t).join(' ') : null,
    didYouMean: null,
    words: [...terms, ...used.flatMap(synonymsOf)],
  };
}

/**
 * What a kept search answer depends on: the search-document lexemes (english stems) of the words
 * typed, the words searched and their synonyms. A product whose document has one of them, before or
 * after a change, is told to every process by the products' trigger (sql/owo_search_changed.sql),
 * and the answers kept with it are dropped (routes.ts).
 */
export async function searchTags(db: Tx, m: TextMatch): Promise<string[]> {
  const [r] = await executeRows<{ words: string[] | null }>(
    db,
    sql`SELECT tsvector_to_array(to_tsvector('english'::regconfig, ${m.words.join(' ')})) AS words`,
  );
  return r?.words ?? [];
}

/**
 * Counts matches up to the cap: the number, whether there are more, and (when there are not) how
 * many each shop has, so a kept ranking's count can be brought up to date shop by shop.
 */
export async function cappedCount(db: Tx, where: SQL, cap = COUNT_CAP) {
  const rows = await executeRows<{ shop: string; n: number }>(
    db,
    sql`SELECT shop, count(*)::int AS n FROM (SELECT p.shop_id AS shop FROM products p WHERE ${where} LIMIT ${cap + 1}) x GROUP BY shop`,
  );
  return countOf(new Map(rows.map((r) => [r.shop, r.n])), cap);
}

/** A count from the matches per shop: capped, and the shops' counts kept only while it is exact. */
function countOf(perShop: Map<string, number>, cap = COUNT_CAP) {
  let n = 0;
  for (const c of perShop.values()) n += c;
  return { total: Math.min(n, cap), more: n > cap, perShop: n > cap ? null : perShop };
}

/** How deep a search's ranking is kept (five pages of 20); a page beyond it is ranked again, uncached. */
export const RANK_DEPTH = 100;

/**
 * Where a product stands in a relevance ranking, as the ranking's order reads it: in stock, words
 * matched, whether it is past its shop's first two in that tier (spread), score, id.
 */
type RankKey = { s: boolean; m: number; w: boolean; sc: number; id: string };

/** Whether `a` ranks at or before `b` (the order of `searchPlan`'s relevance). */
function rankedNoLater(a: RankKey, b: RankKey): boolean {
  if (a.s !== b.s) return a.s;
  if (a.m !== b.m) return a.m > b.m;
  if (a.w !== b.w) return !a.w;
  if (a.sc !== b.sc) return a.sc > b.sc;
  return a.id <= b.id; // uuids as text order as PostgreSQL orders them
}

/** What a search ranks before any page is read: the same for every shopper, so it is what the cache keeps. */
type Ranking = {
  ids: string[];
  /** By relevance: the place of the last of `ids` when more rank below it (deep), so an update knows which places it can tell. */
  last: RankKey | null;
  /** The words the ranking searched for (corrected, widened): an update with other words (the vocabulary changed) ranks afresh. */
  words: string;
  /** What it depends on (searchTags). */
  tags: string[];
  /** Whether more matches rank below `ids`. */
  deep: boolean;
  total: number;
  more: boolean;
  /** The matches per shop, while `total` is exact (not "1,000+"): an update counts again only the changed shops'. */
  perShop: Map<string, number> | null;
  correctedQuery: string | null;
  didYouMean: string | null;
};

/** The query's conditions and order with its words (corrected, widened); null when it has no word. */
async function searchPlan(db: Tx, q: ProductQuery & { search: string }, f: Filters) {
  const m = await textMatch(db, q.search);
  if (!m) return null;
  const relevance = !q.sort || q.sort === 'relevance';
  // Sorted by price, date or rating, only products with every word make sense; by relevance, some words rank after all.
  const narrowed = await strongOnly(db, m, f.place);
  const where = and([...f.place, ...f.category, ...f.price, sql`p.search_doc @@ ${relevance ? m.any : m.all}`, ...narrowed]);
  const inStockFirst = sql`(p.stock > 0) DESC`;
  const spread = sql`(row_number() OVER (PARTITION BY p.shop_id, p.stock > 0, ${m.matched} ORDER BY ${m.score} DESC, p.id) > 2)`;
  const order = relevance
    ? sql`${inStockFirst}, ${m.matched} DESC, ${spread}, ${m.score} DESC, p.id`
    : sql`${inStockFirst}, ${sortOrder(q.sort)}`;
  /** The columns of a product's place (RankKey), by relevance. */
  const key = relevance ? sql`, (p.stock > 0) AS s, ${m.matched} AS m, ${spread} AS w, ${m.score} AS sc` : sql``;
  // A ranking made with the weak matches left out is another ranking than one with them (updateRanking).
  return { m, where, order, key, relevance, words: `${m.words.join(' ')}${narrowed.length ? ' [strong]' : ''}` };
}

/** The first RANK_DEPTH matches' ids in order, the capped total, the correction made and a suggestion when nothing matches. */
async function rank(db: Tx, q: ProductQuery & { search: string }, f: Filters): Promise<Ranking | null> {
  const plan = await searchPlan(db, q, f);
  if (!plan) return null;
  const rows = await executeRows<RankKey & { shop: string }>(
    db,
    sql`SELECT p.id, p.shop_id AS shop ${plan.key} FROM products p WHERE ${plan.where} ORDER BY ${plan.order} LIMIT ${RANK_DEPTH + 1}`,
  );
  const deep = rows.length > RANK_DEPTH;
  const { total, more, perShop } = deep ? await cappedCount(db, plan.where) : countOf(shopCounts(rows));
  searchRankingsTotal.inc({ how: 'made' });
  return {
    ids: rows.slice(0, RANK_DEPTH).map((r) => r.id),
    last: deep && plan.relevance ? rows[RANK_DEPTH - 1]! : null,
    words: plan.words,
    tags: await searchTags(db, plan.m),
    deep,
    total,
    more,
    perShop,
    correctedQuery: plan.m.correctedQuery,
    didYouMean: total === 0 ? await suggestionFor(db, q.search) : null,
  };
}

/** A ranking brought up to date keeps at least this many places (two pages); with fewer it is made afresh. */
const KEPT_AT_LEAST = 40;

/**
 * A kept relevance ranking brought up to date with the products of `shops` changed (the products'
 * trigger names them): only its own products and those shops' matching products are ranked again,
 * not every match. Exact: every product outside them kept its place, which was below the last one
 * kept (`last`); so of the re-ranked, those at or before `last` are in their true places, and the
 * ranking keeps them (and stops at the first one past it). A shop's spread (its first two in a tier
 * before its others) is ranked again with all its matches. Null when it cannot be done this way
 * (another sort, other words searched, too few places left, or nothing found): then it is made afresh.
 */
async function updateRanking(db: Tx, q: ProductQuery & { search: string }, f: Filters, kept: Ranking, shops: ReadonlySet<string>) {
  if (q.sort && q.sort !== 'relevance') return null;
  if (kept.total === 0 || (kept.deep && !kept.last)) return null;
  const plan = await searchPlan(db, q, f);
  if (!plan || plan.words !== kept.words) return null;
  const rows = await executeRows<RankKey & { shop: string }>(
    db,
    // The candidates, read by primary key and by the shops' index (live products only, as the
    // ranking's own condition asks) into a table of their own, so the match and the filters are
    // checked on them alone, never through the search index.
    sql`WITH p AS MATERIALIZED (
        SELECT * FROM products WHERE id = ANY(${uuidArray(kept.ids)}::uuid[])
        UNION ALL SELECT * FROM products
          WHERE shop_id = ANY(${uuidArray(shops)}::uuid[]) AND deleted_at IS NULL AND NOT id = ANY(${uuidArray(kept.ids)}::uuid[]))
      SELECT p.id, p.shop_id AS shop ${plan.key} FROM p WHERE ${plan.where} ORDER BY ${plan.order}`,
  );
  const last = kept.last;
  const told = last ? rows.filter((r) => rankedNoLater(r, last)) : rows;
  if (told.length < Math.min(KEPT_AT_LEAST, rows.length) || told.length === 0) return null;
  const deep = told.length > RANK_DEPTH || !!last;
  const ids = told.slice(0, RANK_DEPTH);
  // The count: the changed shops' matches counted again (all of them are among the rows), the
  // others' kept. "1,000+" stays so until the ranking is made afresh.
  const count = kept.perShop ? countOf(new Map([...kept.perShop, ...shopCounts(rows, shops)].filter(([, n]) => n > 0))) : kept;
  const { total, more, perShop } = count;
  searchRankingsTotal.inc({ how: 'updated' });
  return {
    ...kept,
    ids: ids.map((r) => r.id),
    last: deep ? (told.length > RANK_DEPTH ? ids[RANK_DEPTH - 1]! : last) : null,
    deep,
    total,
    more,
    perShop,
  };
}

/** Matches per shop among `rows` (of `only` those shops, each counted even at 0). */
function shopCounts(rows: { shop: string }[], only?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>([...(only ?? [])].map((s) => [s, 0]));
  for (const r of rows) if (!only || only.has(r.shop)) out.set(r.shop, (out.get(r.shop) ?? 0) + 1);
  return out;
}

/** The cache's key of a search: everything that changes its ranking (not the page, not the viewer). */
const rankKey = (q: ProductQuery & { search: string }) =>
  JSON.stringify(['rank', q.search, q.category, q.subcategory, q.stateQuery, q.lgaQuery, q.minPrice, q.maxPrice, q.sort]);

/**
 * Search with words: a page in the query's sort, its total capped, the correction made, a
 * suggestion when nothing matches. The ranking comes from `cache` when another shopper asked the
 * same within its time; the page's products are read afresh for this viewer (a product deleted
 * since is left out, prices and stock are today's).
 */
export async function searchProducts(db: Tx, viewerId: string, q: ProductQuery & { search: string }, cache: ReadCache = NO_CACHE) {
  const f = filtersOf(q); // an unknown state or LGA is refused before anything is read or kept
  const r = await cache.get(
    rankKey(q),
    () => rank(db, q, f),
    (x) => x?.tags ?? [],
    async (kept, shops) => {
      const updated = kept && (await updateRanking(db, q, f, kept, shops));
      if (!updated) searchRankingsTotal.inc({ how: 'not_updated' });
      return updated;
    },
  );
  if (!r) {
    const page = await productPage(db, viewerId, and([...f.place, ...f.category, ...f.price]), sortOrder(q.sort), q);
    return { ...page, search: { query: q.search, correctedQuery: null, didYouMean: null, totalIsAtLeast: false } };
  }
  const offset = (q.page - 1) * q.limit;
  let items;
  if (offset + q.limit <= r.ids.length || !r.deep) items = await productsInOrder(db, viewerId, r.ids.slice(offset, offset + q.limit));
  else {
    const plan = (await searchPlan(db, q, f))!;
    items = (await productPage(db, viewerId, plan.where, plan.order, q, null, { kept: async () => r.total })).items;
  }
  return {
    items,
    pagination: pageInfo(q.page, q.limit, r.total),
    search: { query: q.search, correctedQuery: r.correctedQuery, didYouMean: r.didYouMean, totalIsAtLeast: r.more },
  };
}

/** For a search that found nothing: each word replaced by the vocabulary's nearest (by trigrams), when that changes something. */
async function suggestionFor(db: Tx, search: string): Promise<string | null> {
  const terms = termsOf(search);
  const out: string[] = [];
  for (const t of terms) {
    const [r] = await executeRows<{ word: string }>(
      db,
      sql`SELECT word FROM search_words WHERE products > 0 AND similarity(word, ${t}) >= 0.2 ORDER BY similarity(word, ${t}) DESC, products DESC LIMIT 1`,
    );
    out.push(r?.word ?? t);
  }
  const s = out.join(' ');
  return s !== terms.join(' ') ? s : null;
}

/** Price ranges of the facets, in kobo (upper bound exclusive; null: no bound). */
export const PRICE_RANGES = [
  { min: 0, max: 1_000_000 },
  { min: 1_000_000, max: 5_000_000 },
  { min: 5_000_000, max: 20_000_000 },
  { min: 20_000_000, max: 50_000_000 },
  { min: 50_000_000, max: null },
] as const;

/**
 * Counts for the current search: per category (with the price range applied, whatever the
 * category) and per price range (with the category applied, whatever the price), from at most
 * FACET_CAP matches.
 */
export async function searchFacets(db: Tx, q: ProductQuery) {
  const f = filtersOf(q);
  const m = q.search ? await textMatch(db, q.search) : null;
  const base = and([...f.place, ...(m ? [sql`p.search_doc @@ ${m.any}`, ...(await strongOnly(db, m, f.place))] : [])]);
  const inPrice = and(f.price);
  const inCategory = and(f.category);
  const rows = await executeRows<{ category_id: string; n: number; seen: number } & Record<`r${number}`, number>>(
    db,
    sql`SELECT category_id, count(*) FILTER (WHERE in_price)::int AS n, count(*)::int AS seen,
        ${sql.join(
          PRICE_RANGES.map(
            (r, i) =>
              sql`count(*) FILTER (WHERE in_cat AND price >= ${r.min} ${r.max === null ? sql`` : sql`AND price < ${r.max}`})::int AS ${sql.raw(`r${i}`)}`,
          ),
          sql`, `,
        )}
      FROM (SELECT p.category_id, p.price, ${inPrice} AS in_price, ${inCategory} AS in_cat FROM products p WHERE ${base} LIMIT ${FACET_CAP + 1}) x
      GROUP BY category_id`,
  );
  const sampled = rows.reduce((n, r) => n + r.seen, 0) > FACET_CAP;
  const categories = rows
    .filter((r) => r.n > 0)
    .map((r) => ({ id: r.category_id, name: categoryById(r.category_id)?.name ?? r.category_id, count: r.n }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const prices = PRICE_RANGES.map((r, i) => ({ min: r.min, max: r.max, count: rows.reduce((n, x) => n + Number(x[`r${i}`] ?? 0), 0) }));
  // Without words the counts depend on every product (null); with words, on theirs.
  return { facets: { categories, prices, sampled }, tags: m ? await searchTags(db, m) : null };
}
