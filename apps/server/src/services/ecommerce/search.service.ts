import { sql, type SQL } from 'drizzle-orm';
import type { Product, ProductSort } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { CATEGORIES, categoryById, findLga, findState } from './catalogue.js';
import { live, productPage, rankedPage, uuidArray, type Page } from './products-read.js';
import type { SearchIndexFollower } from './search-index/follow.js';
import type { IndexFilters, ProductIndex } from './search-index/product-index.js';
import { corrections, knownTerms, lexemesOf, synonymsOf, termsOf, textArray } from './search-words.js';

// Product search: the words of a query, each corrected when the catalogue does not have it and
// widened with its synonyms, matched against the weighted search document (name A, tags B,
// description C); ranked all words before some, in stock before out of stock, then by the
// document's weights, a phrase or exact name, and quality; one shop's copies spread down the page.
// The process's search index (search-index/) finds a page's candidates, which the database ranks;
// without it (building, or SEARCH_INDEX=off) the database finds every match through the document's
// GIN index. Counts stop at COUNT_CAP ("1,000+").

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
  /**
   * Per word searched (corrected when unknown), its alternatives (it and its synonyms), each as its
   * english lexemes: what the search index reads.
   */
  lexemes: string[][][];
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SUBCATEGORIES = CATEGORIES.flatMap((c) => c.subcategories.map((s) => ({ id: s.id, name: s.name })));

/**
 * The condition "matches one of the words strongly" (TextMatch.strong): for each word, the
 * subcategories whose name has it (found here from their lexemes) and the shops whose name has it
 * (read by the statement that uses the condition, through the shops' word index). With it, each
 * word's alternatives as the search index reads them: their english lexemes.
 */
async function strongMatch(db: Tx, used: string[], groups: SQL[]): Promise<{ strong: SQL; lexemes: string[][][] }> {
  const alts = used.map(synonymsOf);
  const lex = await lexemesOf(db, [...alts.flat(), ...SUBCATEGORIES.map((c) => c.name)]);
  const lexemes = alts.map((a) => a.map((x) => lex.get(x) ?? []));
  const subLexemes = SUBCATEGORIES.map((c) => new Set(lex.get(c.name) ?? []));
  const strong = sql`(${sql.join(
    groups.map((g, i) => {
      const subs = SUBCATEGORIES.filter((_, k) => lexemes[i]!.some((l) => l.length > 0 && l.every((x) => subLexemes[k]!.has(x))));
      const inShopName = sql.join(
        alts[i]!.map((a) => sql`phraseto_tsquery('simple'::regconfig, ${a})`),
        sql` || `,
      );
      return sql`(ts_filter(p.search_own, '{a}') @@ ${g}
        OR p.subcategory_id = ANY(${textArray(subs.map((c) => c.id))}::text[])
        OR (ts_filter(p.search_own, '{c}') @@ ${g}
          AND NOT p.shop_id = ANY(ARRAY(SELECT s.id FROM shops s WHERE to_tsvector('simple'::regconfig, s.name) @@ (${inShopName})))))`;
    }),
    sql` OR `,
  )})`;
  return { strong, lexemes };
}

/** Whether a product of `from` in the place matches the words strongly (the weak-match rule's question). */
const strongIn = (from: SQL, m: TextMatch, place: SQL[]) =>
  sql`EXISTS (SELECT 1 FROM ${from} WHERE ${and([...place, sql`p.search_doc @@ ${m.any}`, m.strong])})`;

/**
 * The condition that leaves weak matches out, when the query's words match anything strongly
 * among the products of `place` (so the results, their total and the facets agree); none when
 * nothing does (then the weak matches are all there is, and they are shown).
 */
export async function strongOnly(db: Tx, m: TextMatch, place: SQL[]): Promise<SQL[]> {
  const [r] = await executeRows<{ any: boolean }>(db, sql`SELECT ${strongIn(sql`products p`, m, place)} AS any`);
  return r?.any ? [m.strong] : [];
}

/** The query's words as tsqueries: corrected when unknown, widened with synonyms. Null when it has no word. */
export async function textMatch(db: Tx, search: string, index: ProductIndex | null = null): Promise<TextMatch | null> {
  const terms = termsOf(search);
  if (!terms.length) return null;
  const known = await knownTerms(db, terms, index ? (l) => index.has(l) : undefined);
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
  const { strong, lexemes } = await strongMatch(db, used, groups);
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
    lexemes,
  };
}

