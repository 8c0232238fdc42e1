import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../api/chat';
import { renderAt } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { memoryStore, setChatStore } from './db';
import { fakeSocket } from './fake-socket';
import { groupPreview } from './group-parts';
import GroupConversationPage from './GroupConversationPage';
import type { GroupInfo } from './groups-api';
import JoinGroupPage from './JoinGroupPage';
import { resetOutbox } from './outbox';
import { ADA_ID, BOLA_ID, ME, ada, bola, message } from './test-fixtures';
import { setTyping } from './typing';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

// What the group screens gained: the invite's preview, two ticks and blue ticks from the others'
// marks, who is typing, and who a payment went to.

const GROUP = '0198a7b2-0000-5000-8000-00000000f006';
const me = { id: ME, firstName: 'Tolu', lastName: 'Bank', nickName: 'tolu', avatar: null };
const at = new Date().toISOString();
const one = <T,>(data: T) => ({ status: true, message: 'OK', data });
const inGroup = (over: Partial<ChatMessage> & { seq: number }) =>
  message({ conversationId: GROUP, toUserId: GROUP, groupId: GROUP, ...over });
const text = (t: string) => ({ text: t, replyTo: null, media: null, payment: null });
const pay = (toUserId: string, toName: string) => ({
  text: '',
  replyTo: null,
  media: null,
  payment: { reference: `TX-${toUserId.slice(-4)}`, amount: 50_000, status: 'completed' as const, toUserId, toName },
});
const info: GroupInfo = {
  id: GROUP,
  name: 'Lagos trip',
  photoUrl: null,
  memberCount: 3,
  myRole: 'member',
  mutedUntil: null,
  lastSeq: 3,
  unreadCount: 0,
  lastMessage: null,
  createdAt: at,
  members: [
    { user: ada, role: 'admin', joinedAt: at },
    { user: me, role: 'member', joinedAt: at },
    { user: bola, role: 'member', joinedAt: at },
  ],
  inviteCode: null,
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  setChatStore(memoryStore());
  fakeSocket.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('Joining a group by its invite link', () => {
  it('shows the group’s name and size before joining, then joins', async () => {
    const fetch = routeFetch({
      'GET /api/chat/groups/invite/AbCdEfGh1234': one({
        groupId: GROUP,
        name: 'Lagos trip',
        photoUrl: null,
        memberCount: 3,
        isMember: false,
      }),
      'POST /api/chat/groups/join/AbCdEfGh1234': one({ ...info, memberCount: 4 }),
    });
    renderAt(<JoinGroupPage />, '/chat/join/:code', '/chat/join/AbCdEfGh1234', [
      { path: '/chat/groups/:groupId', element: <p>In the group</p> },
    ]);
    expect(await screen.findByRole('heading', { name: 'Lagos trip' })).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(calls(fetch, 'POST /api/chat/groups/join/AbCdEfGh1234')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Join group' }));
    expect(await screen.findByText('In the group')).toBeInTheDocument();
  });

  it('says a reset link no longer works, with no Join button', async () => {
    routeFetch({
      'GET /api/chat/groups/invite/OldCode12345': () =>
        new Response(JSON.stringify({ status: false, message: 'This invite link was reset or is not valid', code: 'INVITE_NOT_FOUND' }), {
          status: 404,
        }),
    });
    renderAt(<JoinGroupPage />, '/chat/join/:code', '/chat/join/OldCode12345');
    expect(await screen.findByRole('heading', { name: 'This invite link doesn’t work' })).toBeInTheDocument();
    expect(screen.getByText(/This invite link was reset or is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join group' })).toBeNull();
  });
});

describe('A group’s conversation', () => {
  const history = (messages: ChatMessage[]) =>
    one({ groupId: GROUP, hasMore: false, mine: { deliveredSeq: 4, seenSeq: 4 }, others: { deliveredSeq: 2, seenSeq: 1 }, messages });

  it('ticks my messages by the others’ marks: blue when all saw it, two when all have it, one before', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}`]: one(info),
      [`GET /api/chat/groups/${GROUP}/messages`]: history([
        inGroup({ seq: 1, fromUserId: ME, msgBody: text('Seen by all') }),
        inGroup({ seq: 2, fromUserId: ME, msgBody: text('With all') }),
        inGroup({ seq: 3, fromUserId: ME, msgBody: text('Not yet') }),
      ]),
    });
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const tickOf = (t: string) => within(within(log).getByText(t).closest<HTMLElement>('[data-msg-id]')!).getByRole('img');
    expect(await within(log).findByText('Seen by all')).toBeInTheDocument();
    expect(tickOf('Seen by all')).toHaveAccessibleName('Seen');
    expect(tickOf('With all')).toHaveAccessibleName('Delivered');
    expect(tickOf('Not yet')).toHaveAccessibleName('Sent');
  });

  it('shows who is typing in the header and tells the group when I type', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}`]: one(info),
      [`GET /api/chat/groups/${GROUP}/messages`]: history([]),
    });
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    expect(await screen.findByText('Ada, Bola, You')).toBeInTheDocument();
    act(() => setTyping(BOLA_ID, true, GROUP));
    expect(screen.getByText('Bola is typing…')).toBeInTheDocument();
    act(() => setTyping(ADA_ID, true, GROUP));
    expect(screen.getByText(/are typing…$/)).toHaveTextContent(/Bola and Ada are typing…|Ada and Bola are typing…/);
    act(() => (setTyping(BOLA_ID, false, GROUP), setTyping(ADA_ID, false, GROUP)));
    expect(screen.getByText('Ada, Bola, You')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way');
    expect(fakeSocket.emitted.find((e) => e.event === 'typing')?.payload).toEqual({ groupId: GROUP, typing: true });
  });

  it('names who was paid: “Ada paid Bola”, “Ada paid you”', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}`]: one(info),
      [`GET /api/chat/groups/${GROUP}/messages`]: history([
        inGroup({ seq: 1, fromUserId: ADA_ID, msgType: 'payment', msgBody: pay(BOLA_ID, 'Bola Ade') }),
        inGroup({ seq: 2, fromUserId: ADA_ID, msgType: 'payment', msgBody: pay(ME, 'Tolu Bank') }),
      ]),
    });
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    expect(await screen.findByText('Ada paid Bola')).toBeInTheDocument();
    expect(screen.getByText('Ada paid you')).toBeInTheDocument();
  });

  it('says who was paid in the group’s row of the chat list', () => {
    const nameOf = (id: string) => (id === ME ? 'You' : id === ADA_ID ? 'Ada' : id === BOLA_ID ? 'Bola' : 'Someone');
    const m = inGroup({ seq: 1, fromUserId: ADA_ID, msgType: 'payment', msgBody: pay(BOLA_ID, 'Bola Ade') });
    expect(groupPreview(m, ME, nameOf)).toBe('Ada: sent ₦500 to Bola');
    expect(groupPreview({ ...m, msgBody: pay(ME, 'Tolu Bank') }, ME, nameOf)).toBe('Ada: sent ₦500 to you');
    expect(groupPreview({ ...m, msgBody: pay('0198a7b2-0000-7000-8000-00000000e009', 'Chidi Eze') }, ME, nameOf)).toBe(
      'Ada: sent ₦500 to Chidi',
    );
  });
});
