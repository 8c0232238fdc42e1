import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executeRows } from '../platform/db.js';
import type { World, WorldBase } from './authz-world.js';

type Money = Pick<
  World,
  | 'card'
  | 'target'
  | 'lockedFund'
  | 'loan'
  | 'sendReference'
  | 'bankReference'
  | 'billReference'
  | 'beneficiaryNumber'
  | 'notice'
  | 'shopperCard'
  | 'shopperTarget'
  | 'sendPreview'
  | 'bankPreview'
>;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/**
 * The authorization world's (authz-world.ts) money of the shopper: a saved card, a savings target, a
 * locked fund, a loan, a send-money, a bank transfer, an airtime purchase, and the notices they leave.
 */
export async function buildMoney({ t, ok, pin, people }: WorldBase): Promise<Money> {
  const { shopper, seller } = people;

  const W = '/api/wallet';
  const shopperCard = async () => {
    await ok(shopper, 'POST', `${W}/fund/card`, {
      amount: 10_000,
      card: { number: '4084 0840 8408 4081', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvv: '408' },
      saveCard: true,
    });
    const cards = await ok<{ id: string }[]>(shopper, 'GET', `${W}/cards`);
    return cards[0]!.id;
  };
  const card = await shopperCard();
  const shopperTarget = async (saved = 0) => {
    const id = (
      await ok<{ id: string }>(shopper, 'POST', `${W}/savings-target`, {
        name: `Rent ${randomUUID().slice(0, 6)}`,
        targetAmount: 5_000_000,
        targetDate: inDays(200),
      })
    ).id;
    if (saved > 0) await ok(shopper, 'POST', `${W}/savings-target/top-up`, { targetId: id, amount: saved }, pin);
    return id;
  };
  const target = await shopperTarget(100_000);
  const lockedFund = (
    await ok<{ id: string }>(shopper, 'POST', `${W}/lockedfund`, { amount: 100_000, durationDays: 90, title: 'School fees' }, pin)
  ).id;
  // Old enough to borrow (a loan needs an account of some days; only time would give it otherwise).
  await executeRows(t.db, sql`UPDATE users SET created_at = now() - interval '40 days' WHERE id = ${shopper.id}`);
  const loan = (await ok<{ id: string }>(shopper, 'POST', `${W}/e-comm/api/loan/create`, { loanTypeId: 'quick', amount: 500_000 })).id;

  const T = '/api/transaction/api/v1';
  const sendPreview = async () =>
    (
      await ok<{ reference: string }>(shopper, 'POST', `${T}/initiate`, {
        type: 'sendMoney',
        recipientId: seller.id,
        amount: 10_000,
        narration: 'Lunch',
      })
    ).reference;
  const complete = (url: string, reference: string) =>
    ok<{ reference: string }>(shopper, 'POST', url, { reference }, { ...pin, 'Idempotency-Key': randomUUID() });
  const sendReference = (await complete(`${T}/complete`, await sendPreview())).reference;
  const bankPreview = async () =>
    (
      await ok<{ reference: string }>(shopper, 'POST', `${W}/initiate`, {
        bankCode: '058',
        accountNumber: '0123456789',
        amount: 10_000,
        narration: 'School fees',
      })
    ).reference;
  const bankReference = (await complete(`${W}/complete`, await bankPreview())).reference;
  const beneficiaryNumber = '08034445566';
  const billPreview = await ok<{ reference: string }>(shopper, 'POST', `${T}/initiate`, {
    type: 'airtime',
    billerId: 'mtn-airtime',
    billerGroupId: 'airtime',
    customerNumber: beneficiaryNumber,
    amount: 10_000,
  });
  const billReference = (await complete(`${T}/complete`, billPreview.reference)).reference;
  const notices = await ok<{ id: string }[]>(shopper, 'GET', '/api/user/notifications');
  if (!notices[0]) throw new Error('world: the shopper has no notices');
  const notice = notices[0].id;

  return {
    card,
    target,
    lockedFund,
    loan,
    sendReference,
    bankReference,
    billReference,
    beneficiaryNumber,
    notice,
    shopperCard,
    shopperTarget,
    sendPreview,
    bankPreview,
  };
}

export { today, inDays };
