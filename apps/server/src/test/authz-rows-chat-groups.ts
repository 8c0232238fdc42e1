import { randomUUID } from 'node:crypto';
import type { World } from './authz-world.js';
import { anyone, list, type Ctx, type Row, OK } from './authz-rows-shapes.js';

/**
 * The authorization matrix's rows (authz-rows.ts) of chat groups: the owner makes a group with the
 * member (the owner its admin). Admins' calls refuse the member (403); every call hides the group
 * from the outsider (404). Calls that change who is in it make a group of their own per request.
 */
const P = '/api/chat/groups';
const group = async (w: World, others: string[] = []): Promise<Ctx> => {
  const g = await w.ok<{ id: string; inviteCode: string }>(w.owner, 'POST', P, {
    name: 'Matrix group',
    memberIds: [w.member.id, ...others],
  });
  return { groupId: g.id, code: g.inviteCode };
};
const byId = (_w: World, x: Ctx) => ({ groupId: x.groupId! });
const admins = { stranger: 401, owner: OK, member: 403, outsider: 404 } as const;
const members = { stranger: 401, owner: OK, member: OK, outsider: 404 } as const;

export const chatGroupRows: Record<string, Row> = {
  'chat.deleteForEveryone': {
    each: async (w) => {
      const m = await w.ok<{ id: string }>(w.owner, 'POST', '/api/chat/messages', {
        msgId: `d-${randomUUID()}`,
        toUserId: w.member.id,
        msgBody: { text: 'Oops' },
      });
      return { messageId: m.id };
    },
    params: (_w, x) => ({ messageId: x.messageId! }),
    expect: { stranger: 401, owner: OK, member: 403, outsider: 404 },
  },
  'chat.byPhone': list({ query: (w) => ({ phone: w.owner.phone }) }),
  'chat.groups': list(),
  'chat.groupCreate': { body: () => ({ name: 'A new group', memberIds: [] }), expect: anyone('outsider') },
  'chat.group': { setup: (w) => group(w), params: byId, expect: members },
  'chat.groupUpdate': { setup: (w) => group(w), params: byId, body: () => ({ name: 'Renamed' }), expect: admins },
  'chat.groupAdd': {
    setup: async (w) => ({ ...(await group(w)), newbie: (await w.person()).id }),
    params: byId,
    body: (_w, x) => ({ userIds: [x.newbie] }),
    expect: admins,
  },
  'chat.groupRemove': {
    each: async (w) => {
      const newbie = (await w.person()).id;
      return { ...(await group(w, [newbie])), newbie };
    },
    params: (_w, x) => ({ groupId: x.groupId!, userId: x.newbie! }),
    expect: admins,
  },
  'chat.groupRole': {
    each: (w) => group(w),
    params: (w, x) => ({ groupId: x.groupId!, userId: w.member.id }),
    body: () => ({ role: 'admin' }),
    expect: admins,
  },
  'chat.groupLeave': { each: (w) => group(w), params: byId, expect: members },
  'chat.groupInvite': { setup: (w) => group(w), params: byId, expect: admins },
  // A preview hides nothing a member would not see; it never joins.
  'chat.groupInvitePreview': {
    setup: (w) => group(w),
    params: (_w, x) => ({ code: x.code! }),
    expect: { stranger: 401, owner: OK, member: OK, outsider: OK },
  },
  'chat.groupJoin': { setup: (w) => group(w), params: (_w, x) => ({ code: x.code! }), expect: anyone('outsider') },
  'chat.groupMute': { setup: (w) => group(w), params: byId, body: () => ({ for: '8h' }), expect: members },
  'chat.groupHistory': { setup: (w) => group(w), params: byId, expect: members },
  'chat.groupSend': {
    setup: (w) => group(w),
    params: byId,
    body: () => ({ msgId: `g-${randomUUID()}`, msgBody: { text: 'Meeting at 6' } }),
    expect: members,
  },
  'chat.groupSeen': { setup: (w) => group(w), params: byId, body: () => ({ upToSeq: 1 }), expect: members },
  'chat.groupReceipts': {
    setup: async (w) => {
      const x = await group(w);
      const m = await w.ok<{ id: string }>(w.owner, 'POST', `${P}/${x.groupId}/messages`, {
        msgId: `r-${randomUUID()}`,
        msgBody: { text: 'Dues' },
      });
      return { ...x, messageId: m.id };
    },
    params: (_w, x) => ({ groupId: x.groupId!, messageId: x.messageId! }),
    expect: members,
  },
};
