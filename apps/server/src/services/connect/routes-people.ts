import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import {
  closeFriendsOf,
  editBio,
  followersOf,
  followingsOf,
  profileOf,
  setCloseFriend,
  setFollow,
  suggestedAccounts,
  suggestedTags,
} from './people.service.js';

const tags = ['connect: people'];
const doc = <E extends object>(summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const people = (message: string, r: { items: c.ConnectPerson[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});

/** Profiles, follows, suggestions and close friends. */
export const peopleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  app.get(
    '/connect/profile/:id',
    {
      ...bearer,
      schema: doc('A person’s Connect profile: names, bio, counts, whether you follow each other', {
        params: c.connectIdParam,
        response: { 200: c.profileResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await profileOf(db, me(req), req.params.id), 'Profile'),
  );

  app.put(
    '/connect/edit-bio',
    { ...bearer, schema: doc('Change your bio', { body: c.editBioBody, response: { 200: c.profileResponse, ...errorResponses } }) },
    async (req) => ok(await editBio(db, me(req), req.body.bio), 'Bio updated'),
  );

  app.get(
    '/connect/:id/followers',
    {
      ...bearer,
      schema: doc('Who follows a person, newest first, each with whether you follow them', {
        params: c.connectIdParam,
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.peopleResponse, ...errorResponses },
      }),
    },
    async (req) => people('Followers', await followersOf(db, me(req), req.params.id, req.query)),
  );

  app.get(
    '/connect/:id/followings',
    {
      ...bearer,
      schema: doc('Who a person follows, newest first, each with whether you follow them', {
        params: c.connectIdParam,
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.peopleResponse, ...errorResponses },
      }),
    },
    async (req) => people('Followings', await followingsOf(db, me(req), req.params.id, req.query)),
  );

  app.put(
    '/connect/:id/follow',
    {
      ...bearer,
      schema: doc('Follow a person (again changes nothing)', {
        params: c.connectIdParam,
        response: { 200: c.followResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await setFollow(db, me(req), req.params.id, true), 'Following'),
  );

  app.put(
    '/connect/:id/unfollow',
    { ...bearer, schema: doc('Unfollow a person', { params: c.connectIdParam, response: { 200: c.followResponse, ...errorResponses } }) },
    async (req) => ok(await setFollow(db, me(req), req.params.id, false), 'Unfollowed'),
  );

  app.get(
    '/connect/suggested-accounts',
    {
      ...bearer,
      schema: doc('People to follow: followed by people you follow (most first), then popular ones', {
        querystring: c.suggestedAccountsQuery,
        response: { 200: c.suggestedAccountsResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await suggestedAccounts(db, me(req), req.query.limit), 'Suggested accounts'),
  );

  app.get(
    '/connect/get-suggested-tags',
    {
      ...bearer,
      schema: doc('The hashtags used most in the last 7 days', { response: { 200: c.suggestedTagsResponse, ...errorResponses } }),
    },
    async () => ok(await suggestedTags(db), 'Suggested tags'),
  );

  app.get(
    '/connect/close-friends',
    {
      ...bearer,
      schema: doc('Your close friends: they see your close-friends stories', {
        querystring: c.pageOfPeopleQuery,
        response: { 200: c.peopleResponse, ...errorResponses },
      }),
    },
    async (req) => people('Close friends', await closeFriendsOf(db, me(req), req.query)),
  );

  app.put(
    '/connect/:id/add-close-friend',
    {
      ...bearer,
      schema: doc('Add a person to your close friends', {
        params: c.connectIdParam,
        response: { 200: c.closeFriendResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await setCloseFriend(db, me(req), req.params.id, true), 'Added to close friends'),
  );

  app.put(
    '/connect/:id/remove-close-friend',
    {
      ...bearer,
      schema: doc('Remove a person from your close friends', {
        params: c.connectIdParam,
        response: { 200: c.closeFriendResponse, ...errorResponses },
      }),
    },
    async (req) => ok(await setCloseFriend(db, me(req), req.params.id, false), 'Removed from close friends'),
  );
};
