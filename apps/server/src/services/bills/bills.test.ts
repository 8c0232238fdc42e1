import { describe, expect, it } from 'vitest';
import { auth, balancesOf, historyOf, json, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';

const t = fileApp({ ledgerChecked: true });

const get = (u: TestUser | null, url: string) => t.app.inject({ method: 'GET', url: `/api/bills${url}`, headers: u ? auth(u) : {} });
const initiate = (u: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/initiate', headers: auth(u), payload });
const complete = (u: TestUser, reference: string, headers: Record<string, string> = { transactionPin: TEST_PIN }) =>
  t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/complete', headers: auth(u, headers), payload: { reference } });
type Receipt = { status: string; amount: number; token: string | null; failureReason: string | null; reference: string };
async function buy(u: TestUser, payload: object) {
  const p = await initiate(u, payload);
  expect(p.statusCode, p.body).toBe(200);
  const { reference } = json(p).data as { reference: string };
  const res = await complete(u, reference);
  return { reference, res, receipt: json(res).data as Receipt };
}

describe('catalogue', () => {
  it('lists providers of each kind with billerId and billerGroupId, and their packages', async () => {
    const u = await payer(t.app);
    const airtime = json(await get(u, '/bills/airtime-providers')).data as { billerId: string; name: string; billerGroupId: string }[];
    expect(airtime.map((b) => b.name)).toEqual(['MTN Airtime', 'Airtel Airtime', 'Glo Airtime', '9mobile Airtime']);
    const tv = json(await get(u, '/bills/tv-providers')).data as { name: string }[];
    expect(tv.map((b) => b.name)).toEqual(['DStv', 'GOtv', 'StarTimes', 'Showmax']);
    expect((json(await get(u, '/bills/electricity-providers')).data as { shortName: string }[]).map((b) => b.shortName)).toContain('IKEDC');
    expect((json(await get(u, '/bills/betting-providers')).data as { name: string }[]).map((b) => b.name)).toContain('Bet9ja');

    const plans = json(await get(u, '/bills/provider-data-plans?billerId=mtn-data&billerGroupId=data')).data as {
      packageId: string;
      name: string;
      amount: number;
      validity: string;
    }[];
    expect(plans[0]).toMatchObject({ packageId: 'mtn-1gb-1d', name: '1GB', amount: 35_000, validity: '1 day' });
    const bouquets = json(await get(u, '/bills/provider-data-plans?billerId=dstv&billerGroupId=tv')).data as { name: string }[];
    expect(bouquets.map((b) => b.name)).toContain('DStv Compact');
    const elec = json(await get(u, '/bills/electricity-provider-packages?billerId=ikedc&billerGroupId=electricity')).data as {
      packageId: string;
    }[];
    expect(elec.map((p) => p.packageId)).toEqual(['prepaid', 'postpaid']);
    expect((json(await get(u, '/bills/betting-provider-packages?billerId=bet9ja&billerGroupId=betting')).data as unknown[]).length).toBe(1);

    expect((await get(u, '/bills/provider-data-plans?billerId=ikedc&billerGroupId=electricity')).statusCode).toBe(404);
    expect(json(await get(u, '/bills/provider-data-plans?billerId=mtn-data')).message).toBe('billerGroupId is required');
    expect((await get(null, '/bills/airtime-providers')).statusCode).toBe(401);
  });

  it('checks a meter before paying: name and address, or a clear message', async () => {
    const u = await payer(t.app);
    const ok = await get(
      u,
      '/bills/validate-customer?billerId=ikedc&billerGroupId=electricity&packageId=prepaid&customerNumber=45701234567',
    );
    expect(ok.statusCode).toBe(200);
    const c = json(ok).data as { customerName: string; address: string };
    expect(c.customerName.length).toBeGreaterThan(3);
    expect(c.address).toMatch(/,/);
    const bad = await get(u, '/bills/validate-customer?billerId=ikedc&billerGroupId=electricity&customerNumber=00000000000');
    expect(bad.statusCode).toBe(404);
    expect(json(bad).message).toBe('We could not find this meter number. Check it and the distribution company.');
    expect(json(await get(u, '/bills/validate-customer?billerId=dstv&billerGroupId=tv&customerNumber=123')).message).toBe(
      'customerNumber is too short',
    );
  });
});

describe('buying', () => {
  it('airtime: paid from the wallet, recorded, and the number becomes a beneficiary', async () => {
    const u = await payer(t.app, 1_000_000);
    const { receipt } = await buy(u, {
      type: 'airtime',
      billerId: 'mtn-airtime',
      billerGroupId: 'airtime',
      customerNumber: '+2348031112233',
      amount: 50_000,
    });
    expect(receipt).toMatchObject({ status: 'successful', amount: 50_000 });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(950_000);
    await buy(u, { type: 'airtime', billerId: 'mtn-airtime', billerGroupId: 'airtime', customerNumber: '08034445566', amount: 10_000 });
    const bens = json(await get(u, '/beneficiary/mtn-airtime')).data as { customerNumber: string }[];
    expect(bens.map((b) => b.customerNumber)).toEqual(['08034445566', '08031112233']);
    expect(json(await get(u, '/beneficiary/glo-airtime')).data).toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/bills/beneficiary/mtn-airtime/08031112233', headers: auth(u) });
    expect(del.statusCode).toBe(200);
    expect((json(await get(u, '/beneficiary/mtn-airtime')).data as unknown[]).length).toBe(1);
    const other = await payer(t.app);
    expect(json(await get(other, '/beneficiary/mtn-airtime')).data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/bills/beneficiary/mtn-airtime/08034445566', headers: auth(other) })).statusCode,
    ).toBe(404);
  });

  it('data: the plan sets the price', async () => {
    const u = await payer(t.app, 1_000_000);
    const { receipt } = await buy(u, {
      type: 'data',
      billerId: 'airtel-data',
      billerGroupId: 'data',
      packageId: 'airtel-4gb-30d',
      customerNumber: '08021234567',
      amount: 100,
    });
    expect(receipt).toMatchObject({ status: 'successful', amount: 250_000 });
  });

  it('electricity: the receipt and the history show the token', async () => {
    const u = await payer(t.app, 2_000_000);
    const p = await initiate(u, {
      type: 'electricity',
      billerId: 'ekedc',
      billerGroupId: 'electricity',
      packageId: 'prepaid',
      customerNumber: '45701234567',
      amount: 500_000,
    });
    expect(json(p).data).toMatchObject({ amount: 500_000, fee: 0, recipient: { accountNumber: '45701234567' } });
    expect((json(p).data as { recipient: { name: string } }).recipient.name).toMatch(/^Eko Electricity · /);
    const res = await complete(u, (json(p).data as { reference: string }).reference);
    const r = json(res).data as Receipt;
    expect(r.status).toBe('successful');
    expect(r.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect((await historyOf(t.app, u, { type: 'electricity' })).data[0]).toMatchObject({ token: r.token, status: 'successful' });
  });

  it('a vend that fails is reversed: the money comes back by itself and the history says why', async () => {
    const u = await payer(t.app, 2_000_000);
    const { receipt } = await buy(u, {
      type: 'tv',
      billerId: 'dstv',
      billerGroupId: 'tv',
      packageId: 'dstv-compact',
      customerNumber: '1234569999',
    });
    expect(receipt).toMatchObject({
      status: 'reversed',
      failureReason: 'DStv could not complete this purchase. Your money has been returned.',
    });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
    expect(json(await get(u, '/beneficiary/dstv')).data).toEqual([]);
  });

  it('a slow vend stays pending, holding the money, until a status check completes it', async () => {
    const u = await payer(t.app, 2_000_000);
    const { reference, receipt } = await buy(u, {
      type: 'electricity',
      billerId: 'ikedc',
      billerGroupId: 'electricity',
      packageId: 'postpaid',
      customerNumber: '45701237777',
      amount: 300_000,
    });
    expect(receipt).toMatchObject({ status: 'pending', token: null });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_700_000);
    const later = await get(u, `/bills/purchase-status/${reference}`);
    expect(json(later).data).toMatchObject({ status: 'successful' });
    expect((json(later).data as Receipt).token).toMatch(/^\d{4}-/);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_700_000);
    const stranger = await payer(t.app);
    expect((await get(stranger, `/bills/purchase-status/${reference}`)).statusCode).toBe(404);
  });

  const betting = { type: 'betting', billerId: 'bet9ja', billerGroupId: 'betting', packageId: 'fund', customerNumber: 'ADA2024' };

  it('a replayed complete pays once', async () => {
    const u = await payer(t.app, 1_000_000);
    const { reference } = json(await initiate(u, { ...betting, amount: 200_000 })).data as { reference: string };
    const results = await Promise.all([complete(u, reference), complete(u, reference), complete(u, reference)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(800_000);
  });

  it("someone else's reference is not found, and nothing moves", async () => {
    const u = await payer(t.app, 1_000_000);
    const other = await payer(t.app, 1_000_000);
    const { reference } = json(await initiate(u, { ...betting, amount: 200_000 })).data as { reference: string };
    expect((await complete(other, reference)).statusCode).toBe(404);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000);
    expect((await balancesOf(t.app, other)).walletBalance).toBe(1_000_000);
  });

  const airtime = { type: 'airtime', billerId: 'mtn-airtime', billerGroupId: 'airtime', customerNumber: '08031112233' };
  it.each([
    ['more than the wallet holds', { ...airtime, amount: 400_000 }, { code: 'INSUFFICIENT_FUNDS' }],
    [
      'a number that is not Nigerian',
      { ...airtime, customerNumber: '12345', amount: 10_000 },
      { message: 'Enter a valid Nigerian phone number' },
    ],
    ['no amount', airtime, { message: 'Enter an amount' }],
    ["an amount below the biller's range", { ...airtime, amount: 1_000 }, { message: 'The amount must be between ₦50 and ₦50,000' }],
    ['data without a package', { ...airtime, type: 'data', billerId: 'mtn-data', billerGroupId: 'data' }, { message: 'Choose a package' }],
    [
      'a biller of another kind',
      { ...airtime, type: 'tv', billerId: 'mtn-data', billerGroupId: 'data' },
      { message: 'MTN Data does not sell tv' },
    ],
    [
      'a meter the biller does not know',
      {
        type: 'electricity',
        billerId: 'ikedc',
        billerGroupId: 'electricity',
        packageId: 'prepaid',
        customerNumber: '00000000000',
        amount: 200_000,
      },
      { code: 'CUSTOMER_NOT_FOUND' },
    ],
    ['a kind of bill that does not exist', { type: 'gas', billerId: 'x', billerGroupId: 'y', customerNumber: '1234' }, { statusCode: 400 }],
  ])('a bill payment with %s is refused and nothing moves', async (_, payload, refusal) => {
    const u = await payer(t.app, 300_000);
    const res = await initiate(u, payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect({ statusCode: res.statusCode, ...json(res) }).toMatchObject(refusal);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(300_000);
  });

  const glo = { type: 'airtime', billerId: 'glo-airtime', billerGroupId: 'airtime', customerNumber: '08051112233', amount: 100_000 };

  it('a bill payment with a wrong PIN is refused and nothing moves', async () => {
    const u = await payer(t.app, 300_000);
    const { reference } = json(await initiate(u, glo)).data as { reference: string };
    expect((await complete(u, reference, { transactionPin: '0000' })).statusCode).toBe(403);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(300_000);
  });

  it('a bill payment over the spending limit is refused and nothing moves', async () => {
    const u = await payer(t.app, 300_000);
    const { reference } = json(await initiate(u, glo)).data as { reference: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/spending-limit',
      headers: auth(u, { transactionPin: TEST_PIN }),
      payload: { dailyLimit: 50_000 },
    });
    const over = await complete(u, reference);
    expect(over.statusCode).toBe(422);
    expect(json(over).code).toBe('SPENDING_LIMIT');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(300_000);
  });

  it('a bill payment without a token is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/initiate', payload: { type: 'airtime' } });
    expect(res.statusCode).toBe(401);
  });
});
