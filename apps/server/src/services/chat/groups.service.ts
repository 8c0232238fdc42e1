import type { ChatGroup, ChatMessage, GroupEvent, GroupInfo } from '@owo/contracts';
import { GROUP_MAX_MEMBERS } from '@owo/contracts';
import { newId, randomToken } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { uploadsOf } from '../upload/index.js';
import { usersByIds } from '../user/index.js';
import { blockedAmong, cannotMessage } from './block-rule.js';
import { toChatUser } from './chat.service.js';
import {
  currentAmong,
  currentMembers,
  endMembership,
  groupById,
  groupByCode,
  groupsOfUser,
  lastSeqOf,
  membershipOf,
  wasRemovedAt,
  setMute,
  setRole,
  upsertMembers,
  type MemberRow,
} from './groups.queries.js';
import { insertMessages, toMessage } from './message.queries.js';
import { conversations, groups } from './tables.js';
import { eq } from 'drizzle-orm';

// Groups of up to 256 people: the rules for who may do what, in one place. Admins add people who
// may message them (no block either way), remove, make or dismiss admins, rename, reset the invite
// link; anyone leaves; the last admin leaving hands the role to the longest member. Each change is
// also a message of type `event` in the conversation, written in the same transaction. A person
// who left or was removed reads nothing after the event that ended their membership.

/** What a change did, for the live side to tell (routes-groups.ts): the events to deliver, who joins and who leaves the room. */
export type GroupChange = { info: GroupInfo; events: ChatMessage[]; joined: string[]; left: string[] };

export const groupNotFound = () => notFound('Group not found', 'GROUP_NOT_FOUND');
const adminsOnly = () => forbidden('Only group admins can do that', 'NOT_GROUP_ADMIN');
const full = () => conflict(`A group has at most ${GROUP_MAX_MEMBERS} people`, 'GROUP_FULL');

/** The caller's current membership (404 for a non-member, one who left included), optionally as an admin. */
export async function requireMember(db: Tx, groupId: string, userId: string, opts: { admin?: boolean; lock?: boolean } = {}) {
  const m = await membershipOf(db, groupId, userId, opts.lock);
  if (!m || m.leftAt) throw groupNotFound();
  if (opts.admin && m.role !== 'admin') throw adminsOnly();
  return m;
}

/** A group's event as a message of type `event` in its conversation, from `actorId` (also a group call's record, group-calls.ts). */
export async function groupEventMessage(tx: Tx, groupId: string, actorId: string, e: GroupEvent): Promise<ChatMessage> {
  const [row] = await insertMessages(tx, [
    {
      id: newId(),
      conversationId: groupId,
      pair: null,
      fromUserId: actorId,
      toUserId: groupId,
      clientMsgId: `event-${newId()}`,
      msgType: 'event',
      body: { text: '', replyTo: null, media: null, payment: null, event: e },
      paymentReference: null,
    },
  ]);
  return toMessage(row!);
}

/** People the caller may put in a group: they exist and may message the caller (no block either way). */
async function addable(db: Tx, actorId: string, userIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(userIds)].filter((id) => id !== actorId);
  const found = new Set((await usersByIds(db, ids)).map((u) => u.id));
  if (ids.some((id) => !found.has(id))) throw notFound('User not found', 'USER_NOT_FOUND');
  if ((await blockedAmong(db, actorId, ids)).size > 0) throw cannotMessage();
  return ids;
}

async function checkPhoto(db: Tx, userId: string, url: string | null | undefined) {
  if (!url) return;
  const [u] = await uploadsOf(db, userId, [url]);
  if (!u || u.kind !== 'image') throw badRequest('Choose a photo you uploaded', 'MEDIA_NOT_FOUND');
}

const toGroup = (r: Awaited<ReturnType<typeof groupsOfUser>>[number]): ChatGroup => ({
  id: r.id,
  name: r.name,
  photoUrl: r.photoUrl,
  memberCount: r.memberCount,
  myRole: r.role,
  mutedUntil: r.mutedUntil && new Date(r.mutedUntil) > new Date() ? new Date(r.mutedUntil).toISOString() : null,
  lastSeq: r.lastSeq,
  unreadCount: Math.max(0, r.lastSeq - Math.max(r.seenSeq, r.joinedSeq)),
  lastMessage: r.last ? toMessage(r.last) : null,
  createdAt: new Date(r.createdAt).toISOString(),
  pinned: r.pinnedAt !== null,
  archived: r.archivedAt !== null,
});

export async function listGroups(db: Tx, userId: string, q: { page: number; limit: number; archived?: boolean }) {
  const rows = await groupsOfUser(db, userId, q);
  return { items: rows.map(toGroup), pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0) };
}

