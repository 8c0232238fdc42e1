import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../api/connect';
import { jsonResponse, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { PostCard } from './PostCard';
import { PostList } from './PostList';
import { usePost } from './queries';
import { testPost } from './test-post';

const ID = '0198a7b2-0000-7000-8000-0000000000aa';
const author = { _id: '0198a7b2-0000-7000-8000-0000000000b1', firstName: 'Tunde', lastName: 'Bello', nickName: 'tunde', avatar: null };
const post: Post = testPost({
  _id: ID,
  author,
  text: 'Suya at @ada place tonight #lagos',
  category: { _id: 'food', name: 'Food' },
  tags: ['lagos'],
  mentions: [{ _id: '0198a7b2-0000-7000-8000-0000000000c1', nickName: 'ada' }],
  likes: { likesCount: 41, likedBy: [{ ...author, _id: '0198a7b2-0000-7000-8000-0000000000d1', firstName: 'Ngozi' }] },
});
const FEED = 'GET /api/connect/posts/feeds';
const ONE = `GET /api/connect/posts/${ID}`;
const LIKE = `PATCH /api/connect/posts/${ID}/like`;
const feed = { status: true, message: 'Feed', data: [post], pagination: { page: 0, limit: 10, prev: null, next: null } };

function PostTwice() {
  const one = usePost(ID);
  return (
    <>
      <PostList source={{ kind: 'home' }} label="Your feed" empty={<p>empty</p>} countViews={false} />
      <section aria-label="Post page">{one.data ? <PostCard post={one.data} full /> : null}</section>
    </>
  );
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('PostCard', () => {
  it('shows linked mentions, the tags and who liked it', async () => {
    routeFetch({ [FEED]: feed, [ONE]: { status: true, message: 'Post', data: post } });
    renderRoute(<PostTwice />);
    const feedList = await screen.findByRole('list', { name: 'Your feed' });
    expect(within(feedList).getByRole('link', { name: '@ada' })).toHaveAttribute(
      'href',
      '/connect/people/0198a7b2-0000-7000-8000-0000000000c1',
    );
    expect(within(feedList).getByText('#lagos')).toBeInTheDocument();
    expect(within(feedList).getByText('Liked by Ngozi and 40 others')).toBeInTheDocument();
  });

  it('offers repost and quote for a post anyone may see, and neither for a private community’s post', async () => {
    const user = userEvent.setup();
    const { unmount } = renderRoute(<PostCard post={post} />);
    await user.click(screen.getByRole('button', { name: /^Repost/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Repost' });
    expect(within(sheet).getByRole('button', { name: 'Repost' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Repost with your thoughts' })).toBeInTheDocument();
    unmount();

    renderRoute(<PostCard post={{ ...post, communityId: '0198a7b2-0000-7000-8000-0000000000e1', shareable: false }} />);
    await user.click(screen.getByRole('button', { name: /^Repost/ }));
    const closed = await screen.findByRole('dialog', { name: 'Repost' });
    expect(within(closed).queryByRole('button', { name: 'Repost' })).toBeNull();
    expect(within(closed).queryByRole('button', { name: 'Repost with your thoughts' })).toBeNull();
    expect(within(closed).getByText(/private community: it stays there/)).toBeInTheDocument();
  });

  it('a like shows at once wherever the post is shown, and takes the server’s count', async () => {
    let release: () => void = () => undefined;
    const fetchMock = routeFetch({
      [FEED]: feed,
      [ONE]: { status: true, message: 'Post', data: post },
      [LIKE]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, { status: true, message: 'Liked', data: { _id: ID, isLiked: true, likesCount: 50 } }));
        }),
    });
    const u = userEvent.setup();
    renderRoute(<PostTwice />);
    const feedList = await screen.findByRole('list', { name: 'Your feed' });
    const page = screen.getByRole('region', { name: 'Post page' });
    await within(page).findByRole('button', { name: 'Like' });
    await u.click(within(feedList).getByRole('button', { name: 'Like' }));
    // Before the server answers, both copies say liked, with one more like.
    expect(within(feedList).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(page).getByRole('button', { name: 'Unlike' })).toHaveTextContent('42');
    release();
    expect(await within(page).findByText('50')).toBeInTheDocument();
    expect(within(feedList).getByRole('button', { name: 'Unlike' })).toHaveTextContent('50');
    expect(calls(fetchMock, LIKE)).toHaveLength(1);
  });

  it('rolls the like back everywhere with a toast when the server refuses', async () => {
    routeFetch({
      [FEED]: feed,
      [ONE]: { status: true, message: 'Post', data: post },
      [LIKE]: () => jsonResponse(404, { status: false, code: 'NOT_FOUND', message: 'Post not found' }),
    });
    const u = userEvent.setup();
    renderRoute(<PostTwice />);
    const feedList = await screen.findByRole('list', { name: 'Your feed' });
    const page = screen.getByRole('region', { name: 'Post page' });
    await within(page).findByRole('button', { name: 'Like' });
    await u.click(within(page).getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Post not found')).toBeInTheDocument();
    expect(within(feedList).getByRole('button', { name: 'Like' })).toHaveTextContent('41');
    expect(within(page).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("reports someone else's post through the post report call", async () => {
    const fetchMock = routeFetch({
      'GET /api/connect/posts/all-report-reasons': { status: true, message: 'Reasons', data: [{ id: 'spam', reason: 'Spam' }] },
      [`POST /api/connect/posts/${ID}/report`]: () =>
        jsonResponse(201, { status: true, message: 'Thanks: we will look at it', data: { _id: ID, reason: 'spam' } }),
    });
    const u = userEvent.setup();
    renderRoute(<PostCard post={post} />);
    await u.click(screen.getByRole('button', { name: 'More actions for post by Tunde Bello' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Post options' })).getByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    expect(within(dialog).getByText(/this post by Tunde Bello/)).toBeInTheDocument();
    await u.click(await within(dialog).findByRole('radio', { name: 'Spam' }));
    await u.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText("Thanks for telling us. We'll review this post.")).toBeInTheDocument();
    const sent = calls(fetchMock, `POST /api/connect/posts/${ID}/report`);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]?.body))).toEqual({ reason: 'spam' });
  });
});
