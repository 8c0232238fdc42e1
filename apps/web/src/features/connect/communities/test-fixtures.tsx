import type { Community } from '../../../api/communities';

// Replies the tests' mocked connect service gives for communities.

export { list, one, page, renderAt } from '../../../test/render';

export const COMMUNITY_ID = '0198a7b2-0000-7000-8000-00000000c001';
export const OWNER = {
  _id: '0198a7b2-0000-7000-8000-0000000000b1',
  firstName: 'Tunde',
  lastName: 'Bello',
  nickName: 'tunde',
  avatar: null,
};

export function community(over: Partial<Community> = {}): Community {
  return {
    _id: COMMUNITY_ID,
    name: 'Lagos Foodies',
    description: 'Where to eat in Lagos',
    category: { _id: 'food', name: 'Food' },
    coverUrl: null,
    avatarUrl: null,
    visibility: 'public',
    needsApproval: false,
    owner: OWNER,
    membersCount: 12,
    postsCount: 3,
    isMember: false,
    role: null,
    joinRequested: false,
    inviteId: null,
    ownershipOffered: false,
    requests: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}
