import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, bodyField, errorResponses, limitBy } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { pageInfo } from '../../platform/pagination.js';
import * as account from './account.service.js';
import type { UserDeps } from './deps.js';
import { listNotices, readNotices, unreadNotices } from './notices.service.js';
import * as pins from './pin.service.js';
import * as profile from './profile.service.js';
import * as session from './session.service.js';

const tags = ['user'];
const msg = c.messageOnly;

export const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: UserDeps = { db: app.db, config: app.config, notifier: app.notifier };
  const otpLimit = (field: string) => limitBy('otp', app.config.rateLimit.otp, '15 minutes', bodyField(field));

  app.post(
    '/users/signup',
    {
      schema: {
        tags,
        summary: 'Create an account; texts a 6-digit code to the phone',
        body: c.signupBody,
        response: { 201: c.signupResponse, ...errorResponses },
      },
      config: limitBy('signup', app.config.rateLimit.signup, '1 hour', () => ''),
    },
    async (req, reply) => {
      const { message, ...data } = await account.signup(deps, req.body);
      return reply.status(201).send(ok(data, message));
    },
  );

  app.post(
    '/users/verify-mobile',
    {
      schema: {
        tags,
        summary: 'Verify the phone with the sign-up code',
        body: c.verifyMobileBody,
        response: { 200: c.verifyMobileResponse, ...errorResponses },
      },
      config: otpLimit('phoneNumber'),
    },
    async (req) => ok(await account.verifyMobile(deps, req.body.phoneNumber, req.body.otp), 'Phone number verified'),
  );

  app.post(
    '/users/resend-otp',
    {
      schema: {
        tags,
        summary: 'Send a new code (one a minute, five an hour)',
        body: c.resendOtpBody,
        response: { 200: msg, ...errorResponses },
      },
      config: otpLimit('phoneNumber'),
    },
    async (req) => ok(null, await account.resendOtp(deps, req.body.phoneNumber, req.body.purpose)),
  );

  app.post(
    '/user/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Check a code for a purpose (verify_mobile or reset_password)',
        body: c.verifyOtpBody,
        response: { 200: c.verifyOtpResponse, ...errorResponses },
      },
      config: otpLimit('phoneNumber'),
    },
    async (req) => ok(await session.verifyOtp(deps, req.body.phoneNumber, req.body.otp, req.body.purpose), 'Code verified'),
  );

  app.post(
    '/users/login',
    {
      schema: {
        tags,
        summary: 'Log in with email or phone; returns a bearer token',
        body: c.loginBody,
        response: { 200: c.loginResponse, ...errorResponses },
      },
      config: limitBy('login', app.config.rateLimit.login, '15 minutes', bodyField('username')),
    },
    async (req) => ok(await session.login(deps, req.body.username, req.body.password), 'Login successful'),
  );

  app.get(
    '/auth/logout',
    {
      ...bearer,
      schema: { tags, summary: 'End this session (the token stops working)', ...bearerDoc, response: { 200: msg, ...errorResponses } },
    },
    async (req) => {
      await session.logout(deps, authOf(req).sessionId);
      return ok(null, 'Logged out');
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: { tags, summary: 'Email a password reset code', body: c.forgotPasswordBody, response: { 200: msg, ...errorResponses } },
      config: otpLimit('email'),
    },
    async (req) => ok(null, await session.startPasswordReset(deps, { email: req.body.email })),
  );

  app.post(
    '/users/initiate-password-reset',
    {
      schema: { tags, summary: 'Text a password reset code', body: c.initiateResetBody, response: { 200: msg, ...errorResponses } },
      config: otpLimit('phoneNumber'),
    },
    async (req) => ok(null, await session.startPasswordReset(deps, { phoneNumber: req.body.phoneNumber })),
  );

  app.post(
    '/users/verify-reset-password-otp',
    {
      schema: {
        tags,
        summary: 'Exchange a reset code for a 15-minute reset token',
        body: c.verifyResetOtpBody,
        response: { 200: c.verifyResetOtpResponse, ...errorResponses },
      },
      config: otpLimit('username'),
    },
    async (req) => ok(await session.verifyResetOtp(deps, req.body.username, req.body.otp), 'Code verified'),
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; ends every session',
        body: c.resetPasswordBody,
        response: { 200: msg, ...errorResponses },
      },
      config: limitBy('reset', app.config.rateLimit.reset, '15 minutes', () => ''),
    },
    async (req) => {
      await session.resetPassword(deps, req.body.resetToken, req.body.password);
      return ok(null, 'Password reset. Log in with your new password.');
    },
  );

  app.put(
    '/user/users/change-password',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Change password; ends every other session',
        ...bearerDoc,
        body: c.changePasswordBody,
        response: { 200: msg, ...errorResponses },
      },
    },
    async (req) => {
      const { userId, sessionId } = authOf(req);
      await session.changePassword(deps, userId, sessionId, req.body.oldPassword, req.body.newPassword);
      return ok(null, 'Password changed. Other devices have been logged out.');
    },
  );

  app.put(
    '/user/users/set-pin',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Set the 4-digit transaction PIN: body {pin}, header transactionPin repeats it',
        ...bearerDoc,
        body: c.setPinBody,
        headers: c.pinHeaders,
        response: { 200: msg, ...errorResponses },
      },
    },
    async (req) => {
      await pins.setPin(deps, authOf(req).userId, req.body.pin, req.headers.transactionpin);
      return ok(null, 'Transaction PIN set');
    },
  );

  app.put(
    '/user/users/update-pin',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Change the PIN: header transactionPin is the new PIN, oldTransactionPin (header or query) the current one',
        ...bearerDoc,
        headers: c.updatePinHeaders,
        querystring: c.updatePinQuery,
        response: { 200: msg, ...errorResponses },
      },
    },
    async (req) => {
      await pins.updatePin(
        deps,
        authOf(req).userId,
        req.headers.transactionpin,
        req.headers.oldtransactionpin,
        req.query.oldTransactionPin,
      );
      return ok(null, 'Transaction PIN updated');
    },
  );

  app.put(
    '/users/edit-profile',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Edit names, nickname, avatar (an uploaded image) and bio',
        ...bearerDoc,
        body: c.editProfileBody,
        response: { 200: c.fullUserResponse, ...errorResponses },
      },
    },
    async (req) => ok(await profile.editProfile(deps, authOf(req).userId, req.body), 'Profile updated'),
  );

  app.get(
    '/users/filter',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Find people to pay by name, nickname or phone',
        ...bearerDoc,
        querystring: c.filterUsersQuery,
        response: { 200: c.filterUsersResponse, ...errorResponses },
      },
    },
    async (req) => {
      const { query, page, limit } = req.query;
      const { items, total } = await profile.filterUsers(deps, authOf(req).userId, query, page, limit);
      return { status: true as const, message: 'Users', data: items, pagination: pageInfo(page, limit, total) };
    },
  );

  app.get(
    '/users/:id',
    {
      ...bearer,
      schema: {
        tags,
        summary: "A user: your own profile in full, anyone else's public fields",
        ...bearerDoc,
        params: z.object({ id: z.uuid('User not found') }),
        response: { 200: c.userResponse, ...errorResponses },
      },
    },
    async (req) => ok(await profile.getUser(deps, authOf(req).userId, req.params.id), 'User'),
  );

  // In-app notices (our own calls): what changed for the caller, newest first.
  app.get(
    '/notifications',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Your notices (an order accepted, shipped, refunded...), newest first',
        ...bearerDoc,
        querystring: c.noticesQuery,
        response: { 200: c.noticesResponse, ...errorResponses },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { items, total } = await listNotices(app.db, authOf(req).userId, page, limit);
      return { status: true as const, message: 'Notices', data: items, pagination: pageInfo(page, limit, total) };
    },
  );
  app.get(
    '/notifications/unread',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'How many of your notices are unread',
        ...bearerDoc,
        response: { 200: c.unreadNoticesResponse, ...errorResponses },
      },
    },
    async (req) => ok({ unread: await unreadNotices(app.db, authOf(req).userId) }, 'Unread notices'),
  );
  app.put(
    '/notifications/read',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Mark notices read: these ids, or all of yours when none are given',
        ...bearerDoc,
        body: c.readNoticesBody,
        response: { 200: c.unreadNoticesResponse, ...errorResponses },
      },
    },
    async (req) => ok({ unread: await readNotices(app.db, authOf(req).userId, req.body.ids) }, 'Marked read'),
  );
};
