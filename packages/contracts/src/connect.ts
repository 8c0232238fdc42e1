import { z } from 'zod';
import { envelope } from './common.js';

// Connect: posts, feeds, stories, highlights, profiles and follows, saved collections, reports.
// Connect entities go out with `_id` (the spec's client reads it); people inside them too.

const id = (label = 'id') => z.uuid(`${label} must be a valid id`);
export const connectIdParam = z.object({ id: id() });
export const connectNameParam = z.object({ category: z.string().trim().min(1).max(40) });

/** A person as Connect shows them on a post, a story or a list. */
export const connectUser = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type ConnectUser = z.infer<typeof connectUser>;

/** A person in a list of people, with whether the caller follows them. */
export const connectPerson = connectUser.extend({ bio: z.string().nullable(), isFollowing: z.boolean(), isMe: z.boolean() });
export type ConnectPerson = z.infer<typeof connectPerson>;

export const mediaItem = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable().describe("an image's small copy, or a video's poster"),
  kind: z.enum(['image', 'video']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const postCategory = z.object({ _id: z.string(), name: z.string() });
export type PostCategory = z.infer<typeof postCategory>;
export const postCategoriesResponse = envelope(z.array(postCategory));

export const postComment = z.object({ _id: z.uuid(), postedBy: connectUser, text: z.string(), createdAt: z.string() });
export type PostComment = z.infer<typeof postComment>;

const postStatus = z.enum(['published', 'draft', 'pending', 'held']);

/** What a quote shows of the post it quotes; `deleted` when that post is gone. */
export const quotedPost = z.object({
  _id: z.uuid(),
  deleted: z.boolean(),
  author: connectUser.nullable(),
  text: z.string(),
  media: z.array(mediaItem),
  createdAt: z.string().nullable(),
});

export const post = z.object({
  _id: z.uuid(),
  author: connectUser,
  kind: z.enum(['post', 'quote']).describe('a quote is a repost with thought: `quoted` is the post it quotes'),
  text: z.string(),
  media: z.array(mediaItem),
  category: postCategory.nullable(),
  tags: z.array(z.string()).describe('hashtags without the #'),
  mentions: z.array(z.object({ _id: z.uuid(), nickName: z.string() })),
  communityId: z.uuid().nullable(),
  shareable: z.boolean().describe('false for a post of a private community: it is never reposted or quoted outside it'),
  status: postStatus,
  quoted: quotedPost.nullable(),
  repostedBy: z
    .object({ user: connectUser, at: z.string() })
    .nullable()
    .describe('set when the post is in a list because this person reposted it'),
  isLiked: z.boolean(),
  isSaved: z.boolean(),
  isReposted: z.boolean(),
  isMine: z.boolean(),
  likes: z.object({
    likesCount: z.number().int(),
    likedBy: z.array(connectUser).describe('a few of the likers (people the caller follows first), never the whole list'),
  }),
  commentCount: z.number().int(),
  repostCount: z.number().int(),
  comments: z.array(postComment).describe('the latest few comments; all of them at GET /posts/{id}/comments'),
  hidden: z.boolean().describe('hidden from feeds after reports (only its author sees it)'),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
});
export type Post = z.infer<typeof post>;

/**
 * Post lists (feeds, profile tabs, drafts, saved) start at page 0. `next.cursor` carries where the
 * page ended: page 1 asked with it never repeats or skips a post because others posted meanwhile.
 */
export const feedQuery = z.object({
  page: z.coerce.number().int().min(0, 'page starts at 0').default(0),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional()
    .describe('pagination.next.cursor of the previous page'),
});
export type FeedQuery = z.infer<typeof feedQuery>;
export const tagParam = z.object({
  tag: z
    .string()
    .regex(/^[\p{L}\p{N}_]{1,40}$/u, 'tag is 1 to 40 letters, digits or _')
    .describe('a hashtag without the #'),
});
export const trendingQuery = feedQuery.extend({
  category: z.string().max(40).optional().describe('only posts in this category (an _id from GET /post-categories)'),
});
export const feedPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  prev: z.object({ page: z.number().int() }).nullable(),
  next: z.object({ page: z.number().int(), cursor: z.string() }).nullable(),
});
export type FeedPagination = z.infer<typeof feedPagination>;
export const postListResponse = z.object({ status: z.literal(true), message: z.string(), data: z.array(post), pagination: feedPagination });
export const savedPostsQuery = feedQuery.extend({ collectionId: id('collectionId').optional() });

export const postResponse = envelope(post);

