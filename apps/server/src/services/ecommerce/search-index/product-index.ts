/**
 * The product search index of a server process: typed arrays, with bounded work per query.
 *
 * Each live product has a slot; slots are given in order of quality (best first) when the index is
 * built, so each posting list (one per word and tier: name 0, tags 1, description 2, from the
 * weights of the product's `search_doc`) reads the best products first. A product added or changed
 * later takes a new slot, its lists kept apart in slot order; the old slot is marked dead. A search
 * reads the lists tier by tier, checks each candidate's other words in its own word list and the
 * filter columns, and stops once it holds the candidates asked for and has counted past the cap.
 * The words are PostgreSQL's lexemes (the search service turns a query into them), so the index
 * finds what the database's text search finds; the database ranks the few candidates it returns.
 */

import {
  COUNT_CAP,
  Names,
  qualityOf,
  tsvectorLexemes,
  type IndexAnswer,
  type IndexedProduct,
  type IndexFilters,
  type IndexQuery,
} from './indexed-product.js';
import { grown, merged, postingLists, qualityOrder, reorderLists, type Column } from './arrays.js';
import { WordCheck } from './word-check.js';

export {
  COUNT_CAP,
  tsvectorLexemes,
  type IndexAnswer,
  type IndexedProduct,
  type IndexFilters,
  type IndexQuery,
} from './indexed-product.js';

/** List entries a relevance search reads past holding its candidates (the count then a floor, "N+"): no whole lists read to count. */
const READ_BOUND = 10_000;

export class ProductIndex {
  private terms = new Map<string, number>();
  private df: number[] = [];
  private names = new Names();
  // Built lists (CSR over term·3 + tier), and the lists of slots added since (in slot order).
  private baseKeys = 0;
  private baseOff = new Uint32Array(1);
  private basePost = new Uint32Array(0);
  private delta = new Map<number, number[]>();
  // Each slot's words (term·4 + tier): built slots in CSR, later ones apart.
  private fwdOff = new Uint32Array(1);
  private fwd = new Uint32Array(0);
  private fwdLate = new Map<number, Uint32Array>();
  private baseSlots = 0;
  private slots = 0;
  private cap = 0;
  private uuid = new Uint32Array(0);
  private quality = new Float32Array(0);
  private price = new Float64Array(0);
  private created = new Float64Array(0);
  private rating = new Float32Array(0);
  private state = new Uint16Array(0);
  private lga = new Uint16Array(0);
  private category = new Uint16Array(0);
  private sub = new Uint16Array(0);
  private inStock = new Uint8Array(0);
  private alive = new Uint8Array(0);
  private stamp = new Uint32Array(0);
  private generation = 0;
  private slotOf = new Map<string, number>();
  private sealed = false;
  /** During a search, each of its lexemes' bit (+1; 0 for the others): wordCheck. */
  private termBit = new Int32Array(0);

  /** Live products indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Bytes held by the typed arrays (the maps and word lists beside them are not counted). */
  get bytes(): number {
    const arrays = [this.baseOff, this.basePost, this.fwdOff, this.fwd, this.uuid, this.quality, this.price, this.created, this.rating];
    const small = [this.state, this.lga, this.category, this.sub, this.inStock, this.alive, this.stamp];
    return [...arrays, ...small].reduce((n, a) => n + a.byteLength, 0);
  }

  /** Builds the index from every live product, once (a rebuild is a new index, swapped in when built). */
  build(rows: Iterable<IndexedProduct>): void {
    for (const r of rows) this.add(r);
    this.seal();
  }

  /**
   * Adds a product to an index being built, as it is read (a page at a time): its columns and word
   * numbers are kept, not its text. `seal()` then orders the slots by quality.
   */
  add(r: IndexedProduct): void {
    if (this.sealed) throw new Error('add() is for an index being built: use put()');
    const s = this.slots++;
    if (s >= this.cap) this.grow(Math.max(1024, this.cap * 2));
    this.setColumns(s, r);
    const e = this.entriesOf(r);
    const end = this.fwdOff[s]! + e.length;
    if (this.fwdOff.length < this.cap + 1) this.fwdOff = grown(this.fwdOff, this.cap + 1);
    if (end > this.fwd.length) this.fwd = grown(this.fwd, Math.max(end, this.fwd.length * 2, 4096));
    this.fwd.set(e, this.fwdOff[s]!);
    this.fwdOff[s + 1] = end;
  }

