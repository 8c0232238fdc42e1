/**
 * The server's product search index on its own (services/ecommerce/search-index/product-index.ts):
 * no HTTP, no database, so a change to the index is measured without the machine's noise of a whole
 * server under load. A synthetic catalogue of INDEX_PRODUCTS products (1,000,000; 2,000 in a smoke
 * run), each with 5 to 24 words drawn Zipf-like from a vocabulary of INDEX_WORDS (400, about what
 * bench/catalogue.ts's seeded catalogue has, so the lists are long: a common word is in a tenth of
 * the products), the first three in its name, the next three in its tags; a state (a quarter in the
 * first), an LGA, a category and subcategory, a price, 10% out of stock, sales. Then INDEX_QUERIES
 * (3,000; 200) searches as the service sends them: one to three words drawn from the commoner
 * part of the vocabulary, a third with a state, some with a price range, relevance order, 40
 * candidates (the service's two pages' worth), answered INDEX_ROUNDS times (5; 1): the mean time per
 * search of each round, and the build's time and the arrays' size.
 *
 * BENCH_COMPARE=<another copy's apps/server directory> (a `git worktree` of an older commit, as for
 * complete.ts): its index is built from the same products and answers the same searches, its rounds
 * alternating with this tree's; the answers must be the same (else the run fails). Writes the
 * `search-index` section of RESULTS.md (not in a smoke run).
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IndexedProduct, IndexQuery, ProductIndex } from '../apps/server/src/services/ecommerce/search-index/product-index.js';
import { prng } from './long-tail.js';
import { check, exitOnProblems, sized, writeSection } from './results.js';

const env = (name: string, full: number, small: number) => Number(process.env[`INDEX_${name}`] ?? sized(full, small));
const PRODUCTS = env('PRODUCTS', 1_000_000, 2_000);
const WORDS = env('WORDS', 400, 400);
const QUERIES = env('QUERIES', 3_000, 200);
const ROUNDS = env('ROUNDS', 5, 1);
const COMPARE = process.env.BENCH_COMPARE;

/** Seeded (long-tail.ts prng), so both sides get the same catalogue and searches. */
function catalogue(): IndexedProduct[] {
  const rnd = prng(7);
  const zipf = () => Math.floor(WORDS ** rnd()) - 1;
  return Array.from({ length: PRODUCTS }, (_, i) => {
    const ws = new Set<number>();
    const n = 5 + Math.floor(rnd() * 20);
    for (let k = 0; k < n; k++) ws.add(zipf());
    return {
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      searchDoc: [...ws].map((w, k) => `'w${w}':${k + 1}${k < 3 ? 'A' : k < 6 ? 'B' : ''}`).join(' '),
      stateId: `s${Math.floor(rnd() ** 2 * 37)}`,
      lgaId: `l${Math.floor(rnd() * 700)}`,
      categoryId: `c${Math.floor(rnd() * 10)}`,
      subcategoryId: `u${Math.floor(rnd() * 60)}`,
      price: Math.floor(rnd() * 10_000_000),
      stock: rnd() < 0.9 ? 5 : 0,
      sales: Math.floor(rnd() * 1000),
      ratingSum: 0,
      ratingCount: 0,
      createdAt: 1.7e12 + i,
    };
  });
}

function searches(): IndexQuery[] {
  const rnd = prng(11);
  return Array.from({ length: QUERIES }, () => {
    const words = 1 + Math.floor(rnd() * 3);
    const groups = Array.from({ length: words }, () => [[`w${Math.floor(WORDS ** (rnd() * 0.6)) - 1}`]]);
    const r = rnd();
    const filters = r < 0.33 ? { stateId: `s${Math.floor(rnd() ** 2 * 37)}` } : r < 0.5 ? { minPrice: 1_000_000, maxPrice: 3_000_000 } : {};
    return { groups, mode: 'any', filters, sort: 'relevance', want: 40 };
  });
}

type Side = { label: string; index: ProductIndex; buildS: number; rounds: number[] };

async function side(label: string, serverDir: string, rows: IndexedProduct[]): Promise<Side> {
  const file = path.join(serverDir, 'src/services/ecommerce/search-index/product-index.ts');
  const { ProductIndex: Index } = (await import(pathToFileURL(file).href)) as { ProductIndex: new () => ProductIndex };
  const index = new Index();
  const t0 = performance.now();
  index.build(rows);
  return { label, index, buildS: (performance.now() - t0) / 1000, rounds: [] };
}

async function main() {
  const rows = catalogue();
  const qs = searches();
  const here = path.resolve(import.meta.dirname, '../apps/server');
  const sides = [await side('this tree', here, rows)];
  if (COMPARE) sides.unshift(await side(`before (${COMPARE})`, COMPARE, rows));
  const answers = new Map<Side, string[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of sides) {
      const t = performance.now();
      const got = qs.map((q) => s.index.search(q).ids.join(','));
      s.rounds.push((performance.now() - t) / qs.length);
      answers.set(s, got);
      console.log(`${s.label} round ${round + 1}: ${s.rounds.at(-1)!.toFixed(3)} ms per search`);
    }
  }
  if (COMPARE) {
    const [a, b] = sides.map((s) => answers.get(s)!);
    const differ = a!.filter((x, i) => x !== b![i]).length;
    check(differ === 0, `${differ} of ${qs.length} searches answered differently by the two indexes`);
  }
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const md = `# Benchmark: the product search index alone

Recorded by \`bench/search-index.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, one thread,
no HTTP, no database. ${PRODUCTS} synthetic products (5 to 24 words each from a vocabulary of ${WORDS}, drawn Zipf-like), ${QUERIES}
searches (one to three of the commoner words, a third with a state, a sixth with a price range; relevance, 40 candidates),
answered ${ROUNDS} times${COMPARE ? `, each round of the two sides in turn ("before" is the index in \`${COMPARE}\`; both gave the same answers)` : ''}.

| index | build, s | arrays, MiB | ms per search, each round | mean |
|---|---|---|---|---|
${sides
  .map(
    (s) =>
      `| ${s.label} | ${s.buildS.toFixed(1)} | ${(s.index.bytes / 2 ** 20).toFixed(0)} | ${s.rounds.map((r) => r.toFixed(3)).join(', ')} | ${mean(s.rounds).toFixed(3)} |`,
  )
  .join('\n')}
`;
  console.log(md);
  writeSection('search-index', md);
  exitOnProblems();
}

await main();
