import { sql } from 'drizzle-orm';
import type { ShopHit, Suggestion } from '@owo/contracts';
import { executePrepared, executeRows, type Tx } from '../../platform/db.js';
import { pageInfo } from '../../platform/pagination.js';
import { CATEGORIES, categoryPlace, placeOf } from './catalogue.js';
import { ratingOf, uuidArray, type Page } from './products-read.js';
import type { ProductIndex } from './search-index/product-index.js';
import { corrections, lexemesOf, synonymsOf, termsOf } from './search-words.js';
import type { ProductImage } from './tables.js';

// Suggestions as one types (the last word is a prefix: search_words' prefix index gives its
// completions, and the search index their products; without the index, the search document's GIN
// index with `:*`) and shops found by the words of their name.

/** The last word as a tsquery prefix (letters and digits only), and the words before it. */
function prefixOf(q: string) {
  const terms = termsOf(q);
  const last = (terms[terms.length - 1] ?? '').replace(/[^a-z0-9]/g, '');
  return { before: terms.slice(0, -1).join(' '), last };
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Categories and subcategories with a word starting with one of these. */
function categoriesFor(words: string[]): Suggestion['categories'] {
  const starts = (name: string) =>
    name
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((w) => w.length > 1 && words.some((x) => x.length > 1 && (w.startsWith(x) || (x.startsWith(w) && w.length >= 4))));
  const out: Suggestion['categories'] = [];
  for (const c of CATEGORIES) {
    for (const s of c.subcategories) if (starts(s.name)) out.push({ id: c.id, name: c.name, subcategory: { id: s.id, name: s.name } });
    if (starts(c.name) && !out.some((x) => x.id === c.id)) out.push({ id: c.id, name: c.name, subcategory: null });
  }
  return out.slice(0, 4);
}

type SuggestedProduct = { id: string; name: string; price: number; images: ProductImage[]; category_id: string; subcategory_id: string };

/** What the person may be typing: the last word completed, products, categories and shops. */
export async function suggest(db: Tx, q: string, index: ProductIndex | null = null): Promise<Suggestion> {
  const { before, last } = prefixOf(q);
  if (last.length < 2) return { words: [], products: [], categories: [], shops: [] };
  const completions = (
    await executePrepared<{ word: string }>(
      db,
      'suggest_words',
      sql`SELECT word FROM search_words WHERE word LIKE ${likePrefix(last)} AND products > 0 ORDER BY products DESC, word LIMIT 5`,
    )
  ).map((r) => r.word);
  let words = completions;
  if (!words.length) {
    const fixed = (await corrections(db, [last])).get(last);
    if (fixed) words = [fixed];
  }
  const lead = words[0] && words[0] !== last && !words.includes(last) ? words[0] : last;
  const wanted = [...new Set([last, ...synonymsOf(lead)])];
  // The products: with one of the completions, or (the word corrected, or with synonyms) one of the lead word's.
  const products = index
    ? await productsFromIndex(db, index, before, [...new Set([...completions, ...synonymsOf(lead)])])
    : await productsFromDocument(db, before, last, lead);
  const shopQ = before
    ? sql`(plainto_tsquery('simple'::regconfig, ${before}) && to_tsquery('simple'::regconfig, ${`${last}:*`}))`
    : sql`to_tsquery('simple'::regconfig, ${`${last}:*`})`;
  const shops = await executePrepared<{ id: string; name: string; logo_url: string | null; state_id: string; lga_id: string }>(
    db,
    'suggest_shops',
    sql`SELECT id, name, logo_url, state_id, lga_id FROM shops WHERE to_tsvector('simple'::regconfig, name) @@ ${shopQ} AND hidden_at IS NULL
      ORDER BY followers_count DESC, products_count DESC, name LIMIT 3`,
  );
  return {
    words,
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      price: Number(p.price),
      image: p.images[0]?.thumbnailUrl ?? p.images[0]?.url ?? null,
      category: categoryPlace(p.category_id, p.subcategory_id).category,
    })),
    categories: categoriesFor(wanted),
    shops: shops.map((s) => ({ id: s.id, name: s.name, logoUrl: s.logo_url, ...placeOf(s.state_id, s.lga_id) })),
  };
}

/**
 * The products of a suggestion through the search index: those with the words before and one of the
 * last word's alternatives (its completions, a correction, synonyms), in stock, the index's best
 * first, one per name.
 */
