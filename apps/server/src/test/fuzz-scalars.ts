import fc from 'fast-check';
import { MAX_SAFE, junkValue, nastyString } from './fuzz-junk.js';
import { checksOf, type Ctx, type Def } from './fuzz-schema-def.js';

// Strings and numbers for the API fuzz (fuzz-arbitraries.ts): values a schema's checks accept, and values at and past their edges.

// Strings --------------------------------------------------------------------------------------

type StringShape = { min: number; max: number; formats: string[]; patterns: RegExp[] };

export function stringShape(d: Def): StringShape {
  const s: StringShape = { min: 0, max: Infinity, formats: [], patterns: [] };
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') s.min = Math.max(s.min, c.minimum as number);
    else if (c.check === 'max_length') s.max = Math.min(s.max, c.maximum as number);
    else if (c.check === 'length_equals') s.min = s.max = c.length as number;
    else if (c.check === 'string_format') {
      if (c.format === 'regex' && c.pattern instanceof RegExp) s.patterns.push(c.pattern);
      else if (typeof c.format === 'string') s.formats.push(c.format);
    }
  }
  return s;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dateOnlyArb = fc
  .record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${pad2(m)}-${pad2(d)}`);
const dateTimeArb = fc
  .tuple(
    fc.oneof(dateOnlyArb, fc.constant(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))),
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
  )
  .map(([day, h, m]) => `${day}T${pad2(h)}:${pad2(m)}:00Z`);
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/), fc.constantFrom('example.ng', 'mail.com.ng', 'EXAMPLE.NG'))
  .map(([user, host]) => `${user}@${host}`);
/** A Nigerian mobile number in one of the forms people type. */
const phoneArb = fc
  .tuple(fc.constantFrom('0803', '0810', '0705', '+234803', '234806', '903'), fc.stringMatching(/^\d{7}$/))
  .map(([p, rest]) => p + rest);

const fit = (s: string, min: number, max: number) => {
  let out = s;
  while (out.length < min) out += 'a1';
  return out.length > max ? out.slice(0, Math.max(min, max)) : out;
};

const URLISH = /url|image|avatar|cover|media|logo/i;

export function validString(d: Def, ctx: Ctx): fc.Arbitrary<string> {
  const s = stringShape(d);
  if (s.formats.includes('uuid') || s.formats.includes('guid')) return ctx.supply.uuid(ctx.key);
  const words = ctx.supply.words(ctx.key).filter((w) => w.length >= s.min && w.length <= s.max);
  const matching = (extra: RegExp[]) => words.filter((w) => extra.every((r) => r.test(w)));
  const known = ctx.supply.known(ctx.key);
  const live = known.length > 0 ? [{ weight: 8, arbitrary: fc.nat().map((i) => known[i % known.length]!) }] : [];
  if (s.formats.includes('email')) {
    const emails = words.filter((w) => w.includes('@'));
    return emails.length > 0 ? fc.oneof(emailArb, fc.constantFrom(...emails)) : emailArb;
  }
  if (s.formats.includes('datetime')) return dateTimeArb;
  if (s.formats.includes('date')) return dateOnlyArb;
  const cap = Math.min(s.max, s.min + 24);
  if (s.patterns.length > 0) {
    const [first, ...rest] = s.patterns;
    // A second pattern (a password's letter and digit) is met by appending a match of it.
    const extras = rest.map((r) => [r, fc.sample(fc.stringMatching(r), { numRuns: 1, seed: 7 })[0] ?? ''] as const);
    const generated = fc
      .stringMatching(first!)
      .map((v) => extras.reduce((acc, [r, more]) => (r.test(acc) ? acc : fit(acc + more, s.min, s.max)), fit(v, s.min, s.max)));
    const fits = matching(s.patterns);
    return fc.oneof(
      { weight: 3, arbitrary: generated },
      ...live,
      ...(fits.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...fits) }] : []),
    );
  }
  const urls = ctx.supply.urls.filter((w) => w.length >= s.min && w.length <= s.max);
  const options: Array<fc.WeightedArbitrary<string>> = [
    ...live,
    { weight: 3, arbitrary: fc.string({ minLength: s.min, maxLength: Math.max(s.min, cap) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: s.min, maxLength: Math.max(s.min, cap) }) },
  ];
  if (words.length > 0) options.push({ weight: 4, arbitrary: fc.constantFrom(...words) });
  if (urls.length > 0 && URLISH.test(ctx.key)) options.push({ weight: 8, arbitrary: fc.constantFrom(...urls) });
  if (/phone|number/i.test(ctx.key) && s.max >= 11) options.push({ weight: 6, arbitrary: phoneArb });
  return fc.oneof(...options).map((v) => (v.length >= s.min && v.length <= s.max ? v : fit(v, s.min, s.max)));
}

export function brokenString(d: Def): fc.Arbitrary<unknown> {
  const s = stringShape(d);
  const edges: string[] = [];
  if (s.min > 0) edges.push('x'.repeat(s.min - 1), ' '.repeat(s.min + 1));
  if (Number.isFinite(s.max)) edges.push('y'.repeat(s.max + 1));
  if (s.formats.length > 0 || s.patterns.length > 0)
    edges.push('00000000-0000-0000-0000-00000000000g', 'not-a-valid-thing', '2024-02-30', '2024-13-01T00:00:00Z');
  return fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: edges.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...(edges.length > 0 ? edges : [''])) },
    { weight: 2, arbitrary: junkValue },
  );
}

// Numbers --------------------------------------------------------------------------------------

type NumberShape = { lo: number; hi: number; loOpen: boolean; hiOpen: boolean; int: boolean; step: number | null };

function numberShape(d: Def): NumberShape {
  const n: NumberShape = { lo: -Infinity, hi: Infinity, loOpen: false, hiOpen: false, int: false, step: null };
  for (const c of checksOf(d)) {
    if (c.check === 'greater_than' && (c.value as number) >= n.lo) {
      n.lo = c.value as number;
      n.loOpen = !c.inclusive;
    } else if (c.check === 'less_than' && (c.value as number) <= n.hi) {
      n.hi = c.value as number;
      n.hiOpen = !c.inclusive;
    } else if (c.check === 'number_format') {
      n.int = String(c.format).includes('int');
    } else if (c.check === 'multiple_of') n.step = c.value as number;
  }
  return n;
}

export function validNumber(d: Def): fc.Arbitrary<number> {
  const n = numberShape(d);
  if (n.int || n.step === 1) {
    const lo = Math.max(-MAX_SAFE, Number.isFinite(n.lo) ? Math.ceil(n.lo) + (n.loOpen && Number.isInteger(n.lo) ? 1 : 0) : -1_000_000);
    const hi = Math.min(MAX_SAFE, Number.isFinite(n.hi) ? Math.floor(n.hi) - (n.hiOpen && Number.isInteger(n.hi) ? 1 : 0) : 1_000_000);
    if (lo > hi) return fc.constant(lo);
    // Small values near the floor reach more of the rules (amounts a wallet can pay, page 1 to 5).
    return fc.oneof(
      { weight: 5, arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + Math.max(10, Math.min(1_000_000, Math.abs(lo) * 100))) }) },
      { weight: 2, arbitrary: fc.integer({ min: lo, max: hi }) },
      { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    );
  }
  const lo = Number.isFinite(n.lo) ? n.lo : -1e6;
  const hi = Number.isFinite(n.hi) ? n.hi : 1e6;
  return fc.double({ min: lo, max: hi, minExcluded: n.loOpen, maxExcluded: n.hiOpen, noNaN: true, noDefaultInfinity: true });
}

export function brokenNumber(d: Def): fc.Arbitrary<unknown> {
  const n = numberShape(d);
  const edges: unknown[] = [-1, 0.5, 1e308, -1e308, MAX_SAFE + 2, -0, 1e-7, '12', '', true];
  if (Number.isFinite(n.lo)) edges.push(n.lo - 1, n.lo - 0.5, n.loOpen ? n.lo : n.lo - 1e-9);
  if (Number.isFinite(n.hi)) edges.push(n.hi + 1, n.hi + 0.5, n.hiOpen ? n.hi : n.hi * 10);
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...edges) }, { weight: 1, arbitrary: junkValue });
}
