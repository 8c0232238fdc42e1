import { describe, expect, it } from 'vitest';
import { auth, balancesOf, json, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';

/**
 * The vendor is a provider like any other: replaced when the app is built, it serves both the bills
 * routes and the bill payments the transaction service completes.
 */
let vendorUp = false;
const t = fileApp({
  ledgerChecked: true,
  providers: ({ billVendor: sandbox }) => ({
    billVendor: {
      ...sandbox,
      name: 'flaky',
      validate: async (b, number, pkg) => {
        const found = await sandbox.validate(b, number, pkg);
        return found && { ...found, customerName: 'Replaced Vendor Customer' };
      },
      vend: async () => {
        throw new Error('vendor unreachable');
      },
      status: async () =>
        vendorUp ? { status: 'successful' as const, token: 'TOKEN-FROM-REPLACED-VENDOR' } : { status: 'pending' as const },
    },
  }),
});

async function buyElectricity(u: TestUser) {
  const p = await t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/initiate',
    headers: auth(u),
    payload: {
      type: 'electricity',
      billerId: 'ikedc',
      billerGroupId: 'electricity',
      packageId: 'prepaid',
      customerNumber: '45701234567',
      amount: 200_000,
    },
  });
  expect(p.statusCode, p.body).toBe(200);
  const { reference } = json(p).data as { reference: string };
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/complete',
    headers: auth(u, { transactionPin: TEST_PIN }),
    payload: { reference },
  });
  return { reference, done };
}

describe('a replaced bill vendor', () => {
  it("answers the customer check with the vendor's name", async () => {
    const u = await payer(t.app, 1_000_000);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/bills/bills/validate-customer?billerId=ikedc&billerGroupId=electricity&packageId=prepaid&customerNumber=45701234567',
      headers: auth(u),
    });
    expect(json(check).data).toMatchObject({ customerName: 'Replaced Vendor Customer' });
  });

  it('a purchase the vendor lost is paid and stays pending', async () => {
    const u = await payer(t.app, 1_000_000);
    const { done } = await buyElectricity(u);
    expect(json(done).data).toMatchObject({ status: 'pending' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(800_000);
  });

  it('a purchase the vendor lost succeeds at the status check once the vendor has it', async () => {
    const u = await payer(t.app, 1_000_000);
    const { reference } = await buyElectricity(u);
    vendorUp = true;
    try {
      const status = await t.app.inject({ method: 'GET', url: `/api/bills/bills/purchase-status/${reference}`, headers: auth(u) });
      expect(json(status).data).toMatchObject({ status: 'successful', token: 'TOKEN-FROM-REPLACED-VENDOR' });
    } finally {
      vendorUp = false;
    }
  });
});
