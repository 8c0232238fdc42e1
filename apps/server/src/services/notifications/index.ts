import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ServiceModule, ServiceOptions } from '../../platform/app.js';
import { whileFull } from '../../platform/jobs.js';
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
export { consumeMoneyEvents, withdrawMoneyEvents } from './money-events.js';
export { notificationsProviders, sandboxPush, webPushProvider, type NotificationsProviders, type PushProvider } from './providers/push.js';
export { notificationEvents, notificationSettings, pushDeliveries, pushSubscriptions } from './tables.js';

/**
 * The job that sends the pushes written: a service that just committed notifications nudges it
 * (`app.jobs.nudge(PUSH_JOB)`) so they go at once rather than at its next period (a call's ringing).
 */
export const PUSH_JOB = 'notifications.push';

/** Passes a batch's count on, nudging the push job when the batch wrote anything. */
export const nudging =
  (app: FastifyInstance) =>
  (n: number): number => {
    if (n > 0) app.jobs.nudge(PUSH_JOB);
    return n;
  };

/** Pushes sent, and money events told, per turn of their jobs. */
const PUSH_BATCH = 200;
const EVENT_BATCH = 500;

const plugin: FastifyPluginAsync<ServiceOptions<NotificationsProviders>> = async (app, opts) => {
  // Through the jobs' own connections: a burst of requests holding every pooled connection does not hold pushes back.
  const deps = { db: app.jobsDb, push: opts.providers.push, log: app.log };
  // Deliveries and events are claimed row by row, so every process runs these; a short period
  // keeps the event-to-push time low, and a full batch is followed by the next at once.
  app.jobs.add({
    name: PUSH_JOB,
    periodMs: app.config.push.drainMs,
    idleMs: app.config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    run: () => whileFull(() => sendDuePushes(deps, PUSH_BATCH), PUSH_BATCH),
  });
  app.jobs.add({
    name: 'notifications.events',
    periodMs: app.config.push.drainMs,
    idleMs: app.config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    // The pushes each batch wrote go at once rather than at the push job's next period.
    run: () => whileFull(() => consumeMoneyEvents(app.jobsDb, EVENT_BATCH).then(nudging(app)), EVENT_BATCH),
  });
  await app.register(notificationsRoutes);
};

export const notificationsService: ServiceModule<NotificationsProviders> = { name: 'notifications', plugin };
