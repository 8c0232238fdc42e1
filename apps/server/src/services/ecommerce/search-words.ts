import { sql } from 'drizzle-orm';
import { executePrepared, executeRows, type Tx } from '../../platform/db.js';
import { categoryById, subcategoryOf } from './catalogue.js';
import synonymData from './search-synonyms.json' with { type: 'json' };

// The catalogue's words: what a product is tagged with beside its name (weighs B in the search
// document), the vocabulary kept from names and tags (corrections and suggestions complete from
// it), and the synonyms (search-synonyms.json) a query word is widened with.

/** The words a product weighs like a brand: its category's and subcategory's names. */
export function tagsOf(categoryId: string, subcategoryId: string): string {
  const cat = categoryById(categoryId);
  const sub = subcategoryOf(categoryId, subcategoryId);
  return [cat?.name ?? categoryId, sub?.name ?? subcategoryId].join(' ').replace(/&/g, ' ');
}

/** The text the vocabulary is counted from: a product's name and tags. */
export const vocabularyText = (name: string, tags: string) => `${name} ${tags}`;

/** Only words made of letters (and inner hyphens or apostrophes) enter the vocabulary. */
const WORD = `^[a-z][a-z'-]+$`;

/**
 * Adds (+1) or takes away (-1) a product's words from the vocabulary, in the transaction of the
 * product's write, in word order (so two writers lock the rows they share in the same order).
 */
export async function countWords(tx: Tx, text: string, delta: 1 | -1) {
  await tx.execute(sql`INSERT INTO search_words (word, products)
    SELECT w, ${delta}::int FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${text}))) w
    WHERE w ~ ${WORD} ORDER BY w
    ON CONFLICT (word) DO UPDATE SET products = search_words.products + excluded.products`);
}

/** Counts the vocabulary again from the live products (after products are written in bulk). */
export async function recountWords(tx: Tx) {
  await tx.execute(sql`DELETE FROM search_words`);
  await tx.execute(sql`INSERT INTO search_words (word, products)
    SELECT w, count(*)::int FROM products p, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, p.name || ' ' || p.search_tags))) w
    WHERE p.deleted_at IS NULL AND w ~ ${WORD} GROUP BY w`);
}

// --- synonyms ------------------------------------------------------------------------------------

const GROUPS: string[][] = synonymData.groups.map((g) => g.map((w) => w.toLowerCase().trim()));
const GROUP_OF = new Map<string, string[]>();
for (const g of GROUPS) for (const w of g) GROUP_OF.set(w, [...new Set([...(GROUP_OF.get(w) ?? []), ...g])]);
/** The phrases of the synonym groups, longest first (found in a query before it is split into words). */
const PHRASES = [...GROUP_OF.keys()].filter((w) => /[\s-]/.test(w)).sort((a, b) => b.length - a.length);

/** A query word's synonyms, itself first. */
export const synonymsOf = (word: string): string[] => {
  const g = groupOf(word);
  return g ? [word, ...g.filter((w) => w !== word)] : [word];
};
export const isSynonym = (word: string) => groupOf(word) !== undefined;
/** A word's synonym group, found by the word or by its singular ("phones": "phone"). */
const groupOf = (word: string) => GROUP_OF.get(word) ?? GROUP_OF.get(word.replace(/s$/, '')) ?? GROUP_OF.get(word.replace(/es$/, ''));

