import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule, ServiceOptions } from '../../platform/app.js';
import type { UploadProviders } from '../upload/index.js';
import { ensureCategories } from './catalogue.js';
import { communityHooks } from './communities-access.js';
import { communityRoutes } from './routes-communities.js';
import { peopleRoutes } from './routes-people.js';
import { postRoutes } from './routes-posts.js';
import { storyRoutes } from './routes-stories.js';
import { cleanUpStoryMedia } from './stories.service.js';

export { cleanUpStoryMedia } from './stories.service.js';

/** The connect service: posts, feeds, stories, highlights, profiles and follows, saved collections, reports, communities. */
const connectRoutes: FastifyPluginAsync<ServiceOptions<UploadProviders>> = async (app, { providers }) => {
  const deps = { ...communityHooks, storage: providers.storage };
  await app.register(postRoutes(deps));
  await app.register(peopleRoutes);
  await app.register(storyRoutes);
  await app.register(communityRoutes);

  // Expired stories' media is deleted in the background (its state is in the rows, claimed per
  // batch); tests call the function with their own clock.
  app.jobs.add({
    name: 'connect.story-cleanup',
    periodMs: app.config.storyCleanupMs,
    run: () => cleanUpStoryMedia(app.db, providers.storage),
  });
};

export const connectService: ServiceModule<UploadProviders> = { name: 'connect', plugin: connectRoutes, init: ensureCategories };
