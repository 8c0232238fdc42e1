import { count, eq } from 'drizzle-orm';
import { openSystemAccounts, openUserAccounts, system, transfer, userAccount } from './ledger/index.js';
import { newReference, recordHistory } from './services/transaction/index.js';
import { derivedId, hashSecret, newId } from './platform/crypto.js';
import type { Db } from './platform/db.js';
import { users } from './services/user/index.js';

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_PIN = '2468';
export const DEMO_USERS = [
  { firstName: 'Adaeze', lastName: 'Okafor', email: 'ada@demo.owo.ng', phoneNumber: '+2348030000001', nickName: 'ada' },
  { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@demo.owo.ng', phoneNumber: '+2348030000002', nickName: 'tunde' },
  { firstName: 'Halima', lastName: 'Musa', email: 'halima@demo.owo.ng', phoneNumber: '+2348030000003', nickName: 'halima' },
] as const;

/** Each demo wallet starts with ₦50,000 (in kobo), so every screen has something to show. */
export const DEMO_OPENING_BALANCE = 5_000_000n;

/** On a database with no users, adds a few verified demo people with a password, PIN and some money. Returns true if it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const [passwordHash, pinHash] = await Promise.all([hashSecret(DEMO_PASSWORD), hashSecret(DEMO_PIN)]);
  await openSystemAccounts(db);
  await db.transaction(async (tx) => {
    for (const u of DEMO_USERS) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, u.email)).limit(1);
      if (exists) continue;
      const id = newId();
      await tx.insert(users).values({ id, ...u, passwordHash, pinHash, phoneVerifiedAt: new Date(), bio: 'Demo account' });
      await openUserAccounts(tx, id);
      // The opening balance moves through the ledger like any funding, with its history row.
      const reference = newReference();
      const transferId = derivedId('demo-opening', id);
      await transfer(tx, [
        {
          id: transferId,
          debitAccountId: system('card_funding'),
          creditAccountId: await userAccount(tx, id, 'wallet'),
          amount: DEMO_OPENING_BALANCE,
          kind: 'fund.demo',
          reference,
        },
      ]);
      await recordHistory(tx, [
        {
          userId: id,
          reference,
          type: 'funding',
          direction: 'credit',
          amount: DEMO_OPENING_BALANCE,
          status: 'successful',
          narration: 'Demo opening balance',
          counterparty: { id: null, name: 'Owo demo credit', bankName: null, accountNumber: null },
        },
      ]);
    }
  });
  return true;
}
