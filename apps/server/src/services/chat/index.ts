import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import { groupRoutes } from './routes-groups.js';
import { chatRestRoutes } from './routes.js';
import { createChatHub } from './socket.js';

/** The chat service: conversations and messages over Socket.IO (and REST), the directory, saved media, calls. */
const chatRoutes: FastifyPluginAsync = async (app) => {
  const hub = createChatHub(app);
  await app.register(chatRestRoutes(hub));
  await app.register(groupRoutes(hub));
  app.addHook('preClose', async () => hub.close());
};

export const chatService: ServiceModule = { name: 'chat', plugin: chatRoutes };