/** A query as terms: lower case, punctuation dropped, the synonym phrases kept whole, at most 8. */
export function termsOf(query: string): string[] {
  let rest = ` ${query
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9'\s-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  const terms: string[] = [];
  for (const p of PHRASES) {
    if (rest.includes(` ${p} `)) {
      terms.push(p);
      rest = rest.replace(` ${p} `, ' ');
    }
  }
  for (const w of rest.split(/[\s]+/)) {
    const t = w.replace(/^['-]+|['-]+$/g, '');
    if (t && !terms.includes(t)) terms.push(t);
  }
  return terms.slice(0, 8);
}

// --- corrections ---------------------------------------------------------------------------------

/** Edits between two words, a swap of neighbours counting one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** How many edits a word of this length may be away from the word meant. */
export const editsAllowed = (len: number) => (len <= 3 ? 0 : len <= 5 ? 1 : len <= 8 ? 2 : 3);

type Candidate = { word: string; products: number; sim: number };

/** The vocabulary's word nearest to a misspelt one, or null when none is near enough. */
export function bestCorrection(word: string, candidates: Candidate[]): string | null {
  const allowed = editsAllowed(word.length);
  let best: (Candidate & { edits: number }) | null = null;
  for (const c of candidates) {
    const edits = editDistance(word, c.word);
    if (edits > allowed) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits && (c.products > best.products || (c.products === best.products && c.sim > best.sim)))
    )
      best = { ...c, edits };
  }
  return best?.word ?? null;
}

type Known = { term: string; known: boolean; stop: boolean };

/** Strings as one PostgreSQL text[] literal, bound as a single parameter. */
export const textArray = (xs: Iterable<string>) => `{${[...xs].map((x) => `"${x.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** Each text's english lexemes (PostgreSQL's to_tsvector), kept per process: they depend on nothing but the text. */
const LEXEMES = new Map<string, string[]>();
const LEXEMES_KEPT = 50_000;

/** The english lexemes of each text, asking PostgreSQL only about those not seen before (one statement). */
export async function lexemesOf(db: Tx, texts: string[]): Promise<Map<string, string[]>> {
  const missing = [...new Set(texts)].filter((t) => !LEXEMES.has(t));
  if (missing.length) {
    const rows = await executePrepared<{ t: string; lex: string[] }>(
      db,
      'search_lexemes',
      sql`SELECT t, tsvector_to_array(to_tsvector('english'::regconfig, t)) AS lex FROM unnest(${textArray(missing)}::text[]) AS t`,
    );
    if (LEXEMES.size + rows.length > LEXEMES_KEPT) LEXEMES.clear();
    for (const r of rows) LEXEMES.set(r.t, r.lex);
  }
  return new Map(texts.map((t) => [t, LEXEMES.get(t) ?? []]));
}

/**
 * Which terms the catalogue has (a word of the vocabulary, a synonym, or found by its stem in some
 * product's document) and which are stop words; one statement for all of them. With the search
 * index, a term is known when the index has its stems; one it lacks is left to the corrections.
 */
export async function knownTerms(db: Tx, terms: string[], indexHas?: (lexeme: string) => boolean): Promise<Known[]> {
  const list = terms.filter((t) => !isSynonym(t) && !/\s/.test(t));
  const found = new Map<string, Known>();
  if (list.length && indexHas) {
    // With a search index, a term whose stems it has is known. The others go to the corrections, which
    // find the word itself when the vocabulary has it (it is then kept as typed): no statement here.
    const lex = await lexemesOf(db, list);
    for (const w of list) {
      const l = lex.get(w)!;
      found.set(w, { term: w, known: l.length > 0 && l.every(indexHas), stop: l.length === 0 });
    }
  } else if (list.length) {
    // A word no product has must be looked up in the search index (a read of nothing), never sought
    // row by row through every product: the planner, expecting some product to have any word, would
    // scan for the first one (over a second at 1M products). So sequential scans are off for this
    // statement, and each term is a SELECT of its own (its tsquery a constant the planner can weigh).
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      return executeRows<{ w: string; known: boolean; nodes: number }>(
        tx,
        sql.join(
          list.map(
            (w) => sql`SELECT ${w}::text AS w, numnode(plainto_tsquery('english'::regconfig, ${w}::text)) AS nodes,
            (EXISTS (SELECT 1 FROM search_words s WHERE s.word = ${w}::text AND s.products > 0)
             OR EXISTS (SELECT 1 FROM products p WHERE p.search_doc @@ plainto_tsquery('english'::regconfig, ${w}::text) AND p.deleted_at IS NULL)) AS known`,
          ),
          sql` UNION ALL `,
        ),
      );
    });
    for (const r of rows) found.set(r.w, { term: r.w, known: r.known, stop: Number(r.nodes) === 0 });
  }
  return terms.map((t) => found.get(t) ?? { term: t, known: true, stop: false });
}

/** The corrections of the unknown words (a word with digits, or of three letters or fewer, is left as typed). */
export async function corrections(db: Tx, words: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const todo = words.filter((w) => /^[a-z'-]+$/.test(w) && editsAllowed(w.length) > 0);
  if (!todo.length) return out;
  // Each word's candidates, in one statement (sql/owo_correction_candidates.sql), and the synonyms' words.
  const rows = await executePrepared<Candidate & { w: string }>(
    db,
    'search_corrections',
    sql`SELECT w, word, products, sim FROM owo_correction_candidates(${textArray(todo)}::text[])`,
  );
  const synonymCands = [...GROUP_OF.keys()].filter((s) => !/\s/.test(s)).map((s) => ({ word: s, products: 0, sim: 0 }));
  for (const w of todo) {
    const cands = rows.filter((r) => r.w === w).map((c) => ({ word: c.word, products: c.products, sim: Number(c.sim) }));
    const best = bestCorrection(w, [...cands, ...synonymCands]);
    // The word itself (a word of the vocabulary) is no correction.
    if (best && best !== w) out.set(w, best);
  }
  return out;
}
