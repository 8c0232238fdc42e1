import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import MembersPage, { allowedActions } from './MembersPage';
import { COMMUNITY_ID, community, list, one, OWNER, renderAt } from './test-fixtures';

const C = `/api/connect/communities/${COMMUNITY_ID}`;
const person = (id: string, firstName: string, role: string, isMe = false) => ({
  _id: id,
  firstName,
  lastName: 'Obi',
  nickName: null,
  avatar: null,
  bio: null,
  isFollowing: false,
  isMe,
  role,
  joinedAt: new Date().toISOString(),
  lastActiveAt: null,
});
const ME = '0198a7b2-0000-7000-8000-0000000000a0';
const members = [
  person(OWNER._id, 'Tunde', 'owner'),
  person(ME, 'Ife', 'admin', true),
  person('0198a7b2-0000-7000-8000-0000000000a2', 'Ada', 'member'),
  person('0198a7b2-0000-7000-8000-0000000000a3', 'Bayo', 'admin'),
];

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('allowedActions', () => {
  it('lets the owner act on admins and members, an admin on members only, no one on themselves', () => {
    expect(allowedActions('owner', 'member', false)).toEqual(['admin', 'remove', 'block', 'transfer']);
    expect(allowedActions('owner', 'admin', false)).toEqual(['remove', 'block', 'transfer']);
    expect(allowedActions('admin', 'member', false)).toEqual(['remove', 'block']);
    expect(allowedActions('admin', 'admin', false)).toEqual([]);
    expect(allowedActions('admin', 'owner', false)).toEqual([]);
    expect(allowedActions('member', 'member', false)).toEqual([]);
    expect(allowedActions('owner', 'owner', true)).toEqual([]);
  });
});

describe('MembersPage', () => {
  /** Opens the members of a community the signed-in person is an admin of. */
  async function openAsAdmin() {
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'admin', isMember: true })),
      [`GET ${C}/get-active-members`]: list(members),
      [`PUT ${C}/block-user`]: one({ communityId: COMMUNITY_ID, userId: members[2]!._id, role: 'blocked' }),
    });
    renderAt(<MembersPage />, '/connect/communities/:id/members', `/connect/communities/${COMMUNITY_ID}/members`);
    const rows = await screen.findByRole('list', { name: 'Members' });
    return { fetchMock, rows };
  }

  it('shows each member’s role', async () => {
    const { rows } = await openAsAdmin();
    expect(within(rows).getByText('Owner')).toBeInTheDocument();
    expect(within(rows).getAllByText('Admin')).toHaveLength(2);
  });

  it('lets an admin act on members only, and never make admins or transfer ownership', async () => {
    const u = userEvent.setup();
    const { rows } = await openAsAdmin();
    expect(within(rows).getAllByRole('button', { name: /^Actions for/ })).toHaveLength(1);
    await u.click(within(rows).getByRole('button', { name: 'Actions for Ada Obi' }));
    const sheet = screen.getByRole('dialog', { name: 'Ada Obi' });
    expect(within(sheet).getByRole('button', { name: 'Remove from community' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Make admin' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
  });

  it('blocks a member after confirming', async () => {
    const u = userEvent.setup();
    const { fetchMock, rows } = await openAsAdmin();
    await u.click(within(rows).getByRole('button', { name: 'Actions for Ada Obi' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Ada Obi' })).getByRole('button', { name: 'Block' }));
    expect(calls(fetchMock, `PUT ${C}/block-user`)).toHaveLength(0);
    await u.click(within(screen.getByRole('dialog', { name: 'Block Ada Obi?' })).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Ada Obi was blocked')).toBeInTheDocument();
    const [call] = calls(fetchMock, `PUT ${C}/block-user`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ userId: members[2]!._id });
  });

  it('invites the people ticked in the invite sheet', async () => {
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'member', isMember: true })),
      [`GET ${C}/get-active-members`]: list(members.slice(0, 1)),
      [`GET /api/connect/community-invites/get-invitee-list/${COMMUNITY_ID}`]: list([
        person('0198a7b2-0000-7000-8000-0000000000b7', 'Chidi', 'member'),
        person('0198a7b2-0000-7000-8000-0000000000b8', 'Ngozi', 'member'),
      ]),
      'POST /api/connect/community-invites': one([]),
    });
    const u = userEvent.setup();
    renderAt(<MembersPage />, '/connect/communities/:id/members', `/connect/communities/${COMMUNITY_ID}/members`);
    await u.click(await screen.findByRole('button', { name: 'Invite people' }));
    const sheet = screen.getByRole('dialog', { name: 'Invite to Lagos Foodies' });
    await u.click(await within(sheet).findByRole('checkbox', { name: /Ngozi Obi/ }));
    await u.click(within(sheet).getByRole('button', { name: 'Invite 1 person' }));
    expect(await screen.findByText('Invited 1 person')).toBeInTheDocument();
    const [call] = calls(fetchMock, 'POST /api/connect/community-invites');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ communityId: COMMUNITY_ID, userIds: ['0198a7b2-0000-7000-8000-0000000000b8'] });
  });
});
