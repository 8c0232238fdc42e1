import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import ManagePage from './ManagePage';
import { COMMUNITY_ID, community, list, one, OWNER, renderAt } from './test-fixtures';
import { testPost } from '../test-post';

const C = `/api/connect/communities/${COMMUNITY_ID}`;
const ADA = { _id: '0198a7b2-0000-7000-8000-0000000000a1', firstName: 'Ada', lastName: 'Obi', nickName: null, avatar: null };
const summary = { _id: COMMUNITY_ID, name: 'Lagos Foodies', avatarUrl: null, visibility: 'private' };
const POST_ID = '0198a7b2-0000-7000-8000-0000000000d9';
const pending = {
  ...testPost({
    _id: POST_ID,
    author: ADA,
    text: 'Best amala in Surulere?',
    communityId: COMMUNITY_ID,
    status: 'pending',
    publishedAt: null,
  }),
  spamReason: null,
  reportCount: 0,
  reportReasons: [],
};

// uPlot draws on a canvas jsdom lacks: the lazily loaded chart stands in as its labelled box.
vi.mock('../../../ui/DailyChart', () => ({
  default: ({ label, series }: { label: string; series: Array<{ label: string; values: number[] }> }) => (
    <div role="img" aria-label={label}>
      {series.map((x) => `${x.label}: ${x.values.join(',')}`).join('; ')}
    </div>
  ),
}));

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: OWNER._id, isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

const open = (tab?: string) =>
  renderAt(<ManagePage />, '/connect/communities/:id/manage', `/connect/communities/${COMMUNITY_ID}/manage${tab ? `?tab=${tab}` : ''}`);

describe('ManagePage', () => {
  it("accepts a join request with the person's id, and the request leaves the list", async () => {
    let accepted = false;
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true, visibility: 'private' })),
      'GET /api/connect/communities/sent-ownership-requests': list([]),
      [`GET ${C}/join-requests`]: () =>
        jsonResponse(200, list(accepted ? [] : [{ user: ADA, community: summary, requestedAt: new Date().toISOString() }])),
      [`PUT ${C}/accept-join-request`]: () => {
        accepted = true;
        return jsonResponse(200, one({ communityId: COMMUNITY_ID, userId: ADA._id, role: 'member' }));
      },
    });
    const u = userEvent.setup();
    open();
    expect(await screen.findByRole('tab', { name: 'Join requests' })).toHaveAttribute('aria-selected', 'true');
    const requests = await screen.findByRole('list', { name: 'Join requests' });
    expect(within(requests).getByText('Ada Obi')).toBeInTheDocument();
    await u.click(within(requests).getByRole('button', { name: 'Accept Ada Obi' }));
    expect(await screen.findByText('Ada Obi is now a member')).toBeInTheDocument();
    const [call] = calls(fetchMock, `PUT ${C}/accept-join-request`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ userId: ADA._id });
    expect(await screen.findByText('No one is waiting to join')).toBeInTheDocument();
  });

  it('shows a post waiting for approval and declines it with its id', async () => {
    const fetchMock = routeFetch({
      [`GET ${C}`]: one(community({ role: 'admin', isMember: true, needsApproval: true })),
      [`GET ${C}/post-requests`]: list([pending]),
      [`PUT ${C}/decline-post-request`]: one({ ...pending, status: 'draft' }),
    });
    const u = userEvent.setup();
    open('posts');
    const post = await screen.findByRole('article', { name: 'Post by Ada Obi' });
    expect(within(post).getByText('Best amala in Surulere?')).toBeInTheDocument();
    await u.click(within(post).getByRole('button', { name: 'Decline post by Ada Obi' }));
    expect(await screen.findByText('Post declined')).toBeInTheDocument();
    const [call] = calls(fetchMock, `PUT ${C}/decline-post-request`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ postId: POST_ID });
    // An admin does not see the owner's pending ownership offers.
    expect(calls(fetchMock, 'GET /api/connect/communities/sent-ownership-requests')).toHaveLength(0);
  });

  it("shows the owner's ownership offer waiting for an answer", async () => {
    routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true })),
      'GET /api/connect/communities/sent-ownership-requests': list([
        {
          _id: '0198a7b2-0000-7000-8000-00000000f001',
          community: summary,
          from: OWNER,
          to: ADA,
          status: 'pending',
          createdAt: new Date().toISOString(),
        },
      ]),
      [`GET ${C}/join-requests`]: list([]),
    });
    open();
    const offers = await screen.findByRole('region', { name: 'Ownership requests' });
    expect(offers).toHaveTextContent('Waiting for Ada Obi to accept ownership');
  });

  it('tells a member that only the owner and admins manage the community', async () => {
    const fetchMock = routeFetch({ [`GET ${C}`]: one(community({ role: 'member', isMember: true })) });
    open();
    expect(await screen.findByRole('heading', { name: 'Only its owner and admins manage this community' })).toBeInTheDocument();
    expect(calls(fetchMock, `GET ${C}/join-requests`)).toHaveLength(0);
  });

  it('shows the insights for 7 and 30 days with charts per day and the top posts', async () => {
    const day = (d: string, n: number) => ({ day: d, members: 10 + n, joined: n, posts: n * 2, comments: n * 3, activeMembers: n + 1 });
    const period = (n: number, days: ReturnType<typeof day>[]) => ({
      joined: n,
      posts: n * 2,
      comments: n * 3,
      activeMembers: n + 1,
      days,
      topPosts: [{ _id: POST_ID, text: 'Best amala in Surulere?', likes: 7, comments: 2 }],
    });
    routeFetch({
      [`GET ${C}`]: one(community({ role: 'owner', isMember: true })),
      'GET /api/connect/communities/sent-ownership-requests': list([]),
      [`GET ${C}/get-insights`]: one({
        communityId: COMMUNITY_ID,
        membersCount: 14,
        postsCount: 40,
        last7Days: period(4, [day('2026-03-01', 1), day('2026-03-02', 3)]),
        last30Days: period(25, [day('2026-02-01', 5)]),
      }),
    });
    const u = userEvent.setup();
    open('insights');
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(await within(figures).findByText('14')).toBeInTheDocument();
    expect(within(figures).getByText('Active members').nextSibling).toHaveTextContent('5');
    expect(await screen.findByRole('img', { name: 'Members and active members per day, last 7 days' })).toHaveTextContent(
      'Members: 11,13; Active members: 2,4',
    );
    expect(screen.getByRole('img', { name: 'People who joined, posts and comments per day, last 7 days' })).toHaveTextContent(
      'Joined: 1,3; Posts: 2,6; Comments: 3,9',
    );
    expect(screen.getByRole('link', { name: /Best amala in Surulere\?/ })).toHaveAttribute('href', `/connect/posts/${POST_ID}`);
    await u.click(screen.getByRole('tab', { name: 'Last 30 days' }));
    expect(within(figures).getByText('Joined').nextSibling).toHaveTextContent('25');
    expect(await screen.findByRole('img', { name: 'Members and active members per day, last 30 days' })).toHaveTextContent('Members: 15');
  });
});
