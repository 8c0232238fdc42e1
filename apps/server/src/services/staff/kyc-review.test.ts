import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { tier3Body, uploadDocument, uploadPng } from '../../test/upload-fixture.js';
import { markVerified } from '../kyc/index.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

// KYC review (docs/console.md): compliance approves or rejects the Tier 3 documents a customer sent;
// the customer's limits and Limits screen follow, the customer is told, the audit log keeps it.

let t: TestContext;
let compliance: TestStaff;
let support: TestStaff;

/** A Tier 2 customer who sent Tier 3 documents (two private uploads of their own): they and the request's body. */
async function requesterWithDocs(): Promise<{ u: TestUser; docs: Awaited<ReturnType<typeof tier3Body>> }> {
  const u = await newUser(t.app);
  await t.db.transaction((tx) => markVerified(tx, u.id, 2));
  const docs = { ...(await tier3Body(t.app, u)), idType: 'drivers_licence' as const };
  const res = await t.app.inject({ method: 'POST', url: '/api/kyc/tier3', headers: auth(u), payload: docs });
  expect(res.statusCode, res.body).toBe(200);
  return { u, docs };
}
const requester = async () => (await requesterWithDocs()).u;

const review = (who: TestStaff, userId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/kyc/tier3/${userId}`,
    headers: staffAuth(who, { 'idempotency-key': randomUUID() }),
    payload: payload as Record<string, unknown>,
  });
const status = async (u: TestUser) =>
  json(await t.app.inject({ method: 'GET', url: '/api/kyc/status', headers: auth(u) })).data as {
    tier: number;
    tier3: string;
    tier3Reason: string | null;
    nextStep: string | null;
  };
const queue = async (who = compliance) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/staff/kyc/tier3?limit=100', headers: staffAuth(who) });
  return { res, items: res.statusCode === 200 ? (json(res).data as { customer: { id: string; name: string }; idType: string }[]) : [] };
};
const notices = async (u: TestUser) =>
  json(await t.app.inject({ method: 'GET', url: '/api/user/notifications', headers: auth(u) })).data as { title: string; body: string }[];
const auditKinds = async (userId: string) =>
  (await executeRows<{ kind: string }>(t.db, sql`SELECT kind FROM staff_audit_log WHERE customer_id = ${userId} ORDER BY seq`)).map(
    (r) => r.kind,
  );

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  compliance = await staffMember(t, admin, 'compliance', 'Chioma Compliance');
  support = await staffMember(t, admin, 'support', 'Sam Support');
});
afterAll(async () => {
  await t?.close();
});

describe('KYC review', () => {
  it('lists a Tier 3 request with its documents (by id, never an address) and the customer', async () => {
    const { u, docs } = await requesterWithDocs();
    const { items } = await queue();
    expect(items.find((i) => i.customer.id === u.id)).toEqual(
      expect.objectContaining({
        customer: { id: u.id, name: expect.stringContaining(u.firstName) as string },
        idType: 'drivers_licence',
        idDocumentId: docs.idDocumentId,
        proofOfAddressId: docs.proofOfAddressId,
      }),
    );
  });

  it('an approval puts the customer on Tier 3 at once, tells them, and leaves the queue', async () => {
    const u = await requester();
    const res = await review(compliance, u.id, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ userId: u.id, decision: 'approve', tier: 3 });
    expect(await status(u)).toMatchObject({ tier: 3, tier3: 'approved', tier3Reason: null });
    expect((await notices(u)).map((n) => n.title)).toContain('You are now on Tier 3');
    expect((await queue()).items.some((i) => i.customer.id === u.id)).toBe(false);
    expect(await auditKinds(u.id)).toContain('kyc.tier3.approve');
  });

  it('a rejection keeps Tier 2, shows the reason on the Limits screen, and a new request clears it', async () => {
    const u = await requester();
    const res = await review(compliance, u.id, { decision: 'reject', reason: 'The bill is older than three months' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(u)).toMatchObject({
      tier: 2,
      tier3: 'rejected',
      tier3Reason: 'The bill is older than three months',
      nextStep: 'To reach Tier 3: upload your ID and proof of address again.',
    });
    expect((await notices(u)).find((n) => n.title === 'Your Tier 3 documents were not accepted')?.body).toBe(
      'The bill is older than three months. You can upload them again.',
    );
    expect(await auditKinds(u.id)).toContain('kyc.tier3.reject');
    await t.app.inject({ method: 'POST', url: '/api/kyc/tier3', headers: auth(u), payload: await tier3Body(t.app, u) });
    expect(await status(u)).toMatchObject({ tier3: 'pending', tier3Reason: null });
  });

  it('refuses a rejection without a reason, and an unknown decision, writing nothing', async () => {
    const u = await requester();
    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: ' ' }, { decision: 'maybe' }]) {
      const res = await review(compliance, u.id, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(json(await review(compliance, u.id, { decision: 'reject' })).message).toBe(
      'Say why the documents are rejected: the customer reads it',
    );
    expect(await status(u)).toMatchObject({ tier: 2, tier3: 'pending' });
    expect(await auditKinds(u.id)).toEqual([]);
  });

  it('answers 409 when nothing waits: decided already, or never asked', async () => {
    const u = await requester();
    expect((await review(compliance, u.id, { decision: 'approve' })).statusCode).toBe(200);
    const again = await review(compliance, u.id, { decision: 'reject', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'KYC_NOTHING_PENDING', message: 'No Tier 3 request is waiting for this person.' });
    expect((await status(u)).tier).toBe(3);
    const never = await newUser(t.app);
    expect((await review(compliance, never.id, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('is for compliance: support is refused the queue and the decision, and nothing changes', async () => {
    const u = await requester();
    expect((await queue(support)).res.statusCode).toBe(403);
    expect((await review(support, u.id, { decision: 'approve' })).statusCode).toBe(403);
    expect(await status(u)).toMatchObject({ tier: 2, tier3: 'pending' });
  });
});

describe('KYC documents', () => {
  const tier3 = (u: TestUser, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/kyc/tier3', headers: auth(u), payload: payload as Record<string, unknown> });
  const verified = async () => {
    const u = await newUser(t.app);
    await t.db.transaction((tx) => markVerified(tx, u.id, 2));
    return u;
  };
  const document = (who: TestStaff, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/staff/kyc/documents/${id}`, headers: staffAuth(who) });

  it('refuses addresses as documents (a script, another site), writing nothing', async () => {
    const u = await verified();
    const res = await tier3(u, {
      idType: 'passport',
      idDocumentUrl: 'javascript:alert(document.cookie)',
      proofOfAddressUrl: 'https://evil.example/poa.png',
    });
    expect([res.statusCode, json(res).message]).toEqual([400, 'Upload your ID']);
    const bad = await tier3(u, {
      idType: 'passport',
      idDocumentId: 'javascript:alert(1)',
      proofOfAddressId: 'https://evil.example/poa.png',
    });
    expect(bad.statusCode).toBe(400);
    expect(await status(u)).toMatchObject({ tier3: 'none' });
  });

  it('accepts only the person’s own private uploads, two different ones, writing nothing otherwise', async () => {
    const [u, other] = [await verified(), await verified()];
    const theirs = await tier3Body(t.app, other);
    const mine = await uploadDocument(t.app, u);
    const cases: [unknown, string][] = [
      [
        { idType: 'passport', idDocumentId: mine, proofOfAddressId: theirs.proofOfAddressId },
        'Upload your ID and proof of address in the app, then send them.',
      ],
      [
        { idType: 'passport', idDocumentId: randomUUID(), proofOfAddressId: mine },
        'Upload your ID and proof of address in the app, then send them.',
      ],
      [
        { idType: 'passport', idDocumentId: mine, proofOfAddressId: mine },
        'Send two different photos: one of your ID, one of your proof of address',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await tier3(u, payload);
      expect([res.statusCode, json(res).message], JSON.stringify(payload)).toEqual([400, message]);
    }
    // A public upload (a post's photo) is no document either, even the person's own.
    await uploadPng(t.app, u);
    const [publicUpload] = await executeRows<{ id: string }>(t.db, sql`SELECT id FROM uploads WHERE owner_id = ${u.id} AND NOT private`);
    const res = await tier3(u, { idType: 'passport', idDocumentId: publicUpload!.id, proofOfAddressId: mine });
    expect(json(res).code).toBe('KYC_DOCUMENT_UNKNOWN');
    expect(await status(u)).toMatchObject({ tier3: 'none' });
  });

  it('are never served by the public files address, and answer no address at upload', async () => {
    const u = await verified();
    const id = await uploadDocument(t.app, u);
    const [row] = await executeRows<{ key: string; url: string; thumbnail_url: string | null }>(
      t.db,
      sql`SELECT key, url, thumbnail_url FROM uploads WHERE id = ${id}`,
    );
    expect(row!.key).toMatch(/^private\//);
    expect(row!.thumbnail_url).toBeNull();
    for (const who of [undefined, u]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/upload/files/${row!.key}`, headers: who ? auth(who) : {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('open for compliance as the image, never cached, and each opening is audited', async () => {
    const { u, docs } = await requesterWithDocs();
    const res = await document(compliance, docs.idDocumentId);
    expect(res.statusCode).toBe(200);
    expect([res.headers['content-type'], res.headers['cache-control'], res.headers['x-content-type-options']]).toEqual([
      'image/png',
      'no-store',
      'nosniff',
    ]);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await auditKinds(u.id)).toEqual(['kyc.document.view']);
  });

  it('answer 404 for a document that is no Tier 3 request’s, and 403 for support, writing nothing', async () => {
    const { u, docs } = await requesterWithDocs();
    const loose = await uploadDocument(t.app, u);
    for (const id of [loose, randomUUID()]) {
      const res = await document(compliance, id);
      expect([res.statusCode, json(res).code]).toEqual([404, 'DOCUMENT_NOT_FOUND']);
    }
    expect((await document(support, docs.idDocumentId)).statusCode).toBe(403);
    expect(await auditKinds(u.id)).toEqual([]);
  });
});
