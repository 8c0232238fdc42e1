import type { StaffRole } from '@owo/contracts';
import { forbidden } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';

/**
 * Who may do what in the operator console: one action per kind of call, and the roles that may
 * take it, in this one table (as immich's `requireAccess`). Every console route names its action
 * when it is registered (`staffRoute`), so a route cannot be served without a line here, and the
 * authorization matrix (test/authz-rows-staff.ts) holds every call against every role.
 *
 * Separation of duties: support and finance request money, finance alone approves (and never its
 * own request: money-requests.service.ts); admins manage staff but move no money; compliance reads
 * the audit log. The areas still to come slot in as more actions (commented below).
 */
export const PERMISSIONS = {
  /** Oneself: who am I, sign out. */
  'self.read': ['support', 'compliance', 'moderator', 'finance', 'admin'],
  'staff.read': ['admin'],
  'staff.manage': ['admin'],
  'customers.search': ['support', 'compliance', 'finance', 'admin'],
  'customers.read': ['support', 'compliance', 'finance', 'admin'],
  'customers.note': ['support', 'compliance', 'finance'],
  'money.read': ['support', 'compliance', 'finance'],
  'money.request': ['support', 'finance'],
  'money.decide': ['finance'],
  'audit.read': ['compliance', 'admin'],
  'health.read': ['finance', 'admin'],
  'accounts.freeze': ['support', 'compliance'],
  'disputes.read': ['support', 'finance', 'admin'],
  /** A dispute's decision is a money request: finance approves it (`money.decide`). */
  'disputes.decide': ['support', 'admin'],
  /** The queue of reported posts, comments, products, shops and communities; restore, warn or remove. */
  'moderation.review': ['moderator', 'admin'],
  /** Ban the author of a reported thing from posting, commenting, selling and creating communities; list and lift bans. */
  'moderation.ban': ['moderator', 'admin'],
  /** Tier 3 documents approved or rejected. */
  'kyc.review': ['compliance'],
  /** The providers' reports matched with the ledger: the runs and the records that do not match. */
  'reconciliation.read': ['finance', 'compliance', 'admin'],
  /** Match a day again now (the daily job matches yesterday). */
  'reconciliation.run': ['finance', 'admin'],
  /** Resolve a record: a credit, refund or reversal goes to a second finance person (`money.decide`); or explain it. */
  'reconciliation.resolve': ['finance'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffAction = keyof typeof PERMISSIONS;

export const mayDo = (role: string, action: StaffAction): boolean => (PERMISSIONS[action] as readonly string[]).includes(role);

/** The actions a role may take (for the console to show what works). */
export const actionsOf = (role: string): StaffAction[] => (Object.keys(PERMISSIONS) as StaffAction[]).filter((a) => mayDo(role, a));

/** Refuses (403) a staff member whose role may not take this action. */
export function requireAccess(staff: StaffAuthContext, action: StaffAction): void {
  if (!mayDo(staff.role, action)) throw forbidden('Your role does not allow this', 'STAFF_FORBIDDEN');
}
