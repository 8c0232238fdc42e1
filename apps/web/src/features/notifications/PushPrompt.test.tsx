import { NOTIFICATION_KINDS, type NotificationSettings } from '@owo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { one, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import NotificationSettingsPage from './NotificationSettingsPage';
import { PushPrompt } from './PushPrompt';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const settings = (): NotificationSettings => ({
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as NotificationSettings['kinds'],
  hideMessageText: false,
  quietHours: null,
  quietAllowsCalls: true,
  quietAllowsMoney: true,
});

/** A browser with Web Push whose push service fails `failures` times, then subscribes. */
function pushBrowser({ failures = 0, permission = 'default' as NotificationPermission, subscribed = false } = {}) {
  let current: PushSubscription | null = null;
  const makeSub = () =>
    ({
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } }),
      unsubscribe: vi.fn(() => {
        current = null;
        return Promise.resolve(true);
      }),
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSub();
  let left = failures;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn(() => {
      if (left-- > 0) return Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError'));
      current = makeSub();
      return Promise.resolve(current);
    }),
  };
  const reg = { pushManager };
  const notification = { permission, requestPermission: vi.fn(() => Promise.resolve((notification.permission = 'granted'))) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(reg), getRegistration: () => Promise.resolve(reg), addEventListener() {}, removeEventListener() {} },
  });
  return pushManager;
}

const pushRoutes = () =>
  routeFetch({
    'GET /api/notifications/summary': one({ unread: 0, byKind: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, 0])) }),
    'GET /api/notifications/push/key': one({ publicKey: 'BOr3pZ9q' }),
    'POST /api/notifications/push/subscriptions': one({ id: '01a20126-742a-717e-ac93-38f200442799' }),
    'POST /api/notifications/push/unsubscribe': one({ removed: 1 }),
    'GET /api/notifications/settings': one(settings()),
  });

beforeEach(() => {
  localStorage.clear();
  useAuth.setState({ token: 'token', userId: 'me', isAuthenticated: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the lock-screen offer', () => {
  it('says when turning on fails, offers Retry, and is not remembered as offered until it works', async () => {
    const manager = pushBrowser({ failures: 1 });
    const fetch = pushRoutes();
    const user = userEvent.setup();
    renderRoute(<PushPrompt always />, { path: '/notifications' });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t turn on lock-screen notifications on this phone. Check your connection and try again.',
    );
    expect(localStorage.getItem('owo.push.asked')).toBeNull();
    expect(calls(fetch, 'POST /api/notifications/push/subscriptions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Lock screen notifications' })).toBeNull());
    expect(manager.subscribe).toHaveBeenCalledTimes(2);
    expect(calls(fetch, 'POST /api/notifications/push/subscriptions')).toHaveLength(1);
    expect(localStorage.getItem('owo.push.asked')).not.toBeNull();
  });
});

describe('the settings’ lock-screen row', () => {
  it('shows Off with Turn on; a failure shows Retry; a retry that works shows On with Turn off', async () => {
    pushBrowser({ failures: 1 });
    pushRoutes();
    const user = userEvent.setup();
    renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
    const row = await screen.findByRole('region', { name: 'Lock-screen notifications' });
    expect(await screen.findByText('Off for this phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t turn on lock-screen notifications');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('On for this phone')).toBeInTheDocument();
    expect(row).toContainElement(screen.getByRole('button', { name: 'Turn off' }));
  });

  it('turns them off: the server forgets this phone and the row says Off', async () => {
    pushBrowser({ permission: 'granted', subscribed: true });
    const fetch = pushRoutes();
    const user = userEvent.setup();
    renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
    expect(await screen.findByText('On for this phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off for this phone')).toBeInTheDocument();
    const sent = calls(fetch, 'POST /api/notifications/push/unsubscribe');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ endpoint: ENDPOINT });
  });

  it('says when the browser blocks them', async () => {
    pushBrowser({ permission: 'denied' });
    pushRoutes();
    renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
    expect(await screen.findByText(/Blocked in your browser’s settings/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});
