import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ChatListPage from './ChatListPage';
import { ADA_ID, BOLA_ID, ME, ada, bola, message, page, recent } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const RECENT = 'GET /api/chat/recent-chats';

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatListPage', () => {
  it('lists recent chats with the last message, payments in words and an unread badge', async () => {
    routeFetch({
      [RECENT]: page([
        recent(ada, message({ seq: 7, msgBody: { text: 'See you at 5?', replyTo: null, media: null, payment: null } }), 3),
        recent(
          bola,
          message({
            seq: 2,
            fromUserId: ME,
            toUserId: BOLA_ID,
            msgType: 'payment',
            msgBody: { text: '', replyTo: null, media: null, payment: { reference: 'TX1', amount: 50_000, status: 'completed' } },
          }),
          0,
          '0198a7b2-0000-5000-8000-00000000e005',
        ),
      ]),
    });
    renderRoute(<ChatListPage />, { path: '/chat' });
    const list = await screen.findByRole('list', { name: 'Chats' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    const adaRow = within(list).getByRole('link', { name: 'Ada Obi' });
    expect(adaRow).toHaveAttribute('href', `/chat/${ADA_ID}`);
    expect(adaRow).toHaveAccessibleDescription('See you at 5?');
    expect(within(adaRow).getByText('unread messages', { exact: false }).parentElement).toHaveTextContent('3 unread messages');
    const bolaRow = within(list).getByRole('link', { name: 'Bola Ade' });
    expect(bolaRow).toHaveAccessibleDescription('₦500 sent');
    expect(within(bolaRow).queryByText(/unread/)).toBeNull();
  });

  it('filters the list as one types', async () => {
    const both = page([
      recent(ada, message({ seq: 1 }), 0),
      recent(bola, message({ seq: 1, fromUserId: BOLA_ID }), 1, '0198a7b2-0000-5000-8000-00000000e005'),
    ]);
    // The server's search (of chats not loaded yet) finds nothing more.
    routeFetch({ [RECENT]: (url: string) => jsonResponse(200, url.includes('search=') ? page([]) : both) });
    renderRoute(<ChatListPage />, { path: '/chat' });
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'bol');
    expect(within(screen.getByRole('list', { name: 'Chats' })).getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Bola Ade' })).toBeInTheDocument();
  });

  it('says so when there are no chats, and offers to start one', async () => {
    routeFetch({ [RECENT]: page([]) });
    renderRoute(<ChatListPage />, { path: '/chat' });
    expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a chat' })).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    routeFetch({ [RECENT]: () => jsonResponse(500, { status: false, message: 'Chat is resting', code: 'X' }) });
    renderRoute(<ChatListPage />, { path: '/chat' });
    expect(await screen.findByText('Chat is resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
