import { totpCode } from '../services/staff/index.js';
import { STAFF_PASSWORD } from '../services/staff/staff-test-kit.js';
import { mine, OK, unique, type Role, type Row } from './authz-rows-shapes.js';

/**
 * The authorization matrix's rows (authz-rows.ts) of the operator console (/api/staff). Every console
 * call refuses a customer's token (`outsider`, 401: a customer session is no staff session); each staff
 * role is let in (OK) or refused (403) as docs/console.md's table says: support and finance request
 * money and finance alone decides; admins manage staff and read the audit log and health but move no
 * money and write no notes; compliance reads customers, money and the audit log; moderators have
 * the moderation queue, its decisions and bans (with admins); compliance alone reviews Tier 3 documents.
 */
const STAFF_ROLES = ['support', 'compliance', 'moderator', 'finance', 'staffAdmin'] as const satisfies readonly Role[];
type StaffRoleName = (typeof STAFF_ROLES)[number];

/** A console call: the roles named answer OK, the other staff roles 403, a customer and no token 401. */
const staffOnly = (...allowed: StaffRoleName[]): Row['expect'] => ({
  stranger: 401,
  outsider: 401,
  ...Object.fromEntries(STAFF_ROLES.map((r) => [r, allowed.includes(r) ? OK : 403])),
});
const everyStaff = staffOnly(...STAFF_ROLES);
const customerReaders = staffOnly('support', 'compliance', 'finance', 'staffAdmin');
const moneyReaders = staffOnly('support', 'compliance', 'finance');
const shopper = (w: Parameters<NonNullable<Row['params']>>[0]) => ({ id: w.shopper.id });

