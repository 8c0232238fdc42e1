import { NOTIFICATION_KINDS, type NotificationSettings } from '@owo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { one, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import NotificationSettingsPage from './NotificationSettingsPage';

const everyKindOn = (): NotificationSettings => ({
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationSettings['kinds'],
  hideMessageText: false,
  quietHours: null,
  quietAllowsCalls: true,
  quietAllowsMoney: true,
});

beforeEach(() => {
  useAuth.setState({ token: 'token', userId: 'me', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('the notification settings', () => {
  it.each([
    ['Messages', 'One notification per chat, replaced by its newest message. Muted groups stay silent.'],
    ['Incoming calls', 'Your phone rings, with Answer and Decline.'],
    ['Missed calls', 'A call you did not pick up.'],
    ['Community requests', 'People asking to join, and posts waiting for approval, in communities you run.'],
    ['Mentions and comments', 'Mentions of you, and comments on your posts (one notification per post).'],
    ['Loan repayments', 'The day before a loan repayment is due.'],
    ['Automatic savings', 'An automatic saving your wallet could not pay.'],
  ])('offers %s on or off, saying what it tells', async (label, hint) => {
    routeFetch({ 'GET /api/notifications/settings': one(everyKindOn()) });
    renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
    expect(await screen.findByRole('checkbox', { name: label })).toHaveAccessibleDescription(hint);
  });

  it('turns one kind off and leaves the others as they are', async () => {
    const saved = { ...everyKindOn(), kinds: { ...everyKindOn().kinds, social: false } };
    const fetch = routeFetch({
      'GET /api/notifications/settings': one(everyKindOn()),
      'PUT /api/notifications/settings': one(saved),
    });
    renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mentions and comments' }));
    await waitFor(() => expect(calls(fetch, 'PUT /api/notifications/settings')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetch, 'PUT /api/notifications/settings')[0]![1]!.body)) as NotificationSettings;
    expect(body.kinds).toEqual(saved.kinds);
  });
});
