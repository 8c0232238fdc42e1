import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../platform/auth.js';
import { bodyField, limitBy } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { paged } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import * as account from './account.service.js';
import type { UserDeps, UserOptions } from './deps.js';
import * as devices from './devices.service.js';
import { listNotices } from '../../platform/notices.js';
import { readNotices, unreadNotices } from './notices.service.js';
import * as pins from './pin.service.js';
import * as profile from './profile.service.js';
import * as session from './session.service.js';

export const userRoutes: FastifyPluginAsync<UserOptions> = async (app, { openDeviceWindow }) => {
  const deps: UserDeps = { db: app.db, config: app.config, notifier: app.notifier };
  const otpLimit = (field: string) => limitBy('otp', app.config.rateLimit.otp, '15 minutes', bodyField(field));

  route(
    app,
    'user.signup',
    { guard: 'none', config: limitBy('signup', app.config.rateLimit.signup, '1 hour', () => '') },
    async (req, reply) => {
      const { message, ...data } = await account.signup(deps, req.body);
      return reply.status(201).send(ok(data, message));
    },
  );
  route(app, 'user.verifyMobile', { guard: 'none', config: otpLimit('phoneNumber') }, async (req) =>
    ok(
      await account.verifyMobile(deps, req.body.phoneNumber, req.body.otp, devices.deviceClaim(app.config.secret, req.headers)),
      'Phone number verified',
    ),
  );
  route(app, 'user.resendOtp', { guard: 'none', config: otpLimit('phoneNumber') }, async (req) =>
    ok(null, await account.resendOtp(deps, req.body.phoneNumber, req.body.purpose)),
  );
  route(app, 'user.verifyOtp', { guard: 'none', config: otpLimit('phoneNumber') }, async (req) =>
    ok(await session.verifyOtp(deps, req.body.phoneNumber, req.body.otp, req.body.purpose), 'Code verified'),
  );
  route(
    app,
    'user.login',
    { guard: 'none', config: limitBy('login', app.config.rateLimit.login, '15 minutes', bodyField('username')) },
    async (req) =>
      ok(
        await session.login(deps, req.body.username, req.body.password, devices.deviceClaim(app.config.secret, req.headers)),
        'Login successful',
      ),
  );
  route(
    app,
    'user.confirmDevice',
    { guard: 'none', config: limitBy('login', app.config.rateLimit.login, '15 minutes', bodyField('username')) },
    async (req) =>
      ok(
        await session.confirmDevice(deps, req.body, devices.deviceClaim(app.config.secret, req.headers), openDeviceWindow),
        'Login successful',
      ),
  );
  route(app, 'user.devices', { guard: 'bearer' }, async (req) => {
    const { userId, sessionId } = authOf(req);
    const { items, total } = await devices.listDevices(deps, userId, sessionId, req.query.page, req.query.limit);
    return paged('Devices', req.query, { items, total });
  });
  route(app, 'user.signOutDevice', { guard: 'bearer' }, async (req) => {
    const { userId, sessionId } = authOf(req);
    await session.signOutDevice(deps, userId, sessionId, req.params.id);
    return ok(null, 'Device signed out');
  });
  route(app, 'user.logout', { guard: 'bearer' }, async (req) => {
    await session.logout(deps, authOf(req).sessionId);
    return ok(null, 'Logged out');
  });
  route(app, 'user.forgotPassword', { guard: 'none', config: otpLimit('email') }, async (req) =>
    ok(null, await session.startPasswordReset(deps, { email: req.body.email })),
  );
  route(app, 'user.initiatePasswordReset', { guard: 'none', config: otpLimit('phoneNumber') }, async (req) =>
    ok(null, await session.startPasswordReset(deps, { phoneNumber: req.body.phoneNumber })),
  );
  route(app, 'user.verifyResetOtp', { guard: 'none', config: otpLimit('username') }, async (req) =>
    ok(await session.verifyResetOtp(deps, req.body.username, req.body.otp), 'Code verified'),
  );
  route(
    app,
    'user.resetPassword',
    { guard: 'none', config: limitBy('reset', app.config.rateLimit.reset, '15 minutes', () => '') },
    async (req) => {
      await session.resetPassword(deps, req.body.resetToken, req.body.password);
      return ok(null, 'Password reset. Log in with your new password.');
    },
  );
  route(app, 'user.changePassword', { guard: 'bearer' }, async (req) => {
    const { userId, sessionId } = authOf(req);
    await session.changePassword(deps, userId, sessionId, req.body.oldPassword, req.body.newPassword);
    return ok(null, 'Password changed. Other devices have been logged out.');
  });

  // The new PIN in the header transactionPin; the guard is the token alone (these calls set the PIN).
  route(app, 'user.setPin', { guard: 'bearer' }, async (req) => {
    await pins.setPin(deps, me(req), req.body.pin, req.headers.transactionpin);
    return ok(null, 'Transaction PIN set');
  });
  route(app, 'user.updatePin', { guard: 'bearer' }, async (req) => {
    await pins.updatePin(deps, me(req), req.headers.transactionpin, req.headers.oldtransactionpin, req.query.oldTransactionPin);
    return ok(null, 'Transaction PIN updated');
  });

  route(app, 'user.editProfile', { guard: 'bearer' }, async (req) =>
    ok(await profile.editProfile(deps, me(req), req.body), 'Profile updated'),
  );
  route(app, 'user.filter', { guard: 'bearer' }, async (req) =>
    paged('Users', req.query, await profile.filterUsers(deps, me(req), req.query.query, req.query.page, req.query.limit)),
  );
  route(app, 'user.get', { guard: 'bearer' }, async (req) => ok(await profile.getUser(deps, me(req), req.params.id), 'User'));

  // In-app notices (our own calls): what changed for the caller, newest first.
  route(app, 'notices.list', { guard: 'bearer' }, async (req) =>
    paged('Notices', req.query, await listNotices(app.db, me(req), req.query.page, req.query.limit)),
  );
  route(app, 'notices.unread', { guard: 'bearer' }, async (req) => ok({ unread: await unreadNotices(app.db, me(req)) }, 'Unread notices'));
  route(app, 'notices.read', { guard: 'bearer' }, async (req) =>
    ok({ unread: await readNotices(app.db, me(req), req.body.ids) }, 'Marked read'),
  );
};
