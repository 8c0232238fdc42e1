import { codeIn, lastMessage, mustCall, newUser, setPin, TEST_PIN, type TestContext, type TestUser } from './harness.js';
import { buildConnect } from './authz-world-connect.js';
import { buildMoney } from './authz-world-money.js';
import { buildShop } from './authz-world-shop.js';
import { buildStaff, type StaffWorld } from './authz-world-staff.js';

/**
 * The world the authorization matrix (authz-matrix.test.ts) holds every call against: one person in
 * each role the product knows, and the things those roles are about, made once per test file through
 * the real HTTP API (and, where only time would do it, a direct update of a creation date).
 *
 * - A PRIVATE community (members' posts wait for approval) of `owner`, with `admin`, `member`,
 *   `blocked` (a former member the owner blocked) and `nonMember` (never joined).
 * - By the owner: a members-only post in that community (`privatePost`) with a comment by the member,
 *   a public post, a draft, a close-friends story (the member is a close friend), a story for
 *   everyone and a highlight of it.
 * - A chat between `owner` and `member` (`chatPeer` is the member seen as the other person in that
 *   chat) with a text and a photo; `outsider` is in nothing at all.
 * - Shop A of `seller` and shop B of `otherSeller`, a product each; `shopper` with a PIN, a funded
 *   wallet, an address, a cart item, a wishlist item, an order at shop A paid into escrow, a saved
 *   card, a savings target, a locked fund, a loan, a send-money, a bank transfer, an airtime purchase
 *   (so a saved beneficiary), a report of shop B's product and in-app notices.
 * Every person has the PIN `TEST_PIN`. The things are made by area: authz-world-connect.ts (the
 * community, posts, stories, the chat), authz-world-shop.ts, authz-world-money.ts.
 */

export type Person = TestUser;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const PEOPLE = ['owner', 'admin', 'member', 'blocked', 'nonMember', 'outsider', 'shopper', 'seller', 'otherSeller'] as const;
export type PersonName = (typeof PEOPLE)[number];

export type Ok = <T = Record<string, unknown>>(
  u: Person,
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** The world, the console's staff included (authz-world-staff.ts). */
export type World = CustomerWorld & StaffWorld;
type CustomerWorld = Record<PersonName, Person> & {
  t: TestContext;
  /** A call that must succeed (2xx): its data. */
  ok: Ok;
  /** A new verified person with a nickname (no PIN, nothing else). */
  person: () => Promise<Person>;
  /** A new verified person with the PIN. */
  personWithPin: () => Promise<Person>;
  community: string;
  privatePost: string;
  comment: string;
  publicPost: string;
  draft: string;
  closeStory: string;
  publicStory: string;
  highlight: string;
  collection: string;
  chatImage: string;
  shopA: string;
  shopB: string;
  productA: string;
  productB: string;
  order: string;
  address: string;
  cartItem: string;
  wishlistItem: string;
  card: string;
  target: string;
  lockedFund: string;
  loan: string;
  sendReference: string;
  bankReference: string;
  billReference: string;
  beneficiaryNumber: string;
  shopReport: string;
  notice: string;
  // Disposable things, made by a row's own set-up so a call that consumes them leaves the world whole.
  /** A new member of the world's community (joined and accepted). */
  newMember: () => Promise<Person>;
  /** A new person who asked to join the world's community. */
  joinRequester: () => Promise<Person>;
  /** A post of a new member waiting for approval in the world's community. */
  pendingPost: () => Promise<string>;
  /** A new public community of the owner with the admin in it, its id. */
  spareCommunity: () => Promise<string>;
  /** An ownership offer of a spare community from the owner to the admin: the community's id. */
  offeredCommunity: () => Promise<string>;
  /** A new person who follows the owner and the admin (so may be invited). */
  invitable: () => Promise<Person>;
  /** An invite from the owner to `to` into a spare community: the invite's id. */
  inviteTo: (to: Person) => Promise<string>;
  ownerPost: (body?: object) => Promise<string>;
  ownerDraft: () => Promise<string>;
  ownerHighlight: () => Promise<string>;
  memberCollection: () => Promise<string>;
  sellerProduct: () => Promise<string>;
  /** A new cart item of the shopper (one of product A unless told). */
  cartItemOf: (productId?: string) => Promise<string>;
  /** A new order of the shopper at shop A, moved to this status by its seller and shopper. */
  orderIn: (status: 'paid' | 'accepted' | 'shipped' | 'delivered' | 'disputed' | 'completed') => Promise<string>;
  shopperAddress: () => Promise<string>;
  shopperWish: () => Promise<string>;
  shopperCard: () => Promise<string>;
  shopperTarget: (saved?: number) => Promise<string>;
  /** A previewed send-money of the shopper to the seller: its reference. */
  sendPreview: () => Promise<string>;
  /** A previewed bank transfer of the shopper: its reference. */
  bankPreview: () => Promise<string>;
  pin: { transactionPin: string };
};

/** What every part of the world is made with: the app, its people and a call that must succeed. */
export type WorldBase = {
  t: TestContext;
  ok: Ok;
  pin: { transactionPin: string };
  /** A new verified person with a nickname (no PIN, nothing else). */
  person: () => Promise<Person>;
  people: Record<PersonName, Person>;
};

export async function makeWorld(t: TestContext): Promise<World> {
  const app = t.app;
  const pin = { transactionPin: TEST_PIN };
  const ok: Ok = (u, method, url, payload, headers) => mustCall(app, u, method, url, payload, headers);
  let n = 0;
  const person = () => newUser(app, { nickName: `authz${Date.now().toString(36)}${n++}` });
  const personWithPin = async () => {
    const u = await person();
    await setPin(app, u);
    return u;
  };

  const people = {} as Record<PersonName, Person>;
  for (const name of PEOPLE) people[name] = await personWithPin();

  const base: WorldBase = { t, ok, pin, person, people };
  const connect = await buildConnect(base);
  const shop = await buildShop(base);
  const money = await buildMoney(base);
  const staff = await buildStaff(base);
  return { ...people, t, ok, person, personWithPin, ...connect, ...shop, ...money, ...staff, pin };
}

/** A password-reset code for this person, asked for through the API and read from the development outbox. */
export async function resetCodeOf(t: TestContext, u: Person): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/users/initiate-password-reset', payload: { phoneNumber: u.phone } });
  if (res.statusCode !== 200) throw new Error(`world: reset failed: ${res.body}`);
  return codeIn(await lastMessage(t.app, u.e164));
}

export { today, inDays } from './authz-world-money.js';
