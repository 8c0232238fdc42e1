import fc from 'fast-check';

// Junk for the API fuzz's broken values (fuzz-arbitraries.ts): strings and JSON that probe the server's edges.

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

// Strings that probe the server's edges: empty, blank, NUL, lone surrogates, control and
// direction characters, SQL and path tricks, markup, and long ones.
const NUL = '\u0000';
const nastyStrings = [
  '',
  ' ',
  '   \t\n ',
  `a${NUL}b`,
  NUL,
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '\\',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e400',
  '9'.repeat(40),
  'Ọlábísí Àdìgún',
  '😀👍🏽🇳🇬',
  'a'.repeat(256),
  'b'.repeat(5000),
] as const;

/** A nasty string, or a huge one (100k characters, still within the body limit). */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(100_000), '\u00e9'.repeat(60_000)) },
);

/** Deeply nested arrays or objects: parsers and walkers must not overflow. */
const deepJunk = fc
  .integer({ min: 50, max: 2000 })
  .chain((n) =>
    fc.constantFrom<unknown>(
      JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown,
      JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n)) as unknown,
    ),
  );

/** Any JSON value of the wrong kind: numbers, strings, booleans, null, arrays, objects, nested junk. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, MAX_SAFE + 2, [], {}, [null], '') },
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepJunk },
);
