import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedMedia } from '../../api/chat';
import { jsonResponse, renderRoute } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import SavedMediaPage from './SavedMediaPage';
import { ADA_ID, BOLA_ID, ME, page } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const SAVED = 'GET /api/chat/saved-media';
const item = (n: number, over: Partial<SavedMedia>): SavedMedia => ({
  msgId: `tmp-${n}`,
  messageId: `0198a7b2-0000-7000-8000-00000000e00${n}`,
  blobUrl: `/uploads/u/${n}.webp`,
  msgType: 'image',
  withUserId: ADA_ID,
  status: 'saved',
  savedAt: '2030-03-01T10:00:00.000Z',
  ...over,
});

beforeEach(() => useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true }));
afterEach(() => vi.unstubAllGlobals());

describe('SavedMediaPage', () => {
  it('shows saved photos in a grid and voice notes with a player and a way back to their chat', async () => {
    routeFetch({
      [SAVED]: page([item(1, {}), item(2, { msgType: 'voice', blobUrl: '/uploads/u/2.webm', withUserId: BOLA_ID }), item(3, {})]),
    });
    renderRoute(<SavedMediaPage />, { path: '/chat/saved' });
    const photos = await screen.findByRole('list', { name: 'Saved photos' });
    expect(within(photos).getAllByRole('link')).toHaveLength(2);
    expect(within(photos).getAllByRole('link')[0]).toHaveAttribute('href', '/uploads/u/1.webp');
    const voices = screen.getByRole('list', { name: 'Saved voice notes' });
    expect(within(voices).getByRole('button', { name: 'Play voice note' })).toBeInTheDocument();
    expect(within(voices).getByRole('link', { name: 'Open the chat it came from' })).toHaveAttribute('href', `/chat/${BOLA_ID}`);
    expect(screen.getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
  });

  it('says how to save when nothing is saved, and shows the server’s message when the list fails', async () => {
    routeFetch({ [SAVED]: page([]) });
    const first = renderRoute(<SavedMediaPage />, { path: '/chat/saved' });
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeInTheDocument();
    first.unmount();
    routeFetch({ [SAVED]: () => jsonResponse(500, { status: false, message: 'Chat is resting', code: 'X' }) });
    renderRoute(<SavedMediaPage />, { path: '/chat/saved' });
    expect(await screen.findByText('Chat is resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
