import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import DiscoverPage from './DiscoverPage';
import { community, list, one, OWNER } from './test-fixtures';

const PUBLIC = community();
const PRIVATE = community({ _id: '0198a7b2-0000-7000-8000-00000000c002', name: 'Ikoyi Runners', visibility: 'private', membersCount: 4 });
const INVITE_ID = '0198a7b2-0000-7000-8000-00000000e001';
const C = '/api/connect/communities';
const membership = (id: string, over: object) => ({
  status: true,
  message: 'Done',
  data: { _id: id, isMember: false, joinRequested: false, role: null, membersCount: 12, ...over },
});

function mockServer(extra: Record<string, unknown> = {}) {
  return routeFetch({
    'GET /api/connect/community-invites': list([]),
    [`GET ${C}/received-ownership-requests`]: list([]),
    [`GET ${C}/my-communities`]: list([]),
    'GET /api/connect/community-category': one([
      { _id: 'food', name: 'Food' },
      { _id: 'sports', name: 'Sports' },
    ]),
    [`GET ${C}`]: list([PUBLIC, PRIVATE]),
    ...extra,
  });
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('DiscoverPage', () => {
  it('lists communities and joins a public one at once: the button turns to Leave', async () => {
    const fetchMock = mockServer({
      [`PUT ${C}/${PUBLIC._id}/join-community`]: membership(PUBLIC._id, { isMember: true, role: 'member', membersCount: 13 }),
    });
    const u = userEvent.setup();
    const { router } = renderRoute(<DiscoverPage />, { path: '/connect/communities' });
    const results = await screen.findByRole('list', { name: 'Communities' });
    expect(within(results).getByText('Lagos Foodies')).toBeInTheDocument();
    expect(within(results).getByText('Ikoyi Runners')).toBeInTheDocument();
    expect(within(results).getByText('12 members')).toBeInTheDocument();
    expect(screen.getByText('Communities you join or create show here.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sports' })).toHaveAttribute('aria-checked', 'false');

    await u.click(within(results).getByRole('button', { name: 'Join Lagos Foodies' }));
    expect(await within(results).findByRole('button', { name: 'Leave Lagos Foodies' })).toBeInTheDocument();
    expect(within(results).getByText('13 members')).toBeInTheDocument();
    expect(await screen.findByText('You joined Lagos Foodies')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${C}/${PUBLIC._id}/join-community`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/connect/communities');
  });

  it('asking to join a private one shows Requested, and a tap takes the request back', async () => {
    const fetchMock = mockServer({
      [`PUT ${C}/${PRIVATE._id}/join-community`]: membership(PRIVATE._id, { joinRequested: true, membersCount: 4 }),
      [`PUT ${C}/${PRIVATE._id}/undo-join-request`]: membership(PRIVATE._id, { membersCount: 4 }),
    });
    const u = userEvent.setup();
    renderRoute(<DiscoverPage />, { path: '/connect/communities' });
    const results = await screen.findByRole('list', { name: 'Communities' });
    await u.click(within(results).getByRole('button', { name: 'Ask to join Ikoyi Runners' }));
    const requested = await within(results).findByRole('button', { name: /^Requested/ });
    expect(requested).toHaveTextContent('Requested');
    expect(await screen.findByText('Request sent. An admin will let you in.')).toBeInTheDocument();
    await u.click(requested);
    expect(await within(results).findByRole('button', { name: 'Ask to join Ikoyi Runners' })).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${C}/${PRIVATE._id}/undo-join-request`)).toHaveLength(1);
  });

  it('shows received invites and ownership offers, and accepts an invite', async () => {
    let answered = false;
    const invite = {
      _id: INVITE_ID,
      community: { _id: PRIVATE._id, name: PRIVATE.name, avatarUrl: null, visibility: 'private' },
      invitedBy: OWNER,
      invitee: { ...OWNER, _id: '0198a7b2-0000-7000-8000-0000000000b2', firstName: 'Ada' },
      createdAt: new Date().toISOString(),
    };
    const offer = {
      _id: '0198a7b2-0000-7000-8000-00000000f001',
      community: { _id: PUBLIC._id, name: PUBLIC.name, avatarUrl: null, visibility: 'public' },
      from: OWNER,
      to: invite.invitee,
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    const fetchMock = mockServer({
      'GET /api/connect/community-invites': () => jsonResponse(200, list(answered ? [] : [invite])),
      [`GET ${C}/received-ownership-requests`]: list([offer]),
      [`PUT /api/connect/community-invites/${INVITE_ID}/accept-invite`]: () => {
        answered = true;
        return jsonResponse(200, one({ _id: INVITE_ID, communityId: PRIVATE._id, isMember: true }));
      },
    });
    const u = userEvent.setup();
    renderRoute(<DiscoverPage />, { path: '/connect/communities' });
    const inbox = await screen.findByRole('list', { name: 'Invites' });
    expect(screen.getByRole('heading', { name: 'Invites (2)' })).toBeInTheDocument();
    expect(within(inbox).getByRole('button', { name: 'Accept ownership of Lagos Foodies' })).toBeInTheDocument();
    await u.click(within(inbox).getByRole('button', { name: 'Accept invite to Ikoyi Runners' }));
    expect(await screen.findByText('You joined Ikoyi Runners')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT /api/connect/community-invites/${INVITE_ID}/accept-invite`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Invites (1)' })).toBeInTheDocument();
  });

  it('searches by name after typing stops, and filters by category', async () => {
    const fetchMock = mockServer();
    const u = userEvent.setup();
    renderRoute(<DiscoverPage />, { path: '/connect/communities' });
    await screen.findByRole('list', { name: 'Communities' });
    await u.type(screen.getByRole('searchbox', { name: 'Search communities' }), 'jollof');
    await vi.waitFor(() => expect(calls(fetchMock, `GET ${C}`).some(([url]) => String(url).includes('search=jollof'))).toBe(true));
    expect(
      calls(fetchMock, `GET ${C}`).filter(([url]) => String(url).includes('search=j&') || String(url).endsWith('search=j')),
    ).toHaveLength(0);
    await u.click(screen.getByRole('radio', { name: 'Sports' }));
    await vi.waitFor(() =>
      expect(
        calls(fetchMock, `GET ${C}`).some(([url]) => String(url).includes('category=sports') && String(url).includes('search=jollof')),
      ).toBe(true),
    );
  });
});
