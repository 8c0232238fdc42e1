/**
 * A synthetic marketplace catalogue, deterministic (seeded PRNG), shaped like bench/catalogue.ts's:
 * names combined from word lists per subcategory (with a prefix), a description sentence plus a few
 * words of the long tail, tags (category and subcategory names), the shop's state and an LGA of it,
 * price in kobo, in stock or not, and a quality score from rating and sales.
 */
import { DESCRIPTIONS, EXTRA_WORDS, LINES, PREFIXES, STATES } from './words.js';
import { prng } from '../long-tail.js';

export type Product = {
  id: number;
  name: string;
  tags: string;
  description: string;
  state: number;
  lga: number;
  category: number;
  subcategory: number;
  price: number;
  inStock: boolean;
  /** Higher is better: 0.02·ln(1 + sales) + 0.01·rating, as the server's ranking weighs them. */
  quality: number;
};

export const CATEGORIES = [...new Set(LINES.map((l) => l.category))];
export const SUBCATEGORIES = [...new Set(LINES.map((l) => l.sub))];
export const STATE_IDS = STATES.map(([s]) => s);
/** LGAs per state in this catalogue (ids state·LGAS_PER_STATE + k). */
export const LGAS_PER_STATE = 20;

/** The seeded PRNG of the catalogue bench's long-tail mix (mulberry32), for the queries too. */
export { prng };

const NAMES = LINES.flatMap((l) => l.names.flatMap((n) => l.suffixes.map((s) => ({ line: l, name: `${n} ${s}` }))));
const STATE_TOTAL = STATES.reduce((a, [, w]) => a + w, 0);

function pickState(r: number): number {
  let x = r * STATE_TOTAL;
  for (let i = 0; i < STATES.length; i++) if ((x -= STATES[i]![1]) < 0) return i;
  return 0;
}

/** The n products, ids 1..n, the same for the same n and seed. */
export function* products(n: number, seed = 43): Generator<Product> {
  const rand = prng(seed);
  // Skew the names (some things are sold far more than others): a name's index drawn as r².
  for (let id = 1; id <= n; id++) {
    const { line, name } = NAMES[Math.floor(rand() ** 1.6 * NAMES.length)]!;
    const prefix = PREFIXES[Math.floor(rand() * PREFIXES.length)]!;
    const extra = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => EXTRA_WORDS[Math.floor(rand() * EXTRA_WORDS.length)]!);
    const state = pickState(rand());
    const sales = Math.floor(rand() ** 4 * 2000);
    const rating = rand() < 0.15 ? 1 + rand() * 4 : 0;
    const naira = line.naira[0] + Math.floor(rand() ** 2 * (line.naira[1] - line.naira[0]));
    yield {
      id,
      name: prefix ? `${prefix} ${name}` : name,
      tags: `${line.category} ${line.sub.replace(/-/g, ' ')}`,
      description: `${DESCRIPTIONS[Math.floor(rand() * DESCRIPTIONS.length)]} ${extra.join(' ')}`,
      state,
      lga: state * LGAS_PER_STATE + Math.floor(rand() * LGAS_PER_STATE),
      category: CATEGORIES.indexOf(line.category),
      subcategory: SUBCATEGORIES.indexOf(line.sub),
      price: naira * 100,
      inStock: rand() > 0.1,
      quality: 0.02 * Math.log(1 + sales) + 0.01 * rating,
    };
  }
}

/** The words a shopper could type: every word of the names, tags and long tail, lower case. */
export function vocabulary(): string[] {
  const words = new Set<string>();
  const add = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter((w) => w.length > 1)
      .forEach((w) => words.add(w));
  LINES.forEach((l) => [...l.names, ...l.suffixes, l.category, l.sub.replace(/-/g, ' ')].forEach(add));
  PREFIXES.forEach(add);
  EXTRA_WORDS.forEach((w) => add(w.replace(/-/g, ' ')));
  return [...words];
}
