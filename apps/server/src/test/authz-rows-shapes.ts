import { randomUUID } from 'node:crypto';
import type { Person, World } from './authz-world.js';

// The types of the authorization matrix's rows and the shorthands the rows by area (authz-rows-*.ts)
// are written in; authz-rows.ts assembles the rows and says what they mean.

export const OK = 'OK' as const;
/** The call's success, having written nothing: a batch that passes over what the caller may not touch. */
export const NOOP = 'NOOP' as const;
export type Expected = number | typeof OK | typeof NOOP;

export const ROLES = [
  'stranger',
  'newcomer',
  'owner',
  'admin',
  'member',
  'blocked',
  'nonMember',
  'chatPeer',
  'outsider',
  'shopper',
  'seller',
  'otherSeller',
  // The operator console's staff (authz-world-staff.ts).
  'support',
  'compliance',
  'moderator',
  'finance',
  'staffAdmin',
] as const;
export type Role = (typeof ROLES)[number];

/** Values a row's set-up hands to its parts (ids, references). */
export type Ctx = Record<string, string>;

export type Row = {
  /** Served without a token (sign-up, login, OTP and password reset). */
  public?: true;
  /** Once, before the row's first request (a disposable thing the row's success consumes). */
  setup?: (w: World) => Promise<Ctx>;
  /** Before every request of the row (as: the caller; null for the stranger). */
  each?: (w: World, as: Person | null) => Promise<Ctx>;
  params?: (w: World, x: Ctx) => Record<string, string>;
  query?: (w: World, x: Ctx) => Record<string, string>;
  body?: (w: World, x: Ctx, as: Person | null) => unknown;
  /** Extra headers (they win over the PIN the test sends where the entry has `pin`). */
  headers?: (w: World, x: Ctx, as: Person | null) => Record<string, string>;
  /** A multipart upload of one small PNG (in the field `file`, or the one named). */
  multipart?: true | 'files';
  /** Runs after every other row: its success uses up part of the world. */
  last?: true;
  expect: Partial<Record<Role, Expected>>;
};

// Shorthands for the common shapes.
/** Anyone signed in may call it; the answer is about the caller only. */
export const anyone = (who: Role = 'outsider'): Row['expect'] => ({ stranger: 401, [who]: OK });
export const list = (extra: Partial<Row> = {}): Row => ({ expect: anyone(), ...extra });
export const mine = (extra: Partial<Row> = {}): Row => ({ expect: anyone('shopper'), ...extra });
/** A private community's post: hidden from outsiders and blocked people, open to members. */
export const privatePostAction = (extra: Partial<Row> = {}): Row => ({
  params: (w) => ({ id: w.privatePost }),
  expect: { stranger: 401, nonMember: 404, blocked: 404, member: OK },
  ...extra,
});
/** The shopper's own thing: others are told it does not exist. */
export const shoppers = (extra: Partial<Row>): Row => ({ expect: { stranger: 401, outsider: 404, shopper: OK }, ...extra });
/** Shop A's seller pages and actions. */
export const sellerOfA: Row['expect'] = { stranger: 401, otherSeller: 403, shopper: 403, seller: OK };
/** A community's staff action or list (spec section 6; routes.tsv: owner or admin). */
export const staff: Row['expect'] = { stranger: 401, owner: OK, admin: OK, member: 403, blocked: 403, nonMember: 403 };
/** An order step of the seller (order: a party other than the seller is refused, anyone else is told nothing). */
export const sellerStep = (status: Parameters<World['orderIn']>[0], body?: object): Row => ({
  setup: async (w) => ({ order: await w.orderIn(status) }),
  params: (_w, x) => ({ id: x.order! }),
  ...(body ? { body: () => body } : {}),
  expect: { stranger: 401, otherSeller: 404, shopper: 403, seller: OK },
});
export const shopperStep = (status: Parameters<World['orderIn']>[0], body?: object): Row => ({
  setup: async (w) => ({ order: await w.orderIn(status) }),
  params: (_w, x) => ({ id: x.order! }),
  ...(body ? { body: () => body } : {}),
  expect: { stranger: 401, otherSeller: 404, seller: 403, shopper: OK },
});
export const C = (w: World) => ({ id: w.community });
export const who = (x: Ctx) => ({ userId: x.userId! });
export const card = { number: '4084 0840 8408 4081', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvv: '408' };
export const unique = () => randomUUID().slice(0, 8);
