import { randomUUID } from 'node:crypto';
import { firstAdmin, inviteTokenFor, staffAuth, staffMember, type TestStaff } from '../services/staff/staff-test-kit.js';
import { markVerified } from '../services/kyc/index.js';
import { reconItems } from '../services/staff/index.js';
import { banPerson, freezeAccount } from '../services/user/index.js';
import type { Person, WorldBase } from './authz-world.js';
import { auth } from './harness.js';
import { tier3Body } from './upload-fixture.js';

/** The staff roles of the matrix, by the role names of authz-rows-shapes.ts (`staffAdmin` is the console's admin). */
export const STAFF_PEOPLE = ['support', 'compliance', 'moderator', 'finance', 'staffAdmin'] as const;
export type StaffPersonName = (typeof STAFF_PEOPLE)[number];

export type StaffWorld = Record<StaffPersonName, Person> & {
  staffKit: {
    admin: TestStaff;
    support: TestStaff;
    /** An unspent recovery code of the admin (for the sign-in row). */
    loginCode: () => string;
    /** A new invitation: its token (opened when `open`, with the TOTP secret). */
    invite: (open?: boolean) => Promise<{ token: string; secret: string }>;
    /** A new invited member's id (to disable). */
    invitedStaffId: () => Promise<string>;
    /** A new pending manual credit for the shopper, requested by support: its id. */
    pendingRequest: () => Promise<string>;
    /** A new customer whose account is frozen: their id. */
    frozenCustomer: () => Promise<string>;
    /** A new post by a new person, reported once: its id. */
    reportedPost: () => Promise<string>;
    /** A new customer banned for a week by the moderator: their id. */
    bannedCustomer: () => Promise<string>;
    /** A new Tier 2 customer whose Tier 3 documents wait for review: their id. */
    tier3Request: () => Promise<string>;
    /** The ID document of a new Tier 3 request: its upload's id. */
    tier3Document: () => Promise<string>;
    /** A new open reconciliation record (a payout the provider has not reported): its id. */
    reconItem: () => Promise<string>;
  };
};

const asPerson = (s: TestStaff): Person => ({
  id: s.id,
  token: s.token,
  email: s.email,
  phone: '',
  e164: '',
  password: s.password,
  firstName: s.name,
});

/**
 * The console's part of the authorization world: one staff member of each role (the admin made by
 * the command's function, the others invited and enrolled through the calls), with session tokens
 * apart from the customers' ones.
 */
export async function buildStaff({ t, people, person }: WorldBase): Promise<StaffWorld> {
  const admin = await firstAdmin(t, 'Matrix Admin');
  const support = await staffMember(t, admin, 'support');
  const compliance = await staffMember(t, admin, 'compliance');
  const moderator = await staffMember(t, admin, 'moderator');
  const finance = await staffMember(t, admin, 'finance');
  const codes = [...admin.recoveryCodes];
  const invite = async (open = false) => {
    const email = `invite-${randomUUID().slice(0, 8)}@staff.owo.ng`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/staff',
      headers: staffAuth(admin),
      payload: { email, name: 'Invited Person', role: 'support' },
    });
    if (res.statusCode !== 201) throw new Error(`world: invite failed: ${res.body}`);
    const token = await inviteTokenFor(t.app, email);
    if (!open) return { token, secret: '', id: (res.json() as { data: { id: string } }).data.id };
    const opened = await t.app.inject({ method: 'POST', url: '/api/staff/auth/enrollment', payload: { token } });
    return { token, secret: (opened.json() as { data: { secret: string } }).data.secret, id: '' };
  };
  const tier3Request = async () => {
    const p = await person();
    await t.db.transaction((tx) => markVerified(tx, p.id, 2));
    const payload = await tier3Body(t.app, p);
    const res = await t.app.inject({ method: 'POST', url: '/api/kyc/tier3', headers: auth(p), payload });
    if (res.statusCode >= 300) throw new Error(`world: Tier 3 request failed: ${res.body}`);
    return { userId: p.id, documentId: payload.idDocumentId };
  };
  return {
    support: asPerson(support),
    compliance: asPerson(compliance),
    moderator: asPerson(moderator),
    finance: asPerson(finance),
    staffAdmin: asPerson(admin),
    staffKit: {
      admin,
      support,
      loginCode: () => {
        const code = codes.shift();
        if (!code) throw new Error('world: the admin has no recovery code left');
        return code;
      },
      invite,
      invitedStaffId: async () => (await invite()).id,
      pendingRequest: async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/staff/money-requests',
          headers: staffAuth(support),
          payload: { kind: 'credit', customerId: people.shopper.id, amount: 1_000, reason: 'Goodwill for the wait' },
        });
        if (res.statusCode !== 201) throw new Error(`world: money request failed: ${res.body}`);
        return (res.json() as { data: { id: string } }).data.id;
      },
      frozenCustomer: async () => {
        const p = await person();
        await t.db.transaction((tx) => freezeAccount(tx, p.id, 'Checking a payment', admin.id));
        return p.id;
      },
      reportedPost: async () => {
        const [author, reporter] = [await person(), await person()];
        const post = await t.app.inject({
          method: 'POST',
          url: '/api/connect/posts',
          headers: auth(author),
          payload: { text: 'Double your money' },
        });
        const id = (post.json() as { data: { _id: string } }).data._id;
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/connect/posts/${id}/report`,
          headers: auth(reporter),
          payload: { reason: 'scam' },
        });
        if (res.statusCode >= 300) throw new Error(`world: report failed: ${res.body}`);
        return id;
      },
      bannedCustomer: async () => {
        const p = await person();
        await t.db.transaction((tx) =>
          banPerson(tx, p.id, { reason: 'Repeated scam posts', until: new Date(Date.now() + 7 * 86_400_000), by: moderator.id }),
        );
        return p.id;
      },
      tier3Request: async () => (await tier3Request()).userId,
      tier3Document: async () => (await tier3Request()).documentId,
      reconItem: async () => {
        const id = randomUUID();
        await t.db.insert(reconItems).values({
          id,
          day: '2026-01-15',
          source: 'payout',
          reference: `MATRIX${randomUUID().slice(0, 12)}`,
          mismatch: 'not_at_provider',
          ledgerAmount: 50_000n,
          ledgerStatus: 'posted',
        });
        // Written without a call (no call makes a record): a read through the app after it, so the
        // matrix, which takes its "nothing written" print afresh after each call served, sees the row.
        await t.app.inject({ method: 'GET', url: '/api/staff/reconciliation/items', headers: staffAuth(finance) });
        return id;
      },
    },
  };
}
