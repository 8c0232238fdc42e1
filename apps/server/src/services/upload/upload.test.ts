import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from './tables.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(400 * 1024), UPLOAD_MAX_FILES: '3' } });
  u = await newUser(t.app);
});
afterAll(() => t.close());

const BOUNDARY = '----owo-test';
type Part = { field?: string; name: string; type: string; data: Buffer };
function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const send = (path: string, parts: Part[], who: TestUser | null = u) =>
  t.app.inject({
    method: 'POST',
    url: `/api/upload/api/upload/${path}`,
    headers: { ...(who ? auth(who) : {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(parts),
  });
const stored = async () => (await t.db.select({ n: count() }).from(uploads))[0]!.n;

/** A big JPEG carrying EXIF (camera, copyright) that must not survive the upload. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c0ffee' } })
    .jpeg({ quality: 60 })
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCam' } })
    .toBuffer();

describe('POST /api/upload/single', () => {
  it('stores a JPEG resized within 1600px with its metadata stripped, plus a thumbnail, served with long cache headers', async () => {
    const input = await photo();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await send('single', [{ name: 'holiday.jpg', type: 'image/jpeg', data: input }]);
    expect(res.statusCode).toBe(201);
    const file = json(res).data as { url: string; thumbnailUrl: string; width: number; height: number; mimeType: string };
    expect(file).toMatchObject({ mimeType: 'image/jpeg', width: 1600, height: 1200 });

    const got = await t.app.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const thumb = await t.app.inject({ method: 'GET', url: file.thumbnailUrl });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('judges the type by content, not by name: a text file called .jpg is refused and nothing is stored', async () => {
    const before = await stored();
    const res = await send('single', [{ name: 'cat.jpg', type: 'image/jpeg', data: Buffer.from('hello, not an image at all') }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('cat.jpg: only JPEG, PNG or WebP images can be uploaded');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await send('single', [{ name: 'a.png', type: 'image/png', data: gif }])).statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('refuses a file over the size limit, a request without a file, and no token', async () => {
    const big = await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(400 * 1024);
    const res = await send('single', [{ name: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Each image must be at most 0.4 MB');

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/upload/api/upload/single',
      headers: auth(u),
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(json(notMultipart).message).toBe('Send the image as multipart/form-data in the field "file"');

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const anon = await send('single', [{ name: 'a.png', type: 'image/png', data: png }], null);
    expect(anon.statusCode).toBe(401);
  });

  it('a corrupt image with a valid signature is a 400, not a 500', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(60, 7)]);
    const res = await send('single', [{ name: 'broken.png', type: 'image/png', data: broken }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('broken.png: this image could not be read');
  });
});

describe('POST /api/upload/multiple', () => {
  it('stores several images', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const res = await send('multiple', [
      { field: 'files', name: 'a.png', type: 'image/png', data: png },
      { field: 'files', name: 'b.webp', type: 'image/webp', data: webp },
    ]);
    expect(res.statusCode).toBe(201);
    const files = json(res).data as { mimeType: string }[];
    expect(files.map((f) => f.mimeType)).toEqual(['image/png', 'image/webp']);
  });

  it('stores none when one file is bad, and refuses too many files', async () => {
    const before = await stored();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await send('multiple', [
      { field: 'files', name: 'ok.png', type: 'image/png', data: png },
      { field: 'files', name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('evil.png: only JPEG, PNG or WebP images can be uploaded');
    const four = Array.from({ length: 4 }, (_, i) => ({ field: 'files', name: `${i}.png`, type: 'image/png', data: png }));
    const tooMany = await send('multiple', four);
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe('Upload at most 3 images at once');
    expect(await stored()).toBe(before);
  });
});

describe('GET /files/*', () => {
  it('404s unknown files and refuses path tricks', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/upload/files/2026/01/01/nope.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/upload/files/..%2F..%2F.secret' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/upload/files/../../.secret' })).statusCode).toBe(404);
  });
});
