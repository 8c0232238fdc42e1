import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { savedPostsOf } from './posts-read.js';
import {
  collectionById,
  collectionsOf,
  createCollection,
  deleteCollection,
  movePosts,
  removePosts,
  renameCollection,
} from './saved.service.js';
import {
  createHighlight,
  createStory,
  deleteHighlight,
  editHighlight,
  getStory,
  highlightsOf,
  myStories,
  setHighlightLike,
  storyGroups,
  storyInsights,
  storyNotFound,
  viewStory,
} from './stories.service.js';

/** Stories (24 hours; everyone who follows you, or close friends), highlights, and saved collections. */
export const storyRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  route(app, 'connect.stories', { guard: 'bearer' }, async (req) => listed('Stories', await storyGroups(db, me(req), req.query)));
  route(app, 'connect.createStory', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await createStory(db, me(req), req.body), 'Story posted')),
  );
  route(app, 'connect.myStories', { guard: 'bearer' }, async (req) => listed('Your stories', await myStories(db, me(req), req.query)));
  route(app, 'connect.story', { guard: 'bearer' }, async (req) => {
    const story = await getStory(db, me(req), req.params.id);
    if (!story) throw storyNotFound();
    return ok(story, 'Story');
  });
  route(app, 'connect.viewStory', { guard: 'bearer' }, async (req) => ok(await viewStory(db, me(req), req.params.id), 'Story seen'));
  route(app, 'connect.storyInsights', { guard: 'bearer' }, async (req) => {
    const r = await storyInsights(db, me(req), req.params.id, req.query);
    return { status: true as const, message: 'Story insights', data: r.data, pagination: r.pagination };
  });

  route(app, 'connect.highlights', { guard: 'bearer' }, async (req) => listed('Highlights', await highlightsOf(db, me(req), req.query)));
  route(app, 'connect.createHighlight', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await createHighlight(db, me(req), req.body), 'Highlight created')),
  );
  route(app, 'connect.editHighlight', { guard: 'bearer' }, async (req) =>
    ok(await editHighlight(db, me(req), req.params.id, req.body), 'Highlight updated'),
  );
  route(app, 'connect.deleteHighlight', { guard: 'bearer' }, async (req) => {
    await deleteHighlight(db, me(req), req.params.id);
    return ok(null, 'Highlight deleted');
  });
  route(app, 'connect.likeHighlight', { guard: 'bearer' }, async (req) =>
    ok(await setHighlightLike(db, me(req), req.params.id, true), 'Liked'),
  );
  route(app, 'connect.unlikeHighlight', { guard: 'bearer' }, async (req) =>
    ok(await setHighlightLike(db, me(req), req.params.id, false), 'Unliked'),
  );

  route(app, 'connect.collections', { guard: 'bearer' }, async (req) => listed('Collections', await collectionsOf(db, me(req), req.query)));
  route(app, 'connect.createCollection', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await createCollection(db, me(req), req.body.name), 'Collection created')),
  );
  route(app, 'connect.collection', { guard: 'bearer' }, async (req) => {
    const userId = me(req);
    const collection = await collectionById(db, userId, req.params.id);
    const page = await savedPostsOf(db, userId, { ...req.query, collectionId: req.params.id });
    return { status: true as const, message: 'Collection', data: { collection, posts: page.posts }, pagination: page.pagination };
  });
  route(app, 'connect.renameCollection', { guard: 'bearer' }, async (req) =>
    ok(await renameCollection(db, me(req), req.params.id, req.body.name), 'Collection renamed'),
  );
  route(app, 'connect.deleteCollection', { guard: 'bearer' }, async (req) => {
    await deleteCollection(db, me(req), req.params.id);
    return ok(null, 'Collection deleted');
  });
  route(app, 'connect.removeFromCollection', { guard: 'bearer' }, async (req) =>
    ok(await removePosts(db, me(req), req.params.id, req.body.postIds), 'Removed from the collection'),
  );
  route(app, 'connect.moveToCollection', { guard: 'bearer' }, async (req) =>
    ok(await movePosts(db, me(req), req.params.id, req.body.postIds), 'Moved'),
  );
};
