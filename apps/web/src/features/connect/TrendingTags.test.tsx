import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { renderAt } from './communities/test-fixtures';
import { TrendingTags } from './TrendingTags';

const TAGS = 'GET /api/connect/connect/get-suggested-tags';
beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'me', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('TrendingTags', () => {
  it("links each of the week's most used hashtags to its page, with its count", async () => {
    routeFetch({
      [TAGS]: {
        status: true,
        message: 'Tags',
        data: [
          { tag: 'lagos', count: 12 },
          { tag: 'suya', count: 1 },
        ],
      },
    });
    renderAt(<TrendingTags />, '/connect/explore', '/connect/explore');
    expect(await screen.findByRole('link', { name: '#lagos, 12 posts' })).toHaveAttribute('href', '/connect/tags/lagos');
    expect(screen.getByRole('link', { name: '#suya, 1 post' })).toHaveAttribute('href', '/connect/tags/suya');
  });

  it('says so when no hashtag was used this week', async () => {
    routeFetch({ [TAGS]: { status: true, message: 'Tags', data: [] } });
    renderAt(<TrendingTags />, '/connect/explore', '/connect/explore');
    expect(await screen.findByText('No hashtags this week yet.')).toBeInTheDocument();
  });

  it('offers to try again when they did not load', async () => {
    routeFetch({ [TAGS]: () => jsonResponse(500, { status: false, message: 'Something broke on our side' }) });
    renderAt(<TrendingTags />, '/connect/explore', '/connect/explore');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