  /** Ends the build: slots in order of quality (best first), each word's lists in that order. */
  seal(): void {
    if (this.sealed) throw new Error('seal() ends a build once');
    this.sealed = true;
    const n = this.slots;
    const order = qualityOrder(this.quality, this.uuid, n);
    // Every column (and the word lists) moved to its slot's place.
    const at = new Uint32Array(n);
    for (let s = 0; s < n; s++) at[order[s]!] = s;
    const cap = Math.ceil(n * 1.05) + 1024;
    this.reshape(cap, (old, a, per) => {
      for (let s = 0; s < n; s++) for (let k = 0; k < per; k++) a[s * per + k] = old[order[s]! * per + k]!;
    });
    for (const [id, read] of this.slotOf) this.slotOf.set(id, at[read]!);
    ({ list: this.fwd, off: this.fwdOff } = reorderLists(this.fwd, this.fwdOff, order));
    this.baseSlots = n;
    this.baseKeys = this.df.length * 3;
    ({ list: this.basePost, off: this.baseOff } = postingLists(this.fwd, this.fwdOff, this.baseKeys));
  }

  /** Adds a product or replaces it: from the next search on, the new version is found and the old one is not. */
  put(r: IndexedProduct): void {
    if (!this.sealed) throw new Error('put() is for a built index: use add() while building');
    this.remove(r.id);
    if (this.slots >= this.cap) this.grow(Math.max(1024, this.cap * 2));
    const s = this.slots++;
    this.setColumns(s, r);
    const entries = this.entriesOf(r);
    this.fwdLate.set(s, entries);
    for (const e of entries) {
      const key = (e >>> 2) * 3 + (e & 3);
      const list = this.delta.get(key);
      if (list) list.push(s);
      else this.delta.set(key, [s]);
    }
  }

