/**
 * A purpose-built product search index on typed arrays, with bounded work per query.
 *
 * Every product has a slot; slots are given in order of quality (best first) when the index is
 * built, so each posting list (one per word and tier: name 0, tags/category 1, description 2) is
 * in quality order and the first good matches come first. A product added or changed later takes a
 * new slot whose word lists are kept apart (small arrays in quality order, merged while reading);
 * the old slot is marked dead. A search reads the lists of its rarest word in bucket order
 * (tier × how the word matched: exact 0, corrected 1, synonym 2), checks each candidate's other words
 * in its forward list (its words and tiers) and the filter columns, and stops as soon as the page
 * is settled and 1,001 matches are counted: the total and the category facets are capped at 1,000
 * (past SCAN_BOUND candidates read with the page settled, the total is estimated from the share that matched).
 * Corrections: one edit, found through the dictionary's deletion neighbourhoods (symspell-like).
 */
import type { Product } from './catalogue-gen.js';
import { Dictionary, wordsOf } from './typed-text.js';

/** A product as the index takes it: the synthetic catalogue's. */
export type IndexRow = Product;
export type SearchFilters = { state?: number; lga?: number; category?: number; minPrice?: number; maxPrice?: number; inStock?: boolean };
export type SearchResult = {
  ids: number[];
  total: number;
  more: boolean;
  estimated: boolean;
  facets: Map<number, number>;
  corrected: string | null;
  scanned: number;
};

export const COUNT_CAP = 1000;
/** Candidates read, once the page is settled, before the total is estimated from the share that matched so far. */
export const SCAN_BOUND = 20_000;
export { wordsOf } from './typed-text.js';

type Alt = { term: number; kind: number };
type Group = { alts: Alt[]; kinds: Map<number, number>; size: number };

export class TypedIndex {
  private dict = new Dictionary();
  private synonyms = new Map<string, string[]>();
  // Built lists (CSR over term·3 + tier), and the lists of slots added since, in quality order.
  private baseTerms = 0;
  private baseOff = new Uint32Array(1);
  private basePost = new Uint32Array(0);
  private delta = new Map<number, number[]>();
  /** Per word, the other query group it belongs to (group·4 + kind) during a search, else -1. */
  private mark = new Int32Array(0);
  private best = new Int32Array(64);
  // Each slot's words (term·4 + tier): built slots in CSR, later ones apart.
  private fwdOff = new Uint32Array(1);
  private fwd = new Uint32Array(0);
  private fwdLate = new Map<number, Uint32Array>();
  private baseSlots = 0;
  private slots = 0;
  private cap = 0;
  private ids = new Int32Array(0);
  private quality = new Float32Array(0);
  private price = new Float64Array(0);
  private state = new Uint8Array(0);
  private lga = new Uint16Array(0);
  private category = new Uint8Array(0);
  private sub = new Uint8Array(0);
  private inStock = new Uint8Array(0);
  private alive = new Uint8Array(0);
  private stamp = new Uint32Array(0);
  private generation = 0;
  private slotOf = new Map<number, number>();

