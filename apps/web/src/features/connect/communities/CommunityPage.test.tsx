import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../api/connect';
import { jsonResponse } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import CommunityPage from './CommunityPage';
import { COMMUNITY_ID, community, one, OWNER, renderAt } from './test-fixtures';
import { testPost } from '../test-post';

const C = `/api/connect/communities/${COMMUNITY_ID}`;
const post = (id: string, text: string): Post => testPost({ _id: id, author: OWNER, text, communityId: COMMUNITY_ID });
const P1 = '0198a7b2-0000-7000-8000-0000000000e1';
const P2 = '0198a7b2-0000-7000-8000-0000000000e2';

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: OWNER._id, isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderAt(<CommunityPage />, '/connect/communities/:id', `/connect/communities/${COMMUNITY_ID}`);

describe('CommunityPage', () => {
  it('explains a private community to a non-member instead of asking for its posts', async () => {
    const fetchMock = routeFetch({ [`GET ${C}`]: one(community({ visibility: 'private' })) });
    open();
    expect(await screen.findByRole('heading', { name: 'This community is private' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask to join Lagos Foodies' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post' })).not.toBeInTheDocument();
    expect(calls(fetchMock, `GET ${C}/posts`)).toHaveLength(0);
    // Its members, like its posts, are for members: the count shows, not a link to them.
    expect(screen.getByText(/\d+ members?/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /members?$/ })).not.toBeInTheDocument();
  });

  it("shows the owner the feed a page at a time (passing the server's cursor), Post, Manage and Edit", async () => {
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true })),
      [`GET ${C}/posts`]: (url: string) =>
        jsonResponse(
          200,
          url.includes('cursor=abc')
            ? {
                status: true,
                message: 'Posts',
                data: [post(P2, 'Second page')],
                pagination: { page: 2, limit: 10, prev: { page: 1 }, next: null },
              }
            : {
                status: true,
                message: 'Posts',
                data: [post(P1, 'Suya spots this weekend')],
                pagination: { page: 1, limit: 10, prev: null, next: { page: 2, cursor: 'abc' } },
              },
        ),
    });
    const u = userEvent.setup();
    open();
    const feed = await screen.findByRole('list', { name: 'Posts in Lagos Foodies' });
    expect(within(feed).getByText('Suya spots this weekend')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post' })).toHaveAttribute('href', `/connect/new?community=${COMMUNITY_ID}`);
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', `/connect/communities/${COMMUNITY_ID}/manage`);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/connect/communities/${COMMUNITY_ID}/edit`);
    expect(screen.getByRole('link', { name: '12 members' })).toHaveAttribute('href', `/connect/communities/${COMMUNITY_ID}/members`);
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(feed).findByText('Second page')).toBeInTheDocument();
    const urls = calls(fetchMock, `GET ${C}/posts`).map(([url]) => String(url));
    expect(urls[0]).toContain('page=1');
    expect(urls[1]).toContain('page=2');
    expect(urls[1]).toContain('cursor=abc');
  });

  it('offers the owner no Leave button, only the owner label', async () => {
    routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true })),
      [`GET ${C}/posts`]: { status: true, message: 'Posts', data: [], pagination: { page: 1, limit: 10, prev: null, next: null } },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByLabelText('You own Lagos Foodies')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Lagos Foodies' })).toBeNull();
  });

  it('lets a person offered the ownership accept it', async () => {
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'admin', isMember: true, ownershipOffered: true })),
      [`GET ${C}/posts`]: { status: true, message: 'Posts', data: [], pagination: { page: 1, limit: 10, prev: null, next: null } },
      [`PUT ${C}/accept-transfer-request`]: one({}),
    });
    const u = userEvent.setup();
    open();
    const offer = await screen.findByRole('region', { name: 'Ownership offer' });
    await u.click(within(offer).getByRole('button', { name: 'Accept ownership' }));
    expect(await screen.findByText('You now own Lagos Foodies')).toBeInTheDocument();
    expect(calls(fetchMock, `PUT ${C}/accept-transfer-request`)).toHaveLength(1);
  });
});
