import fc from 'fast-check';
import { junkValue } from './fuzz-junk.js';
import { brokenNumber, brokenString, stringShape, validNumber, validString } from './fuzz-scalars.js';
import { defOf, inner, optionalIn, type Ctx, type Schema, type Supply, type Target } from './fuzz-schema-def.js';

/**
 * fast-check arbitraries made from the contracts' zod schemas, for the API fuzz (fuzz.test.ts).
 * `validArb` walks a schema's definition (`_zod.def`: objects, strings with their formats, lengths
 * and patterns, numbers with their bounds, enums, literals, arrays, optionals, nullables, unions,
 * records, defaults and pipes, generating for the input side) and makes values the schema should
 * accept; `brokenArb` makes values it should refuse, or that probe the server's edges: wrong types,
 * numbers out of range, huge strings, NUL and lone surrogates, missing and extra fields, junk.
 * Values the schema's own refinements refuse are fine too: they are broken values of another kind.
 *
 * The parts: fuzz-schema-def.ts (reading a definition), fuzz-scalars.ts (strings and numbers),
 * fuzz-junk.ts (junk values).
 */

export type { Supply, Target } from './fuzz-schema-def.js';
export { junkValue, nastyString } from './fuzz-junk.js';

// The walk -------------------------------------------------------------------------------------

/** A value `schema` should accept (or that only its refinements refuse). */
export function validArb(schema: Schema, ctx: Ctx): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  switch (d.type) {
    case 'string':
      return validString(d, ctx);
    case 'number':
    case 'int':
      return validNumber(d);
    case 'bigint':
      return fc.integer({ min: 0, max: 1_000_000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>));
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      const keys = Object.keys(shape);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) record[k] = validArb(shape[k]!, { ...deeper, key: k });
      const requiredKeys = keys.filter((k) => !optionalIn(shape[k]!));
      return fc.record(record, { requiredKeys });
    }
    case 'array': {
      const s = stringShape(d);
      const min = s.min;
      const max = Math.min(s.max, min + 4);
      return fc.array(validArb(d.element as Schema, deeper), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'record':
      return fc.dictionary(validArb(d.keyType as Schema, deeper) as fc.Arbitrary<string>, validArb(d.valueType as Schema, deeper), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...(d.options as Schema[]).map((o) => validArb(o, ctx)));
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: validArb(inner(d), ctx) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return validArb(inner(d), ctx);
    case 'lazy':
      return validArb((d.getter as () => Schema)(), ctx);
    case 'pipe': {
      // The input side, unless the output side is the stricter description of the same text
      // (`z.string().trim().pipe(z.email())`, a card number cleaned and then matched).
      const out = d.out as Schema;
      const outType = defOf(out).type;
      if (outType === 'transform') return validArb(d.in as Schema, ctx);
      const fromOut = validArb(out, ctx);
      const tries = fc.sample(fromOut, { numRuns: 5, seed: 1 });
      return tries.some((v) => schema.safeParse(v).success) ? fromOut : validArb(d.in as Schema, ctx);
    }
    case 'transform':
      return fc.string({ maxLength: 20 });
    case 'intersection':
      return validArb(d.left as Schema, ctx);
    case 'tuple':
      return fc.tuple(...(d.items as Schema[]).map((i) => validArb(i, deeper)));
    default:
      // unknown, any and anything new: a small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A value `schema` should refuse, or one at the edge of what it takes. Objects get one field
 * broken, a required field dropped, an extra field, or the wrong type altogether.
 */
export function brokenArb(schema: Schema, ctx: Ctx): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  if (ctx.depth > 6) return junkValue;
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  switch (d.type) {
    case 'string':
      return brokenString(d);
    case 'number':
    case 'int':
      return brokenNumber(d);
    case 'boolean':
      return fc.constantFrom<unknown>('true', 1, 0, 'yes', null, []);
    case 'literal':
    case 'enum': {
      const values = d.type === 'enum' ? Object.values(d.entries as Record<string, unknown>) : (d.values as unknown[]);
      const shouted = values.filter((v): v is string => typeof v === 'string').map((v) => v.toUpperCase() + ' ');
      return fc.oneof(fc.constantFrom<unknown>(...shouted, 'other', 0), junkValue);
    }
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      const keys = Object.keys(shape);
      const whole = validArb(schema, ctx) as fc.Arbitrary<Record<string, unknown>>;
      const options: Array<fc.Arbitrary<unknown>> = [
        junkValue,
        whole.chain((o) =>
          fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), junkValue).map(([k, v]) => ({ ...o, [`x_${k}`]: v }) as unknown),
        ),
      ];
      const required = keys.filter((k) => !optionalIn(shape[k]!));
      if (required.length > 0)
        options.push(
          whole.chain((o) =>
            fc.constantFrom(...required).map((k) => {
              const copy = { ...o };
              delete copy[k];
              return copy as unknown;
            }),
          ),
        );
      if (keys.length > 0)
        options.push(
          fc
            .constantFrom(...keys)
            .chain((k) => fc.tuple(whole, brokenArb(shape[k]!, { ...deeper, key: k })).map(([o, v]) => ({ ...o, [k]: v }) as unknown)),
        );
      return fc.oneof(...options);
    }
    case 'array': {
      const s = stringShape(d);
      const el = d.element as Schema;
      const options: Array<fc.Arbitrary<unknown>> = [
        junkValue,
        fc.array(brokenArb(el, deeper), { minLength: 1, maxLength: 3 }),
        validArb(el, deeper),
      ];
      if (s.min > 0) options.push(fc.constant([]));
      if (Number.isFinite(s.max)) options.push(fc.array(validArb(el, deeper), { minLength: s.max + 1, maxLength: s.max + 2 }));
      return fc.oneof(...options);
    }
    case 'union':
      return fc.oneof(junkValue, ...(d.options as Schema[]).map((o) => brokenArb(o, ctx)));
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return brokenArb(inner(d), ctx);
    case 'pipe':
      return fc.oneof(brokenArb(d.in as Schema, ctx), brokenArb(d.out as Schema, ctx));
    default:
      return junkValue;
  }
}

export const ctxFor = (supply: Supply, target: Target, key = ''): Ctx => ({ key, target, supply, depth: 0 });

/** One value as query-string or path text: what a client would send for it. */
export function asText(v: unknown): string | string[] {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? '')));
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Text of a path segment, percent-encoded; a lone surrogate as the bytes a careless client would send (WTF-8). */
export function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      if (c >= 0xd800 && c <= 0xdfff) {
        out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else out += encodeURIComponent(ch);
    }
    return out;
  }
}

/** A query string for an object of values (repeated keys for arrays). */
export function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    const t = asText(v);
    for (const one of Array.isArray(t) ? t : [t]) parts.push(`${encodeSegment(k)}=${encodeSegment(one)}`);
  }
  return parts.join('&');
}
