import type { FastifyPluginAsync } from 'fastify';
import { bodyField, limitBy } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import type { StaffDeps } from './deps.js';
import { finishEnrollment, openEnrollment } from './enrollment.service.js';
import { staffLogin, staffLogout, staffMe } from './sessions.service.js';
import { staffRoute } from './staff-route.js';

/** Staff sign-in, sign-out, who am I, and enrolment through an invitation. */
export const staffAuthRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    const { rateLimit } = app.config;
    route(
      app,
      'staff.login',
      { guard: 'none', config: limitBy('staff-login', rateLimit.login, '15 minutes', bodyField('email')) },
      async (req) => ok(await staffLogin(deps, req.body), 'Signed in'),
    );
    staffRoute(app, 'staff.logout', 'self.read', async (_req, me) => {
      await staffLogout(deps, me);
      return ok(null, 'Signed out');
    });
    staffRoute(app, 'staff.me', 'self.read', async (_req, me) => ok(await staffMe(deps.db, deps.config, me), 'You'));
    const inviteLimit = limitBy('staff-invite', rateLimit.otp, '15 minutes', bodyField('token'));
    route(app, 'staff.enrollment', { guard: 'none', config: inviteLimit }, async (req) =>
      ok(await openEnrollment(deps, req.body.token), 'Invitation'),
    );
    route(app, 'staff.enroll', { guard: 'none', config: inviteLimit }, async (req) =>
      ok(await finishEnrollment(deps, req.body), 'Welcome'),
    );
  };
