import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ChatMessage, SendMessageBody } from '../../api/chat';
import { jsonResponse } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ChatRuntime from './ChatRuntime';
import ConversationPage from './ConversationPage';
import { memoryStore, setChatStore } from './db';
import { fakeSocket } from './fake-socket';
import { resetOutbox } from './outbox';
import { ADA_ID, CONVO, ME, ada, message } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const history = (messages: ChatMessage[], theirs = { deliveredSeq: 0, seenSeq: 0 }) => ({
  status: true,
  message: 'Messages',
  data: {
    conversationId: CONVO,
    messages,
    hasMore: false,
    marks: { mine: { deliveredSeq: messages.at(-1)?.seq ?? 0, seenSeq: messages.at(-1)?.seq ?? 0 }, theirs },
  },
});

/** The page, with the chat's background (which applies the socket's events) as the app shell mounts it. */
function renderConversation() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/chat/:userId',
        element: (
          <>
            <ConversationPage />
            <ChatRuntime />
          </>
        ),
      },
    ],
    { initialEntries: [`/chat/${ADA_ID}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The message bubble showing `text`. */
const bubble = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-msg-id]')!;

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  setChatStore(memoryStore());
  fakeSocket.reset();
  routeFetch({
    [`GET /api/chat/conversations/${ADA_ID}/messages`]: history([message({ seq: 1 })]),
    'GET /api/chat/presence': { status: true, message: 'Presence', data: [{ fromUserJid: ADA_ID, status: 'online', lastSeen: null }] },
    [`GET /api/user/users/${ADA_ID}`]: { status: true, message: 'User', data: { ...ada, bio: null } },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('ConversationPage', () => {
  /** Moves a finger across an element by (dx, dy), in four steps. */
  const swipe = (target: HTMLElement, dx: number, dy: number) => {
    const at = { pointerId: 7, pointerType: 'touch', clientX: 40, clientY: 300 };
    fireEvent.pointerDown(target, at);
    for (const f of [0.25, 0.5, 0.75, 1])
      fireEvent.pointerMove(target, { ...at, clientX: at.clientX + dx * f, clientY: at.clientY + dy * f });
    fireEvent.pointerUp(target, { ...at, clientX: at.clientX + dx, clientY: at.clientY + dy });
  };

  /** Opens the conversation and gives the element a finger swipes on its message 'Hello'. */
  async function helloOnTouchScreen() {
    renderConversation();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    return bubble('Hello').firstElementChild as HTMLElement;
  }

  it('replies to a message swiped to the right on a touch screen', async () => {
    const target = await helloOnTouchScreen();
    swipe(target, 90, 6);
    expect(await screen.findByText('Replying to Ada')).toBeInTheDocument();
    expect(target.style.transform).toBe('');
  });

  it.each([
    ['a short swipe', 30, 0],
    ['an up-and-down swipe', 0, 120],
  ])('does not reply on %s', async (_, dx, dy) => {
    const target = await helloOnTouchScreen();
    swipe(target, dx, dy);
    expect(screen.queryByText(/Replying to/)).not.toBeInTheDocument();
  });

  it('shows a message at once under its temporary id, then the stored one the server acknowledged', async () => {
    renderConversation();
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(await screen.findByText('online')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    // On screen at once, marked as on its way.
    const pending = bubble('Hello Ada');
    expect(within(pending).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    const [send] = fakeSocket.sends();
    const body = send!.payload as SendMessageBody;
    expect(body).toMatchObject({ toUserId: ADA_ID, msgType: 'text', msgBody: { text: 'Hello Ada' } });
    expect(body.msgId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pending.dataset.msgId).toBe(body.msgId);

    const stored = message({
      seq: 2,
      msgId: body.msgId,
      fromUserId: ME,
      toUserId: ADA_ID,
      msgBody: { text: 'Hello Ada', replyTo: null, media: null, payment: null },
    });
    act(() => send!.ack({ status: true, data: stored }));

    const done = await screen.findByRole('img', { name: 'Sent' });
    const replaced = bubble('Hello Ada');
    expect(replaced).toContainElement(done);
    expect(replaced.dataset.seq).toBe('2');
    expect(screen.getAllByText('Hello Ada')).toHaveLength(1);

    // Their marks move the ticks.
    act(() => fakeSocket.serverEmit('receipt', { conversationId: CONVO, userId: ADA_ID, deliveredSeq: 2, seenSeq: 2 }));
    expect(await within(bubble('Hello Ada')).findByRole('img', { name: 'Seen' })).toBeInTheDocument();
  });

  it('sends again with the SAME msgId when the acknowledgement does not come in time', async () => {
    renderConversation();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fakeSocket.sends()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(8_100));
    const sends = fakeSocket.sends();
    expect(sends).toHaveLength(2);
    const first = sends[0]!.payload as SendMessageBody;
    const second = sends[1]!.payload as SendMessageBody;
    expect(second.msgId).toBe(first.msgId);
    expect(second).toEqual(first);
    expect(within(bubble('Are you there?')).getByRole('img', { name: 'Sending' })).toBeInTheDocument();

    // The late answer to the first try is ignored; the second one settles it.
    const stored = message({
      seq: 2,
      msgId: first.msgId,
      fromUserId: ME,
      toUserId: ADA_ID,
      msgBody: { text: 'Are you there?', replyTo: null, media: null, payment: null },
    });
    act(() => sends[0]!.ack({ status: true, data: stored }));
    act(() => sends[1]!.ack({ status: true, data: stored }));
    expect(await within(bubble('Are you there?')).findByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
    expect(fakeSocket.sends()).toHaveLength(2);
  });

  it('shows the server’s refusal under the message, with Retry', async () => {
    renderConversation();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    act(() => fakeSocket.sends()[0]!.ack({ status: false, message: '', code: 'INTERNAL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fakeSocket.sends()).toHaveLength(2);
    expect((fakeSocket.sends()[1]!.payload as SendMessageBody).msgId).toBe((fakeSocket.sends()[0]!.payload as SendMessageBody).msgId);
  });

  it('marks the conversation seen up to the newest message while it is open', async () => {
    routeFetch({
      [`GET /api/chat/conversations/${ADA_ID}/messages`]: {
        ...history([
          message({ seq: 1 }),
          message({ seq: 2, msgBody: { text: 'Still there?', replyTo: null, media: null, payment: null } }),
        ]),
        data: {
          ...history([]).data,
          messages: [
            message({ seq: 1 }),
            message({ seq: 2, msgBody: { text: 'Still there?', replyTo: null, media: null, payment: null } }),
          ],
          marks: { mine: { deliveredSeq: 1, seenSeq: 1 }, theirs: { deliveredSeq: 0, seenSeq: 0 } },
        },
      },
      'GET /api/chat/presence': { status: true, message: 'Presence', data: [] },
      [`GET /api/user/users/${ADA_ID}`]: { status: true, message: 'User', data: { ...ada, bio: null } },
    });
    renderConversation();
    expect(await screen.findByText('Still there?')).toBeInTheDocument();
    const seen = fakeSocket.emitted.find((e) => e.event === 'message:seen');
    expect(seen?.payload).toEqual({ conversationId: CONVO, upToSeq: 2 });
  });

  it('loads earlier messages (before the oldest one shown) on request', async () => {
    const older = message({ seq: 1, msgBody: { text: 'From last week', replyTo: null, media: null, payment: null } });
    const latest = message({ seq: 2, msgBody: { text: 'And today', replyTo: null, media: null, payment: null } });
    const fetchMock = routeFetch({
      [`GET /api/chat/conversations/${ADA_ID}/messages`]: (url: string) =>
        jsonResponse(
          200,
          url.includes('before=2') ? history([older]) : { ...history([latest]), data: { ...history([latest]).data, hasMore: true } },
        ),
      'GET /api/chat/presence': { status: true, message: 'Presence', data: [] },
      [`GET /api/user/users/${ADA_ID}`]: { status: true, message: 'User', data: { ...ada, bio: null } },
    });
    renderConversation();
    expect(await screen.findByText('And today')).toBeInTheDocument();
    expect(screen.queryByText('From last week')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('From last week')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    const items = within(screen.getByRole('log', { name: 'Messages' })).getAllByText(/From last week|And today/);
    expect(items.map((i) => i.textContent)).toEqual(['From last week', 'And today']);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('before=2'))).toBe(true);
  });
});