  /** Synonym groups (lower case words; phrases are left out): a word of a group also finds the others. */
  constructor(synonymGroups: string[][] = []) {
    for (const g of synonymGroups) {
      const ws = g
        .filter((w) => !w.includes(' '))
        .map((w) => wordsOf(w)[0])
        .filter((w): w is string => !!w);
      for (const w of ws) this.synonyms.set(w, [...new Set([...(this.synonyms.get(w) ?? []), ...ws.filter((x) => x !== w)])]);
    }
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Builds a new index from all rows, once (a rebuild is a new index built beside the old one, then swapped in). */
  build(rows: IndexRow[]): void {
    if (this.dict.text.length) throw new Error('build() is for a new index');
    const order = rows.map((_, i) => i).sort((a, b) => rows[b]!.quality - rows[a]!.quality || rows[a]!.id - rows[b]!.id);
    this.grow(Math.ceil(rows.length * 1.05) + 1024, true);
    let fwd = new Uint32Array(rows.length * 24 + 16);
    const fwdOff = new Uint32Array(rows.length + 1);
    let n = 0;
    for (let s = 0; s < order.length; s++) {
      const r = rows[order[s]!]!;
      this.setColumns(s, r);
      const entries = this.entriesOf(r);
      if (n + entries.length > fwd.length) {
        const bigger = new Uint32Array(fwd.length * 2);
        bigger.set(fwd);
        fwd = bigger;
      }
      fwd.set(entries, n);
      n += entries.length;
      fwdOff[s + 1] = n;
    }
    this.fwd = fwd.slice(0, n);
    this.fwdOff = fwdOff;
    this.baseSlots = this.slots = rows.length;
    this.baseTerms = this.dict.text.length;
    const off = new Uint32Array(this.baseTerms * 3 + 1);
    for (let i = 0; i < n; i++) off[(this.fwd[i]! >>> 2) * 3 + (this.fwd[i]! & 3) + 1]!++;
    for (let k = 1; k < off.length; k++) off[k]! += off[k - 1]!;
    const post = new Uint32Array(n);
    const at = off.slice(0, -1);
    for (let s = 0; s < rows.length; s++) {
      for (let i = fwdOff[s]!; i < fwdOff[s + 1]!; i++) post[at[(this.fwd[i]! >>> 2) * 3 + (this.fwd[i]! & 3)]!++] = s;
    }
    this.baseOff = off;
    this.basePost = post;
    this.delta.clear();
    this.fwdLate.clear();
  }

  /** Adds a product, or replaces it: the old version is gone and the new one found from the next search on. */
  update(r: IndexRow): void {
    this.remove(r.id);
    if (this.slots >= this.cap) this.grow(this.cap * 2, false);
    const s = this.slots++;
    this.setColumns(s, r);
    const entries = this.entriesOf(r);
    this.fwdLate.set(s, entries);
    for (const e of entries) {
      const key = (e >>> 2) * 3 + (e & 3);
      const list = this.delta.get(key) ?? [];
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.before(list[mid]!, s)) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, s);
      this.delta.set(key, list);
    }
  }

  /** Removes a product: never returned again. */
  remove(id: number): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.alive[s] = 0;
    for (const e of this.entriesAt(s)) {
      this.dict.df[e >>> 2]!--;
      const list = this.delta.get((e >>> 2) * 3 + (e & 3));
      const i = list ? list.indexOf(s) : -1;
      if (i >= 0) list!.splice(i, 1);
    }
    this.fwdLate.delete(s);
  }

  /** Words starting with the prefix, the most used first. */
  suggest(prefix: string, limit = 8): string[] {
    return this.dict.suggest(prefix, limit);
  }

  /** The page of product ids (best first), the total matching (capped), category facets (capped) and the correction made. */
  search(query: string, filters: SearchFilters = {}, page = 0, limit = 20): SearchResult {
    const need = (page + 1) * limit;
    const { groups, corrected } = this.groupsOf(query);
    const empty: SearchResult = { ids: [], total: 0, more: false, estimated: false, facets: new Map(), corrected, scanned: 0 };
    if (!groups.length) return empty;
    const cat = filters.category;
    if (cat !== undefined && groups.some((g) => g.alts.every((a) => !(this.dict.cats[a.term]! & (1 << cat))))) return empty;
    const driver = groups.reduce((a, g) => (g.size < a.size ? g : a));
    const others = groups.filter((g) => g !== driver).slice(0, this.best.length);
    if (this.mark.length < this.dict.text.length) this.mark = new Int32Array(this.dict.text.length * 2).fill(-1);
    others.forEach((g, i) => g.alts.forEach((a) => (this.mark[a.term] = i * 4 + a.kind)));
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const buckets: number[][] = Array.from({ length: 18 }, () => []);
    const facets = new Map<number, number>();
    let count = 0;
    let scanned = 0;
    let settled = false;
    // The driver's lists grouped by the best bucket their candidates can reach (the other words' best
    // kind is a floor), each group read as one stream in quality order, the groups in bucket order.
    const floor = Math.max(0, ...others.map((g) => Math.min(...g.alts.map((a) => a.kind))));
    const streams: { tier: number; kind: number; list: ArrayLike<number>; end: number }[][] = Array.from({ length: 9 }, () => []);
    for (const a of driver.alts) {
      for (let tier = 0; tier < 3; tier++) {
        const stream = streams[tier * 3 + Math.max(a.kind, floor)]!;
        for (const src of this.sourcesOf(a.term * 3 + tier)) stream.push({ tier, kind: a.kind, ...src });
      }
    }
    let estimated = false;
    for (let b = 0; b < 9 && (!settled || count <= COUNT_CAP) && !estimated; b++) {
      const sources = streams[b]!;
      const heads = sources.map(() => 0);
      for (;;) {
        let best = -1;
        let slot = -1;
        for (let i = 0; i < sources.length; i++) {
          const src = sources[i]!;
          if (heads[i]! < src.end && (best < 0 || this.before(src.list[heads[i]!]!, slot))) {
            best = i;
            slot = src.list[heads[i]!]!;
          }
        }
        if (best < 0) break;
        heads[best]!++;
        if (++scanned > SCAN_BOUND && settled) {
          estimated = true;
          break;
        }
        if (this.stamp[slot] === gen || !this.alive[slot] || !this.passes(slot, filters)) continue;
        this.stamp[slot] = gen;
        let ft = sources[best]!.tier;
        let fk = sources[best]!.kind;
        if (others.length) {
          const m = this.matchOthers(slot, others.length);
          if (m < 0) continue;
          ft = Math.max(ft, m >> 2);
          fk = Math.max(fk, m & 3);
        }
        count++;
        const c = this.category[slot]!;
        if (count <= COUNT_CAP + 1) facets.set(c, (facets.get(c) ?? 0) + 1);
        if (!settled) {
          buckets[(this.inStock[slot] ? 0 : 9) + ft * 3 + fk]!.push(slot);
          if ((count & 15) === 0) settled = this.isSettled(buckets, b, slot, need);
        } else if (count > COUNT_CAP) break;
      }
      if (!settled) settled = this.isSettled(buckets, b + 1, -1, need);
    }
    others.forEach((g) => g.alts.forEach((a) => (this.mark[a.term] = -1)));
    const ids: number[] = [];
    for (const bucket of buckets) {
      if (ids.length >= need) break;
      bucket.sort((x, y) => (this.before(x, y) ? -1 : 1));
      for (const s of bucket) if (ids.length < need) ids.push(this.ids[s]!);
    }
    if (estimated) {
      const candidates = streams.flat().reduce((a, src) => a + src.end, 0);
      count = Math.round((count * candidates) / scanned);
    }
    const total = Math.min(count, COUNT_CAP);
    return { ids: ids.slice(page * limit), total, more: count > COUNT_CAP, estimated, facets, corrected, scanned };
  }

  /** In stock, in a bucket before b (or in b and before the slot being read): no later candidate can come before them. */
  private isSettled(buckets: number[][], b: number, slot: number, need: number): boolean {
    let n = 0;
    for (let f = 0; f < Math.min(b, 9); f++) n += buckets[f]!.length;
    if (slot >= 0 && b < 9) for (const s of buckets[b]!) if (this.before(s, slot) || s === slot) n++;
    return n >= need;
  }

  /** The worst tier and kind (tier·4 + kind) at which the slot matches every other group at its best, -1 when one is missing. */
  private matchOthers(slot: number, groups: number): number {
    const entries = this.entriesAt(slot);
    const best = this.best.fill(99, 0, groups);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const m = this.mark[e >>> 2]!;
      if (m >= 0 && (e & 3) * 3 + (m & 3) < best[m >> 2]!) best[m >> 2] = (e & 3) * 3 + (m & 3);
    }
    let tier = 0;
    let kind = 0;
    for (let g = 0; g < groups; g++) {
      if (best[g] === 99) return -1;
      tier = Math.max(tier, Math.floor(best[g]! / 3));
      kind = Math.max(kind, best[g]! % 3);
    }
    return (tier << 2) | kind;
  }

  private passes(s: number, f: SearchFilters): boolean {
    return (
      (f.state === undefined || this.state[s] === f.state) &&
      (f.lga === undefined || this.lga[s] === f.lga) &&
      (f.category === undefined || this.category[s] === f.category) &&
      (f.minPrice === undefined || this.price[s]! >= f.minPrice) &&
      (f.maxPrice === undefined || this.price[s]! <= f.maxPrice) &&
      (!f.inStock || this.inStock[s] === 1)
    );
  }

  /** Quality order: better quality first, then the earlier slot. */
  private before(a: number, b: number): boolean {
    const d = this.quality[a]! - this.quality[b]!;
    return d > 0 || (d === 0 && a < b);
  }

  private sourcesOf(key: number): { list: ArrayLike<number>; end: number }[] {
    const out: { list: ArrayLike<number>; end: number }[] = [];
    if (key < this.baseTerms * 3 && this.baseOff[key + 1]! > this.baseOff[key]!) {
      const [from, to] = [this.baseOff[key]!, this.baseOff[key + 1]!];
      out.push({ list: this.basePost.subarray(from, to), end: to - from });
    }
    const d = this.delta.get(key);
    if (d?.length) out.push({ list: d, end: d.length });
    return out;
  }

  private groupsOf(query: string): { groups: Group[]; corrected: string | null } {
    const groups: Group[] = [];
    const fixes: string[] = [];
    let changed = false;
    for (const w of [...new Set(wordsOf(query))]) {
      let base = this.dict.terms.get(w);
      let kind = 0;
      if ((base === undefined || this.dict.df[base] === 0) && !this.synonyms.has(w)) {
        base = this.dict.correction(w);
        kind = 1;
      } else if (base !== undefined && this.dict.df[base] === 0) base = undefined;
      // A word no product uses but with synonyms that some do ("handset") is searched as its synonyms.
      const own = base === undefined && this.synonyms.has(w) ? w : base === undefined ? undefined : this.dict.text[base]!;
      if (own === undefined) continue;
      if (base !== undefined && kind) changed = true;
      fixes.push(own);
      const alts: Alt[] = base === undefined ? [] : [{ term: base, kind }];
      for (const s of this.synonyms.get(own) ?? []) {
        const t = this.dict.terms.get(s);
        if (t !== undefined && t !== base && this.dict.df[t]! > 0) alts.push({ term: t, kind: 2 });
      }
      if (!alts.length) continue;
      const size = alts.reduce((a, x) => a + this.dict.df[x.term]!, 0);
      groups.push({ alts, kinds: new Map(alts.map((a) => [a.term, a.kind])), size });
    }
    return { groups, corrected: changed ? fixes.join(' ') : null };
  }

  /** The row's words, each once at its best tier, as term·4 + tier. */
  private entriesOf(r: IndexRow): Uint32Array {
    const seen = new Map<number, number>();
    [r.name, r.tags, r.description].forEach((text, tier) => {
      for (const w of wordsOf(text)) {
        const t = this.dict.termOf(w);
        if (!seen.has(t)) seen.set(t, tier);
      }
    });
    const out = new Uint32Array(seen.size);
    let i = 0;
    for (const [t, tier] of seen) {
      this.dict.df[t]!++;
      this.dict.cats[t]! |= 1 << r.category;
      out[i++] = t * 4 + tier;
    }
    return out;
  }

  private entriesAt(s: number): Uint32Array {
    return s < this.baseSlots ? this.fwd.subarray(this.fwdOff[s]!, this.fwdOff[s + 1]!) : (this.fwdLate.get(s) ?? new Uint32Array(0));
  }

  private setColumns(s: number, r: IndexRow): void {
    this.ids[s] = r.id;
    this.quality[s] = r.quality;
    this.price[s] = r.price;
    this.state[s] = r.state;
    this.lga[s] = r.lga;
    this.category[s] = r.category;
    this.sub[s] = r.subcategory;
    this.inStock[s] = r.inStock ? 1 : 0;
    this.alive[s] = 1;
    this.slotOf.set(r.id, s);
  }

  private grow(cap: number, fresh: boolean): void {
    type Column = Int32Array | Float32Array | Float64Array | Uint8Array | Uint16Array | Uint32Array;
    const g = <T extends Column>(old: T, make: (n: number) => T): T => {
      const a = make(cap);
      if (!fresh) a.set(old as never);
      return a;
    };
    this.ids = g(this.ids, (n) => new Int32Array(n));
    this.quality = g(this.quality, (n) => new Float32Array(n));
    this.price = g(this.price, (n) => new Float64Array(n));
    this.state = g(this.state, (n) => new Uint8Array(n));
    this.lga = g(this.lga, (n) => new Uint16Array(n));
    this.category = g(this.category, (n) => new Uint8Array(n));
    this.sub = g(this.sub, (n) => new Uint8Array(n));
    this.inStock = g(this.inStock, (n) => new Uint8Array(n));
    this.alive = g(this.alive, (n) => new Uint8Array(n));
    this.stamp = g(this.stamp, (n) => new Uint32Array(n));
    this.cap = cap;
    if (fresh) {
      this.slotOf.clear();
      this.slots = 0;
    }
  }
}
