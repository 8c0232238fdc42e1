import { randomUUID } from 'node:crypto';
import { auth } from './harness.js';
import { uploadPng } from './upload-fixture.js';
import type { Person, World, WorldBase } from './authz-world.js';

type Connect = Pick<
  World,
  | 'community'
  | 'privatePost'
  | 'comment'
  | 'publicPost'
  | 'draft'
  | 'closeStory'
  | 'publicStory'
  | 'highlight'
  | 'collection'
  | 'chatImage'
  | 'newMember'
  | 'joinRequester'
  | 'pendingPost'
  | 'spareCommunity'
  | 'offeredCommunity'
  | 'invitable'
  | 'inviteTo'
  | 'ownerPost'
  | 'ownerDraft'
  | 'ownerHighlight'
  | 'memberCollection'
>;

/**
 * The authorization world's (authz-world.ts) private community and its cast, the owner's posts and
 * stories, the member's collection, and the owner's chat with the member.
 */
export async function buildConnect({ t, ok, person, people }: WorldBase): Promise<Connect> {
  const app = t.app;
  const { owner, admin, member, blocked } = people;

  // The private community and its cast.
  const C = '/api/connect';
  const community = (
    await ok<{ _id: string }>(owner, 'POST', `${C}/communities`, {
      name: `Private circle ${randomUUID().slice(0, 6)}`,
      description: 'Members only',
      category: 'business',
      visibility: 'private',
      needsApproval: true,
    })
  )._id;
  const accept = async (u: Person, id = community) => {
    await ok(u, 'PUT', `${C}/communities/${id}/join-community`);
    await ok(owner, 'PUT', `${C}/communities/${id}/accept-join-request`, { userId: u.id });
  };
  for (const u of [admin, member, blocked]) await accept(u);
  await ok(owner, 'PUT', `${C}/communities/${community}/add-admin`, { userId: admin.id });
  await ok(owner, 'PUT', `${C}/communities/${community}/block-user`, { userId: blocked.id });

  const ownerPost = async (body: object = { text: `Members only ${randomUUID()}`, communityId: community }) =>
    (await ok<{ _id: string }>(owner, 'POST', `${C}/posts`, body))._id;
  const privatePost = await ownerPost();
  const comment = (await ok<{ _id: string }>(member, 'POST', `${C}/posts/${privatePost}/comment`, { text: 'Well said' }))._id;
  const publicPost = await ownerPost({ text: `Hello everyone ${randomUUID()}` });
  const ownerDraft = () => ownerPost({ text: `Not yet ${randomUUID()}`, draft: true });
  const draft = await ownerDraft();

  // Stories reach followers: the member (a close friend), the blocked and the non-member follow the owner.
  for (const u of [member, blocked, people.nonMember]) await ok(u, 'PUT', `${C}/connect/${owner.id}/follow`);
  await ok(owner, 'PUT', `${C}/connect/${member.id}/add-close-friend`);
  const closeStory = (
    await ok<{ _id: string }>(owner, 'POST', `${C}/stories`, { kind: 'text', text: 'Close friends only', audience: 'close_friends' })
  )._id;
  const publicStory = (
    await ok<{ _id: string }>(owner, 'POST', `${C}/stories`, { kind: 'text', text: 'For everyone', background: '#0b6e4f' })
  )._id;
  const ownerHighlight = async () =>
    (await ok<{ _id: string }>(owner, 'POST', `${C}/highlights`, { title: 'Lagos', storyIds: [publicStory] }))._id;
  const highlight = await ownerHighlight();
  const memberCollection = async () =>
    (await ok<{ _id: string }>(member, 'POST', `${C}/saved-categories`, { name: `Keep ${randomUUID().slice(0, 8)}` }))._id;
  const collection = await memberCollection();
  await ok(member, 'PUT', `${C}/posts/${publicPost}/save-post`, { collectionId: collection });

  // The chat between the owner and the member.
  await ok(owner, 'POST', '/api/chat/messages', { msgId: `m-${randomUUID()}`, toUserId: member.id, msgBody: { text: 'Hello' } });
  const photo = await uploadPng(app, owner);
  const chatImage = (
    await ok<{ id: string }>(owner, 'POST', '/api/chat/messages', {
      msgId: `m-${randomUUID()}`,
      toUserId: member.id,
      msgType: 'image',
      msgBody: { mediaUrl: photo.url },
    })
  ).id;
  await ok(member, 'POST', '/api/chat/messages', { msgId: `m-${randomUUID()}`, toUserId: owner.id, msgBody: { text: 'Hi!' } });

  // Disposable community things.
  const newMember = async () => {
    const u = await person();
    await accept(u);
    return u;
  };
  const joinRequester = async () => {
    const u = await person();
    await ok(u, 'PUT', `${C}/communities/${community}/join-community`);
    return u;
  };
  const pendingPost = async () => {
    const u = await newMember();
    const p = await ok<{ _id: string; status: string }>(u, 'POST', `${C}/posts`, {
      text: `Please accept ${randomUUID()}`,
      communityId: community,
    });
    if (p.status !== 'pending' && p.status !== 'held') throw new Error(`world: a member's post is ${p.status}, not waiting`);
    return p._id;
  };
  const spareCommunity = async () => {
    const id = (
      await ok<{ _id: string }>(owner, 'POST', `${C}/communities`, { name: `Spare ${randomUUID().slice(0, 6)}`, category: 'business' })
    )._id;
    await ok(admin, 'PUT', `${C}/communities/${id}/join-community`);
    return id;
  };
  const offeredCommunity = async () => {
    const id = await spareCommunity();
    await ok(owner, 'PUT', `${C}/communities/${id}/transfer-ownership`, { userId: admin.id });
    return id;
  };
  /** Invites go to people one follows or who follow one: `u` follows the owner (and the admin). */
  const followStaff = async (u: Person) => {
    for (const staffer of [owner, admin]) await app.inject({ method: 'PUT', url: `${C}/connect/${staffer.id}/follow`, headers: auth(u) });
  };
  const inviteTo = async (to: Person) => {
    await followStaff(to);
    const id = await spareCommunity();
    const invites = await ok<{ _id: string }[]>(owner, 'POST', `${C}/community-invites`, { communityId: id, userIds: [to.id] });
    return invites[0]!._id;
  };

  return {
    community,
    privatePost,
    comment,
    publicPost,
    draft,
    closeStory,
    publicStory,
    highlight,
    collection,
    chatImage,
    newMember,
    joinRequester,
    pendingPost,
    spareCommunity,
    offeredCommunity,
    invitable: async () => {
      const u = await person();
      await followStaff(u);
      return u;
    },
    inviteTo,
    ownerPost,
    ownerDraft,
    ownerHighlight,
    memberCollection,
  };
}
