import { describe, expect, it } from 'vitest';
import { auth, balancesOf, GOOD_CARD, historyOf, json, newUser, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { signWebhook } from './virtual-account.service.js';

const t = fileApp({ ledgerChecked: true });

const post = (u: TestUser | null, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/wallet${url}`, headers: u ? auth(u, headers) : headers, payload });

describe('balances', () => {
  const zero = { walletBalance: 0, savingsBalance: 0, lockedBalance: 0, businessWalletBalance: 0 };

  it('start at zero, in kobo', async () => {
    const u = await newUser(t.app);
    expect(await balancesOf(t.app, u)).toEqual(zero);
  });

  it('are the same on the older route', async () => {
    const u = await newUser(t.app);
    const other = await t.app.inject({ method: 'GET', url: '/api/wallet/wallet/api/v1/wallet-balances', headers: auth(u) });
    expect(json(other).data).toEqual(zero);
  });

  it('need a token (401)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/wallet/wallet-balances' });
    expect(none.statusCode).toBe(401);
    expect(json(none).message).toBe('Authorization failed, no token!');
  });
});

describe('funding by card', () => {
  it('credits the wallet with the good test card and records it', async () => {
    const u = await newUser(t.app);
    const res = await post(u, '/fund/card', { amount: 500_000, card: GOOD_CARD });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ amount: 500_000, status: 'successful', card: null });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(500_000);
    const h = await historyOf(t.app, u);
    expect(h.data[0]).toMatchObject({
      type: 'funding',
      direction: 'credit',
      amount: 500_000,
      status: 'successful',
      counterparty: { name: 'Visa •••• 4081' },
    });
  });

  it('a declined card credits nothing and the history says why', async () => {
    const u = await newUser(t.app);
    const res = await post(u, '/fund/card', { amount: 100_000, card: { ...GOOD_CARD, number: '4084080000000409' } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('Your card was declined by your bank');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
    expect((await historyOf(t.app, u)).data[0]).toMatchObject({ status: 'failed', failureReason: 'Your card was declined by your bank' });
  });

  it.each([
    [{ number: '4084084084084082' }, 'Enter a valid card number'],
    [{ expiryYear: 2020 }, 'This card has expired'],
    [{ cvv: '1' }, 'CVV is 3 or 4 digits'],
  ])('refuses %o with 400 and credits nothing', async (over, message) => {
    const u = await newUser(t.app);
    const res = await post(u, '/fund/card', { amount: 100_000, card: { ...GOOD_CARD, ...over } });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
  });

  it('refuses amounts that are not whole kobo or below ₦1, and no token', async () => {
    const u = await newUser(t.app);
    expect(json(await post(u, '/fund/card', { amount: 10.5, card: GOOD_CARD })).message).toBe('amount must be whole kobo');
    expect(json(await post(u, '/fund/card', { amount: 50, card: GOOD_CARD })).message).toBe('The smallest amount is ₦1.00');
    expect((await post(null, '/fund/card', { amount: 100_000, card: GOOD_CARD })).statusCode).toBe(401);
  });

  it('an Idempotency-Key replays the first answer and charges once', async () => {
    const u = await newUser(t.app);
    const a = await post(u, '/fund/card', { amount: 200_000, card: GOOD_CARD }, { 'idempotency-key': 'fund-key-0001' });
    const b = await post(u, '/fund/card', { amount: 200_000, card: GOOD_CARD }, { 'idempotency-key': 'fund-key-0001' });
    expect(b.json()).toEqual(a.json());
    expect((await balancesOf(t.app, u)).walletBalance).toBe(200_000);
  });

  it('saves a card as a token, reuses it with the PIN, and never returns the number', async () => {
    const u = await payer(t.app);
    const first = await post(u, '/fund/card', { amount: 100_000, card: GOOD_CARD, saveCard: true });
    const card = (json(first).data as { card: { id: string; last4: string; brand: string } }).card;
    expect(card).toMatchObject({ last4: '4081', brand: 'Visa' });
    const list = await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: auth(u) });
    expect(list.body).not.toContain('4084084084084081');
    expect((json(list).data as unknown[]).length).toBe(1);

    const noPin = await post(u, '/fund/saved-card', { amount: 50_000, cardId: card.id });
    expect(noPin.statusCode).toBe(400);
    const reused = await post(u, '/fund/saved-card', { amount: 50_000, cardId: card.id }, { transactionPin: TEST_PIN });
    expect(reused.statusCode).toBe(200);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(150_000);

    const stranger = await payer(t.app);
    const theirs = await post(stranger, '/fund/saved-card', { amount: 50_000, cardId: card.id }, { transactionPin: TEST_PIN });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallet/cards/${card.id}`, headers: auth(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/wallet/cards/${card.id}`, headers: auth(u) })).statusCode).toBe(200);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: auth(u) })).data).toEqual([]);
  });
});

describe('funding by bank transfer (virtual account + webhook)', () => {
  const webhook = (payload: object, sig?: string) => {
    const raw = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/wallet/webhooks/bank-transfer',
      headers: { 'content-type': 'application/json', 'x-owo-signature': sig ?? signWebhook(t.config.webhookSecret, raw) },
      payload: raw,
    });
  };

  it('gives each user a stable account number', async () => {
    const u = await newUser(t.app);
    const a = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as {
      accountNumber: string;
      accountName: string;
    };
    const b = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as {
      accountNumber: string;
    };
    expect(a.accountNumber).toMatch(/^\d{10}$/);
    expect(b.accountNumber).toBe(a.accountNumber);
    expect(a.accountName).toContain('Ngozi');
  });

  const transferTo = async (u: TestUser) => {
    const { accountNumber } = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as {
      accountNumber: string;
    };
    return {
      eventId: `evt-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      accountNumber,
      amount: 250_000,
      senderName: 'Bola Ahmed',
      senderBank: 'GTBank',
      reference: 'NIP123',
    };
  };

  it('credits a signed transfer once, however often it is replayed', async () => {
    const u = await newUser(t.app);
    const event = await transferTo(u);
    const first = await webhook(event);
    expect(json(first).data).toMatchObject({ credited: true });
    const second = await webhook(event);
    expect(second.statusCode).toBe(200);
    expect(json(second).data).toMatchObject({ credited: false, message: 'Already processed' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(250_000);
    const h = await historyOf(t.app, u);
    expect(h.data.filter((x) => x.type === 'funding')).toHaveLength(1);
    expect(h.data[0]!.counterparty.name).toBe('Bola Ahmed');
  });

  it('refuses a transfer with a bad signature (401) and credits nothing', async () => {
    const u = await newUser(t.app);
    const forged = await webhook({ ...(await transferTo(u)), amount: 9_999_999 }, 'deadbeef');
    expect(forged.statusCode).toBe(401);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
  });

  it('a tampered body fails the signature check even with the original signature', async () => {
    const u = await newUser(t.app);
    const { accountNumber } = json(await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(u) })).data as {
      accountNumber: string;
    };
    const event = { eventId: `evt-t-${Date.now()}`, accountNumber, amount: 100, senderName: 'A', senderBank: 'B', reference: 'C' };
    const sig = signWebhook(t.config.webhookSecret, JSON.stringify(event));
    expect((await webhook({ ...event, amount: 100_000_00 }, sig)).statusCode).toBe(401);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
  });

  it('the development route simulates an inbound transfer', async () => {
    const u = await newUser(t.app);
    const res = await post(u, '/dev/simulate-bank-transfer', { amount: 75_000 });
    expect(res.statusCode).toBe(200);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(75_000);
  });
});

describe('funding by bank (direct debit)', () => {
  it('debits a linked account, and a declined debit credits nothing', async () => {
    const u = await newUser(t.app);
    const ok = await post(u, '/fund/bank', { amount: 300_000, bankCode: '058', accountNumber: '0123456789' });
    expect(ok.statusCode).toBe(200);
    const declined = await post(u, '/fund/bank', { amount: 300_000, bankCode: '058', accountNumber: '0000000409' });
    expect(declined.statusCode).toBe(422);
    expect(json(declined).message).toBe('Your bank declined the debit');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(300_000);
    expect((await post(u, '/fund/bank', { amount: 300_000, bankCode: '999', accountNumber: '0123456789' })).statusCode).toBe(400);
  });
});
