import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { executeRows } from '../../platform/db.js';
import { notify } from '../notifications/index.js';
import { userById } from '../user/index.js';
import { communities, communityJoinRequests, communityMembers } from './communities-tables.js';
import { posts } from './tables.js';
import { seesPost } from './visibility.js';

// What Connect tells people (docs/notifications.md), each in the transaction of its change: a
// community's owner and admins of the requests waiting for them (joining, posts to approve), and a
// person of a mention of them and of comments on their posts. Each kind of news has one tag per
// community or post, so a newer one replaces the one before on the device and in the centre.

const nameOf = async (tx: Tx, userId: string) => {
  const u = await userById(tx, userId);
  return u ? `${u.firstName} ${u.lastName}` : 'Someone';
};

/** A text cut for a lock screen. */
const short = (text: string, max = 140) => {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The owner and admins of a community, and its name. */
async function staffOf(tx: Tx, communityId: string): Promise<{ name: string; staff: string[] }> {
  const [c] = await tx.select({ name: communities.name }).from(communities).where(eq(communities.id, communityId));
  const staff = await tx
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.role, ['owner', 'admin'])));
  return { name: c?.name ?? 'your community', staff: staff.map((s) => s.userId) };
}

const manage = (communityId: string, tab: 'join' | 'posts') => `/connect/communities/${communityId}/manage?tab=${tab}`;

/** Someone asked to join a private community: its owner and admins are told, with how many wait. */
export async function tellJoinRequest(tx: Tx, communityId: string, requesterId: string): Promise<void> {
  const { name, staff } = await staffOf(tx, communityId);
  const [waiting] = await tx.select({ n: count() }).from(communityJoinRequests).where(eq(communityJoinRequests.communityId, communityId));
  const n = waiting?.n ?? 1;
  const who = await nameOf(tx, requesterId);
  await notify(tx, staff, {
    kind: 'request.join',
    title: n > 1 ? `${n} people asked to join ${name}` : `${who} asked to join ${name}`,
    body: n > 1 ? `${who} and ${n - 1} more are waiting for your answer.` : 'Accept or decline the request.',
    link: manage(communityId, 'join'),
    tag: `community:${communityId}:join`,
  });
}

/** A post waits for approval in a community: its owner and admins are told, with how many wait. */
export async function tellPostRequest(tx: Tx, communityId: string, authorId: string): Promise<void> {
  const { name, staff } = await staffOf(tx, communityId);
  const [waiting] = await tx
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.communityId, communityId), eq(posts.status, 'pending')));
  const n = waiting?.n ?? 1;
  const who = await nameOf(tx, authorId);
  await notify(
    tx,
    staff.filter((id) => id !== authorId),
    {
      kind: 'request.post',
      title: n > 1 ? `${n} posts wait for approval in ${name}` : `A post waits for approval in ${name}`,
      body: n > 1 ? `The latest from ${who}.` : `From ${who}. Accept or decline it.`,
      link: manage(communityId, 'posts'),
      tag: `community:${communityId}:posts`,
    },
  );
}

/** Of these people, those who may see the post (a mention in a private community tells only its members). */
async function seeing(tx: Tx, postId: string, userIds: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of userIds) {
    const [row] = await executeRows<{ ok: boolean }>(tx, sql`SELECT ${seesPost(id)} AS ok FROM posts p WHERE p.id = ${postId}`);
    if (row?.ok) out.push(id);
  }
  return out;
}

/** People mentioned in a post, or in a comment on one, who may see it: each told once per post. */
export async function tellMentioned(
  tx: Tx,
  postId: string,
  byId: string,
  userIds: string[],
  where: { text: string; inComment?: boolean },
): Promise<void> {
  const people = await seeing(
    tx,
    postId,
    [...new Set(userIds)].filter((id) => id !== byId),
  );
  if (!people.length) return;
  const who = await nameOf(tx, byId);
  await notify(tx, people, {
    kind: 'social.mention',
    title: where.inComment ? `${who} mentioned you in a comment` : `${who} mentioned you in a post`,
    body: short(where.text),
    link: `/connect/posts/${postId}`,
    tag: `post:${postId}:mention`,
  });
}

/**
 * A comment on someone's post: its author is told (not of their own), the comments of one post
 * replacing each other. Answers the post's author.
 */
export async function tellComment(tx: Tx, postId: string, commenterId: string, text: string): Promise<string | null> {
  const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
  if (!post || post.authorId === commenterId) return post?.authorId ?? null;
  await notify(tx, [post.authorId], {
    kind: 'social.comment',
    title: `${await nameOf(tx, commenterId)} commented on your post`,
    body: short(text),
    link: `/connect/posts/${postId}`,
    tag: `post:${postId}:comments`,
  });
  return post.authorId;
}
