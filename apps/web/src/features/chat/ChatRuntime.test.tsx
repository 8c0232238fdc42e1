import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppToaster } from '../../app/AppToaster';
import { BottomNav } from '../../app/layouts';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ChatRuntime from './ChatRuntime';
import { chatKeys } from './cache';
import { memoryStore, setChatStore } from './db';
import { fakeSocket } from './fake-socket';
import { resetOutbox } from './outbox';
import { ADA_ID, BOLA_ID, ME, ada, bola, message, page, recent } from './test-fixtures';
import { useChatUnread } from './unread-store';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const BOLA_CONVO = '0198a7b2-0000-5000-8000-00000000e005';

/** Home with the bottom navigation and the chat's background, as the app shell mounts them. */
function renderShell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const shell = (
    <>
      <p>Home</p>
      <BottomNav />
      <ChatRuntime />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: shell },
      { path: '/chat/:userId', element: <p>Conversation</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { queryClient });
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  useChatUnread.setState({ count: 0 });
  setChatStore(memoryStore());
  fakeSocket.reset();
  routeFetch({
    'GET /api/chat/recent-chats': page([
      recent(ada, message({ seq: 4, msgBody: { text: 'See you at 5?', replyTo: null, media: null, payment: null } }), 2),
      recent(bola, message({ seq: 1, fromUserId: ME, toUserId: BOLA_ID, conversationId: BOLA_CONVO }), 0, BOLA_CONVO),
    ]),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('the chat outside the chat area', () => {
  it('badges the Chat tab with the conversations holding unseen messages, and announces a new one with a way to open it', async () => {
    const router = renderShell();
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread chat' })).toHaveAttribute('href', '/chat');

    const m = message({
      seq: 2,
      fromUserId: BOLA_ID,
      toUserId: ME,
      conversationId: BOLA_CONVO,
      msgBody: { text: 'Are you coming?', replyTo: null, media: null, payment: null },
    });
    act(() => fakeSocket.serverEmit('message:new', m));
    expect(await screen.findByText('Bola Ade')).toBeInTheDocument();
    expect(screen.getByText('Are you coming?')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chat, 2 unread chats' })).toBeInTheDocument();
    // The device tells the sender it arrived.
    expect(fakeSocket.emitted.some((e) => e.event === 'message:delivered')).toBe(true);

    // (A click without pointer events: jsdom has no pointer capture, which the toast's swipe uses.)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${BOLA_ID}`));
  });

  it('announces nothing of one’s own messages from another device', async () => {
    renderShell();
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread chat' })).toBeInTheDocument();
    const mine = message({
      seq: 5,
      fromUserId: ME,
      toUserId: ADA_ID,
      msgBody: { text: 'On my way', replyTo: null, media: null, payment: null },
    });
    act(() => fakeSocket.serverEmit('message:new', mine));
    // Writing in a conversation means having seen it: its badge goes.
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByText('On my way')).not.toBeInTheDocument();
  });
});

describe('the copy kept on the device', () => {
  it('is caught up once it is back: the restored conversations and chats are asked for again', async () => {
    // A conversation saved a moment ago (fresh enough that nothing would fetch it again on its own),
    // restored after the socket's own catch-up ran: it must not hide what came since.
    const store = memoryStore();
    await store.putCache([
      {
        key: `conversation:${ADA_ID}`,
        owner: ME,
        data: {
          conversationId: null,
          messages: [message({ seq: 3 })],
          hasOlder: false,
          marks: { mine: { deliveredSeq: 0, seenSeq: 0 }, theirs: { deliveredSeq: 0, seenSeq: 0 } },
        },
        updatedAt: Date.now(),
      },
    ]);
    // The device is slow to read it: the server's recent chats arrive first.
    setChatStore({ ...store, cached: (owner) => new Promise((resolve) => setTimeout(() => resolve(store.cached(owner)), 300)) });
    const { queryClient } = renderShell();
    await vi.waitFor(() => expect(queryClient.getQueryData(chatKeys.recent)).toBeDefined());
    await vi.waitFor(() => expect(queryClient.getQueryData(chatKeys.conversation(ADA_ID))).toBeDefined());
    await vi.waitFor(() => expect(queryClient.getQueryState(chatKeys.conversation(ADA_ID))?.isInvalidated).toBe(true));
  });
});
