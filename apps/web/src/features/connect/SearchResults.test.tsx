import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { community, renderAt, OWNER } from './communities/test-fixtures';
import { SearchResults } from './SearchResults';
import { testPost } from './test-post';

const SEARCH = 'GET /api/connect/search';
beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'me', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

const show = (q: string) => renderAt(<SearchResults q={q} />, '/connect/explore', '/connect/explore');
const answer = (data: object) => ({
  status: true,
  message: 'Search results',
  data: { people: [], tags: [], communities: [], posts: [], ...data },
});

describe('SearchResults', () => {
  it('lists people, hashtags, communities and posts, each linked', async () => {
    routeFetch({
      [SEARCH]: answer({
        people: [{ ...OWNER, nickName: 'chiamaka' }],
        tags: [{ tag: 'suya', count: 3 }],
        communities: [community()],
        posts: [testPost({ _id: '0198a7b2-0000-7000-8000-0000000000f1', author: OWNER, text: 'Suya at Yaba tonight' })],
      }),
    });
    show('suya');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: /@chiamaka/ })).toHaveAttribute('href', `/connect/people/${OWNER._id}`);
    expect(screen.getByRole('link', { name: '#suya, 3 posts' })).toHaveAttribute('href', '/connect/tags/suya');
    expect(within(screen.getByRole('region', { name: 'Communities' })).getByText('Lagos Foodies')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Posts found' })).getByText('Suya at Yaba tonight')).toBeInTheDocument();
  });

  it('says nothing was found, with what to try', async () => {
    routeFetch({ [SEARCH]: answer({}) });
    show('zzzz');
    expect(await screen.findByRole('heading', { name: 'Nothing found for “zzzz”' })).toBeInTheDocument();
  });

  it('offers to try again when the search failed', async () => {
    routeFetch({ [SEARCH]: () => jsonResponse(500, { status: false, message: 'Something broke on our side' }) });
    show('suya');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