/** The most matches a search counts exactly, by the database's statement (past it: "1,000+"). */
async function cappedCount(db: Tx, where: SQL): Promise<number> {
  const [r] = await executeRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${COUNT_CAP + 1}) x`,
  );
  return r?.n ?? 0;
}

const CANDIDATE_COLUMNS = sql.raw(
  'id, shop_id, name, price, stock, sales, rating_sum, rating_count, created_at, category_id, subcategory_id, state_id, lga_id, search_doc, search_own, deleted_at',
);

/** Candidates the index gives the database to rank for a page: two pages' worth, so its ranking has room to reorder them. */
const candidatesFor = (q: Page) => Math.max(40, 2 * q.page * q.limit);

/** The query's filters as the index reads them. */
function indexFilters(q: ProductQuery): IndexFilters {
  const state = q.stateQuery ? findState(q.stateQuery) : null;
  const lga = q.lgaQuery ? findLga(q.lgaQuery, state?.id) : null;
  return {
    stateId: state?.id,
    lgaId: lga?.id,
    categoryId: q.category && q.category !== 'all' ? q.category : undefined,
    subcategoryId: q.subcategory,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
  };
}

/**
 * The matches to rank: with the index, its candidates (at most `want`, with its count, and whether
 * they are every match); without it (building, or SEARCH_INDEX=off), every match, as the database's
 * statement finds them.
 */
function matchesOf(index: ProductIndex | null, q: ProductQuery, m: TextMatch, mode: 'any' | 'all', want: number) {
  if (!index || want > COUNT_CAP + 1) return null;
  const a = index.search({ groups: m.lexemes, mode, filters: indexFilters(q), sort: q.sort ?? 'relevance', want });
  // Only the columns the ranking, the filters and the facets read (not the images, descriptions and texts).
  const table = sql`WITH p AS MATERIALIZED (SELECT ${CANDIDATE_COLUMNS} FROM products WHERE id = ANY(${uuidArray(a.ids)}::uuid[]))`;
  return { table, count: a.count, more: a.more, complete: a.complete };
}

/**
 * Search with words: a page in the query's sort, its total capped, the correction made, a
 * suggestion when nothing matches. The index finds the candidates (work bounded by the page, not
 * by the matches); the database ranks them and reads the page's products for this viewer (today's
 * prices and stock, wishlist marks, nothing deleted).
 */
export async function searchProducts(
  db: Tx,
  viewerId: string,
  q: ProductQuery & { search: string },
  index: SearchIndexFollower | null = null,
) {
  const f = filtersOf(q); // an unknown state or LGA is refused before anything is read
  const ready = (await index?.current()) ?? null;
  const m = await textMatch(db, q.search, ready);
  if (!m) {
    const page = await productPage(db, viewerId, and([...f.place, ...f.category, ...f.price]), sortOrder(q.sort), q);
    return { ...page, search: { query: q.search, correctedQuery: null, didYouMean: null, totalIsAtLeast: false } };
  }
  const relevance = !q.sort || q.sort === 'relevance';
  const found = matchesOf(ready, q, m, relevance ? 'any' : 'all', candidatesFor(q));
  // Sorted by price, date or rating, only products with every word make sense; by relevance, some words rank after all.
  const words = sql`p.search_doc @@ ${relevance ? m.any : m.all}`;
  // By relevance: in stock first, then the words matched, one shop's copies spread down the page, the score.
  const rank = rankOrder(relevance, q.sort);
  let items: Product[];
  let n: number;
  if (found) {
    // The candidates are read by primary key into a table of their own, and ranked there: the
    // words, the weak matches (left out when one of the candidates in the place matches strongly)
    // and the filters are checked on them alone, never through the search document's index. Each
    // candidate's words matched, strong match and score are worked out once (`scored`), and the
    // page's products are read in the same statement.
    // The spread is worked out a level below the ranking: a window cannot order by another window.
    const byScored = rank(sql`p.matched`, sql`p.score`);
    const offset = (q.page - 1) * q.limit;
    const ranking = (limit: number, from: number) => sql`${found.table}, ${scoredCandidates(m, f, words, relevance)},
      matching AS (SELECT p.*, ${byScored.spread} AS spread FROM scored p WHERE p.in_place AND p.in_rest AND ${strongAmongScored}),
      ranked AS (SELECT id, total, at FROM (SELECT p.id, count(*) OVER ()::int AS total, row_number() OVER (ORDER BY ${byScored.order(sql`p.spread`)}) AS at FROM matching p) x
        WHERE at > ${from} ORDER BY at LIMIT ${limit})`;
    const page = await rankedPage(db, viewerId, ranking(q.limit, offset));
    items = page.items;
    // The total: counted among the candidates when they are every match (a page past the end counts apart), else the index's.
    if (!found.complete) n = found.count;
    else n = page.total ?? (offset > 0 ? ((await rankedPage(db, viewerId, ranking(1, 0))).total ?? 0) : 0);
  } else {
    const { spread, order } = rank(m.matched, m.score);
    const narrowed = await strongOnly(db, m, f.place);
    const where = and([...f.place, ...f.category, ...f.price, words, ...narrowed]);
    const page = await productPage(db, viewerId, where, order(spread), q, null, { kept: () => cappedCount(db, where) }, 'each');
    items = page.items;
    n = page.pagination.total;
  }
  const more = found && !found.complete ? found.more : n > COUNT_CAP;
  return {
    items,
    pagination: pageInfo(q.page, q.limit, Math.min(n, COUNT_CAP)),
    search: {
      query: q.search,
      correctedQuery: m.correctedQuery,
      didYouMean: n === 0 ? await suggestionFor(db, q.search) : null,
      totalIsAtLeast: more,
    },
  };
}

/**
 * A search's order, from a product's words matched and score: by relevance, in stock first, then
 * the words matched, then past a shop's first two in a tier (`spread`: its copies spread down the
 * page), then the score; sorted by price, date or rating, in stock first, then that.
 */
const rankOrder = (relevance: boolean, sort: ProductSort | undefined) => (matched: SQL, score: SQL) => ({
  spread: sql`(row_number() OVER (PARTITION BY p.shop_id, p.stock > 0, ${matched} ORDER BY ${score} DESC, p.id) > 2)`,
  order: (spread: SQL) =>
    relevance ? sql`(p.stock > 0) DESC, ${matched} DESC, ${spread}, ${score} DESC, p.id` : sql`(p.stock > 0) DESC, ${sortOrder(sort)}`,
});

/**
 * The candidates (the table `p`) as a table `scored`: their columns, and each one's place, other
 * filters and words (`in_place`, `in_rest`), any word matched, strong match, and (`ranked`: for the
 * relevance order) words matched and score, each worked out once.
 */
const scoredCandidates = (m: TextMatch, f: Filters, words: SQL, ranked: boolean) =>
  sql`scored AS MATERIALIZED (SELECT p.id, p.shop_id, p.stock, p.price, p.created_at, p.rating_sum, p.rating_count, p.category_id, p.subcategory_id,
    ${and(f.place)} AS in_place, ${and([...f.category, ...f.price, words])} AS in_rest, p.search_doc @@ ${m.any} AS any_word,
    ${m.strong} AS strong, ${ranked ? m.matched : sql`0`} AS matched, ${ranked ? m.score : sql`0::float8`} AS score FROM p)`;

/** Among the scored candidates: a strong match, or any when none of those in the place matches strongly (strongOnly's rule). */
const strongAmongScored = sql`(p.strong OR NOT EXISTS (SELECT 1 FROM scored s WHERE s.in_place AND s.any_word AND s.strong))`;

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
export async function searchFacets(db: Tx, q: ProductQuery, index: SearchIndexFollower | null = null) {
  const f = filtersOf(q);
  const ready = q.search ? ((await index?.current()) ?? null) : null;
  const m = q.search ? await textMatch(db, q.search, ready) : null;
  // With the index: counted over its first COUNT_CAP + 1 matches in the place, whatever the category and price.
  const place = { ...q, category: undefined, subcategory: undefined, minPrice: undefined, maxPrice: undefined };
  const found = m ? matchesOf(ready, place, m, 'any', COUNT_CAP + 1) : null;
  // The candidates scored (whatever the category and price), or every product.
  const scored = m && found ? sql`${found.table}, ${scoredCandidates(m, f, sql`TRUE`, false)}` : null;
  const base = scored
    ? sql`p.in_place AND p.any_word AND ${strongAmongScored}`
    : and([...f.place, ...(m ? [sql`p.search_doc @@ ${m.any}`, ...(await strongOnly(db, m, f.place))] : [])]);
  const inPrice = and(f.price);
  const inCategory = and(f.category);
  const rows = await executeRows<{ category_id: string; n: number; seen: number } & Record<`r${number}`, number>>(
    db,
    sql`${scored ?? sql``} SELECT category_id, count(*) FILTER (WHERE in_price)::int AS n, count(*)::int AS seen,
        ${sql.join(
          PRICE_RANGES.map(
            (r, i) =>
              sql`count(*) FILTER (WHERE in_cat AND price >= ${r.min} ${r.max === null ? sql`` : sql`AND price < ${r.max}`})::int AS ${sql.raw(`r${i}`)}`,
          ),
          sql`, `,
        )}
      FROM (SELECT p.category_id, p.price, ${inPrice} AS in_price, ${inCategory} AS in_cat FROM ${scored ? sql`scored p` : sql`products p`} WHERE ${base} LIMIT ${FACET_CAP + 1}) x
      GROUP BY category_id`,
  );
  const sampled = (found !== null && !found.complete) || rows.reduce((n, r) => n + r.seen, 0) > FACET_CAP;
  const categories = rows
    .filter((r) => r.n > 0)
    .map((r) => ({ id: r.category_id, name: categoryById(r.category_id)?.name ?? r.category_id, count: r.n }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const prices = PRICE_RANGES.map((r, i) => ({ min: r.min, max: r.max, count: rows.reduce((n, x) => n + Number(x[`r${i}`] ?? 0), 0) }));
  return { categories, prices, sampled };
}
