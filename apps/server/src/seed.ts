import { count, eq, inArray } from 'drizzle-orm';
import { openSystemAccounts, openUserAccounts, system, transfer, userAccount } from './ledger/index.js';
import { newReference, recordHistory } from './services/transaction/index.js';
import { derivedId, hashSecret, newId } from './platform/crypto.js';
import type { Db } from './platform/db.js';
import { users } from './services/user/index.js';
import { markVerified } from './services/kyc/index.js';
import { seedMarketplace, DEMO_SHOPS } from './services/ecommerce/index.js';
import type { BlobStorage } from './platform/storage.js';
import { demoAvatar, seedConnect } from './services/connect/index.js';
import { seedChat } from './services/chat/index.js';

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_PIN = '2468';
export const DEMO_USERS = [
  { firstName: 'Adaeze', lastName: 'Okafor', email: 'ada@demo.owo.ng', phoneNumber: '+2348030000001', nickName: 'ada' },
  { firstName: 'Tunde', lastName: 'Bakare', email: 'tunde@demo.owo.ng', phoneNumber: '+2348030000002', nickName: 'tunde' },
  { firstName: 'Halima', lastName: 'Musa', email: 'halima@demo.owo.ng', phoneNumber: '+2348030000003', nickName: 'halima' },
] as const;

/**
 * One demo person left at KYC Tier 1 (docs/kyc.md), to show the limits and the upgrade; the others
 * are verified to Tier 2.
 */
export const DEMO_TIER1_USER = {
  firstName: 'Ngozi',
  lastName: 'Adebayo',
  email: 'ngozi@demo.owo.ng',
  phoneNumber: '+2348030000004',
  nickName: 'ngozi',
} as const;

/** Each demo wallet starts with ₦50,000 (in kobo), so every screen has something to show. */
export const DEMO_OPENING_BALANCE = 5_000_000n;

/** The people who keep the demo marketplace's other shops (they can log in with the demo password too). */
export const DEMO_SELLERS = DEMO_SHOPS.slice(1).map((s, i) => ({
  firstName: ['Chidi', 'Amina', 'Bola', 'Emeka', 'Fatima', 'Ibrahim', 'Ngozi', 'Musa', 'Tope', 'Yinka', 'Kemi'][i] ?? 'Seller',
  lastName: s.name.split(' ')[0]!,
  email: `seller${i + 1}@demo.owo.ng`,
  phoneNumber: `+23480310000${String(i + 10).padStart(2, '0')}`,
  nickName: null,
}));

/**
 * On a database with no users, adds a few verified demo people with a password, PIN and some money,
 * and (given the file storage for its pictures) a marketplace: Tunde owns a shop, sellers keep the
 * others. Returns true if it seeded.
 */
export async function seedDemo(db: Db, storage?: BlobStorage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return storage ? seedDemoConnect(db, storage) : false;
  const [passwordHash, pinHash] = await Promise.all([hashSecret(DEMO_PASSWORD), hashSecret(DEMO_PIN)]);
  await openSystemAccounts(db);
  await db.transaction(async (tx) => {
    for (const u of [...DEMO_USERS, DEMO_TIER1_USER, ...(storage ? DEMO_SELLERS : [])]) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, u.email)).limit(1);
      if (exists) continue;
      const id = newId();
      await tx.insert(users).values({ id, ...u, passwordHash, pinHash, phoneVerifiedAt: new Date(), bio: 'Demo account' });
      await openUserAccounts(tx, id);
      await markVerified(tx, id, u === DEMO_TIER1_USER ? 1 : 2);
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
  if (storage) {
    const owners = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_USERS[1].email, ...DEMO_SELLERS.map((x) => x.email)]));
    const byEmail = new Map(owners.map((o) => [o.email, o.id]));
    await seedMarketplace(
      db,
      storage,
      [DEMO_USERS[1].email, ...DEMO_SELLERS.map((x) => x.email)].map((e) => byEmail.get(e)!),
    );
    await seedDemoConnect(db, storage);
  }
  return true;
}

/**
 * Connect for the demo people (photos, follows, posts, stories, communities: services/connect/demo.ts),
 * once: also on a database seeded before Connect's demo existed. True if it seeded.
 */
async function seedDemoConnect(db: Db, storage: BlobStorage): Promise<boolean> {
  const emails = [...DEMO_USERS, ...DEMO_SELLERS].map((u) => u.email);
  const found = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.email, emails));
  const people = emails.flatMap((e) => found.filter((u) => u.email === e));
  if (!(await seedConnect(db, storage, people))) return false;
  await seedChat(db, people);
  for (const [i, p] of people.entries())
    if (!p.avatar)
      await db
        .update(users)
        .set({ avatar: await demoAvatar(db, storage, p, i) })
        .where(eq(users.id, p.id));
  return true;
}