/** A group as a current member sees it: members (the longest first), and the invite code for admins. */
export async function groupInfo(db: Tx, groupId: string, userId: string): Promise<GroupInfo> {
  const [row] = await groupsOfUser(db, userId, { page: 1, limit: 1, onlyId: groupId });
  if (!row) throw groupNotFound();
  const list = await currentMembers(db, groupId);
  const people = new Map(
    (
      await usersByIds(
        db,
        list.map((m) => m.userId),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  const g = await groupById(db, groupId);
  return {
    ...toGroup(row),
    members: list.flatMap((m) => {
      const user = people.get(m.userId);
      return user ? [{ user, role: m.role, joinedAt: m.joinedAt.toISOString() }] : [];
    }),
    inviteCode: row.role === 'admin' ? (g?.inviteCode ?? null) : null,
  };
}

const changed = async (db: Tx, groupId: string, actorId: string, c: Omit<GroupChange, 'info'>): Promise<GroupChange> => ({
  ...c,
  info: await groupInfo(db, groupId, actorId),
});

export async function createGroup(db: Db, creatorId: string, b: { name: string; photoUrl?: string; memberIds: string[] }) {
  const ids = await addable(db, creatorId, b.memberIds);
  if (ids.length + 1 > GROUP_MAX_MEMBERS) throw full();
  await checkPhoto(db, creatorId, b.photoUrl);
  const groupId = newId();
  return db.transaction(async (tx) => {
    await tx.insert(conversations).values({ id: groupId, kind: 'group', lastSeq: 0, lastMessageAt: new Date() });
    await tx
      .insert(groups)
      .values({ id: groupId, name: b.name, photoUrl: b.photoUrl ?? null, inviteCode: randomToken(12), createdBy: creatorId });
    await upsertMembers(tx, groupId, [creatorId], 'admin', 0);
    await upsertMembers(tx, groupId, ids, 'member', 0);
    const e = await groupEventMessage(tx, groupId, creatorId, { type: 'created', userIds: ids, name: b.name });
    return changed(tx, groupId, creatorId, { events: [e], joined: [creatorId, ...ids], left: [] });
  });
}

export async function updateGroup(db: Db, groupId: string, actorId: string, b: { name?: string; photoUrl?: string | null }) {
  await checkPhoto(db, actorId, b.photoUrl);
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, actorId, { admin: true, lock: true });
    await tx
      .update(groups)
      .set({ ...(b.name !== undefined ? { name: b.name } : {}), ...(b.photoUrl !== undefined ? { photoUrl: b.photoUrl } : {}) })
      .where(eq(groups.id, groupId));
    const events =
      b.name !== undefined ? [await groupEventMessage(tx, groupId, actorId, { type: 'renamed', userIds: [], name: b.name })] : [];
    return changed(tx, groupId, actorId, { events, joined: [], left: [] });
  });
}

/** Puts people in the group (the caller's check done): they read from the event that adds them. */
async function join(tx: Tx, groupId: string, actorId: string, ids: string[], type: 'added' | 'joined') {
  const already = await currentAmong(tx, groupId, ids);
  const fresh = ids.filter((id) => !already.has(id));
  if (!fresh.length) return [];
  if ((await currentMembers(tx, groupId)).length + fresh.length > GROUP_MAX_MEMBERS) throw full();
  await upsertMembers(tx, groupId, fresh, 'member', await lastSeqOf(tx, groupId));
  return [fresh, await groupEventMessage(tx, groupId, actorId, { type, userIds: fresh })] as const;
}

export async function addMembers(db: Db, groupId: string, actorId: string, userIds: string[]) {
  const ids = await addable(db, actorId, userIds);
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, actorId, { admin: true, lock: true });
    const done = await join(tx, groupId, actorId, ids, 'added');
    return changed(tx, groupId, actorId, { events: done.length ? [done[1]] : [], joined: done.length ? [...done[0]] : [], left: [] });
  });
}

const inviteNotFound = () => notFound('This invite link was reset or is not valid', 'INVITE_NOT_FOUND');

/** What an invite link leads to, before joining: the group's name, photo and size, never its members. */
export async function invitePreview(db: Tx, code: string, userId: string) {
  const g = await groupByCode(db, code);
  if (!g) throw inviteNotFound();
  const current = await currentMembers(db, g.id);
  const isMember = current.some((m) => m.userId === userId);
  if (!isMember) await requireMayJoin(db, g.id, userId, await membershipOf(db, g.id, userId));
  return { groupId: g.id, name: g.name, photoUrl: g.photoUrl, memberCount: current.length, isMember };
}

/**
 * Who may come in by the invite link (docs/chat.md, "Invite links"): not a former member an admin
 * removed (until an admin adds them back), nor anyone an admin could not add (a block either way
 * with a current admin). Asked by the preview and by the join alike.
 */
async function requireMayJoin(tx: Tx, groupId: string, userId: string, m: MemberRow | null): Promise<void> {
  if (m?.leftAt && m.leftSeq !== null && (await wasRemovedAt(tx, groupId, m.userId, m.leftSeq)))
    throw forbidden('An admin removed you from this group', 'REMOVED_FROM_GROUP');
  const admins = (await currentMembers(tx, groupId)).filter((a) => a.role === 'admin').map((a) => a.userId);
  if ((await blockedAmong(tx, userId, admins)).size > 0) throw forbidden('You can’t join this group', 'CANNOT_JOIN_GROUP');
}

