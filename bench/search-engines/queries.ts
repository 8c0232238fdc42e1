/**
 * A long-tail query mix: `distinct` different queries (text and filters), drawn Zipf-like: the query
 * of rank r is asked max(1, round(popular / r)) times, so a few are popular and most are asked once.
 * About a third have one word misspelt by one edit, about a third a state (some an LGA too), some a
 * price range or a category, a few in stock only. Deterministic for the same sizes.
 */
import { CATEGORIES, LGAS_PER_STATE, STATE_IDS, prng } from './catalogue-gen.js';
import { EXTRA_WORDS, LINES } from './words.js';

export type Filters = { state?: number; lga?: number; category?: number; minPrice?: number; maxPrice?: number; inStock?: boolean };
export type Query = { text: string; intended: string; misspelt: boolean; filters: Filters };

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit (delete, substitute, transpose or insert) in a word of 4+ letters, never giving the word back. */
export function misspell(word: string, rand: () => number): string {
  for (;;) {
    const i = 1 + Math.floor(rand() * (word.length - 1));
    const c = LETTERS[Math.floor(rand() * 26)]!;
    const op = Math.floor(rand() * 4);
    const w =
      op === 0
        ? word.slice(0, i) + word.slice(i + 1)
        : op === 1
          ? word.slice(0, i) + c + word.slice(i + 1)
          : op === 2 && i < word.length - 1
            ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
            : word.slice(0, i) + c + word.slice(i);
    if (w !== word) return w;
  }
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** A query text a shopper might type: part of a product name, a kind of thing, with a word of the long tail. */
function text(rand: () => number): string {
  const line = LINES[Math.floor(rand() * LINES.length)]!;
  const name = words(line.names[Math.floor(rand() * line.names.length)]!);
  const kind = rand();
  if (kind < 0.35) {
    const len = 1 + Math.floor(rand() * Math.min(2, name.length));
    const at = Math.floor(rand() * (name.length - len + 1));
    return name.slice(at, at + len).join(' ');
  }
  if (kind < 0.55) return `${name.at(-1)} ${words(line.suffixes[Math.floor(rand() * line.suffixes.length)]!)[0]}`;
  if (kind < 0.7) return words(line.sub).join(' ');
  if (kind < 0.85) return `${words(EXTRA_WORDS[Math.floor(rand() * EXTRA_WORDS.length)]!)[0]} ${name.at(-1)}`;
  return name.join(' ');
}

export function queryMix(distinct: number, popular = 200, seed = 4343): { distinct: Query[]; stream: Query[] } {
  const rand = prng(seed);
  const seen = new Set<string>();
  const out: Query[] = [];
  for (let tries = 0; out.length < distinct && tries < distinct * 50; tries++) {
    const intended = text(rand);
    let typed = intended;
    const long = words(intended).filter((w) => w.length >= 4 && !/\d/.test(w));
    const misspelt = long.length > 0 && rand() < 0.34;
    if (misspelt) {
      const w = long[Math.floor(rand() * long.length)]!;
      typed = words(intended)
        .map((x) => (x === w ? misspell(w, rand) : x))
        .join(' ');
    }
    const filters: Filters = {};
    const r = rand();
    if (r < 0.33) {
      filters.state = Math.floor(rand() ** 2 * STATE_IDS.length);
      if (rand() < 0.15) filters.lga = filters.state * LGAS_PER_STATE + Math.floor(rand() * LGAS_PER_STATE);
    }
    if (rand() < 0.15) {
      const lo = [1_000, 5_000, 20_000, 50_000, 100_000, 250_000][Math.floor(rand() * 6)]!;
      filters.minPrice = lo * 100;
      filters.maxPrice = lo * (2 + Math.floor(rand() * 4)) * 100;
    }
    if (rand() < 0.12) filters.category = Math.floor(rand() * CATEGORIES.length);
    if (rand() < 0.1) filters.inStock = true;
    const key = `${typed}|${JSON.stringify(filters)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text: typed, intended, misspelt, filters });
  }
  const stream: Query[] = [];
  out.forEach((q, i) => {
    for (let k = Math.max(1, Math.round(popular / (i + 1))); k > 0; k--) stream.push(q);
  });
  for (let i = stream.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [stream[i], stream[j]] = [stream[j]!, stream[i]!];
  }
  return { distinct: out, stream };
}
