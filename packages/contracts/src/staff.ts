import { z } from 'zod';
import { amountKobo, historyItem, kobo, referenceField } from './money.js';
import { envelope, messageOnly, paginated } from './common.js';

// The operator console's schemas (api-staff.ts): staff accounts and sessions, customers as staff
// see them, money moved with two keys, the audit log and the health page.

/** Staff roles (docs/console.md says what each may do; the server's permission table decides). */
export const staffRole = z.enum(['support', 'compliance', 'moderator', 'finance', 'admin']);
export type StaffRole = z.infer<typeof staffRole>;
export const staffStatus = z.enum(['invited', 'active', 'disabled']);
export type StaffStatus = z.infer<typeof staffStatus>;

const staffEmail = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(200, 'email is at most 200 characters')
  .pipe(z.email('Enter a valid email address'));
/** A staff password: 12 to 200 characters (a passphrase is welcome). */
export const staffPassword = z
  .string({ error: 'password is required' })
  .min(12, 'The password needs at least 12 characters')
  .max(200, 'The password is at most 200 characters');
/** A 6-digit code from the authenticator app, or a recovery code (xxxx-xxxx). */
const secondFactor = z
  .string({ error: 'code is required' })
  .trim()
  .min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code')
  .max(20, 'Enter the 6-digit code from your authenticator app, or a recovery code');
export const reasonText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(3, `${label} needs at least 3 characters`)
    .max(500, `${label} is at most 500 characters`);

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  status: staffStatus,
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('the name of the admin who added this person (null for the first admin, made by the command)'),
  lastLoginAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  /** The actions this person may take (the server's permission table, for the console to show only what works). */
  permissions: z.array(z.string()),
  session: z.object({ expiresAt: z.string(), idleMinutes: z.number().int() }),
});
export type StaffMe = z.infer<typeof staffMe>;
export const staffMeResponse = envelope(staffMe);

export const staffLoginBody = z.object({
  email: staffEmail,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
  code: secondFactor,
});
export const staffSession = z.object({ token: z.string(), staff: staffMe });
export const staffSessionResponse = envelope(staffSession);

export const enrollmentBody = z.object({ token: z.string({ error: 'token is required' }).min(20, 'This link is not valid').max(200) });
export const enrollment = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRole,
  /** The TOTP secret (base32) to add to an authenticator app, and the same as an otpauth:// address (for a QR code). */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export const enrollmentResponse = envelope(enrollment);
export const enrollBody = enrollmentBody.extend({ password: staffPassword, code: secondFactor });
export const enrolled = staffSession.extend({
  recoveryCodes: z.array(z.string()).describe('one-time codes for when the authenticator is lost; shown this once'),
});
export const enrolledResponse = envelope(enrolled);

export const staffListQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
  status: staffStatus.optional(),
});
export const staffListResponse = paginated(staffMember);
export const addStaffBody = z.object({
  email: staffEmail,
  name: z.string({ error: 'name is required' }).trim().min(2, 'Enter the full name').max(100, 'name is at most 100 characters'),
  role: staffRole,
});
export const staffMemberResponse = envelope(staffMember);
export const staffIdParam = z.object({ id: z.uuid('id must be a valid id') });
export const disableStaffBody = z.object({ reason: reasonText('reason') });

// --- customers -------------------------------------------------------------------------------------

