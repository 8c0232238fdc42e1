import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../platform/auth.js';
import { ok } from '../../platform/http.js';
import { paged } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import { listNotifications, unreadSummary } from './centre.service.js';
import { getSettings, updateSettings } from './settings.service.js';
import { subscribe, unsubscribe } from './subscriptions.service.js';

/** The notifications calls (/api/notifications): this device's push subscription, settings, the centre. */
export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const push = app.config.push;
  route(app, 'notifications.pushKey', { guard: 'bearer' }, async () => ok({ publicKey: push.vapid.publicKey }, 'Push key'));
  route(app, 'notifications.subscribe', { guard: 'bearer' }, async (req, reply) => {
    const { id, created } = await subscribe(app.db, authOf(req), req.body, push.extraServices);
    return reply.status(created ? 201 : 200).send(ok({ id }, 'Push notifications on for this device'));
  });
  route(app, 'notifications.unsubscribe', { guard: 'bearer' }, async (req) =>
    ok({ removed: await unsubscribe(app.db, me(req), req.body.endpoint) }, 'Push notifications off for this device'),
  );
  route(app, 'notifications.settings', { guard: 'bearer' }, async (req) => ok(await getSettings(app.db, me(req)), 'Notification settings'));
  route(app, 'notifications.updateSettings', { guard: 'bearer' }, async (req) =>
    ok(await updateSettings(app.db, me(req), req.body), 'Notification settings saved'),
  );
  route(app, 'notifications.summary', { guard: 'bearer' }, async (req) => ok(await unreadSummary(app.db, me(req)), 'Unread notifications'));
  route(app, 'notifications.list', { guard: 'bearer' }, async (req) =>
    paged('Notifications', req.query, await listNotifications(app.db, me(req), req.query)),
  );
};
