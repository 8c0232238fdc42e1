import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockedPerson, BlockStatus } from '../../api/chat';
import { jsonResponse, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { BlockButton, ReportSheet } from './BlockControls';
import BlockedPage from './BlockedPage';
import ConversationPage from './ConversationPage';
import { memoryStore, setChatStore } from './db';
import { fakeSocket } from './fake-socket';
import { resetOutbox } from './outbox';
import { ADA_ID, BOLA_ID, CONVO, ME, ada, bola, message, page } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const STATUS = `GET /api/chat/blocks/${ADA_ID}`;
const BLOCK = `PUT /api/chat/blocks/${ADA_ID}`;
const UNBLOCK = `DELETE /api/chat/blocks/${ADA_ID}`;
const status = (blocked: boolean): { status: true; message: string; data: BlockStatus } => ({
  status: true,
  message: 'Block',
  data: { userId: ADA_ID, blocked, blockedAt: blocked ? '2030-03-01T10:00:00.000Z' : null },
});
const history = {
  status: true,
  message: 'Messages',
  data: {
    conversationId: CONVO,
    messages: [message({ seq: 1 })],
    hasMore: false,
    marks: { mine: { deliveredSeq: 1, seenSeq: 1 }, theirs: { deliveredSeq: 0, seenSeq: 0 } },
  },
};

function renderConversation() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/chat/:userId', element: <ConversationPage /> },
      { path: '/chat/blocked', element: <p>Blocked list</p> },
    ],
    { initialEntries: [`/chat/${ADA_ID}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  setChatStore(memoryStore());
  fakeSocket.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('blocking from a chat', () => {
  /** Opens the chat with Ada, whose block status follows the block and unblock calls. */
  async function openChatWithAda() {
    let blocked = false;
    const fetch = routeFetch({
      [`GET /api/chat/conversations/${ADA_ID}/messages`]: history,
      'GET /api/chat/presence': { status: true, message: 'Presence', data: [{ fromUserJid: ADA_ID, status: 'online', lastSeen: null }] },
      [`GET /api/user/users/${ADA_ID}`]: { status: true, message: 'User', data: { ...ada, bio: null } },
      [STATUS]: () => jsonResponse(200, status(blocked)),
      [BLOCK]: () => ((blocked = true), jsonResponse(200, status(true))),
      [UNBLOCK]: () => ((blocked = false), jsonResponse(200, status(false))),
    });
    renderConversation();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    return fetch;
  }

  /** Chooses Block in the chat's menu: the question it asks. */
  async function askToBlock() {
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Chat options' })).getByRole('button', { name: 'Block Ada Obi' }));
    return screen.getByRole('dialog', { name: 'Block Ada Obi?' });
  }

  /** Blocks Ada from the chat's menu: the notice that stands in for the composer. */
  async function blockAda() {
    await userEvent.click(within(await askToBlock()).getByRole('button', { name: 'Block' }));
    return screen.findByRole('region', { name: 'Blocked' });
  }

  it('links to the blocked people list from the chat’s menu', async () => {
    await openChatWithAda();
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    const menu = screen.getByRole('dialog', { name: 'Chat options' });
    expect(within(menu).getByRole('link', { name: 'Blocked people' })).toHaveAttribute('href', '/chat/blocked');
  });

  it('asks before blocking from the chat’s menu', async () => {
    const fetch = await openChatWithAda();
    const ask = await askToBlock();
    expect(within(ask).getByText(/They won’t be told you blocked them/)).toBeInTheDocument();
    expect(calls(fetch, BLOCK)).toHaveLength(0);
  });

  it('once blocked, puts a notice with Unblock in the composer’s place and turns calls off', async () => {
    const fetch = await openChatWithAda();
    const notice = await blockAda();
    expect(notice).toHaveTextContent('You blocked Ada Obi. You can’t message or call each other.');
    expect(within(notice).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Video call' })).toBeDisabled();
    const put = calls(fetch, BLOCK)[0]!;
    expect(new Headers(put[1]?.headers).get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  }, 20_000);

  it('brings the composer and calls back on Unblock', async () => {
    const fetch = await openChatWithAda();
    const notice = await blockAda();
    await userEvent.click(within(notice).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(calls(fetch, UNBLOCK)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Voice call' })).toBeEnabled();
  }, 20_000);

  it('keeps the composer when blocking fails', async () => {
    const fetch = routeFetch({
      [`GET /api/chat/conversations/${ADA_ID}/messages`]: history,
      [`GET /api/user/users/${ADA_ID}`]: { status: true, message: 'User', data: { ...ada, bio: null } },
      [STATUS]: status(false),
      [BLOCK]: () => jsonResponse(500, { status: false, message: 'Chat is resting', code: 'X' }),
    });
    renderConversation();
    await userEvent.click(await screen.findByRole('button', { name: 'Chat options' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Chat options' })).getByRole('button', { name: 'Block Ada Obi' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Block Ada Obi?' })).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls(fetch, BLOCK)).toHaveLength(1));
    // Still asking (the sheet stays open to try again); the chat stays as it was.
    expect(await screen.findByRole('dialog', { name: 'Block Ada Obi?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Blocked' })).not.toBeInTheDocument();
  });
});

describe('reporting a conversation', () => {
  const REPORT = `POST /api/chat/conversations/${ADA_ID}/report`;
  const thanks = () =>
    jsonResponse(201, {
      status: true,
      message: 'Thanks',
      data: { conversationId: CONVO, reportedUserId: ADA_ID, reason: 'scam', createdAt: '2030-03-01T10:00:00.000Z' },
    });

  /** Opens the report sheet for the chat with Ada. */
  function openReport(onClose = vi.fn()) {
    renderRoute(<ReportSheet open onClose={onClose} userId={ADA_ID} name="Ada Obi" />);
    return screen.getByRole('dialog', { name: 'Report your chat with Ada Obi' });
  }

  it('cannot be sent before a reason is chosen', () => {
    routeFetch({ [REPORT]: thanks });
    const sheet = openReport();
    expect(within(sheet).getByRole('button', { name: 'Send report' })).toBeDisabled();
  });

  it('sends the reason chosen and the note, then thanks until Done closes it', async () => {
    const fetch = routeFetch({ [REPORT]: thanks });
    const onClose = vi.fn();
    const sheet = openReport(onClose);
    await userEvent.click(within(sheet).getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.type(within(sheet).getByRole('textbox', { name: 'Anything else? (optional)' }), 'Asked for my PIN');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Thanks for telling us' })).toBeInTheDocument();
    const [, init] = calls(fetch, REPORT)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'scam', note: 'Asked for my PIN' });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s words when the conversation was reported already', async () => {
    routeFetch({
      [REPORT]: () => jsonResponse(409, { status: false, message: 'You already reported this conversation', code: 'ALREADY_REPORTED' }),
    });
    const sheet = openReport();
    await userEvent.click(within(sheet).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You already reported this conversation')).toBeInTheDocument();
  });
});

describe('the blocked people list', () => {
  const person = (u: typeof ada): BlockedPerson => ({ user: u, blockedAt: '2030-03-01T10:00:00.000Z' });

  it('lists the people I blocked and unblocks one', async () => {
    let list = [person(ada), person(bola)];
    const fetch = routeFetch({
      'GET /api/chat/blocks': () => jsonResponse(200, page(list)),
      [UNBLOCK]: () => {
        list = list.filter((p) => p.user.id !== ADA_ID);
        return jsonResponse(200, status(false));
      },
    });
    renderRoute(<BlockedPage />, { path: '/chat/blocked' });
    expect(screen.getByRole('status', { name: 'Loading blocked people' })).toBeInTheDocument();
    const rows = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(rows).getByRole('button', { name: 'Unblock Ada Obi' }));
    await waitFor(() => expect(within(rows).getAllByRole('listitem')).toHaveLength(1));
    expect(within(rows).getByText('Bola Ade')).toBeInTheDocument();
    expect(calls(fetch, UNBLOCK)).toHaveLength(1);
    expect(calls(fetch, `DELETE /api/chat/blocks/${BOLA_ID}`)).toHaveLength(0);
  });

  it('says so when no one is blocked', async () => {
    routeFetch({ 'GET /api/chat/blocks': page([]) });
    renderRoute(<BlockedPage />, { path: '/chat/blocked' });
    expect(await screen.findByRole('heading', { name: 'You haven’t blocked anyone' })).toBeInTheDocument();
  });

  it('shows the server’s message, with Try again, when the list fails', async () => {
    routeFetch({ 'GET /api/chat/blocks': () => jsonResponse(500, { status: false, message: 'Chat is resting', code: 'X' }) });
    renderRoute(<BlockedPage />, { path: '/chat/blocked' });
    expect(await screen.findByText('Chat is resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Block on a profile', () => {
  it('asks, blocks, then offers Unblock', async () => {
    let blocked = false;
    const fetch = routeFetch({
      [STATUS]: () => jsonResponse(200, status(blocked)),
      [BLOCK]: () => ((blocked = true), jsonResponse(200, status(true))),
      [UNBLOCK]: () => ((blocked = false), jsonResponse(200, status(false))),
    });
    renderRoute(<BlockButton userId={ADA_ID} name="Ada Obi" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Block Ada Obi?' })).getByRole('button', { name: 'Block' }));
    const undo = await screen.findByRole('button', { name: 'Unblock' });
    expect(calls(fetch, BLOCK)).toHaveLength(1);
    await userEvent.click(undo);
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(calls(fetch, UNBLOCK)).toHaveLength(1);
  });
});
