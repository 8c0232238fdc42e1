import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, newUser, type TestContext, type TestUser } from '../test/harness.js';

/** API replies above 1 KB go compressed; the web app's files are sent as the build compressed them. */
let t: TestContext;
let u: TestUser;
const web = mkdtempSync(path.join(tmpdir(), 'owo-web-'));
const script = `console.log(${JSON.stringify('owo '.repeat(400))});\n`;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Owo</title>');
  writeFileSync(path.join(web, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(web, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(web, 'assets/app-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST: web } });
  u = await newUser(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('compression', () => {
  it('compresses a large API reply for a client that accepts it, and leaves a small one alone', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBe('3.0.3');
    const gzip = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/wallet-balances',
      headers: auth(u, { 'accept-encoding': 'br, gzip' }),
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the prebuilt brotli or gzip copy of a web file, with Vary and a year-long cache', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // Document-only security headers are left off sub-resources; nosniff stays.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    // Immutable: never revalidated nor fetched in ranges, and not logged by id; the document carries HSTS.
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id', 'strict-transport-security'])
      expect(br.headers[name], name).toBeUndefined();
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const none = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(script);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['strict-transport-security']).toBeDefined();
    expect(page.headers['x-request-id']).toBeDefined();
  });
});