export const customerSearchQuery = z.object({
  q: z
    .string({ error: 'Enter a phone number, email, name, account number or transaction reference' })
    .trim()
    .min(2, 'Enter at least 2 characters')
    .max(100, 'The search is at most 100 characters'),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
/** Who a customer is, as staff see them. */
const customerProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
});
export const customerSummary = customerProfile.extend({
  /** Why this person matched: the field the search found. */
  matchedBy: z.enum(['phone', 'email', 'name', 'accountNumber', 'reference']),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
export const customerSearchResponse = paginated(customerSummary);

export const staffNote = z.object({
  id: z.string(),
  text: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type StaffNote = z.infer<typeof staffNote>;

export const moneyRequestKind = z.enum(['credit', 'refund', 'reversal', 'dispute']);
export type MoneyRequestKind = z.infer<typeof moneyRequestKind>;
export const moneyRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type MoneyRequestStatus = z.infer<typeof moneyRequestStatus>;

export const moneyRequest = z.object({
  id: z.string(),
  /** The movement's own reference, in the ledger and in the customer's history once approved. */
  reference: z.string(),
  kind: moneyRequestKind,
  status: moneyRequestStatus,
  customer: z.object({ id: z.string(), name: z.string() }),
  /** The transaction refunded or reversed (null for a manual credit). */
  targetReference: z.string().nullable(),
  amount: kobo,
  reason: z.string(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requestedAt: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** A dispute's decision (kind dispute): the order and how its escrow is shared, in kobo. */
  dispute: z.object({ orderId: z.string(), decision: z.enum(['refund', 'release', 'split']), shopper: kobo, seller: kobo }).nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequest>;
export const moneyRequestResponse = envelope(moneyRequest);
export const moneyRequestsResponse = paginated(moneyRequest);

export const customerRecord = z.object({
  profile: customerProfile.extend({
    avatar: z.string().nullable(),
    accountNumber: z.string().nullable().describe('the virtual account number for funding by bank transfer, once assigned'),
  }),
  balances: z
    .object({ wallet: kobo, business: kobo, savings: kobo, locked: kobo, escrow: kobo })
    .describe('available balances by kind of account, in kobo'),
  notes: z.array(staffNote).describe('the latest notes (all of them at the notes call)'),
  moneyRequests: z.array(moneyRequest).describe('the latest money requests for this customer'),
  devices: z
    .array(
      z.object({
        id: z.string(),
        label: z.string().describe('the name the device gave ("Chrome on Android")'),
        firstSeenAt: z.string(),
        lastSeenAt: z.string(),
        confirmed: z.boolean().describe('confirmed with a texted code (or the first device)'),
        signedOutAt: z.string().nullable().describe('set once signed out: it needs a code to log in again'),
      }),
    )
    .describe('the devices the customer has logged in from, the most recently used first (at most 20)'),
  freeze: z
    .object({ reason: z.string(), since: z.string() })
    .nullable()
    .describe('set while the account is frozen: the reason the customer reads'),
  kyc: z
    .object({
      tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      bvnVerified: z.boolean(),
      ninVerified: z.boolean(),
      tier3: z.enum(['none', 'pending', 'approved', 'rejected']).describe('where a Tier 3 (documents) request stands'),
    })
    .describe('the KYC tier and whether the BVN and the NIN are verified; never the numbers'),
});
export type CustomerRecord = z.infer<typeof customerRecord>;
export const customerRecordResponse = envelope(customerRecord);
export const customerParam = z.object({ id: z.uuid('id must be a valid id') });
export const customerHistoryQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(20),
});
export const customerHistoryResponse = paginated(historyItem);
export const customerNotesResponse = paginated(staffNote);
export const addNoteBody = z.object({
  text: z.string({ error: 'text is required' }).trim().min(1, 'Write the note').max(2000, 'A note is at most 2000 characters'),
});
export const staffNoteResponse = envelope(staffNote);

// --- money with two keys ---------------------------------------------------------------------------

const reasonForCustomer = reasonText('reason').describe('why; the customer reads it in their history');
export const moneyRequestBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('credit'),
      customerId: z.uuid('customerId must be a valid id'),
      amount: amountKobo,
      reason: reasonForCustomer,
    }),
    z.object({
      kind: z.literal('refund'),
      customerId: z.uuid('customerId must be a valid id'),
      reference: referenceField.describe('the transaction refunded (one of the customer’s debits)'),
      amount: amountKobo.describe('at most what is left to refund of the transaction (its amount and fee)'),
      reason: reasonForCustomer,
    }),
    z.object({
      kind: z.literal('reversal'),
      customerId: z.uuid('customerId must be a valid id'),
      reference: referenceField.describe('the transaction reversed: a send-money or a funding, every leg moved back'),
      reason: reasonForCustomer,
    }),
  ],
  { error: 'kind must be credit, refund or reversal' },
);
export type MoneyRequestBody = z.infer<typeof moneyRequestBody>;
export const moneyRequestsQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(20),
  status: moneyRequestStatus.optional(),
  customerId: z.uuid('customerId must be a valid id').optional(),
});
export const moneyRequestParam = z.object({ id: z.uuid('id must be a valid id') });
export const rejectBody = z.object({ reason: reasonText('reason') });

