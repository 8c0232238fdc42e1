/**
 * A long-tail mix of marketplace searches, as real shoppers type them (issue 43): thousands of
 * distinct queries, a few asked often and most asked once, drawn Zipf-like; about a third misspelt
 * (one edit of one word), about a third with a state, some with a price range or a category.
 *
 * `longTail` makes `distinct` queries from the catalogue's product names, then a sequence in which
 * every distinct query appears once and `2 × distinct` more draws follow Zipf's law over a fixed
 * shuffled ranking (the first ranks are the popular searches). A load that picks a random line of
 * the sequence per request asks the popular ones often and the rest about once each.
 * Deterministic for a seed.
 */

export type Named = { category: string; sub: string; name: string; min: number; max: number };
export type Query = {
  search: string;
  stateQuery?: string;
  minPrice?: number;
  maxPrice?: number;
  category?: string;
};
export type Mix = { distinct: Query[]; sequence: Query[] };

/** Seeded PRNG (mulberry32): the same seed gives the same mix. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words shoppers type for things, beside the catalogue's own names. */
const SHOPPER_WORDS = [
  'phone',
  'phones',
  'tv',
  'television',
  'fan',
  'rice',
  'shoes',
  'bag',
  'laptop',
  'charger',
  'earbuds',
  'generator',
  'fridge',
  'freezer',
  'blender',
  'perfume',
  'cream',
  'gown',
  'shirt',
  'sneakers',
  'diapers',
  'oil',
  'beans',
  'garri',
  'power bank',
  'smart tv',
  'air conditioner',
  'washing machine',
  'android phone',
  'iphone',
  'ankara',
  'kaftan',
];

/** Either the state's id or its name, as people pick them in the filter. */
const STATES = [
  'lagos',
  'Lagos',
  'fct',
  'Federal Capital Territory',
  'kano',
  'Kano',
  'rivers',
  'Rivers',
  'oyo',
  'enugu',
  'kaduna',
  'anambra',
  'ogun',
  'delta',
  'edo',
  'imo',
  'abia',
  'akwa-ibom',
  'plateau',
  'kwara',
  'osun',
  'ondo',
  'ekiti',
  'benue',
  'borno',
  'sokoto',
  'katsina',
];

const KEYS = 'qwertyuiopasdfghjklzxcvbnm';

/** One edit of one word of at least four letters: a letter dropped, two swapped, doubled or replaced. */
function misspell(text: string, rnd: () => number): string {
  const words = text.split(' ');
  const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-z]{4,}$/.test(w));
  if (!long.length) return text;
  const [w, i] = long[Math.floor(rnd() * long.length)]!;
  const at = 1 + Math.floor(rnd() * (w.length - 2));
  const kind = Math.floor(rnd() * 4);
  const edited =
    kind === 0
      ? w.slice(0, at) + w.slice(at + 1)
      : kind === 1
        ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
        : kind === 2
          ? w.slice(0, at) + w[at] + w.slice(at)
          : w.slice(0, at) + KEYS[Math.floor(rnd() * KEYS.length)] + w.slice(at + 1);
  words[i] = edited;
  return words.join(' ');
}

/** A text as a shopper might type for this product: a word of it, two of them, its first words, or a plain word. */
function textFor(p: Named, rnd: () => number): string {
  const tokens = p.name
    .toLowerCase()
    .replace(/[()",]/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length >= 2);
  const form = rnd();
  if (form < 0.15 || tokens.length < 2) return SHOPPER_WORDS[Math.floor(rnd() * SHOPPER_WORDS.length)]!;
  if (form < 0.45) return tokens[Math.floor(rnd() * tokens.length)]!;
  if (form < 0.75) {
    const at = Math.floor(rnd() * (tokens.length - 1));
    return `${tokens[at]} ${tokens[at + 1]}`;
  }
  return tokens.slice(0, 2 + Math.floor(rnd() * Math.min(2, tokens.length - 1))).join(' ');
}

const keyOf = (q: Query) => JSON.stringify([q.search, q.stateQuery, q.minPrice, q.maxPrice, q.category]);

export type MixOptions = {
  distinct: number;
  seed?: number;
  /** Every query has a price range (the search-with-price case). */
  priced?: boolean;
  /** Zipf's exponent over the ranks. */
  exponent?: number;
};

export function longTail(names: readonly Named[], o: MixOptions): Mix {
  const rnd = prng(o.seed ?? 43);
  const seen = new Map<string, Query>();
  for (let tries = 0; seen.size < o.distinct && tries < o.distinct * 50; tries++) {
    const p = names[Math.floor(rnd() * names.length)]!;
    let search = textFor(p, rnd);
    if (rnd() < 1 / 3) search = misspell(search, rnd);
    const q: Query = { search };
    if (rnd() < 1 / 3) q.stateQuery = STATES[Math.floor(rnd() * STATES.length)]!;
    if (o.priced || rnd() < 1 / 6) {
      // A range within the line's prices, in kobo, as a shopper sets it (round thousands of naira).
      const lo = p.min + (p.max - p.min) * rnd() * 0.5;
      const hi = lo + (p.max - lo) * (0.3 + rnd() * 0.7);
      q.minPrice = Math.floor(lo / 1000) * 1000 * 100;
      q.maxPrice = Math.ceil(hi / 1000) * 1000 * 100;
    }
    if (rnd() < 0.1) q.category = p.category;
    seen.set(keyOf(q), q);
  }
  const distinct = [...seen.values()];
  // A fixed ranking of popularity: the shuffled order.
  const ranked = [...distinct];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  const s = o.exponent ?? 1.1;
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= ranked.length; r++) cumulative.push((sum += 1 / r ** s));
  const draw = () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return ranked[lo]!;
  };
  const sequence = [...distinct];
  for (let i = 0; i < distinct.length * 2; i++) sequence.push(draw());
  return { distinct, sequence };
}

/** How the sequence is spread: distinct queries, those asked once, and the share of the ten most asked. */
export function spread(sequence: readonly Query[]): { distinct: number; once: number; top10Share: number } {
  const counts = new Map<string, number>();
  for (const q of sequence) counts.set(keyOf(q), (counts.get(keyOf(q)) ?? 0) + 1);
  const sorted = [...counts.values()].sort((a, b) => b - a);
  const top10 = sorted.slice(0, 10).reduce((a, b) => a + b, 0);
  return { distinct: counts.size, once: sorted.filter((c) => c === 1).length, top10Share: top10 / sequence.length };
}
