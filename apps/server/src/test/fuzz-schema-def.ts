import type fc from 'fast-check';
import type { z } from 'zod';

// What the API fuzz's arbitraries (fuzz-arbitraries.ts) are made for, and how they read a zod schema's definition.

/** Where a value goes: a JSON body, or a query string or path (where every value is text). */
export type Target = 'json' | 'text';

/** What the world supplies: ids and known strings, so requests reach real resources. */
export type Supply = {
  /** Ids for a field or path parameter named `key` (mostly the world's, sometimes random). */
  uuid: (key: string) => fc.Arbitrary<string>;
  /** Strings the world knows for a field (catalogue ids, reasons, provider codes, its people's emails). */
  words: (key: string) => readonly string[];
  /** The world's values of the kind a field's name suggests (payment references), live: the pool grows. */
  known: (key: string) => readonly string[];
  /** Files the world's users uploaded (for fields that hold an uploaded file's url). */
  urls: readonly string[];
};

export type Ctx = { key: string; target: Target; supply: Supply; depth: number };

export type Check = { check: string; [k: string]: unknown };
export type Def = { type: string; checks?: Array<{ _zod: { def: Check } }>; [k: string]: unknown } & Partial<Check>;
export type Schema = z.ZodType;

export const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
/** True when the schema accepts a missing value (optional, default, nullish): the object may leave the key out. */
export const optionalIn = (s: Schema) => (s as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
export const checksOf = (d: Def): Check[] => {
  const own = d.check ? [d as Check] : [];
  return [...own, ...(d.checks ?? []).map((c) => c._zod.def)];
};

export const inner = (d: Def): Schema => (d.innerType ?? d.in ?? d.schema) as Schema;
