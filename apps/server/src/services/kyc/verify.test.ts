import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileApp, json } from '../../test/harness.js';
import { kycKit } from './kyc-test-kit.js';
import { openNumber } from './numbers.js';
import { kycProfiles } from './tables.js';
import { tier3Body } from '../../test/upload-fixture.js';

// BVN and NIN through the sandbox identity provider (numbers by their last digits: identity/sandbox.ts).

const logs: string[] = [];
const t = fileApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line: string) => void logs.push(line) } });
const kit = kycKit(() => t);
let n = 0;
/** A fresh 11-digit number with these last digits (one number belongs to one person). */
const num = (ending = '1') => `2${String(Date.now() % 1e8).padStart(8, '0')}${String(n++ % 10)}`.slice(0, 11 - ending.length) + ending;
const bvn = (u: Parameters<typeof kit.call>[0], number: string, dateOfBirth = '1990-01-01') =>
  kit.call(u, 'POST', '/api/kyc/bvn', { bvn: number, dateOfBirth });

describe('BVN and NIN verification', () => {
  it('a matching BVN is verified and shown masked', async () => {
    const u = await kit.person(1);
    const number = num('21');
    const res = await bvn(u, number);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      tier: 1,
      bvn: { status: 'verified', masked: `********${number.slice(-3)}` },
      dateOfBirth: '1990-01-01',
    });
  });

  it('the number is stored encrypted and opens with the key', async () => {
    const u = await kit.person(1);
    const number = num('31');
    await bvn(u, number);
    const [p] = await t.db.select().from(kycProfiles).where(eq(kycProfiles.userId, u.id));
    expect(p!.bvnCipher).not.toContain(number);
    expect(openNumber(t.config.kyc.numberKey, p!.bvnCipher!)).toBe(number);
  });

  it('the number never appears in the logs', async () => {
    const u = await kit.person(1);
    const number = num('41');
    await bvn(u, number);
    await kit.call(u, 'POST', '/api/kyc/nin', { nin: number, dateOfBirth: '1990-01-01' });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(number);
  });

  it('BVN, NIN and an address take a person to Tier 2 with its limits', async () => {
    const u = await kit.person(1);
    expect(await kit.verifyToTier2(u)).toMatchObject({
      tier: 2,
      limits: { perDeposit: 10_000_000, balanceCap: 50_000_000, dailyOut: 20_000_000 },
      nextStep: 'To reach Tier 3: upload an ID and a proof of address.',
    });
  });

  it('a BVN in someone else’s name is refused', async () => {
    const u = await kit.person(1);
    const res = await bvn(u, num('00'));
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'KYC_NAME_MISMATCH',
      message:
        'The name on this BVN does not match your name on Owo, Ngozi Adebayo. Check the number, or change your profile name to the one on your BVN.',
    });
  });

  it('a date of birth the BVN does not hold is refused', async () => {
    const u = await kit.person(1);
    const res = await bvn(u, num('51'), '1991-02-02');
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('KYC_DOB_MISMATCH');
  });

  it('a BVN the registry does not know is refused', async () => {
    const u = await kit.person(1);
    const res = await bvn(u, num('44'));
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'KYC_NOT_FOUND', message: 'We could not find this BVN. Check the 11 digits and try again.' });
  });

  it('the provider being down answers 503 and saves nothing', async () => {
    const u = await kit.person(1);
    const res = await bvn(u, num('55'));
    expect(res.statusCode).toBe(503);
    expect(json(res).code).toBe('KYC_PROVIDER_DOWN');
    expect((await kit.status(u)).bvn.status).toBe('missing');
  });

  it('a BVN already linked to another person is refused', async () => {
    const [a, b] = [await kit.person(1), await kit.person(1)];
    const number = num('61');
    expect((await bvn(a, number)).statusCode).toBe(200);
    const res = await bvn(b, number);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('KYC_NUMBER_IN_USE');
  });

  it('verifying the same BVN again answers as before', async () => {
    const u = await kit.person(1);
    const number = num('71');
    await bvn(u, number);
    expect((await bvn(u, number)).statusCode).toBe(200);
  });

  it('a BVN of 10 digits is bad input', async () => {
    const u = await kit.person(1);
    const res = await bvn(u, '2220000000');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('BVN must be 11 digits');
  });

  it('the verify calls need a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kyc/bvn', payload: { bvn: num(), dateOfBirth: '1990-01-01' } });
    expect(res.statusCode).toBe(401);
  });

  it('Tier 3 documents need Tier 2 first', async () => {
    const u = await kit.person(1);
    const res = await kit.call(u, 'POST', '/api/kyc/tier3', await tier3Body(t.app, u));
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('KYC_TIER2_FIRST');
  });
});
