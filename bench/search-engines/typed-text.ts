/** The typed index's words: how text becomes words, and the one-edit neighbourhoods used for corrections. */

const STOP = new Set('a an and are as at by for from get in is it of on or our the to us we with your you'.split(' '));

/** Lower case words, stop words left out, a light plural stem ("sneakers" -> "sneaker", "batteries" -> "battery"). */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || STOP.has(raw)) continue;
    let w = raw;
    if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
    else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
    out.push(w);
  }
  return out;
}

/** At most one edit apart (insert, delete, substitute or swap of neighbours). */
export function withinOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export const deletions = (w: string) => Array.from({ length: w.length }, (_, i) => w.slice(0, i) + w.slice(i + 1));

/** The words of the index: ids, how many live products use each (and in which categories), one-edit neighbourhoods, sorted for prefixes. */
export class Dictionary {
  terms = new Map<string, number>();
  text: string[] = [];
  df: number[] = [];
  /** Per word, the categories of the products that use it (bits; set, never cleared), to answer an empty category at once. */
  cats: number[] = [];
  private sorted: string[] = [];
  private neighbours = new Map<string, number[]>();

  /** Words starting with the prefix, the most used first. */
  suggest(prefix: string, limit = 8): string[] {
    const p = prefix.toLowerCase().trim();
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(p); i++) {
      if (this.df[this.terms.get(this.sorted[i]!)!]! > 0) found.push(this.sorted[i]!);
    }
    return found.sort((a, b) => this.df[this.terms.get(b)!]! - this.df[this.terms.get(a)!]!).slice(0, limit);
  }

  /** The most used known word one edit away, if any. */
  correction(w: string): number | undefined {
    if (w.length < 3) return undefined;
    let best: number | undefined;
    for (const key of [w, ...deletions(w)]) {
      for (const t of this.neighbours.get(key) ?? []) {
        if (this.df[t]! > 0 && withinOne(w, this.text[t]!) && (best === undefined || this.df[t]! > this.df[best]!)) best = t;
      }
    }
    return best;
  }

  termOf(w: string): number {
    let t = this.terms.get(w);
    if (t !== undefined) return t;
    t = this.text.length;
    this.terms.set(w, t);
    this.text.push(w);
    this.df.push(0);
    this.cats.push(0);
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < w) lo = mid + 1;
      else hi = mid;
    }
    this.sorted.splice(lo, 0, w);
    if (w.length >= 3) for (const key of [w, ...deletions(w)]) this.neighbours.set(key, [...(this.neighbours.get(key) ?? []), t]);
    return t;
  }
}