const text = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters`);

export const createPostBody = z
  .object({
    text: text('text', 2000).default(''),
    media: z
      .array(z.object({ url: z.string().min(1).max(500) }))
      .max(10, 'A post can have at most 10 photos')
      .default([])
      .describe('files the author uploaded: up to 10 images, or one video'),
    category: z.string().trim().min(1).max(40).optional().describe('an _id from GET /post-categories'),
    tags: z
      .array(z.string().trim().min(1).max(40))
      .max(10, 'Use at most 10 tags')
      .default([])
      .describe('hashtags, besides those in the text'),
    communityId: id('communityId').optional(),
    draft: z.boolean().default(false).describe('save as a draft instead of publishing'),
  })
  .refine((b) => b.text.length > 0 || b.media.length > 0, { message: 'Write something or add a photo or video', path: ['text'] });
export type CreatePostBody = z.input<typeof createPostBody>;

export const editPostBody = z
  .object({
    text: text('text', 2000).optional(),
    media: z
      .array(z.object({ url: z.string().min(1).max(500) }))
      .max(10, 'A post can have at most 10 photos')
      .optional(),
    category: z.string().trim().min(1).max(40).nullable().optional(),
  })
  .refine((b) => b.text !== undefined || b.media !== undefined || b.category !== undefined, { message: 'Nothing to change' });

export const commentBody = z.object({
  text: z.string().trim().min(1, 'Write a comment').max(500, 'A comment can be at most 500 characters'),
});
export const commentResponse = envelope(postComment.extend({ commentCount: z.number().int() }));
export const commentsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(postComment),
  pagination: feedPagination,
});

export const likeResponse = envelope(z.object({ _id: z.uuid(), isLiked: z.boolean(), likesCount: z.number().int() }));
export const repostResponse = envelope(z.object({ _id: z.uuid(), isReposted: z.boolean(), repostCount: z.number().int() }));
export const quoteBody = z.object({ text: z.string().trim().min(1, 'Add your thoughts').max(2000, 'text can be at most 2000 characters') });
export const viewsBody = z.object({ postIds: z.array(id('postIds')).min(1).max(50) });

// Saved posts and collections (the spec's saved-post categories) -------------------------------
export const savePostBody = z.object({ collectionId: id('collectionId').nullable().optional() }).nullish();
export const saveResponse = envelope(z.object({ _id: z.uuid(), isSaved: z.boolean(), collectionId: z.uuid().nullable() }));
export const savedCollection = z.object({
  _id: z.uuid(),
  name: z.string(),
  postsCount: z.number().int(),
  cover: z.string().nullable().describe('a thumbnail of the latest saved post with media'),
  createdAt: z.string(),
});
export const collectionBody = z.object({
  name: z.string().trim().min(1, 'Give the collection a name').max(40, 'name can be at most 40 characters'),
});
export const collectionResponse = envelope(savedCollection);
export const collectionsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(savedCollection),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    prev: z.object({ page: z.number().int() }).nullable(),
    next: z.object({ page: z.number().int() }).nullable(),
  }),
});
export const collectionPostsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ collection: savedCollection, posts: z.array(post) }),
  pagination: feedPagination,
});
export const collectionPostsBody = z.object({ postIds: z.array(id('postIds')).min(1, 'Choose at least one post').max(100) });

// Reports and insights --------------------------------------------------------------------------
export const reportReason = z.object({ id: z.string(), reason: z.string() });
export const reportReasonsResponse = envelope(z.array(reportReason));
export const reportBody = z.object({ reason: z.string().trim().min(1, 'Choose a reason').max(100) });
export const reportResponse = envelope(z.object({ _id: z.uuid(), reason: z.string() }));

const insightCounts = z.object({
  views: z.number().int(),
  reach: z.number().int().describe('distinct viewers'),
  likes: z.number().int(),
  comments: z.number().int(),
  saves: z.number().int(),
  reposts: z.number().int(),
});
const insightDay = insightCounts.extend({ day: z.string().describe('YYYY-MM-DD, Lagos time') });
const insightPeriod = z.object({ totals: insightCounts, days: z.array(insightDay) });
export const postInsightsResponse = envelope(
  z.object({ postId: z.uuid(), totals: insightCounts, last7Days: insightPeriod, last30Days: insightPeriod }),
);

// Profiles and follows --------------------------------------------------------------------------
export const connectProfile = connectUser.extend({
  bio: z.string().nullable(),
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  followingsCount: z.number().int(),
  isFollowing: z.boolean(),
  followsYou: z.boolean(),
  isCloseFriend: z.boolean().describe('the caller counts this person as a close friend'),
  isMe: z.boolean(),
});
export const profileResponse = envelope(connectProfile);
export const editBioBody = z.object({ bio: z.string().trim().max(160, 'Your bio can be at most 160 characters') });
export const pageOfPeopleQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
const listPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  prev: z.object({ page: z.number().int() }).nullable(),
  next: z.object({ page: z.number().int() }).nullable(),
});
export const peopleResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(connectPerson),
  pagination: listPagination,
});
export const followResponse = envelope(z.object({ _id: z.uuid(), isFollowing: z.boolean(), followersCount: z.number().int() }));
export const closeFriendResponse = envelope(z.object({ _id: z.uuid(), isCloseFriend: z.boolean() }));
export const suggestionReason = z.enum([
  'paid_each_other',
  'bought_from_them',
  'followed_by_people_you_follow',
  'in_your_communities',
  'popular',
]);
export type SuggestionReason = z.infer<typeof suggestionReason>;
export const suggestedAccount = connectPerson.extend({
  mutualCount: z
    .number()
    .int()
    .describe(
      'how strong the reason is: payments between you (paid_each_other), your orders from them (bought_from_them), people you follow who follow them, communities you share; 0 for popular',
    ),
  reason: suggestionReason,
});
export type SuggestedAccount = z.infer<typeof suggestedAccount>;
export const suggestedAccountsResponse = envelope(z.array(suggestedAccount));
export const suggestedAccountsQuery = z.object({ limit: z.coerce.number().int().min(1).max(30).default(10) });
export const suggestedTagsResponse = envelope(z.array(z.object({ tag: z.string(), count: z.number().int() })));

// Stories and highlights ------------------------------------------------------------------------
export const storyAudience = z.enum(['everyone', 'close_friends']);
export const story = z.object({
  _id: z.uuid(),
  author: connectUser,
  kind: z.enum(['image', 'video', 'text']),
  media: mediaItem.nullable(),
  text: z.string().nullable(),
  background: z.string().nullable().describe('the colour behind a text story, #rrggbb'),
  audience: storyAudience,
  seen: z.boolean(),
  viewCount: z.number().int().nullable().describe("the number of viewers: the author's own stories only"),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Story = z.infer<typeof story>;
export const storyResponse = envelope(story);
export const storyGroup = z.object({
  author: connectUser,
  isMine: z.boolean(),
  hasUnseen: z.boolean(),
  latestAt: z.string(),
  stories: z.array(story),
});
export const storyGroupsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(storyGroup),
  pagination: listPagination,
});
export const myStoriesQuery = pageOfPeopleQuery.extend({
  includeExpired: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const storiesResponse = z.object({ status: z.literal(true), message: z.string(), data: z.array(story), pagination: listPagination });
export const createStoryBody = z
  .object({
    kind: z.enum(['image', 'video', 'text']),
    mediaUrl: z.string().min(1).max(500).optional().describe('an image or video the author uploaded'),
    text: z.string().trim().max(500, 'A story can have at most 500 characters').optional(),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'background must be a colour like #0b6e4f')
      .optional(),
    audience: storyAudience.default('everyone'),
  })
  .refine((b) => (b.kind === 'text' ? Boolean(b.text) : Boolean(b.mediaUrl)), {
    message: 'A text story needs text; a photo or video story needs its file',
    path: ['kind'],
  });
export const storyViewer = z.object({ user: connectUser, viewedAt: z.string() });
export const storyInsightsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ storyId: z.uuid(), viewCount: z.number().int(), viewers: z.array(storyViewer) }),
  pagination: listPagination,
});

export const highlight = z.object({
  _id: z.uuid(),
  owner: connectUser,
  title: z.string(),
  coverUrl: z.string().nullable(),
  stories: z.array(story),
  isLiked: z.boolean(),
  likes: z.object({ likesCount: z.number().int() }),
  createdAt: z.string(),
});
export const highlightsQuery = pageOfPeopleQuery.extend({ userId: id('userId').optional() });
export const highlightsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(highlight),
  pagination: listPagination,
});
export const highlightResponse = envelope(highlight);
export const createHighlightBody = z.object({
  title: z.string().trim().min(1, 'Give the highlight a title').max(40, 'title can be at most 40 characters'),
  storyIds: z.array(id('storyIds')).min(1, 'Choose at least one story').max(100),
  coverUrl: z.string().min(1).max(500).optional(),
});
export const editHighlightBody = z
  .object({
    title: z.string().trim().min(1, 'Give the highlight a title').max(40, 'title can be at most 40 characters').optional(),
    storyIds: z.array(id('storyIds')).min(1, 'Choose at least one story').max(100).optional(),
    coverUrl: z.string().min(1).max(500).nullable().optional(),
  })
  .refine((b) => b.title !== undefined || b.storyIds !== undefined || b.coverUrl !== undefined, { message: 'Nothing to change' });
export const highlightLikeResponse = envelope(z.object({ _id: z.uuid(), isLiked: z.boolean(), likesCount: z.number().int() }));
