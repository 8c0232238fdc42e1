import type { ApiEndpointDef } from '@owo/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { brokenArb, ctxFor, encodeSegment, junkValue, queryString, validArb, type Supply } from './fuzz-arbitraries.js';

// The API fuzz's requests (fuzz.test.ts): one entry of the API map, with its path parameters, query
// or body valid or broken on purpose, sent as someone, with a PIN and an Idempotency-Key or not.

type Method = ApiEndpointDef['method'];

type Who = { kind: 'user'; ix: number } | { kind: 'none' } | { kind: 'junk'; header: string };
type PinChoice = 'right' | 'wrong' | 'junk' | 'none';
type KeyChoice = { kind: 'fresh' } | { kind: 'again'; ix: number } | { kind: 'junk'; value: string } | { kind: 'none' };
type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

export type Spec = {
  name: string;
  /** What was broken on purpose (for the report). */
  broken: string;
  method: Method;
  path: string;
  query: string;
  body: Body;
  who: Who;
  pin: PinChoice;
  key: KeyChoice;
};

const rawBodies: Array<{ text: string; contentType: string }> = [
  { text: '', contentType: 'application/json' },
  { text: 'not json', contentType: 'application/json' },
  { text: '{"a":', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '12', contentType: 'application/json' },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { text: '{"a":1,"a":2}', contentType: 'application/json' },
  { text: '{"a":"\\u0000"}', contentType: 'application/json' },
  { text: '{"a":"\\ud800"}', contentType: 'application/json' },
  { text: '{}', contentType: 'text/plain' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { text: '{}', contentType: 'application/json; charset=latin1' },
];

/** Path segments that a router and its decoding must survive. */
const pathJunk = ['%', '%ZZ', '%ED%A0%80', '%00', '..', '.', '%2F', 'a%2Fb', ' ', 'x'.repeat(3000), '-1', '0', 'null', '%C0%AF'];
export function specArb(name: string, e: ApiEndpointDef, supply: Supply, users: number): fc.Arbitrary<Spec> {
  const paramShape = (e.params?.shape ?? {}) as Record<string, z.ZodType>;
  const paramKeys = Object.keys(paramShape);
  const validParams = fc.record(
    Object.fromEntries(paramKeys.map((k) => [k, validArb(paramShape[k]!, ctxFor(supply, 'text', k))])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  );
  const paramsArb = (broken: boolean): fc.Arbitrary<[string, string]> =>
    validParams.chain((p) => {
      const encode = (v: unknown) => encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
      const fill = (over: Record<string, string>) => e.path.replace(/:(\w+)/g, (_m, k: string) => over[k] ?? encode(p[k]));
      if (!broken || paramKeys.length === 0) return fc.constant<[string, string]>([fill({}), '']);
      return fc.constantFrom(...paramKeys).chain((k) =>
        fc.oneof(
          brokenArb(paramShape[k]!, ctxFor(supply, 'text', k)).map((v): [string, string] => [fill({ [k]: encode(v) }), `path ${k}`]),
          fc.constantFrom(...pathJunk).map((raw): [string, string] => [fill({ [k]: raw }), `path ${k} (raw)`]),
        ),
      );
    });

  const querySchema = e.query;
  const queryArb = (broken: boolean): fc.Arbitrary<[string, string]> => {
    if (!querySchema) return broken ? fc.constantFrom<[string, string]>(['a=1', 'extra query'], ['', '']) : fc.constant(['', '']);
    const ctx = ctxFor(supply, 'text');
    if (!broken) return validArb(querySchema, ctx).map((q): [string, string] => [queryString(q as Record<string, unknown>), '']);
    return fc.oneof(
      brokenArb(querySchema, ctx).map((q): [string, string] => [
        q && typeof q === 'object' && !Array.isArray(q) ? queryString(q as Record<string, unknown>) : `q=${encodeSegment(String(q))}`,
        'query',
      ]),
      fc.constantFrom<[string, string]>(
        ['page=%ZZ', 'query (raw)'],
        ['page[]=1&page[]=2', 'query (raw)'],
        ['page=1&page=2', 'query (raw)'],
        ['__proto__[x]=1', 'query (raw)'],
        ['limit=1e400&page=-0', 'query (raw)'],
        ['page=%00', 'query (raw)'],
        [`search=${'%F0%9F%98%80'.repeat(50)}`, 'query (raw)'],
      ),
    );
  };

  const bodySchema = e.body;
  const canCarry = e.method !== 'GET';
  const bodyArb = (broken: boolean): fc.Arbitrary<[Body, string]> => {
    if (!broken) {
      if (!bodySchema) return fc.constant<[Body, string]>([{ kind: 'none' }, '']);
      return validArb(bodySchema, ctxFor(supply, 'json')).map((v): [Body, string] => [
        v === undefined ? { kind: 'none' } : { kind: 'json', value: v },
        '',
      ]);
    }
    const options: Array<fc.Arbitrary<[Body, string]>> = [
      fc.constantFrom(...rawBodies).map((r): [Body, string] => [{ kind: 'raw', ...r }, `raw body ${JSON.stringify(r.text.slice(0, 30))}`]),
      junkValue.map((v): [Body, string] => [{ kind: 'json', value: v }, 'junk body']),
    ];
    if (bodySchema) {
      options.push(brokenArb(bodySchema, ctxFor(supply, 'json')).map((v): [Body, string] => [{ kind: 'json', value: v }, 'body']));
      options.push(fc.constant<[Body, string]>([{ kind: 'none' }, 'no body']));
    }
    return fc.oneof(...options);
  };

  const who: fc.Arbitrary<Who> = fc.oneof(
    // Mostly the world's first person, who owns most of it, so owner-only calls are reached too.
    { weight: 12, arbitrary: fc.constant<Who>({ kind: 'user', ix: 0 }) },
    { weight: 12, arbitrary: fc.nat({ max: users - 1 }).map((ix): Who => ({ kind: 'user', ix })) },
    { weight: 2, arbitrary: fc.constant<Who>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('Bearer ', 'Bearer x', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(5000)}`, 'bearer', 'Bearer 00000000-0000')
        .map((header): Who => ({ kind: 'junk', header })),
    },
  );
  const pin: fc.Arbitrary<PinChoice> = e.pin
    ? fc.oneof(
        { weight: 17, arbitrary: fc.constant<PinChoice>('right') },
        { weight: 1, arbitrary: fc.constantFrom<PinChoice>('wrong', 'junk', 'none') },
      )
    : fc.oneof({ weight: 9, arbitrary: fc.constant<PinChoice>('none') }, { weight: 1, arbitrary: fc.constant<PinChoice>('right') });
  const key: fc.Arbitrary<KeyChoice> = fc.oneof(
    { weight: 14, arbitrary: fc.constant<KeyChoice>({ kind: 'fresh' }) },
    { weight: 3, arbitrary: fc.nat({ max: 19 }).map((ix): KeyChoice => ({ kind: 'again', ix })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('short', 'has space in it', 'x'.repeat(200)).map((value): KeyChoice => ({ kind: 'junk', value })),
    },
    { weight: 2, arbitrary: fc.constant<KeyChoice>({ kind: 'none' }) },
  );

  type Part = 'none' | 'params' | 'query' | 'body';
  const partOptions: Array<fc.WeightedArbitrary<Part>> = [{ weight: 10, arbitrary: fc.constant<Part>('none') }];
  if (paramKeys.length > 0) partOptions.push({ weight: 3, arbitrary: fc.constant<Part>('params') });
  partOptions.push({ weight: querySchema ? 3 : 1, arbitrary: fc.constant<Part>('query') });
  if (canCarry) partOptions.push({ weight: bodySchema ? 5 : 2, arbitrary: fc.constant<Part>('body') });

  return fc.oneof(...partOptions).chain((part) =>
    fc
      .record({
        params: paramsArb(part === 'params'),
        query: queryArb(part === 'query'),
        body: bodyArb(part === 'body'),
        who,
        pin,
        key,
      })
      .map((r): Spec => ({
        name,
        broken: [r.params[1], r.query[1], r.body[1]].filter(Boolean).join(', ') || 'nothing',
        method: e.method,
        path: r.params[0],
        query: r.query[0],
        body: r.body[0],
        who: r.who,
        pin: r.pin,
        key: r.key,
      })),
  );
}
