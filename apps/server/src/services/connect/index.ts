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
import { fanOutTimelines } from './timeline-fanout.js';
import { timelineStoreOf } from './timeline-redis.js';

export { cleanUpStoryMedia } from './stories.service.js';
export { demoAvatar, seedConnect } from './demo.js';

const TIMELINE_FANOUT_MS = 250;
const TIMELINE_TRIM_MS = 10 * 60_000;
export {
  authorOfContent,
  moderateComment,
  moderateCommunity,
  moderatePost,
  reportedComments,
  reportedCommunities,
  reportedPosts,
} from './moderation-staff.js';

/** The connect service: posts, feeds, stories, highlights, profiles and follows, saved collections, reports, communities. */
const connectRoutes: FastifyPluginAsync<ServiceOptions<UploadProviders>> = async (app, { providers }) => {
  const timelines = timelineStoreOf(app.redis, app.config.redisPrefix, app.config.timelines);
  const deps = { ...communityHooks, storage: providers.storage, timelines };
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
  // Fan-out on write: new posts, removals and follows reach the kept home timelines (claimed
  // event rows; until then feeds pull them at read time). Trimming runs once in the cluster.
  app.jobs.add({
    name: 'connect.timeline-fanout',
    periodMs: TIMELINE_FANOUT_MS,
    idleMs: app.config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    run: () => fanOutTimelines(app.db, timelines).then((s) => s.events),
  });
  app.jobs.add({ name: 'connect.timeline-trim', periodMs: TIMELINE_TRIM_MS, run: () => timelines.trim(app.db) });
};

export const connectService: ServiceModule<UploadProviders> = { name: 'connect', plugin: connectRoutes, init: ensureCategories };
