/**
 * Whether a product has every word of a query (the product index's first pass): each of the
 * query's lexemes is a bit, an alternative (a word, its correction, a synonym, a phrase) needs all
 * of its bits, and a word one of its alternatives. A product's word list (term·4 + tier entries)
 * is read once per check.
 */
export class WordCheck {
  private readonly terms: number[] = [];
  private readonly width: number;
  private readonly wants: Uint32Array[][];
  private readonly seen: Uint32Array;

  /** `termBit` has an entry per term of the index, all 0: this query's terms are marked (bit + 1) until `done()`. */
  constructor(
    groups: number[][][],
    private readonly termBit: Int32Array,
  ) {
    const bit = new Map<number, number>();
    for (const alts of groups) for (const a of alts) for (const t of a) if (!bit.has(t)) bit.set(t, bit.size);
    this.width = Math.max(1, Math.ceil(bit.size / 32));
    for (const [t, b] of bit) {
      termBit[t] = b + 1;
      this.terms.push(t);
    }
    const mask = (a: number[]) => {
      const m = new Uint32Array(this.width);
      for (const t of a) m[bit.get(t)! >>> 5]! |= 1 << (bit.get(t)! & 31);
      return m;
    };
    this.wants = groups.map((alts) => alts.map(mask));
    this.seen = new Uint32Array(this.width);
  }

  /** Whether the word list `list[from..to)` has every word. */
  hasAll(list: ArrayLike<number>, from: number, to: number): boolean {
    const seen = this.seen;
    seen.fill(0);
    for (let i = from; i < to; i++) {
      const b = this.termBit[list[i]! >>> 2]!;
      if (b) seen[(b - 1) >>> 5]! |= 1 << ((b - 1) & 31);
    }
    for (const alts of this.wants) {
      let some = false;
      for (let k = 0; k < alts.length && !some; k++) some = this.has(alts[k]!);
      if (!some) return false;
    }
    return true;
  }

  /** Clears the query's marks, for the next search. */
  done(): void {
    for (const t of this.terms) this.termBit[t] = 0;
  }

  private has(m: Uint32Array): boolean {
    for (let w = 0; w < this.width; w++) if ((this.seen[w]! & m[w]!) >>> 0 !== m[w]) return false;
    return true;
  }
}
