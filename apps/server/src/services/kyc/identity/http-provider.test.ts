import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestContext } from '../../../test/harness.js';
import { kycKit } from '../kyc-test-kit.js';
import { httpIdentityProvider } from './http-provider.js';
import { IdentityNotFound, IdentityUnavailable } from './provider.js';

// The real adapter against a local stand-in for the provider's HTTP API (Dojah's lookups' shape).

const seen: { url: string; appId?: string; auth?: string }[] = [];
let server: Server;
let base = '';
let t: TestContext;
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', appId: req.headers.appid as string, auth: req.headers.authorization });
    const url = new URL(req.url ?? '/', 'http://x');
    const number = url.searchParams.get('bvn') ?? url.searchParams.get('nin') ?? '';
    if (req.headers.authorization !== 'sk_test') return res.writeHead(401).end('{"error":"unauthorised"}');
    if (number.endsWith('44')) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"BVN not found"}');
    if (number.endsWith('55')) return res.writeHead(502).end('bad gateway');
    const entity = url.pathname.includes('bvn')
      ? { bvn: number, first_name: 'Ngozi', middle_name: 'Chiamaka', last_name: 'Adebayo', date_of_birth: '01-Jan-1990' }
      : { nin: number, first_name: 'NGOZI', middle_name: '', last_name: 'ADEBAYO', date_of_birth: '1990-01-01' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ entity }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { KYC_PROVIDER_URL: base, KYC_PROVIDER_KEY: 'app_1:sk_test' } });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});
const kit = kycKit(() => t);

describe('the HTTP identity provider', () => {
  it('reads a BVN record with its date in the registry’s format', async () => {
    const p = httpIdentityProvider({ url: base, apiKey: 'app_1:sk_test' });
    expect(await p.lookup('bvn', '22212345678')).toEqual({
      firstName: 'Ngozi',
      middleName: 'Chiamaka',
      lastName: 'Adebayo',
      dateOfBirth: '1990-01-01',
    });
  });

  it('sends the app id and secret key and the number to the lookup path', async () => {
    await httpIdentityProvider({ url: base, apiKey: 'app_1:sk_test' }).lookup('nin', '11112345678');
    expect(seen.at(-1)).toEqual({ url: '/api/v1/kyc/nin?nin=11112345678', appId: 'app_1', auth: 'sk_test' });
  });

  it('a 404 is not found', async () => {
    await expect(httpIdentityProvider({ url: base, apiKey: 'app_1:sk_test' }).lookup('bvn', '22212345644')).rejects.toBeInstanceOf(
      IdentityNotFound,
    );
  });

  it('a server error is unavailable', async () => {
    await expect(httpIdentityProvider({ url: base, apiKey: 'app_1:sk_test' }).lookup('bvn', '22212345655')).rejects.toBeInstanceOf(
      IdentityUnavailable,
    );
  });

  it('a refused key is unavailable', async () => {
    await expect(httpIdentityProvider({ url: base, apiKey: 'app_1:wrong' }).lookup('bvn', '22212345678')).rejects.toBeInstanceOf(
      IdentityUnavailable,
    );
  });

  it('no answer in time is unavailable', async () => {
    const never = createServer(() => undefined);
    await new Promise<void>((r) => never.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(never.address() as AddressInfo).port}`;
    await expect(httpIdentityProvider({ url, apiKey: 'a:b', timeoutMs: 200 }).lookup('bvn', '22212345678')).rejects.toBeInstanceOf(
      IdentityUnavailable,
    );
    never.closeAllConnections();
    await new Promise((r) => never.close(r));
  });

  it('the app configured with KYC_PROVIDER_URL verifies through it', async () => {
    const u = await kit.person(1);
    const res = await kit.call(u, 'POST', '/api/kyc/bvn', { bvn: '22298765431', dateOfBirth: '1990-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ bvn: { status: 'verified', masked: '********431' } });
    expect(seen.at(-1)?.url).toBe('/api/v1/kyc/bvn/full?bvn=22298765431');
  });
});
