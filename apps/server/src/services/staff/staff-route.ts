import type { ApiName } from '@owo/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, type ApiAnswer, type ApiRequest } from '../../platform/route.js';
import { staffOf, type StaffAuthContext } from '../../platform/staff-auth.js';
import { requireAccess, type StaffAction } from './permissions.js';

type StaffCall = Extract<ApiName, `staff.${string}`>;

/**
 * Serves a console call behind the `staff` guard (a staff session's token, 401 otherwise) and its
 * action in the permission table (403 for a role without it), checked before the handler runs and
 * before anything is read or written.
 */
export function staffRoute<N extends StaffCall>(
  app: FastifyInstance,
  name: N,
  action: StaffAction,
  handler: (req: ApiRequest<N>, me: StaffAuthContext, reply: FastifyReply) => Promise<ApiAnswer<N> | FastifyReply>,
): void {
  route(app, name, { guard: 'staff' }, async (req, reply) => {
    const me = staffOf(req);
    requireAccess(me, action);
    return handler(req, me, reply);
  });
}