export async function joinByInvite(db: Db, code: string, userId: string) {
  const g = await groupByCode(db, code);
  if (!g) throw inviteNotFound();
  return db.transaction(async (tx) => {
    const m = await membershipOf(tx, g.id, userId, true);
    if (!m || m.leftAt) await requireMayJoin(tx, g.id, userId, m);
    const done = await join(tx, g.id, userId, [userId], 'joined');
    return changed(tx, g.id, userId, { events: done.length ? [done[1]] : [], joined: done.length ? [userId] : [], left: [] });
  });
}

/** Ends a membership with its event; the last admin leaving hands the role to the longest member. */
async function part(tx: Tx, groupId: string, actorId: string, who: MemberRow, type: 'left' | 'removed') {
  const e = await groupEventMessage(tx, groupId, actorId, { type, userIds: [who.userId] });
  await endMembership(tx, groupId, who.userId, e.seq);
  const events = [e];
  const rest = await currentMembers(tx, groupId);
  if (rest.length && !rest.some((m) => m.role === 'admin')) {
    await setRole(tx, groupId, rest[0]!.userId, 'admin');
    events.push(await groupEventMessage(tx, groupId, actorId, { type: 'made_admin', userIds: [rest[0]!.userId] }));
  }
  return events;
}

export async function removeMember(db: Db, groupId: string, actorId: string, userId: string) {
  if (userId === actorId) throw badRequest('To leave the group, use Leave', 'USE_LEAVE');
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, actorId, { admin: true, lock: true });
    const who = await membershipOf(tx, groupId, userId);
    if (!who || who.leftAt) throw notFound('That person is not in this group', 'NOT_A_MEMBER');
    const events = await part(tx, groupId, actorId, who, 'removed');
    return changed(tx, groupId, actorId, { events, joined: [], left: [userId] });
  });
}

export async function leaveGroup(db: Db, groupId: string, userId: string) {
  return db.transaction(async (tx) => {
    const me = await requireMember(tx, groupId, userId, { lock: true });
    const events = await part(tx, groupId, userId, me, 'left');
    const g = (await groupById(tx, groupId))!;
    const info: GroupInfo = {
      id: groupId,
      name: g.name,
      photoUrl: g.photoUrl,
      memberCount: (await currentMembers(tx, groupId)).length,
      myRole: 'member',
      mutedUntil: null,
      lastSeq: events.at(-1)!.seq,
      unreadCount: 0,
      lastMessage: events[0]!,
      createdAt: g.createdAt.toISOString(),
      pinned: false,
      archived: false,
      members: [],
      inviteCode: null,
    };
    return { info, events, joined: [], left: [userId] } satisfies GroupChange;
  });
}

export async function setMemberRole(db: Db, groupId: string, actorId: string, userId: string, role: MemberRow['role']) {
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, actorId, { admin: true, lock: true });
    const who = await membershipOf(tx, groupId, userId);
    if (!who || who.leftAt) throw notFound('That person is not in this group', 'NOT_A_MEMBER');
    if (who.role === role) return changed(tx, groupId, actorId, { events: [], joined: [], left: [] });
    if (role === 'member' && (await currentMembers(tx, groupId)).filter((m) => m.role === 'admin').length === 1)
      throw conflict('A group needs an admin: make someone else admin first', 'LAST_ADMIN');
    await setRole(tx, groupId, userId, role);
    const e = await groupEventMessage(tx, groupId, actorId, {
      type: role === 'admin' ? 'made_admin' : 'dismissed_admin',
      userIds: [userId],
    });
    return changed(tx, groupId, actorId, { events: [e], joined: [], left: [] });
  });
}

export async function resetInvite(db: Db, groupId: string, actorId: string) {
  return db.transaction(async (tx) => {
    await requireMember(tx, groupId, actorId, { admin: true, lock: true });
    const inviteCode = randomToken(12);
    await tx.update(groups).set({ inviteCode }).where(eq(groups.id, groupId));
    return { groupId, inviteCode };
  });
}

const MUTE_MS = { '8h': 8 * 3600_000, week: 7 * 86400_000 } as const;
/** "Always" is a date far ahead, so one column says until when. */
const ALWAYS = new Date('9999-12-31T00:00:00Z');

export async function muteGroup(db: Db, groupId: string, userId: string, span: '8h' | 'week' | 'always' | 'off') {
  await requireMember(db, groupId, userId);
  const until = span === 'off' ? null : span === 'always' ? ALWAYS : new Date(Date.now() + MUTE_MS[span]);
  await setMute(db, groupId, userId, until);
  return groupInfo(db, groupId, userId);
}
