import { screen } from '@testing-library/react';
import type { SuggestedAccount } from '@owo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { renderAt } from './communities/test-fixtures';
import { Suggestions } from './Suggestions';

const SUGGESTED = 'GET /api/connect/connect/suggested-accounts';
beforeEach(() => useAuth.setState({ token: 'tok-1', userId: 'me', isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

let n = 0;
const person = (firstName: string, reason: SuggestedAccount['reason'], mutualCount: number): SuggestedAccount => ({
  _id: `00000000-0000-4000-8000-00000000000${++n}`,
  firstName,
  lastName: 'Okafor',
  nickName: null,
  avatar: null,
  bio: null,
  isFollowing: false,
  isMe: false,
  mutualCount,
  reason,
});

describe('Suggestions', () => {
  it('says why each person is suggested, in plain words, with a follow button', async () => {
    routeFetch({
      [SUGGESTED]: {
        status: true,
        message: 'Suggested accounts',
        data: [
          person('Ada', 'paid_each_other', 3),
          person('Bola', 'bought_from_them', 1),
          person('Chidi', 'followed_by_people_you_follow', 2),
          person('Dayo', 'in_your_communities', 2),
          person('Efe', 'in_your_communities', 1),
          person('Funke', 'popular', 0),
        ],
      },
    });
    renderAt(<Suggestions />, '/connect', '/connect');
    const section = await screen.findByRole('region', { name: 'People to follow' });
    for (const text of [
      'You’ve sent each other money',
      'You bought from their shop',
      'Followed by 2 you follow',
      'In 2 of your communities',
      'In one of your communities',
      'Popular on Owo',
    ])
      expect(section).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Follow Ada Okafor' })).toBeInTheDocument();
  });
});
