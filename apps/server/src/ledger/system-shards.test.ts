import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, balancesOf, createTestApp, json, newUser, type TestContext } from '../test/harness.js';
import { signWebhook } from '../services/wallet/funding.service.js';
import { checkLedger, openSystemAccounts, SYSTEM_SHARDS } from './index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect((await checkLedger(t.db)).ok).toBe(true);
  await t.close();
});

describe('system account shards', () => {
  it('a webhook replayed after a restart is "already processed", however the shard rows are stored', async () => {
    const u = await newUser(t.app);
    const { accountNumber } = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as { accountNumber: string };
    const raw = JSON.stringify({ eventId: `evt-restart-${Date.now()}`, accountNumber, amount: 120_000, senderName: 'Kemi Adeyemi', senderBank: 'Zenith', reference: 'NIP9' });
    const webhook = () =>
      t.app.inject({ method: 'POST', url: '/api/wallet/webhooks/bank-transfer', headers: { 'content-type': 'application/json', 'x-owo-signature': signWebhook(t.config.webhookSecret, raw) }, payload: raw });
    expect(json(await webhook()).data).toMatchObject({ credited: true });

    // Rows move on disk as they are updated: rewrite the shards last-first, so a scan returns them
    // in the reverse order; then read them again, as a restarted server does.
    for (let i = SYSTEM_SHARDS - 1; i >= 0; i--) {
      await t.db.execute(sql`UPDATE ledger_accounts SET created_at = created_at WHERE owner_id IS NULL AND ref = ${`shard-${i}`}`);
    }
    await openSystemAccounts(t.db);

    const replay = await webhook();
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data).toMatchObject({ credited: false, message: 'Already processed' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(120_000);
  });
});
