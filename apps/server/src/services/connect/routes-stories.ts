import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { feedQuery } from '@owo/contracts';
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

const doc = <E extends object>(tag: string, summary: string, extra: E) => ({ tags: [tag], summary, ...bearerDoc, ...extra });
const S = 'connect: stories';
const H = 'connect: highlights';
const C = 'connect: saved collections';
const listOf = <T>(message: string, r: { items: T[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});

/** Stories (24 hours; everyone who follows you, or close friends), highlights, and saved collections. */
export const storyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  app.get(
    '/stories/allStories',
    {
      ...bearer,
      schema: doc(S, 'Live stories you may see, grouped by author: yours first, then unseen, then the rest', {
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.storyGroupsResponse, ...errorResponses },
      }),
    },
    async (req) => listOf('Stories', await storyGroups(db, me(req), req.query)),
  );

  app.post(
    '/stories',
    {
      ...bearer,
      schema: doc(
        S,
        'Post a story for 24 hours: a photo or video you uploaded, or text on a colour; for everyone who follows you or close friends',
        {
          body: c.createStoryBody,
          response: { 201: c.storyResponse, ...errorResponses },
        },
      ),
    },
    async (req, reply) => reply.status(201).send(ok(await createStory(db, me(req), req.body), 'Story posted')),
  );

  app.get(
    '/stories/mine',
    {
      ...bearer,
      schema: doc(S, 'Your own stories, newest first, expired ones too (to make highlights)', {
        querystring: c.myStoriesQuery,
        response: { 200: c.storiesResponse, ...errorResponses },
      }),
    },
    async (req) => listOf('Your stories', await myStories(db, me(req), req.query)),
  );

  app.get(
    '/stories/:id',
    {
      ...bearer,
      schema: doc(S, 'A story, if you may see it', { params: c.connectIdParam, response: { 200: c.storyResponse, ...errorResponses } }),
    },
    async (req) => {
      const story = await getStory(db, me(req), req.params.id);
      if (!story) throw storyNotFound();
      return ok(story, 'Story');
    },
  );

  app.patch(
    '/stories/:id',
    {
      ...bearer,
      schema: doc(S, 'Mark a story as seen by you (for its author’s insights)', {
        params: c.connectIdParam,
        response: { 200: c.storyResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await viewStory(db, me(req), req.params.id), 'Story seen'),
  );

  app.get(
    '/stories/:id/get-insights',
    {
      ...bearer,
      schema: doc(S, 'Who viewed your story and when, with the count (author only)', {
        params: c.connectIdParam,
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.storyInsightsResponse, ...errorResponses },
      }),
    },
    async (req) => {
      const r = await storyInsights(db, me(req), req.params.id, req.query);
      return { status: true as const, message: 'Story insights', data: r.data, pagination: r.pagination };
    },
  );

  app.get(
    '/highlights',
    {
      ...bearer,
      schema: doc(H, 'Highlights of a person (`userId`), or your own', {
        querystring: c.highlightsQuery,
        response: { 200: c.highlightsResponse, ...errorResponses },
      }),
    },
    async (req) => listOf('Highlights', await highlightsOf(db, me(req), req.query)),
  );

  app.post(
    '/highlights',
    {
      ...bearer,
      schema: doc(H, 'Make a highlight from your stories (expired ones too), with a title and a cover', {
        body: c.createHighlightBody,
        response: { 201: c.highlightResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await createHighlight(db, me(req), req.body), 'Highlight created')),
  );

  app.patch(
    '/highlights/:id',
    {
      ...bearer,
      schema: doc(H, 'Change your highlight: title, stories, cover', {
        params: c.connectIdParam,
        body: c.editHighlightBody,
        response: { 200: c.highlightResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await editHighlight(db, me(req), req.params.id, req.body), 'Highlight updated'),
  );

  app.delete(
    '/highlights/:id',
    {
      ...bearer,
      schema: doc(H, 'Delete your highlight', { params: c.connectIdParam, response: { 200: c.messageOnly, ...errorResponses } }),
    },
    async (req) => {
      await deleteHighlight(db, me(req), req.params.id);
      return ok(null, 'Highlight deleted');
    },
  );

  app.patch(
    '/highlights/:id/like',
    {
      ...bearer,
      schema: doc(H, 'Like a highlight', { params: c.connectIdParam, response: { 200: c.highlightLikeResponse, ...errorResponses } }),
    },
    async (req) => ok(await setHighlightLike(db, me(req), req.params.id, true), 'Liked'),
  );

  app.patch(
    '/highlights/:id/unlike',
    {
      ...bearer,
      schema: doc(H, 'Unlike a highlight', { params: c.connectIdParam, response: { 200: c.highlightLikeResponse, ...errorResponses } }),
    },
    async (req) => ok(await setHighlightLike(db, me(req), req.params.id, false), 'Unliked'),
  );

  app.get(
    '/saved-categories',
    {
      ...bearer,
      schema: doc(C, 'Your saved-post collections', {
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.collectionsResponse, ...errorResponses },
      }),
    },
    async (req) => listOf('Collections', await collectionsOf(db, me(req), req.query)),
  );

  app.post(
    '/saved-categories',
    {
      ...bearer,
      schema: doc(C, 'Create a collection', { body: c.collectionBody, response: { 201: c.collectionResponse, ...errorResponses } }),
    },
    async (req, reply) => reply.status(201).send(ok(await createCollection(db, me(req), req.body.name), 'Collection created')),
  );

  app.get(
    '/saved-categories/:id',
    {
      ...bearer,
      schema: doc(C, 'A collection and its posts, latest saved first', {
        params: c.connectIdParam,
        querystring: feedQuery,
        response: { 200: c.collectionPostsResponse, ...errorResponses },
      }),
    },
    async (req) => {
      const userId = me(req);
      const collection = await collectionById(db, userId, req.params.id);
      const page = await savedPostsOf(db, userId, { ...req.query, collectionId: req.params.id });
      return { status: true as const, message: 'Collection', data: { collection, posts: page.posts }, pagination: page.pagination };
    },
  );

  app.put(
    '/saved-categories/:id/update-category',
    {
      ...bearer,
      schema: doc(C, 'Rename a collection', {
        params: c.connectIdParam,
        body: c.collectionBody,
        response: { 200: c.collectionResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await renameCollection(db, me(req), req.params.id, req.body.name), 'Collection renamed'),
  );

  app.patch(
    '/saved-categories/:id/delete-category',
    {
      ...bearer,
      schema: doc(C, 'Delete a collection (its posts stay saved)', {
        params: c.connectIdParam,
        response: { 200: c.messageOnly, ...errorResponses },
      }),
    },
    async (req) => {
      await deleteCollection(db, me(req), req.params.id);
      return ok(null, 'Collection deleted');
    },
  );

  app.put(
    '/saved-categories/:id/remove-posts',
    {
      ...bearer,
      schema: doc(C, 'Take posts out of a collection (they stay saved)', {
        params: c.connectIdParam,
        body: c.collectionPostsBody,
        response: { 200: c.collectionResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await removePosts(db, me(req), req.params.id, req.body.postIds), 'Removed from the collection'),
  );

  app.put(
    '/saved-categories/:id/move-posts',
    {
      ...bearer,
      schema: doc(C, 'Move posts into this collection (saving any not saved yet)', {
        params: c.connectIdParam,
        body: c.collectionPostsBody,
        response: { 200: c.collectionResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await movePosts(db, me(req), req.params.id, req.body.postIds), 'Moved'),
  );
};