export const staffRows: Record<string, Row> = {
  // --- sign-in (public: the body carries the credentials) ----------------------------------------------
  'staff.login': {
    public: true,
    each: async (w) => ({ code: w.staffKit.loginCode() }),
    body: (w, x) => ({ email: w.staffKit.admin.email, password: STAFF_PASSWORD, code: x.code }),
    expect: { stranger: OK },
  },
  'staff.enrollment': {
    public: true,
    setup: async (w) => ({ token: (await w.staffKit.invite()).token }),
    body: (_w, x) => ({ token: x.token }),
    expect: { stranger: OK },
  },
  'staff.enroll': {
    public: true,
    setup: async (w) => w.staffKit.invite(true),
    body: (_w, x) => ({ token: x.token, password: STAFF_PASSWORD, code: totpCode(x.secret!) }),
    expect: { stranger: OK },
  },
  'staff.me': { expect: everyStaff },
  // Ends each caller's session: after every other row.
  'staff.logout': { expect: everyStaff, last: true },

  // --- staff accounts ------------------------------------------------------------------------------
  'staff.list': { expect: staffOnly('staffAdmin') },
  'staff.add': {
    body: () => ({ email: `new-${unique()}@staff.owo.ng`, name: 'New Person', role: 'support' }),
    expect: staffOnly('staffAdmin'),
  },
  'staff.disable': {
    setup: async (w) => ({ id: await w.staffKit.invitedStaffId() }),
    params: (_w, x) => ({ id: x.id! }),
    body: () => ({ reason: 'Left the company' }),
    expect: staffOnly('staffAdmin'),
  },

  // --- customers -----------------------------------------------------------------------------------
  'staff.searchCustomers': { query: (w) => ({ q: w.shopper.email }), expect: customerReaders },
  'staff.customer': { params: shopper, expect: customerReaders },
  'staff.customerHistory': { params: shopper, expect: customerReaders },
  'staff.customerNotes': { params: shopper, expect: customerReaders },
  'staff.addNote': {
    params: shopper,
    body: () => ({ text: 'Called about a card funding' }),
    expect: staffOnly('support', 'compliance', 'finance'),
  },

  // --- money with two keys -------------------------------------------------------------------------
  'staff.requestMoney': {
    body: (w) => ({ kind: 'credit', customerId: w.shopper.id, amount: 1_000, reason: 'Goodwill for the wait' }),
    expect: staffOnly('support', 'finance'),
  },
  'staff.moneyRequests': { expect: moneyReaders },
  'staff.moneyRequest': {
    setup: async (w) => ({ id: await w.staffKit.pendingRequest() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: moneyReaders,
  },
  'staff.approveMoney': {
    setup: async (w) => ({ id: await w.staffKit.pendingRequest() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: staffOnly('finance'),
  },
  'staff.rejectMoney': {
    setup: async (w) => ({ id: await w.staffKit.pendingRequest() }),
    params: (_w, x) => ({ id: x.id! }),
    body: () => ({ reason: 'No payment failed here' }),
    expect: staffOnly('finance'),
  },

  // --- audit and health ----------------------------------------------------------------------------
  'staff.audit': { query: (w) => ({ customerId: w.shopper.id }), expect: staffOnly('compliance', 'staffAdmin') },
  'staff.verifyAudit': { expect: staffOnly('compliance', 'staffAdmin') },
  'staff.health': { expect: staffOnly('finance', 'staffAdmin') },

  // --- freezing an account (console-ops) -----------------------------------------------------------
  'staff.freezeAccount': {
    each: async (w) => ({ id: (await w.person()).id }),
    params: (_w, x) => ({ id: x.id! }),
    body: () => ({ reason: 'Checking a card payment' }),
    expect: staffOnly('support', 'compliance'),
  },
  'staff.unfreezeAccount': {
    each: async (w) => ({ id: await w.staffKit.frozenCustomer() }),
    params: (_w, x) => ({ id: x.id! }),
    body: () => ({ reason: 'The payment checked out' }),
    expect: staffOnly('support', 'compliance'),
  },
  'user.accountFreeze': mine(),

  // --- disputes (console-ops): a decision is a money request finance approves ------------------------
  'staff.disputes': { expect: staffOnly('support', 'finance', 'staffAdmin') },
  'staff.dispute': {
    setup: async (w) => ({ id: await w.orderIn('disputed') }),
    params: (_w, x) => ({ orderId: x.id! }),
    expect: staffOnly('support', 'finance', 'staffAdmin'),
  },
  'staff.decideDispute': {
    each: async (w) => ({ id: await w.orderIn('disputed') }),
    params: (_w, x) => ({ orderId: x.id! }),
    body: () => ({ decision: 'refund', reason: 'The seller sent the wrong item' }),
    expect: staffOnly('support', 'staffAdmin'),
  },

  // --- moderation (console-ops) ----------------------------------------------------------------------
  'staff.moderationQueue': { expect: staffOnly('moderator', 'staffAdmin') },
  'staff.moderate': {
    each: async (w) => ({ id: await w.staffKit.reportedPost() }),
    params: (_w, x) => ({ kind: 'post', id: x.id! }),
    body: () => ({ action: 'remove', reason: 'It promises returns on money' }),
    expect: staffOnly('moderator', 'staffAdmin'),
  },
  'staff.banAuthor': {
    each: async (w) => ({ id: await w.staffKit.reportedPost() }),
    params: (_w, x) => ({ kind: 'post', id: x.id! }),
    body: () => ({ reason: 'Repeated posts promising returns on money', days: 7 }),
    expect: staffOnly('moderator', 'staffAdmin'),
  },
  'staff.bans': { expect: staffOnly('moderator', 'staffAdmin') },
  'staff.liftBan': {
    each: async (w) => ({ id: await w.staffKit.bannedCustomer() }),
    params: (_w, x) => ({ userId: x.id! }),
    body: () => ({ reason: 'The reports were mistaken' }),
    expect: staffOnly('moderator', 'staffAdmin'),
  },

  // --- KYC review (console-ops) ----------------------------------------------------------------------
  'staff.kycQueue': { expect: staffOnly('compliance') },
  'staff.kycDocument': {
    each: async (w) => ({ id: await w.staffKit.tier3Document() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: staffOnly('compliance'),
  },
  'staff.reviewKyc': {
    each: async (w) => ({ id: await w.staffKit.tier3Request() }),
    params: (_w, x) => ({ userId: x.id! }),
    body: () => ({ decision: 'approve' }),
    expect: staffOnly('compliance'),
  },

  // --- reconciliation (recon.service.ts) --------------------------------------------------------------
  'staff.reconRuns': { expect: staffOnly('finance', 'compliance', 'staffAdmin') },
  'staff.reconRun': { body: () => ({ day: '2026-01-15' }), expect: staffOnly('finance', 'staffAdmin') },
  'staff.reconItems': { expect: staffOnly('finance', 'compliance', 'staffAdmin') },
  'staff.resolveRecon': {
    each: async (w) => ({ id: await w.staffKit.reconItem() }),
    params: (_w, x) => ({ id: x.id! }),
    body: () => ({ action: 'explain', reason: 'Reported by the provider a day late' }),
    expect: staffOnly('finance'),
  },
};