  /** Removes a product (deleted, held, or gone): never returned again. */
  remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.alive[s] = 0;
    for (const e of this.entriesAt(s)) {
      this.df[e >>> 2]!--;
      const list = this.delta.get((e >>> 2) * 3 + (e & 3));
      const i = list ? list.indexOf(s) : -1;
      if (i >= 0) list!.splice(i, 1);
    }
    this.fwdLate.delete(s);
  }

  /** Whether a lexeme is in some live product. */
  has(lexeme: string): boolean {
    const t = this.terms.get(lexeme);
    return t !== undefined && this.df[t]! > 0;
  }

  search(q: IndexQuery): IndexAnswer {
    const groups = q.groups.map((alts) => alts.map((lex) => lex.map((l) => this.terms.get(l) ?? -1)));
    const none: IndexAnswer = { ids: [], count: 0, more: false, complete: true };
    // An alternative with a lexeme nobody uses matches nothing; a group left without one, no product in `all` mode.
    const usable = groups.map((alts) => alts.filter((a) => a.length && a.every((t) => t >= 0 && this.df[t]! > 0)));
    if (!usable.some((a) => a.length) || (q.mode === 'all' && usable.some((a) => !a.length))) return none;
    const f = this.filterIds(q.filters);
    if (!f) return none;
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    // The lists to read: per alternative, its rarest lexeme's (its other lexemes are checked per candidate).
    const drivers = (alts: number[][]) => alts.map((a) => a.reduce((x, t) => (this.df[t]! < this.df[x]! ? t : x)));
    const inStock: number[] = [];
    const outOfStock: number[] = [];
    let count = 0;
    let read = 0;
    let bounded = false;
    const relevance = q.sort === 'relevance';
    const want = q.want;
    const enough = () => relevance && inStock.length >= want && count > COUNT_CAP;
    const words = this.wordCheck(usable);
    /** Takes a slot read from a list: false once the pass is to stop. */
    const take = (slot: number, every: boolean): boolean => {
      read++;
      if (inStock.length >= want && read > READ_BOUND && relevance) {
        bounded = true;
        return false;
      }
      if (this.stamp[slot] === gen) return true;
      if (!this.alive[slot] || !this.passes(slot, f)) {
        this.stamp[slot] = gen;
        return true;
      }
      // Stamped once taken: one left out for lacking a word can still be taken by the next pass.
      if (every && !this.hasAll(words, slot)) return true;
      this.stamp[slot] = gen;
      count++;
      if (relevance) {
        if (this.inStock[slot]) {
          if (inStock.length < want) inStock.push(slot);
        } else if (outOfStock.length < want) outOfStock.push(slot);
        return !enough();
      }
      inStock.push(slot);
      return true;
    };
    /** Reads the lists of `alts`, tier by tier, taking the products with every word (`every`) or any. */
    const pass = (alts: number[][], every: boolean) => {
      const lexemes = [...new Set(drivers(alts))];
      for (let tier = 0; tier < 3 && !enough(); tier++) {
        const lists = this.listsOf(lexemes.map((t) => t * 3 + tier));
        if (lists.length === 1) {
          // One list (the usual case): read in place.
          const only = lists[0]!;
          for (let i = 0; i < only.length; i++) if (!take(only[i]!, every)) return;
        } else for (const slot of merged(lists)) if (!take(slot, every)) return;
      }
    };
    // Every word first (they rank first), driven by the rarest word; then, in `any` mode, products with some.
    const rarest = usable
      .filter((a) => a.length)
      .reduce(
        (x, a) => (this.sizeOf(a) < this.sizeOf(x) ? a : x),
        usable.find((a) => a.length)!,
      );
    try {
      // One word whose alternatives are single lexemes: every product its lists give has it, no word check.
      pass(rarest, usable.filter((a) => a.length).length > 1 || rarest.some((a) => a.length > 1));
      if (q.mode === 'any' && usable.length > 1 && !bounded) {
        for (const alts of usable) {
          if (enough() || bounded) break;
          if (alts.length) pass(alts, false);
        }
      }
    } finally {
      words.done(); // the query's bits cleared whatever happened, so no later search reads them
    }
    let slots: number[];
    if (relevance) slots = [...inStock, ...outOfStock].slice(0, want);
    else slots = this.top(inStock, q.sort, want);
    return {
      ids: slots.map((s) => this.idAt(s)),
      count: Math.min(count, COUNT_CAP + 1),
      more: count > COUNT_CAP || bounded,
      complete: !bounded && count <= want,
    };
  }

  /** The first `want` of the matches in `sort`'s order, in stock first. */
  private top(slots: number[], sort: IndexQuery['sort'], want: number): number[] {
    const key = (s: number) => {
      switch (sort) {
        case 'price-asc':
          return this.price[s]!;
        case 'price-desc':
          return -this.price[s]!;
        case 'rating':
          return -this.rating[s]!;
        default:
          return -this.created[s]!;
      }
    };
    return slots
      .map((s) => ({ s, stock: this.inStock[s] ? 0 : 1, k: key(s) }))
      .sort((a, b) => a.stock - b.stock || a.k - b.k)
      .slice(0, want)
      .map((x) => x.s);
  }

  private sizeOf(alts: number[][]): number {
    return alts.reduce((n, a) => n + Math.min(...a.map((t) => this.df[t]!)), 0);
  }

  /** The lists of the given keys: the built part and the part added since, each in slot order. */
  private listsOf(keys: number[]): ArrayLike<number>[] {
    const lists: ArrayLike<number>[] = [];
    for (const key of keys) {
      if (key < this.baseKeys && this.baseOff[key + 1]! > this.baseOff[key]!)
        lists.push(this.basePost.subarray(this.baseOff[key]!, this.baseOff[key + 1]!));
      const d = this.delta.get(key);
      if (d?.length) lists.push(d);
    }
    return lists;
  }

  /** A word check for this query's lexemes, on the index's term marks (cleared by its `done()`). */
  private wordCheck(groups: number[][][]): WordCheck {
    if (this.termBit.length < this.df.length) this.termBit = new Int32Array(Math.max(this.df.length, this.termBit.length * 2, 1024));
    return new WordCheck(groups, this.termBit);
  }

  /** Whether a slot has every word of `words`' query: its word list read in place, no view made of it. */
  private hasAll(words: WordCheck, slot: number): boolean {
    const late = slot < this.baseSlots ? null : this.fwdLate.get(slot);
    return late ? words.hasAll(late, 0, late.length) : words.hasAll(this.fwd, this.fwdOff[slot]!, this.fwdOff[slot + 1]!);
  }

  private filterIds(f: IndexFilters) {
    const n = (prefix: string, id: string | undefined) => (id === undefined ? undefined : this.names.find(`${prefix}:${id}`));
    const r = {
      state: n('s', f.stateId),
      lga: n('l', f.lgaId),
      category: n('c', f.categoryId),
      sub: n('u', f.subcategoryId),
      minPrice: f.minPrice,
      maxPrice: f.maxPrice,
    };
    // A place or category no product has: nothing matches.
    return [r.state, r.lga, r.category, r.sub].some((x) => x === -1) ? null : r;
  }

  private passes(s: number, f: NonNullable<ReturnType<ProductIndex['filterIds']>>): boolean {
    return (
      (f.state === undefined || this.state[s] === f.state) &&
      (f.lga === undefined || this.lga[s] === f.lga) &&
      (f.category === undefined || this.category[s] === f.category) &&
      (f.sub === undefined || this.sub[s] === f.sub) &&
      (f.minPrice === undefined || this.price[s]! >= f.minPrice) &&
      (f.maxPrice === undefined || this.price[s]! <= f.maxPrice)
    );
  }

  /** The product's lexemes, each once at its best tier, as term·4 + tier. */
  private entriesOf(r: IndexedProduct): Uint32Array {
    const lex = tsvectorLexemes(r.searchDoc);
    const out = new Uint32Array(lex.size);
    let i = 0;
    for (const [w, tier] of lex) {
      let t = this.terms.get(w);
      if (t === undefined) {
        t = this.df.length;
        this.terms.set(w, t);
        this.df.push(0);
      }
      this.df[t]!++;
      out[i++] = t * 4 + tier;
    }
    return out;
  }

  private entriesAt(s: number): Uint32Array {
    return s < this.baseSlots ? this.fwd.subarray(this.fwdOff[s]!, this.fwdOff[s + 1]!) : (this.fwdLate.get(s) ?? new Uint32Array(0));
  }

  private idAt(s: number): string {
    const hex = (i: number) => this.uuid[s * 4 + i]!.toString(16).padStart(8, '0');
    const h = hex(0) + hex(1) + hex(2) + hex(3);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  private setColumns(s: number, r: IndexedProduct): void {
    const h = r.id.replace(/-/g, '');
    for (let i = 0; i < 4; i++) this.uuid[s * 4 + i] = parseInt(h.slice(i * 8, i * 8 + 8), 16);
    this.quality[s] = qualityOf(r);
    this.price[s] = r.price;
    this.created[s] = r.createdAt;
    this.rating[s] = r.ratingCount ? r.ratingSum / r.ratingCount : -1;
    this.state[s] = this.names.of(`s:${r.stateId}`);
    this.lga[s] = this.names.of(`l:${r.lgaId}`);
    this.category[s] = this.names.of(`c:${r.categoryId}`);
    this.sub[s] = this.names.of(`u:${r.subcategoryId}`);
    this.inStock[s] = r.stock > 0 ? 1 : 0;
    this.alive[s] = 1;
    this.slotOf.set(r.id, s);
  }

  private grow(cap: number): void {
    this.reshape(cap, (old, a) => a.set(old as never));
  }

  /** Every column made anew with room for `cap` slots, `fill` copying the old one into it (`per` entries a slot). */
  private reshape(cap: number, fill: (old: Column, a: Column, per: number) => void): void {
    const g = <T extends Column>(old: T, make: (n: number) => T, per = 1): T => {
      const a = make(cap * per);
      fill(old, a, per);
      return a;
    };
    this.uuid = g(this.uuid, (n) => new Uint32Array(n), 4);
    this.quality = g(this.quality, (n) => new Float32Array(n));
    this.price = g(this.price, (n) => new Float64Array(n));
    this.created = g(this.created, (n) => new Float64Array(n));
    this.rating = g(this.rating, (n) => new Float32Array(n));
    this.state = g(this.state, (n) => new Uint16Array(n));
    this.lga = g(this.lga, (n) => new Uint16Array(n));
    this.category = g(this.category, (n) => new Uint16Array(n));
    this.sub = g(this.sub, (n) => new Uint16Array(n));
    this.inStock = g(this.inStock, (n) => new Uint8Array(n));
    this.alive = g(this.alive, (n) => new Uint8Array(n));
    this.stamp = g(this.stamp, (n) => new Uint32Array(n));
    this.cap = cap;
  }
}
