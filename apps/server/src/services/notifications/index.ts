import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule, ServiceOptions } from '../../platform/app.js';
import { sendDuePushes } from './deliver.js';
import { consumeMoneyEvents } from './money-events.js';
import type { NotificationsProviders } from './providers/push.js';
import { notificationsRoutes } from './routes.js';

/**
 * Notifications (docs/notifications.md): what happened to a person, in the notification centre and
 * pushed to the lock screen of each device they allowed (Web Push). Other services tell it through
 * `notify` (in their own transaction) and `dismiss`, and give the checks their pushes carry
 * (`addPushCheck`); the user service forgets a session's devices.
 */
export { notify, dismiss, type Notification } from './notify.service.js';
export { addPushCheck, type PushCheck, type PushCheckFn } from './push-checks.js';
export { forgetSession, forgetOtherSessions } from './subscriptions.service.js';
export { sendDuePushes } from './deliver.js';
export { consumeMoneyEvents } from './money-events.js';
export { notificationsProviders, sandboxPush, webPushProvider, type NotificationsProviders, type PushProvider } from './providers/push.js';
export { notificationEvents, notificationSettings, pushDeliveries, pushSubscriptions } from './tables.js';

const plugin: FastifyPluginAsync<ServiceOptions<NotificationsProviders>> = async (app, opts) => {
  const deps = { db: app.db, push: opts.providers.push, log: app.log };
  // Deliveries are claimed row by row, so every process sends; a short period keeps the event-to-push time low.
  app.jobs.add({ name: 'notifications.push', periodMs: app.config.push.drainMs, scope: 'process', run: () => sendDuePushes(deps) });
  app.jobs.add({
    name: 'notifications.events',
    periodMs: app.config.push.drainMs,
    scope: 'process',
    run: () => consumeMoneyEvents(app.db),
  });
  await app.register(notificationsRoutes);
};

export const notificationsService: ServiceModule<NotificationsProviders> = { name: 'notifications', plugin };
