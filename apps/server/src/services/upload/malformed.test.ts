import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from './tables.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';

let t: TestContext;
let u: TestUser;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(400 * 1024), UPLOAD_MAX_FILES: '3' } });
  u = await newUser(t.app);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const B = 'owo-boundary-1';
const head = (field: string, name: string) =>
  Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
/** A complete, well-formed file part (without the closing boundary). */
const filePart = (field: string, name = 'a.png') => Buffer.concat([head(field, name), png, Buffer.from('\r\n')]);

const post = (route: 'single' | 'multiple', payload: Buffer | Readable | string, contentType = `multipart/form-data; boundary=${B}`) =>
  t.app.inject({ method: 'POST', url: `/api/upload/api/upload/${route}`, headers: { ...auth(u), 'content-type': contentType }, payload });

const storedRows = async () => (await t.db.select({ n: count() }).from(uploads))[0]!.n;
const storedFiles = () => {
  const dir = path.join(t.dataDir, 'uploads');
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
};

/** Bodies that claim to be multipart/form-data but are not well-formed. */
const malformed = (field: string): [string, () => Buffer | Readable][] => [
  ['a wrong closing boundary', () => Buffer.concat([filePart(field), Buffer.from('--not-the-boundary--\r\n')])],
  ['a body cut short in the middle of the file', () => Buffer.concat([head(field, 'a.png'), png.subarray(0, 20)])],
  ['a body cut short in the part headers', () => head(field, 'a.png').subarray(0, 30)],
  ['no closing boundary at all', () => filePart(field)],
  ['a chunked body that is not multipart at all', () => Readable.from([Buffer.from('this is '), Buffer.from('not multipart, just text')])],
  ['a chunked body cut short', () => Readable.from([head(field, 'a.png'), png.subarray(0, 10)])],
];

describe('malformed multipart bodies are a 400 and store nothing', () => {
  for (const route of ['single', 'multiple'] as const) {
    const field = route === 'single' ? 'file' : 'files';
    for (const [label, body] of malformed(field)) {
      it(`${route}: ${label}`, async () => {
        const rows = await storedRows();
        const files = storedFiles();
        const res = await post(route, body());
        expect(res.statusCode, res.body).toBe(400);
        expect(json(res)).toMatchObject({ status: false, code: 'MALFORMED_MULTIPART' });
        expect(json(res).message).toBe('The upload is not well-formed multipart/form-data: it is cut short or its boundary does not match');
        expect(await storedRows()).toBe(rows);
        expect(storedFiles()).toBe(files);
      });
    }

    it(`${route}: a content type without a boundary`, async () => {
      const rows = await storedRows();
      const res = await post(route, filePart(field), 'multipart/form-data');
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).code).toBe('MALFORMED_MULTIPART');
      expect(await storedRows()).toBe(rows);
    });

    it(`${route}: a complete first file followed by a second part cut short stores nothing`, async () => {
      const rows = await storedRows();
      const files = storedFiles();
      const res = await post(route, Buffer.concat([filePart(field, 'one.png'), head(field, 'two.png'), png.subarray(0, 10)]));
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).code).toBe('MALFORMED_MULTIPART');
      expect(await storedRows()).toBe(rows);
      expect(storedFiles()).toBe(files);
    });
  }

  it('a well-formed body still uploads (single and multiple)', async () => {
    const closing = Buffer.from(`--${B}--\r\n`);
    const single = await post('single', Buffer.concat([filePart('file'), closing]));
    expect(single.statusCode, single.body).toBe(201);
    const multiple = await post('multiple', Buffer.concat([filePart('files', 'a.png'), filePart('files', 'b.png'), closing]));
    expect(multiple.statusCode, multiple.body).toBe(201);
    expect((json(multiple).data as unknown[]).length).toBe(2);
    const chunked = await post('single', Readable.from([filePart('file'), closing]));
    expect(chunked.statusCode, chunked.body).toBe(201);
  });
});
