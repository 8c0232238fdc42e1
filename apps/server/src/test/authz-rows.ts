import type { Row } from './authz-rows-shapes.js';
import { chatRows } from './authz-rows-chat.js';
import { chatActionRows } from './authz-rows-chat-actions.js';
import { chatGroupRows } from './authz-rows-chat-groups.js';
import { communityRows } from './authz-rows-communities.js';
import { connectRows } from './authz-rows-connect.js';
import { moneyRows } from './authz-rows-money.js';
import { shopRows } from './authz-rows-shop.js';
import { staffRows } from './authz-rows-staff.js';
import { noticeRows, uploadRows, userRows } from './authz-rows-user.js';
import { notificationRows } from './authz-rows-notifications.js';
import { kycRows } from './authz-rows-kyc.js';

/**
 * The authorization matrix's rows: for EVERY entry of the contracts' API map (packages/contracts/src/api.ts)
 * one row, by the entry's name, saying how to call it against the world (authz-world.ts) and what each
 * role it concerns must be answered. authz-matrix.test.ts fails for an entry without a row, and for a
 * row whose entry is gone. The rows are kept by area in authz-rows-*.ts, written in the types and
 * shorthands of authz-rows-shapes.ts.
 *
 * Roles: `stranger` is a request with no token; `newcomer` is a person made for that one request
 * (verified, no PIN, nothing else: for calls that use up the caller, e.g. logout or setting the first
 * PIN); `chatPeer` is the member seen as the other person in the owner's chat; every other role is
 * the world's person of that name.
 *
 * `OK` is the call's success as its route declares it (201 where the route answers 201, else 200).
 * A refusal is 401 (no token), 403 (the thing is visible but not yours to act on: a shop's seller
 * pages, a community's staff actions, someone else's post that you can see) or 404 (the thing is
 * hidden from you, so its existence is not told: a private community's posts to outsiders and blocked
 * people, someone else's order, money, cards, saved things, chats and stories outside the audience).
 * The expected answers come from the spec (section 6, roles and permissions), routes.tsv's guards and
 * the architecture's rules, not from what the server answers today.
 */

export { NOOP, OK, ROLES, type Ctx, type Expected, type Role, type Row } from './authz-rows-shapes.js';

// The matrix runs the rows in this order (those marked `last` after all the others).
export const rows: Record<string, Row> = {
  ...userRows,
  ...moneyRows,
  ...uploadRows,
  ...connectRows,
  ...communityRows,
  ...chatRows,
  ...chatGroupRows,
  ...chatActionRows,
  ...shopRows,
  ...noticeRows,
  ...staffRows,
  ...notificationRows,
  ...kycRows,
};