async function productsFromIndex(db: Tx, index: ProductIndex, before: string, alternatives: string[]) {
  // Their english lexemes, as the index reads them (kept per process: search-words.ts lexemesOf).
  const lex = await lexemesOf(db, [before, ...alternatives]);
  const alts = alternatives.map((c) => lex.get(c)!).filter((l) => l.length);
  if (!alts.length) return [];
  const head = lex.get(before)!.map((l) => [[l]]);
  const found = index.search({ groups: [...head, alts], mode: 'all', filters: {}, sort: 'relevance', want: 30 });
  if (!found.ids.length) return [];
  const rows = await executePrepared<SuggestedProduct>(
    db,
    'suggest_products',
    sql`SELECT id, name, price, images, category_id, subcategory_id FROM products
      WHERE id = ANY(${uuidArray(found.ids)}::uuid[]) AND deleted_at IS NULL AND stock > 0`,
  );
  const at = new Map(found.ids.map((id, i) => [id, i]));
  const names = new Set<string>();
  return rows
    .sort((a, b) => at.get(a.id)! - at.get(b.id)!)
    .filter((r) => !names.has(r.name.toLowerCase()) && names.add(r.name.toLowerCase()))
    .slice(0, 5);
}

/** The products of a suggestion through the search document: the last word as a prefix, or one of the lead word's synonyms. */
async function productsFromDocument(db: Tx, before: string, last: string, lead: string) {
  const prefixQ = sql`(to_tsquery('simple'::regconfig, ${`${last}:*`}) || ${sql.join(
    synonymsOf(lead).map((w) => sql`phraseto_tsquery('english'::regconfig, ${w})`),
    sql` || `,
  )})`;
  const match = before ? sql`(plainto_tsquery('english'::regconfig, ${before}) && ${prefixQ})` : prefixQ;
  return executeRows<SuggestedProduct>(
    db,
    sql`SELECT id, name, price, images, category_id, subcategory_id FROM (
        SELECT DISTINCT ON (lower(name)) id, name, price, images, category_id, subcategory_id, rank, sales FROM (
          SELECT p.id, p.name, p.price, p.images, p.category_id, p.subcategory_id, p.sales,
            ts_rank('{0.1, 0.2, 0.5, 1.0}', p.search_doc, ${match}) AS rank
          FROM products p WHERE p.deleted_at IS NULL AND p.stock > 0 AND p.search_doc @@ ${match} LIMIT 300) m
        ORDER BY lower(name), rank DESC, sales DESC) d
      ORDER BY rank DESC, sales DESC, name LIMIT 5`,
  );
}

/** Shops whose name has these words (the last one a prefix), the biggest first, the total capped. */
export async function searchShops(db: Tx, q: string, p: Page) {
  const { before, last } = prefixOf(q);
  const tail = last ? sql`to_tsquery('simple'::regconfig, ${`${last}:*`})` : null;
  const head = before ? sql`plainto_tsquery('simple'::regconfig, ${before})` : null;
  const query = head && tail ? sql`(${head} && ${tail})` : (head ?? tail);
  if (!query) return { items: [] as ShopHit[], pagination: pageInfo(p.page, p.limit, 0) };
  const where = sql`to_tsvector('simple'::regconfig, s.name) @@ ${query} AND s.hidden_at IS NULL`;
  const rows = await executeRows<{
    id: string;
    name: string;
    logo_url: string | null;
    state_id: string;
    lga_id: string;
    products_count: number;
    rating_sum: number;
    rating_count: number;
  }>(
    db,
    sql`SELECT s.id, s.name, s.logo_url, s.state_id, s.lga_id, s.products_count, s.rating_sum, s.rating_count FROM shops s WHERE ${where}
      ORDER BY s.products_count DESC, s.name, s.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const [c] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM shops s WHERE ${where} LIMIT 1001) x`);
  return {
    items: rows.map((s) => ({
      id: s.id,
      name: s.name,
      logoUrl: s.logo_url,
      ...placeOf(s.state_id, s.lga_id),
      productsCount: s.products_count,
      rating: ratingOf(s.rating_sum, s.rating_count).rating,
    })),
    pagination: pageInfo(p.page, p.limit, Math.min(c?.n ?? 0, 1000)),
  };
}
