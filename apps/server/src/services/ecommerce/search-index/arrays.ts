/** Typed-array helpers of the product search index (product-index.ts). */

export type Column = Uint32Array | Float32Array | Float64Array | Uint8Array | Uint16Array;

/** A copy of `a` with room for `length` entries. */
export function grown(a: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(length);
  b.set(a);
  return b;
}

/** The order of two slots' ids (as their text sorts: the same as their four words in turn). */
export function compareIds(uuid: Uint32Array, a: number, b: number): number {
  for (let i = 0; i < 4; i++) {
    const d = uuid[a * 4 + i]! - uuid[b * 4 + i]!;
    if (d) return d;
  }
  return 0;
}

/** The slots of several lists, each once per list, in slot order (best first). */
export function* merged(lists: ArrayLike<number>[]): Generator<number> {
  const heads = lists.map(() => 0);
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      if (heads[i]! < lists[i]!.length && (best < 0 || lists[i]![heads[i]!]! < lists[best]![heads[best]!]!)) best = i;
    }
    if (best < 0) return;
    yield lists[best]![heads[best]!++]!;
  }
}

/** The slots in order of quality (best first), ties by id. */
export function qualityOrder(quality: Float32Array, uuid: Uint32Array, n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order.sort((a, b) => quality[b]! - quality[a]! || compareIds(uuid, a, b));
}

/** Lists kept one after another (`list` from `off[i]` to `off[i + 1]`), put in `order`: the i-th is the one at `order[i]`. */
export function reorderLists(list: Uint32Array, off: Uint32Array, order: Uint32Array) {
  const n = order.length;
  const out = { list: new Uint32Array(off[n]!), off: new Uint32Array(n + 1) };
  for (let s = 0; s < n; s++) {
    const from = order[s]!;
    out.list.set(list.subarray(off[from]!, off[from + 1]!), out.off[s]!);
    out.off[s + 1] = out.off[s]! + off[from + 1]! - off[from]!;
  }
  return out;
}

/**
 * The posting lists of each slot's words (entries term·4 + tier, kept as `reorderLists` keeps them):
 * per key term·3 + tier, the slots that have it, in slot order.
 */
export function postingLists(fwd: Uint32Array, fwdOff: Uint32Array, keys: number) {
  const total = fwdOff[fwdOff.length - 1]!;
  const key = (e: number) => (e >>> 2) * 3 + (e & 3);
  const off = new Uint32Array(keys + 1);
  for (let i = 0; i < total; i++) off[key(fwd[i]!) + 1]!++;
  for (let k = 1; k < off.length; k++) off[k]! += off[k - 1]!;
  const list = new Uint32Array(total);
  const next = off.slice(0, -1);
  for (let s = 0; s + 1 < fwdOff.length; s++) for (let i = fwdOff[s]!; i < fwdOff[s + 1]!; i++) list[next[key(fwd[i]!)]!++] = s;
  return { list, off };
}
