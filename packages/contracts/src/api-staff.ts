import * as s from './staff.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/staff';
const tag = 'staff';

/**
 * The operator console's calls (/api/staff): staff sign-in with a second factor, staff accounts,
 * customers, money with two keys, the audit log and health. Every call but sign-in and enrolment
 * takes a staff session's token (never a customer's); which role may make which call is the
 * server's permission table (services/staff/permissions.ts, docs/console.md). Part of `apiMap`.
 */
export const staffApi = {
  // --- sign-in --------------------------------------------------------------------------------------
  'staff.login': {
    method: 'POST',
    path: `${P}/auth/login`,
    body: s.staffLoginBody,
    response: s.staffSessionResponse,
    tag,
    summary: 'Staff sign-in: email, password and the authenticator code (or a recovery code); a short session',
  },
  'staff.logout': { method: 'POST', path: `${P}/auth/logout`, response: s.staffLogoutResponse, tag, summary: 'End this staff session' },
  'staff.me': {
    method: 'GET',
    path: `${P}/me`,
    response: s.staffMeResponse,
    tag,
    summary: 'The signed-in staff member, role and permissions',
  },
  'staff.enrollment': {
    method: 'POST',
    path: `${P}/auth/enrollment`,
    body: s.enrollmentBody,
    response: s.enrollmentResponse,
    tag,
    summary: 'Open an invitation: who it is for and the authenticator secret to add',
  },
  'staff.enroll': {
    method: 'POST',
    path: `${P}/auth/enroll`,
    body: s.enrollBody,
    response: s.enrolledResponse,
    tag,
    summary: 'Finish an invitation: set the password, confirm a code; returns a session and the recovery codes (once)',
  },

  // --- staff accounts (admin) -----------------------------------------------------------------------
  'staff.list': {
    method: 'GET',
    path: `${P}/staff`,
    query: s.staffListQuery,
    response: s.staffListResponse,
    tag,
    summary: 'Staff accounts',
  },
  'staff.add': {
    method: 'POST',
    path: `${P}/staff`,
    body: s.addStaffBody,
    response: s.staffMemberResponse,
    created: true,
    tag,
    summary: 'Add a staff member: an invitation is emailed to them',
  },
  'staff.disable': {
    method: 'POST',
    path: `${P}/staff/:id/disable`,
    params: s.staffIdParam,
    body: s.disableStaffBody,
    response: s.staffMemberResponse,
    tag,
    summary: 'Disable a staff member (their sessions end at once)',
  },

  // --- customers ------------------------------------------------------------------------------------
  'staff.searchCustomers': {
    method: 'GET',
    path: `${P}/customers`,
    query: s.customerSearchQuery,
    response: s.customerSearchResponse,
    tag,
    summary: 'Find customers by phone, email, name, account number or transaction reference (logged)',
  },
  'staff.customer': {
    method: 'GET',
    path: `${P}/customers/:id`,
    params: s.customerParam,
    response: s.customerRecordResponse,
    tag,
    summary: "A customer's record: profile, balances, notes and money requests (logged)",
  },
  'staff.customerHistory': {
    method: 'GET',
    path: `${P}/customers/:id/history`,
    params: s.customerParam,
    query: s.customerHistoryQuery,
    response: s.customerHistoryResponse,
    tag,
    summary: "A customer's transaction history, newest first (logged)",
  },
  'staff.customerNotes': {
    method: 'GET',
    path: `${P}/customers/:id/notes`,
    params: s.customerParam,
    query: s.customerHistoryQuery,
    response: s.customerNotesResponse,
    tag,
    summary: "Staff notes on a customer's record, newest first (logged)",
  },
  'staff.addNote': {
    method: 'POST',
    path: `${P}/customers/:id/notes`,
    params: s.customerParam,
    body: s.addNoteBody,
    response: s.staffNoteResponse,
    created: true,
    tag,
    summary: "Add a note to a customer's record",
  },

  // --- money with two keys --------------------------------------------------------------------------
  'staff.requestMoney': {
    method: 'POST',
    path: `${P}/money-requests`,
    body: s.moneyRequestBody,
    response: s.moneyRequestResponse,
    created: true,
    tag,
    summary: 'Request a manual credit, a refund or a reversal; another finance person must approve it',
  },
  'staff.moneyRequests': {
    method: 'GET',
    path: `${P}/money-requests`,
    query: s.moneyRequestsQuery,
    response: s.moneyRequestsResponse,
    tag,
    summary: 'Money requests, newest first (filter by status or customer)',
  },
  'staff.moneyRequest': {
    method: 'GET',
    path: `${P}/money-requests/:id`,
    params: s.moneyRequestParam,
    response: s.moneyRequestResponse,
    tag,
    summary: 'One money request',
  },
  'staff.approveMoney': {
    method: 'POST',
    path: `${P}/money-requests/:id/approve`,
    params: s.moneyRequestParam,
    response: s.moneyRequestResponse,
    tag,
    summary: 'Approve a money request (not your own): it is posted through the ledger at once',
  },
  'staff.rejectMoney': {
    method: 'POST',
    path: `${P}/money-requests/:id/reject`,
    params: s.moneyRequestParam,
    body: s.rejectBody,
    response: s.moneyRequestResponse,
    tag,
    summary: 'Reject a money request, with the reason',
  },

  // --- audit and health -----------------------------------------------------------------------------
  'staff.audit': {
    method: 'GET',
    path: `${P}/audit`,
    query: s.auditQuery,
    response: s.auditPageResponse,
    tag,
    summary: 'The audit log, newest first, by staff member, customer or kind',
  },
  'staff.verifyAudit': {
    method: 'GET',
    path: `${P}/audit/verify`,
    response: s.auditVerificationResponse,
    tag,
    summary: "Check the audit log's hash chain: a changed or removed entry is named",
  },
  'staff.health': {
    method: 'GET',
    path: `${P}/health`,
    response: s.staffHealthResponse,
    tag,
    summary: 'Outbox backlog, background jobs (lag, runs, failures) and money requests waiting',
  },
} as const satisfies Record<string, ApiEndpointDef>;
