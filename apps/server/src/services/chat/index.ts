import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import { whileFull } from '../../platform/jobs.js';
import { addPushCheck, nudging } from '../notifications/index.js';
import { NOTIFY_JOB, pushNewMessages, UNSEEN_CHECK, unseenCheck } from './message-push.js';
import { actionRoutes } from './routes-actions.js';
import { groupRoutes } from './routes-groups.js';
import { chatRestRoutes } from './routes.js';
import { createChatHub } from './socket.js';

/** The chat service: conversations and messages over Socket.IO (and REST), the directory, saved media, calls. */
const chatRoutes: FastifyPluginAsync = async (app) => {
  const hub = createChatHub(app);
  await app.register(chatRestRoutes(hub));
  await app.register(groupRoutes(hub));
  await app.register(actionRoutes(hub));
  app.addHook('preClose', async () => hub.close());
  // Messages' pushes: the queued messages become notifications (claimed rows, so every process
  // runs it), and each push asks again, just before it is sent, whether the message is still unseen.
  addPushCheck(UNSEEN_CHECK, unseenCheck);
  app.jobs.add({
    name: NOTIFY_JOB,
    periodMs: app.config.push.drainMs,
    idleMs: app.config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    run: () => whileFull(() => pushNewMessages(app.jobsDb, new Date(), NOTIFY_BATCH).then(nudging(app)), NOTIFY_BATCH),
  });
};

export { pushNewMessages } from './message-push.js';
export { seedChat } from './demo.js';
export { blockedAmong, cutOffPeopleSql, cutOffSql } from './block-rule.js';

/** Queued messages told per turn of `chat.notify`. */
const NOTIFY_BATCH = 500;

export const chatService: ServiceModule = { name: 'chat', plugin: chatRoutes };
