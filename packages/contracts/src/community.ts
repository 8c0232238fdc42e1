import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { connectPerson, connectUser, feedPagination, post } from './connect.js';

// Communities: groups inside Connect with roles (owner, admin, member, blocked), invites, join and
// post requests, ownership transfer, moderation lists and insights. Pages start at 1 (spec section 9).

const id = (label = 'id') => z.uuid(`${label} must be a valid id`);
export const communityRole = z.enum(['owner', 'admin', 'member', 'blocked']);
export type CommunityRole = z.infer<typeof communityRole>;
export const communityVisibility = z.enum(['public', 'private']);
export const communityCategory = z.object({ _id: z.string(), name: z.string() });
export const communityCategoriesResponse = envelope(z.array(communityCategory));
export const communityCategoryParam = z.object({ id: z.string().trim().min(1).max(40) });

export const community = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: communityCategory,
  coverUrl: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  visibility: communityVisibility,
  needsApproval: z.boolean().describe("members' posts wait for an owner or admin to accept them"),
  owner: connectUser,
  membersCount: z.number().int(),
  postsCount: z.number().int(),
  isMember: z.boolean(),
  role: communityRole.nullable().describe("the caller's role; null when not a member"),
  joinRequested: z.boolean().describe('the caller has asked to join (private communities)'),
  inviteId: z.uuid().nullable().describe("the caller's pending invite to this community"),
  ownershipOffered: z.boolean().describe('the owner has offered the caller ownership'),
  requests: z
    .object({ join: z.number().int(), posts: z.number().int() })
    .nullable()
    .describe('join and post requests waiting for a decision: shown to the owner and admins, null for everyone else'),
  createdAt: z.string(),
});
export type Community = z.infer<typeof community>;
export const communityResponse = envelope(community);
export const communityListResponse = paginated(community);

const name = z.string().trim().min(3, 'The name needs at least 3 characters').max(60, 'The name can be at most 60 characters');
const description = z.string().trim().max(500, 'The description can be at most 500 characters');
const image = z.string().min(1).max(500);
export const createCommunityBody = z.object({
  name,
  description: description.default(''),
  category: z.string().trim().min(1, 'Choose a category').max(40).describe('an _id from GET /community-category'),
  coverUrl: image.optional().describe('an image the caller uploaded'),
  avatarUrl: image.optional(),
  visibility: communityVisibility.default('public'),
  needsApproval: z.boolean().default(false),
});
export const editCommunityBody = z
  .object({
    name: name.optional(),
    description: description.optional(),
    category: z.string().trim().min(1).max(40).optional(),
    coverUrl: image.nullable().optional(),
    avatarUrl: image.nullable().optional(),
    visibility: communityVisibility.optional(),
    needsApproval: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });

export const communitiesQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
  search: z
    .string()
    .trim()
    .max(60, 'search can be at most 60 characters')
    .optional()
    .describe('by name and description, tolerant of typos'),
  category: z.string().trim().min(1).max(40).optional(),
});
export const communityPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
export const communityPostsQuery = communityPageQuery.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional()
    .describe('pagination.next.cursor of the previous page'),
});
export const communityPostsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(post),
  pagination: feedPagination,
});

export const generateDescriptionQuery = z.object({
  community_name: z.string().trim().min(3, 'The name needs at least 3 characters').max(60),
  community_category: z.string().trim().min(1, 'Choose a category').max(40),
});
export const generateDescriptionResponse = envelope(z.object({ description: z.string() }));

export const communityUserBody = z.object({ userId: id('userId') });
export const communityPostBody = z.object({ postId: id('postId') });

export const membershipResponse = envelope(
  z.object({
    _id: z.uuid(),
    isMember: z.boolean(),
    joinRequested: z.boolean(),
    role: communityRole.nullable(),
    membersCount: z.number().int(),
  }),
);
export const memberResponse = envelope(z.object({ communityId: z.uuid(), userId: z.uuid(), role: communityRole.nullable() }));

export const communitySummary = z.object({
  _id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  visibility: communityVisibility,
});
export const communityInvite = z.object({
  _id: z.uuid(),
  community: communitySummary,
  invitedBy: connectUser,
  invitee: connectUser,
  createdAt: z.string(),
});
export const inviteBody = z.object({
  communityId: id('communityId'),
  userIds: z.array(id('userIds')).min(1, 'Choose at least one person').max(50, 'Invite at most 50 people at a time'),
});
export const invitesResponse = paginated(communityInvite);
export const inviteCreatedResponse = envelope(z.array(communityInvite));
export const inviteAnswerResponse = envelope(z.object({ _id: z.uuid(), communityId: z.uuid(), isMember: z.boolean() }));

export const ownershipRequest = z.object({
  _id: z.uuid(),
  community: communitySummary,
  from: connectUser,
  to: connectUser,
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
  createdAt: z.string(),
});
export const ownershipRequestResponse = envelope(ownershipRequest);
export const ownershipRequestsResponse = paginated(ownershipRequest);

export const communityMember = connectPerson.extend({ role: communityRole, joinedAt: z.string(), lastActiveAt: z.string().nullable() });
export const membersResponse = paginated(communityMember);
/** People one may invite: followers and followings not yet members or invited. */
export const inviteesResponse = paginated(connectPerson);
export const joinRequest = z.object({ user: connectUser, community: communitySummary, requestedAt: z.string() });
export const joinRequestsResponse = paginated(joinRequest);

export const moderatedPost = post.extend({
  spamReason: z.string().nullable().describe('why the post was held as spam'),
  reportCount: z.number().int(),
  reportReasons: z.array(z.string()),
});
export const moderatedPostsResponse = paginated(moderatedPost);
export const moderatedPostResponse = envelope(moderatedPost);

const insightDay = z.object({
  day: z.string().describe('YYYY-MM-DD, Lagos time'),
  members: z.number().int().describe('members at the end of the day'),
  joined: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  activeMembers: z.number().int().describe('members who posted, commented or liked that day'),
});
const insightPeriod = z.object({
  joined: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  activeMembers: z.number().int(),
  days: z.array(insightDay),
  topPosts: z.array(z.object({ _id: z.uuid(), text: z.string(), likes: z.number().int(), comments: z.number().int() })),
});
export const communityInsightsResponse = envelope(
  z.object({
    communityId: z.uuid(),
    membersCount: z.number().int(),
    postsCount: z.number().int(),
    last7Days: insightPeriod,
    last30Days: insightPeriod,
  }),
);

// Search in Connect ---------------------------------------------------------------------------------
export const connectSearchQuery = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(60, 'Search for at most 60 characters'),
});
export const connectSearchResult = z.object({
  people: z.array(connectUser).describe('by name or nickname (at most 10)'),
  tags: z
    .array(z.object({ tag: z.string(), count: z.number().int() }))
    .describe('hashtags beginning with the words, the most used first (at most 10)'),
  communities: z.array(community).describe('communities one may find, by name and description (at most 5)'),
  posts: z.array(post).describe('recent posts the caller may see with the words or the hashtag, newest first (at most 10)'),
});
export type ConnectSearchResult = z.infer<typeof connectSearchResult>;
export const connectSearchResponse = envelope(connectSearchResult);
