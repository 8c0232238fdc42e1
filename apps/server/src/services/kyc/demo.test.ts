import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TIER1_USER, DEMO_USERS, seedDemo } from '../../seed.js';
import { auth, createTestApp, json, type TestContext } from '../../test/harness.js';

// The demo people are verified to Tier 2; one demo person stays at Tier 1 to show the limits and the upgrade.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());
const tierOf = async (username: string) => {
  const login = await t.app.inject({ method: 'POST', url: '/api/user/users/login', payload: { username, password: DEMO_PASSWORD } });
  const { accessToken } = json(login).data as { accessToken: string };
  const res = await t.app.inject({ method: 'GET', url: '/api/kyc/status', headers: auth({ token: accessToken }) });
  return (json(res).data as { tier: number }).tier;
};

describe('the demo people’s tiers', () => {
  it('the demo people are verified to Tier 2', async () => {
    for (const u of DEMO_USERS) expect(await tierOf(u.email)).toBe(2);
  });

  it('one demo person is at Tier 1', async () => {
    expect(await tierOf(DEMO_TIER1_USER.email)).toBe(1);
  });
});
