import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import {
  closeFriendsOf,
  editBio,
  followersOf,
  followingsOf,
  profileOf,
  setCloseFriend,
  setFollow,
  suggestedTags,
} from './people.service.js';
import { searchConnect } from './search.js';
import { suggestedAccounts } from './suggestions.js';

/** Profiles, follows, suggestions and close friends. */
export const peopleRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  route(app, 'connect.profile', { guard: 'bearer' }, async (req) => ok(await profileOf(db, me(req), req.params.id), 'Profile'));
  route(app, 'connect.editBio', { guard: 'bearer' }, async (req) => ok(await editBio(db, me(req), req.body.bio), 'Bio updated'));
  route(app, 'connect.followers', { guard: 'bearer' }, async (req) =>
    listed('Followers', await followersOf(db, me(req), req.params.id, req.query)),
  );
  route(app, 'connect.followings', { guard: 'bearer' }, async (req) =>
    listed('Followings', await followingsOf(db, me(req), req.params.id, req.query)),
  );
  route(app, 'connect.follow', { guard: 'bearer' }, async (req) => ok(await setFollow(db, me(req), req.params.id, true), 'Following'));
  route(app, 'connect.unfollow', { guard: 'bearer' }, async (req) => ok(await setFollow(db, me(req), req.params.id, false), 'Unfollowed'));
  route(app, 'connect.suggestedAccounts', { guard: 'bearer' }, async (req) =>
    ok(await suggestedAccounts(db, me(req), req.query.limit), 'Suggested accounts'),
  );
  route(app, 'connect.suggestedTags', { guard: 'bearer' }, async () => ok(await suggestedTags(db), 'Suggested tags'));
  route(app, 'connect.search', { guard: 'bearer' }, async (req) => ok(await searchConnect(db, me(req), req.query.q), 'Search results'));
  route(app, 'connect.closeFriends', { guard: 'bearer' }, async (req) =>
    listed('Close friends', await closeFriendsOf(db, me(req), req.query)),
  );
  route(app, 'connect.addCloseFriend', { guard: 'bearer' }, async (req) =>
    ok(await setCloseFriend(db, me(req), req.params.id, true), 'Added to close friends'),
  );
  route(app, 'connect.removeCloseFriend', { guard: 'bearer' }, async (req) =>
    ok(await setCloseFriend(db, me(req), req.params.id, false), 'Removed from close friends'),
  );
};
