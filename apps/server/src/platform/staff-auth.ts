import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './auth.js';
import { keyedHash } from './crypto.js';
import { unauthorized } from './errors.js';

/**
 * Staff sessions (the operator console), apart from customers' in every way: their own table and
 * tokens (kept by the staff service), their own guard (`staff`, platform/route.ts) and their own
 * hash of the token, so a customer's token is never a staff session and a staff token never a
 * customer's (each guard looks the token up in its own sessions only).
 */
export type StaffAuthContext = { staffId: string; sessionId: string; role: string; name: string };

/** What the `staff` guard needs from the staff service (given as a provider, like `Authenticator`). */
export interface StaffAuthenticator {
  /**
   * The live staff session whose token hashes to `tokenHash` (`staffTokenHash`): not revoked, not
   * idle past its limit, not past its absolute end, its staff member active; null when none. Reads
   * only: the session's last use is moved by the staff service after a call succeeds.
   */
  session(tokenHash: string): Promise<StaffAuthContext | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffAuthenticator: StaffAuthenticator;
  }
  interface FastifyRequest {
    staff: StaffAuthContext | null;
  }
}

/** How a staff token is kept and looked up: a keyed hash of its own kind (never equal to a customer token's). */
export const staffTokenHash = (secret: string, token: string): string => keyedHash(secret, `staff-session:${token}`);

export function registerStaffAuth(app: FastifyInstance, authenticator: StaffAuthenticator): void {
  app.decorate('staffAuthenticator', authenticator);
  app.decorateRequest('staff', null);
}

/** onRequest hook of the `staff` guard: a live staff session or 401, before the body is read. */
export async function requireStaff(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  const found = await this.staffAuthenticator.session(staffTokenHash(this.config.secret, token));
  if (!found) throw unauthorized('Your staff session has ended. Please sign in again.', 'STAFF_SESSION_INVALID');
  req.staff = found;
}

/** The signed-in staff member making the call (routes guarded `staff`). */
export function staffOf(req: FastifyRequest): StaffAuthContext {
  if (!req.staff) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  return req.staff;
}
