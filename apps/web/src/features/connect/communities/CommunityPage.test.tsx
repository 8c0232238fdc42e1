import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// eslint-disable-next-line no-restricted-imports -- the test reads the toasts sonner holds
import { toast } from 'sonner';
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
    // An owner cannot report their own community: no menu for it.
    expect(screen.queryByRole('button', { name: 'More actions for Lagos Foodies' })).toBeNull();
  });

  it('tells the owner how many join and post requests wait, on the Manage button', async () => {
    routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true, requests: { join: 2, posts: 1 } })),
      [`GET ${C}/posts`]: { status: true, message: 'Posts', data: [], pagination: { page: 1, limit: 10, prev: null, next: null } },
    });
    open();
    const manage = await screen.findByRole('link', { name: 'Manage: 3 requests waiting' });
    expect(manage).toHaveAttribute('href', `/connect/communities/${COMMUNITY_ID}/manage`);
    expect(within(manage).getByText('3')).toBeInTheDocument();
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

  describe('Report community', () => {
    const REASONS = 'GET /api/connect/posts/all-report-reasons';
    const reasons = one([
      { id: 'spam', reason: 'Spam' },
      { id: 'scam', reason: 'Scam or fraud' },
    ]);
    const noPosts = { status: true, message: 'Posts', data: [], pagination: { page: 1, limit: 10, prev: null, next: null } };

    beforeEach(() => {
      useAuth.setState({ token: 'tok-2', userId: '0198a7b2-0000-7000-8000-0000000000b9', isAuthenticated: true });
    });
    afterEach(() => {
      toast.dismiss();
    });

    async function openReport(u: ReturnType<typeof userEvent.setup>) {
      await u.click(await screen.findByRole('button', { name: 'More actions for Lagos Foodies' }));
      await u.click(
        within(await screen.findByRole('dialog', { name: 'Community options' })).getByRole('button', { name: 'Report community' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Report community' });
      expect(within(dialog).getByText(/the community Lagos Foodies/)).toBeInTheDocument();
      return dialog;
    }

    it('sends the chosen reason to the community report call and confirms', async () => {
      const fetchMock = routeFetch({
        [`GET ${C}`]: one(community()),
        [`GET ${C}/posts`]: noPosts,
        [REASONS]: reasons,
        [`POST ${C}/report`]: () => jsonResponse(201, one({ _id: COMMUNITY_ID, reason: 'spam' }, 'Thanks: we will look at it')),
      });
      const u = userEvent.setup();
      open();
      const dialog = await openReport(u);
      expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
      await u.click(await within(dialog).findByRole('radio', { name: 'Spam' }));
      await u.click(within(dialog).getByRole('button', { name: 'Report' }));
      expect(await screen.findByText("Thanks for telling us. We'll review this community.")).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report community' })).toBeNull());
      const sent = calls(fetchMock, `POST ${C}/report`);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(String(sent[0]![1]?.body))).toEqual({ reason: 'spam' });
    });

    it("shows the server's answer when the community was already reported", async () => {
      routeFetch({
        [`GET ${C}`]: one(community({ role: 'member', isMember: true })),
        [`GET ${C}/posts`]: noPosts,
        [REASONS]: reasons,
        [`POST ${C}/report`]: () =>
          jsonResponse(409, { status: false, code: 'ALREADY_REPORTED', message: 'You have already reported this community' }),
      });
      const u = userEvent.setup();
      open();
      const dialog = await openReport(u);
      await u.click(await within(dialog).findByRole('radio', { name: 'Scam or fraud' }));
      await u.click(within(dialog).getByRole('button', { name: 'Report' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already reported this community');
      expect(screen.getByRole('dialog', { name: 'Report community' })).toBeInTheDocument();
    });
  });
});
