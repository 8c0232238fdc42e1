import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';

/** The connect service: posts, feeds, stories, highlights, profiles and follows, saved collections, reports, communities. */
const connectRoutes: FastifyPluginAsync = async () => {};

export const connectService: ServiceModule = { name: 'connect', plugin: connectRoutes };