// --- audit -----------------------------------------------------------------------------------------

export const auditEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  customerId: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable().describe('the customer by name (null when none, or gone)'),
  kind: z.string(),
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
/** Every kind of entry the server appends to the audit log (the console's filter offers these). */
export const AUDIT_KINDS = [
  'customer.search',
  'customer.view',
  'customer.history',
  'customer.notes',
  'customer.note',
  'money.request',
  'money.approve',
  'money.reject',
  'dispute.request',
  'account.freeze',
  'account.freeze.reason',
  'account.unfreeze',
  'account.unfrozen',
  'kyc.tier3.approve',
  'kyc.tier3.reject',
  'recon.run',
  'recon.resolve',
  'staff.login',
  'staff.login-failed',
  'staff.logout',
  'staff.add',
  'staff.enroll',
  'staff.disable',
  'staff.create-admin',
  'moderation.restore',
  'moderation.warn',
  'moderation.remove',
  'moderation.ban',
  'moderation.unban',
] as const;
export const auditQuery = z.object({
  staffId: z.uuid('staffId must be a valid id').optional(),
  customerId: z.uuid('customerId must be a valid id').optional(),
  customer: z
    .string()
    .trim()
    .min(2, 'Type at least 2 characters of the customer’s name, email or phone')
    .max(100)
    .optional()
    .describe('the customer by name, email or phone number (as the customer search finds them)'),
  staff: z
    .string()
    .trim()
    .min(2, 'Type at least 2 characters of the staff member’s name or email')
    .max(100)
    .optional()
    .describe('the staff member by name or email'),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/, 'kind is words joined by dots, e.g. customer.view')
    .max(60)
    .optional(),
  /** Entries older than this sequence number (the next page's `next`). */
  before: z.coerce.number().int().min(1, 'before is a sequence number').optional(),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
});
export const auditPageResponse = envelope(
  z.object({ entries: z.array(auditEntry), next: z.number().int().nullable().describe('pass as `before` for the next (older) page') }),
);
export const auditVerification = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The newest entry's sequence number and hash: noted elsewhere, they also reveal a log cut short. */
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  brokenAt: z.number().int().nullable(),
  problem: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
export const auditVerificationResponse = envelope(auditVerification);

// --- health ----------------------------------------------------------------------------------------

export const staffHealth = z.object({
  outbox: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    oldestPendingSeconds: z.number().nullable(),
  }),
  jobs: z.array(
    z.object({
      name: z.string(),
      /** `cluster` jobs run in one process a period (a lease row in the database); `process` jobs in every process. */
      scope: z.enum(['cluster', 'process']),
      /** How often it runs (null for a job no process here declares). */
      periodSeconds: z.number().nullable(),
      dueAt: z.string().nullable(),
      /** How far past due the job is now (0 when not yet due; null for a process job). */
      overdueSeconds: z.number().nullable(),
      /** How late its latest run started after it was due (this process's metric; null when it has not run here). */
      lagSeconds: z.number().nullable(),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      running: z.boolean(),
      /** Runs and failures: all processes' for a cluster job (its lease row), this process's for a process job (metrics). */
      runs: z.number().int(),
      failures: z.number().int(),
    }),
  ),
  moneyRequests: z.object({ pending: z.number().int(), oldestPendingSeconds: z.number().nullable() }),
  reconciliation: z
    .object({ open: z.number().int(), oldestOpenDay: z.string().nullable() })
    .describe('records that do not match the providers’ reports, not yet resolved or explained'),
  checkedAt: z.string(),
});
export type StaffHealth = z.infer<typeof staffHealth>;
export const staffHealthResponse = envelope(staffHealth);

export const staffLogoutResponse = messageOnly;
