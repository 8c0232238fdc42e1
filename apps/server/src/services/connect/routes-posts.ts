import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { notFound } from '../../platform/errors.js';
import { route, userIdOf as me } from '../../platform/route.js';
import { isCategory, POST_CATEGORIES, REPORT_REASONS } from './catalogue.js';
import type { ConnectDeps } from './deps.js';
import { categoryFeed, draftsOf, encodeCursor, profileTab, readPost, savedPostsOf, type PostPage } from './posts-read.js';
import { addComment, commentsOf, quotePost, recordViews, reportPost, setLike, toggleRepost } from './posts-engagement.js';
import { postInsights } from './posts-insights.js';
import { reportComment } from './reports.service.js';
import { createPost, deletePost, editPost, postNotFound, publishDraft } from './posts.service.js';
import { savePost, unsavePost } from './saved.service.js';
import { homeTimeline } from './timeline-read.js';
import { tagPosts, trendingPosts } from './trending.js';

/** A page of posts. Not `listed`: feeds page by cursor, so their pagination has no total. */
const postList = (message: string, p: PostPage) => ({ status: true as const, message, data: p.posts, pagination: p.pagination });

/** Posts, feeds, likes, comments, reposts, drafts, saving, reports and insights. */
export function postRoutes(deps: ConnectDeps): FastifyPluginAsync {
  return async (app) => {
    const db = app.db;

    route(app, 'connect.categories', { guard: 'bearer' }, async () =>
      ok(
        POST_CATEGORIES.map((x) => ({ _id: x.id, name: x.name })),
        'Post categories',
      ),
    );

    route(app, 'connect.feed', { guard: 'bearer' }, async (req) => {
      const userId = me(req);
      return postList('Feed', await homeTimeline(db, deps.timelines, userId, req.query, deps.communityFeedSources(userId)));
    });

    route(app, 'connect.categoryFeed', { guard: 'bearer' }, async (req) => {
      if (!isCategory(req.params.category)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
      return postList('Feed', await categoryFeed(db, me(req), req.params.category, req.query));
    });

    route(app, 'connect.trending', { guard: 'bearer' }, async (req) =>
      postList('Trending posts', await trendingPosts(db, me(req), req.query)),
    );

    route(app, 'connect.tagFeed', { guard: 'bearer' }, async (req) =>
      postList('Posts with this hashtag', await tagPosts(db, me(req), req.params.tag, req.query)),
    );

    route(app, 'connect.createPost', { guard: 'bearer' }, async (req, reply) => {
      const post = await createPost(db, me(req), { body: req.body, community: deps.communityGate });
      const message = post.status === 'draft' ? 'Draft saved' : post.status === 'published' ? 'Posted' : 'Sent for approval';
      return reply.status(201).send(ok(post, message));
    });

    route(app, 'connect.drafts', { guard: 'bearer' }, async (req) => postList('Drafts', await draftsOf(db, me(req), req.query)));

    route(app, 'connect.saved', { guard: 'bearer' }, async (req) => postList('Saved posts', await savedPostsOf(db, me(req), req.query)));

    route(app, 'connect.reportReasons', { guard: 'bearer' }, async () =>
      ok(
        REPORT_REASONS.map((r) => ({ ...r })),
        'Report reasons',
      ),
    );

    route(app, 'connect.views', { guard: 'bearer' }, async (req) => {
      await recordViews(db, me(req), req.body.postIds);
      return ok(null, 'Views recorded');
    });

    route(app, 'connect.post', { guard: 'bearer' }, async (req) => {
      const userId = me(req);
      const post = await readPost(db, userId, req.params.id);
      if (!post) throw postNotFound();
      await recordViews(db, userId, [post._id]);
      return ok(post, 'Post');
    });

    route(app, 'connect.editPost', { guard: 'bearer' }, async (req) =>
      ok(await editPost(db, me(req), req.params.id, req.body), 'Post updated'),
    );

    route(app, 'connect.deletePost', { guard: 'bearer' }, async (req) => {
      await deletePost(db, me(req), req.params.id);
      return ok(null, 'Post deleted');
    });

    route(app, 'connect.publishDraft', { guard: 'bearer' }, async (req) => {
      const post = await publishDraft(db, me(req), req.params.id, deps.communityGate);
      return ok(post, post.status === 'published' ? 'Posted' : 'Sent for approval');
    });

    route(app, 'connect.like', { guard: 'bearer' }, async (req) =>
      ok({ _id: req.params.id, isLiked: true, ...(await setLike(db, me(req), req.params.id, true)) }, 'Liked'),
    );

    route(app, 'connect.unlike', { guard: 'bearer' }, async (req) =>
      ok({ _id: req.params.id, isLiked: false, ...(await setLike(db, me(req), req.params.id, false)) }, 'Unliked'),
    );

    route(app, 'connect.comment', { guard: 'bearer' }, async (req, reply) =>
      reply.status(201).send(ok(await addComment(db, me(req), req.params.id, req.body.text), 'Comment added')),
    );

    route(app, 'connect.comments', { guard: 'bearer' }, async (req) => {
      const q = req.query;
      const r = await commentsOf(db, me(req), req.params.id, q);
      return {
        status: true as const,
        message: 'Comments',
        data: r.comments,
        pagination: {
          page: q.page,
          limit: q.limit,
          prev: q.page > 0 ? { page: q.page - 1 } : null,
          next: r.last ? { page: q.page + 1, cursor: encodeCursor(r.last.sortAt, r.last.id) } : null,
        },
      };
    });

    route(app, 'connect.repost', { guard: 'bearer' }, async (req) => {
      const r = await toggleRepost(db, me(req), req.params.id);
      return ok({ _id: req.params.id, ...r }, r.isReposted ? 'Reposted' : 'Repost removed');
    });

    route(app, 'connect.quote', { guard: 'bearer' }, async (req, reply) =>
      reply.status(201).send(ok(await quotePost(db, me(req), req.params.id, req.body.text), 'Reposted')),
    );

    // A person's profile tabs ({id} is a user id); the message is the tab's name.
    route(app, 'connect.mediaTab', { guard: 'bearer' }, async (req) =>
      postList('A person’s posts with photos or videos', await profileTab(db, me(req), req.params.id, 'media', req.query)),
    );
    route(app, 'connect.textTab', { guard: 'bearer' }, async (req) =>
      postList('A person’s text posts', await profileTab(db, me(req), req.params.id, 'text', req.query)),
    );
    route(app, 'connect.repostsTab', { guard: 'bearer' }, async (req) =>
      postList('A person’s reposts', await profileTab(db, me(req), req.params.id, 'reposts', req.query)),
    );
    route(app, 'connect.taggedTab', { guard: 'bearer' }, async (req) =>
      postList('Posts that mention a person', await profileTab(db, me(req), req.params.id, 'tagged', req.query)),
    );

    route(app, 'connect.save', { guard: 'bearer' }, async (req) =>
      ok(await savePost(db, me(req), req.params.id, req.body?.collectionId), 'Saved'),
    );

    route(app, 'connect.unsave', { guard: 'bearer' }, async (req) =>
      ok(await unsavePost(db, me(req), req.params.id), 'Removed from saved'),
    );

    route(app, 'connect.report', { guard: 'bearer' }, async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(await reportPost(db, me(req), req.params.id, req.body.reason, app.config.reportHideThreshold), 'Thanks: we will look at it'),
        ),
    );

    route(app, 'connect.reportComment', { guard: 'bearer' }, async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await reportComment(db, me(req), req.params.id, req.body.reason, app.config.reportHideThreshold),
            'Thanks: we will look at it',
          ),
        ),
    );

    route(app, 'connect.insights', { guard: 'bearer' }, async (req) => ok(await postInsights(db, me(req), req.params.id), 'Post insights'));
  };
}
