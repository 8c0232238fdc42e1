import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { notFound } from '../../platform/errors.js';
import { isCategory, POST_CATEGORIES, REPORT_REASONS } from './catalogue.js';
import type { ConnectDeps } from './deps.js';
import {
  categoryFeed,
  draftsOf,
  encodeCursor,
  homeFeed,
  profileTab,
  readPost,
  savedPostsOf,
  type PostPage,
  type ProfileTab,
} from './posts-read.js';
import {
  addComment,
  commentsOf,
  createPost,
  deletePost,
  editPost,
  postInsights,
  postNotFound,
  publishDraft,
  quotePost,
  recordViews,
  reportPost,
  setLike,
  toggleRepost,
} from './posts.service.js';
import { savePost, unsavePost } from './saved.service.js';

const tags = ['connect: posts'];
const doc = <E extends object>(summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const listReply = (message: string, p: PostPage) => ({ status: true as const, message, data: p.posts, pagination: p.pagination });

/** Posts, feeds, likes, comments, reposts, drafts, saving, reports and insights. */
export function postRoutes(deps: ConnectDeps): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.db;
    const me = authOf;

    app.get(
      '/post-categories',
      { ...bearer, schema: doc('Post categories', { response: { 200: c.postCategoriesResponse, ...errorResponses } }) },
      async () =>
        ok(
          POST_CATEGORIES.map((x) => ({ _id: x.id, name: x.name })),
          'Post categories',
        ),
    );

    app.get(
      '/posts/feeds',
      {
        ...bearer,
        schema: doc(
          'Home feed: posts and reposts by the people you follow, your own and your communities, newest first. Pages start at 0; ' +
            'send pagination.next.cursor with the next page so new posts never shift it',
          { querystring: c.feedQuery, response: { 200: c.postListResponse, ...errorResponses } },
        ),
      },
      async (req) => {
        const userId = me(req).userId;
        return listReply(
          'Feed',
          await homeFeed(db, userId, req.query, deps.communityFeedSources(userId), deps.visibleCommunityPosts(userId)),
        );
      },
    );

    app.get(
      '/posts/feeds/:category',
      {
        ...bearer,
        schema: doc('Everyone’s posts in one category (an _id from GET /post-categories), newest first', {
          params: c.connectNameParam,
          querystring: c.feedQuery,
          response: { 200: c.postListResponse, ...errorResponses },
        }),
      },
      async (req) => {
        if (!isCategory(req.params.category)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
        const userId = me(req).userId;
        return listReply('Feed', await categoryFeed(db, userId, req.params.category, req.query, deps.visibleCommunityPosts(userId)));
      },
    );

    app.post(
      '/posts',
      {
        ...bearer,
        schema: doc(
          'Create a post: text and/or up to 10 photos or one video you uploaded; optional category, tags, community; or a draft',
          {
            body: c.createPostBody,
            response: { 201: c.postResponse, ...errorResponses },
          },
        ),
      },
      async (req, reply) => {
        const post = await createPost(db, me(req).userId, { body: req.body, community: deps.communityGate });
        const message = post.status === 'draft' ? 'Draft saved' : post.status === 'published' ? 'Posted' : 'Sent for approval';
        return reply.status(201).send(ok(post, message));
      },
    );

    app.get(
      '/posts/drafts',
      {
        ...bearer,
        schema: doc('Your drafts, newest first', { querystring: c.feedQuery, response: { 200: c.postListResponse, ...errorResponses } }),
      },
      async (req) => listReply('Drafts', await draftsOf(db, me(req).userId, req.query)),
    );

    app.get(
      '/posts/saved-posts',
      {
        ...bearer,
        schema: doc('Posts you saved, latest saved first; `collectionId` for one collection', {
          querystring: c.savedPostsQuery,
          response: { 200: c.postListResponse, ...errorResponses },
        }),
      },
      async (req) => listReply('Saved posts', await savedPostsOf(db, me(req).userId, req.query)),
    );

    app.get(
      '/posts/all-report-reasons',
      { ...bearer, schema: doc('Why a post can be reported', { response: { 200: c.reportReasonsResponse, ...errorResponses } }) },
      async () =>
        ok(
          REPORT_REASONS.map((r) => ({ ...r })),
          'Report reasons',
        ),
    );

    app.post(
      '/posts/views',
      {
        ...bearer,
        schema: doc('Record that posts were on your screen (for their authors’ insights): once per post per day', {
          body: c.viewsBody,
          response: { 200: c.messageOnly, ...errorResponses },
        }),
      },
      async (req) => {
        await recordViews(db, me(req).userId, req.body.postIds);
        return ok(null, 'Views recorded');
      },
    );

    app.get(
      '/posts/:id',
      {
        ...bearer,
        schema: doc('A post with its latest comments (records your view)', {
          params: c.connectIdParam,
          response: { 200: c.postResponse, ...errorResponses },
        }),
      },
      async (req) => {
        const userId = me(req).userId;
        const post = await readPost(db, userId, req.params.id);
        if (!post || !(await deps.canSeeCommunityPost(db, userId, post))) throw postNotFound();
        await recordViews(db, userId, [post._id]);
        return ok(post, 'Post');
      },
    );

    app.patch(
      '/posts/:id',
      {
        ...bearer,
        schema: doc('Edit your post (author only)', {
          params: c.connectIdParam,
          body: c.editPostBody,
          response: { 200: c.postResponse, ...errorResponses },
        }),
      },
      async (req) => ok(await editPost(db, me(req).userId, req.params.id, req.body), 'Post updated'),
    );

    app.put(
      '/posts/:id',
      {
        ...bearer,
        schema: doc('Delete your post (author only)', { params: c.connectIdParam, response: { 200: c.messageOnly, ...errorResponses } }),
      },
      async (req) => {
        await deletePost(db, me(req).userId, req.params.id);
        return ok(null, 'Post deleted');
      },
    );

    app.patch(
      '/posts/:id/post-draft',
      {
        ...bearer,
        schema: doc('Publish your draft', { params: c.connectIdParam, response: { 200: c.postResponse, ...errorResponses } }),
      },
      async (req) => {
        const post = await publishDraft(db, me(req).userId, req.params.id, deps.communityGate);
        return ok(post, post.status === 'published' ? 'Posted' : 'Sent for approval');
      },
    );

    app.patch(
      '/posts/:id/like',
      {
        ...bearer,
        schema: doc('Like a post (liking again changes nothing)', {
          params: c.connectIdParam,
          response: { 200: c.likeResponse, ...errorResponses },
        }),
      },
      async (req) => ok({ _id: req.params.id, isLiked: true, ...(await setLike(db, me(req).userId, req.params.id, true)) }, 'Liked'),
    );

    app.put(
      '/posts/:id/unlike',
      { ...bearer, schema: doc('Unlike a post', { params: c.connectIdParam, response: { 200: c.likeResponse, ...errorResponses } }) },
      async (req) => ok({ _id: req.params.id, isLiked: false, ...(await setLike(db, me(req).userId, req.params.id, false)) }, 'Unliked'),
    );

    app.post(
      '/posts/:id/comment',
      {
        ...bearer,
        schema: doc('Comment on a post', {
          params: c.connectIdParam,
          body: c.commentBody,
          response: { 201: c.commentResponse, ...errorResponses },
        }),
      },
      async (req, reply) => reply.status(201).send(ok(await addComment(db, me(req).userId, req.params.id, req.body.text), 'Comment added')),
    );

    app.get(
      '/posts/:id/comments',
      {
        ...bearer,
        schema: doc('All of a post’s comments, newest first (pages from 0, with a cursor)', {
          params: c.connectIdParam,
          querystring: c.feedQuery,
          response: { 200: c.commentsResponse, ...errorResponses },
        }),
      },
      async (req) => {
        const q = req.query;
        const r = await commentsOf(db, me(req).userId, req.params.id, q);
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
      },
    );

    app.put(
      '/posts/:id/repost',
      {
        ...bearer,
        schema: doc('Repost a post to your followers; calling again undoes your repost', {
          params: c.connectIdParam,
          response: { 200: c.repostResponse, ...errorResponses },
        }),
      },
      async (req) => {
        const r = await toggleRepost(db, me(req).userId, req.params.id);
        return ok({ _id: req.params.id, ...r }, r.isReposted ? 'Reposted' : 'Repost removed');
      },
    );

    app.put(
      '/posts/:id/repost-with-thought',
      {
        ...bearer,
        schema: doc('Repost with your thoughts: a post of yours that shows the original', {
          params: c.connectIdParam,
          body: c.quoteBody,
          response: { 201: c.postResponse, ...errorResponses },
        }),
      },
      async (req, reply) => reply.status(201).send(ok(await quotePost(db, me(req).userId, req.params.id, req.body.text), 'Reposted')),
    );

    const tab = (path: string, which: ProfileTab, summary: string) =>
      app.get(
        `/posts/:id/${path}`,
        {
          ...bearer,
          schema: doc(`${summary} ({id} is a user id), newest first`, {
            params: c.connectIdParam,
            querystring: c.feedQuery,
            response: { 200: c.postListResponse, ...errorResponses },
          }),
        },
        async (req) => {
          const userId = me(req).userId;
          return listReply(summary, await profileTab(db, userId, req.params.id, which, req.query, deps.visibleCommunityPosts(userId)));
        },
      );
    tab('posts-with-media', 'media', 'A person’s posts with photos or videos');
    tab('posts-with-text', 'text', 'A person’s text posts');
    tab('user-reposts', 'reposts', 'A person’s reposts');
    tab('tagged-posts', 'tagged', 'Posts that mention a person');

    app.put(
      '/posts/:id/save-post',
      {
        ...bearer,
        schema: doc('Save a post, optionally into one of your collections (saving again moves it there)', {
          params: c.connectIdParam,
          body: c.savePostBody,
          response: { 200: c.saveResponse, ...errorResponses },
        }),
      },
      async (req) => ok(await savePost(db, me(req).userId, req.params.id, req.body?.collectionId), 'Saved'),
    );

    app.put(
      '/posts/:id/unsave-post',
      { ...bearer, schema: doc('Unsave a post', { params: c.connectIdParam, response: { 200: c.saveResponse, ...errorResponses } }) },
      async (req) => ok(await unsavePost(db, me(req).userId, req.params.id), 'Removed from saved'),
    );

    app.post(
      '/posts/:id/report',
      {
        ...bearer,
        schema: doc('Report a post (once): a reason from GET /posts/all-report-reasons, by id or text', {
          params: c.connectIdParam,
          body: c.reportBody,
          response: { 201: c.reportResponse, ...errorResponses },
        }),
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await reportPost(db, me(req).userId, req.params.id, req.body.reason, app.config.reportHideThreshold),
              'Thanks: we will look at it',
            ),
          ),
    );

    app.get(
      '/posts/:id/post-insights',
      {
        ...bearer,
        schema: doc('Your post’s views, reach, likes, comments, saves and reposts: in total and per day for 7 and 30 days (author only)', {
          params: c.connectIdParam,
          response: { 200: c.postInsightsResponse, ...errorResponses },
        }),
      },
      async (req) => ok(await postInsights(db, me(req).userId, req.params.id), 'Post insights'),
    );
  };
}
