import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';

/** The chat service: conversations and messages over Socket.IO, the directory, saved media, calls. */
const chatRoutes: FastifyPluginAsync = async () => {};

export const chatService: ServiceModule = { name: 'chat', plugin: chatRoutes };
