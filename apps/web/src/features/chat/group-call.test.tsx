import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import { fakeSocket } from './fake-socket';
import { FakePeer } from './fake-peer';
import { GroupCallBanner } from './GroupCallBanner';
import GroupCallOverlay from './GroupCallOverlay';
import { groupCallText } from './format';
import { noGroupCall, useGroupCall, wireGroupCalls } from './group-call-state';
import type { GroupCall, GroupInfo } from './groups-api';
import { ADA_ID, BOLA_ID, ME, ada, bola } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const GROUP = '0198a7b2-0000-5000-8000-00000000f006';
const CALL = '0198a7b2-0000-7000-8000-0000000ca11a';
const me = { id: ME, firstName: 'Tolu', lastName: 'Bank', nickName: 'tolu', avatar: null };
const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s)).toISOString();
const info: GroupInfo = {
  id: GROUP,
  name: 'Lagos trip',
  photoUrl: null,
  memberCount: 3,
  myRole: 'member',
  mutedUntil: null,
  lastSeq: 0,
  unreadCount: 0,
  lastMessage: null,
  createdAt: at(0),
  members: [ada, me, bola].map((user) => ({ user, role: 'member' as const, joinedAt: at(0) })),
  inviteCode: null,
};
const callWith = (people: [string, number][], over: Partial<GroupCall> = {}): GroupCall => ({
  id: CALL,
  groupId: GROUP,
  startedBy: ADA_ID,
  startedAt: at(1),
  endedAt: null,
  participants: people.map(([userId, s]) => ({ userId, joinedAt: at(s), muted: false })),
  ...over,
});
const micTrack = { kind: 'audio', enabled: true, stopped: false, stop: vi.fn() };
const last = (event: string) => fakeSocket.emitted.filter((e) => e.event === event).at(-1);
const pass = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** Rung by Ada, joined: in the call with Ada (her link connected); the call's dialog. */
async function inCallWithAda() {
  act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]]) }));
  await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
  await vi.waitFor(() => expect(last('groupcall:join')).toBeDefined());
  act(() =>
    last('groupcall:join')!.ack({
      status: true,
      data: {
        call: callWith([
          [ADA_ID, 1],
          [ME, 2],
        ]),
        iceServers: [],
      },
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Group call: Lagos trip' });
  await pass();
  act(() => FakePeer.made[0]!.reach('connected'));
  return dialog;
}

let unwire: () => void;
beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  fakeSocket.reset();
  FakePeer.made = [];
  micTrack.enabled = true;
  micTrack.stop.mockClear();
  useGroupCall.setState({ live: {}, ringing: null, ...noGroupCall });
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() =>
        Promise.resolve({ getTracks: () => [micTrack], getAudioTracks: () => [micTrack] } as unknown as MediaStream),
      ),
    },
  });
  routeFetch({ [`GET /api/chat/groups/${GROUP}`]: { status: true, message: 'OK', data: info } });
  unwire = wireGroupCalls(ME);
});
afterEach(() => {
  unwire();
  vi.unstubAllGlobals();
});

describe('a group voice call', () => {
  it('rings, joins, offers to the two already in, shows each one’s link, drops who left, and leaves', async () => {
    renderRoute(<GroupCallOverlay />);
    act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]]) }));
    const ringing = await screen.findByRole('alertdialog', { name: 'Incoming group call: Lagos trip' });
    expect(ringing).toHaveTextContent('Incoming group call from Ada');
    await userEvent.click(within(ringing).getByRole('button', { name: 'Join' }));
    await vi.waitFor(() => expect(last('groupcall:join')?.payload).toEqual({ callId: CALL }));
    // Bola joined in the meantime: the ack lists three, Tolu last.
    act(() =>
      last('groupcall:join')!.ack({
        status: true,
        data: {
          call: callWith([
            [ADA_ID, 1],
            [BOLA_ID, 2],
            [ME, 3],
          ]),
          iceServers: [{ urls: 'stun:s.example' }],
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Group call: Lagos trip' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const people = within(dialog).getByRole('list', { name: 'In the call' });
    await vi.waitFor(() => expect(within(people).getAllByRole('listitem')).toHaveLength(3));
    expect(within(people).getByText('Ada Obi').parentElement).toHaveTextContent('Connecting…');
    await pass();
    // Tolu joined last: it offers to Ada and to Bola, through the server.
    const offers = fakeSocket.emitted.filter((e) => e.event === 'groupcall:signal');
    expect(offers.map((e) => e.payload)).toEqual([
      { callId: CALL, toUserId: ADA_ID, data: { type: 'offer', sdp: 'offer-0' } },
      { callId: CALL, toUserId: BOLA_ID, data: { type: 'offer', sdp: 'offer-1' } },
    ]);
    offers.forEach((o) => o.ack({ status: true, data: null }));
    const [toAda, toBola] = FakePeer.made;
    expect(toAda!.config.iceServers).toEqual([{ urls: 'stun:s.example' }]);
    act(() => fakeSocket.serverEmit('groupcall:signal', { callId: CALL, fromUserId: ADA_ID, data: { type: 'answer', sdp: 'from Ada' } }));
    await pass();
    expect(toAda!.remoteDescription).toEqual({ type: 'answer', sdp: 'from Ada' });
    act(() => toAda!.reach('connected'));
    expect(within(people).getByText('Ada Obi').parentElement).toHaveTextContent('Connected');
    expect(within(dialog).getByRole('timer', { name: 'Call length' })).toBeInTheDocument();

    // Mute silences the microphone's track (and tells the server: the next test).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(micTrack.enabled).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    act(() => last('groupcall:mute')!.ack({ status: false, code: 'CHAT_ERROR', message: 'An error occured' }));
    expect(micTrack.enabled).toBe(false);

    // Bola leaves: the link to Bola is closed and Bola is no longer shown.
    act(() =>
      fakeSocket.serverEmit(
        'groupcall:update',
        callWith([
          [ADA_ID, 1],
          [ME, 3],
        ]),
      ),
    );
    expect(toBola!.closed).toBe(true);
    expect(within(people).queryByText('Bola Ade')).not.toBeInTheDocument();
    expect(toAda!.closed).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave call' }));
    expect(last('groupcall:leave')?.payload).toEqual({ callId: CALL });
    expect(toAda!.closed).toBe(true);
    expect(micTrack.stop).toHaveBeenCalled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('You left the call');
  });

  it('tells the others of a mute, and shows the mute sign on the tile of whoever muted', async () => {
    renderRoute(<GroupCallOverlay />);
    const dialog = await inCallWithAda();
    const people = within(dialog).getByRole('list', { name: 'In the call' });
    expect(within(people).queryByRole('img', { name: /muted/ })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(micTrack.enabled).toBe(false);
    expect(last('groupcall:mute')?.payload).toEqual({ groupId: GROUP, muted: true });
    const mutedMe = callWith([
      [ADA_ID, 1],
      [ME, 2],
    ]);
    mutedMe.participants[1]!.muted = true;
    act(() => last('groupcall:mute')!.ack({ status: true, data: mutedMe }));
    expect(within(people).getByRole('img', { name: 'You, muted' })).toBeInTheDocument();
    await vi.waitFor(() => expect(useGroupCall.getState().call?.participants[1]?.muted).toBe(true));

    // Ada mutes: her tile shows the sign (and "Muted" instead of "Connected"); she unmutes: it goes.
    const adaMuted = callWith([
      [ADA_ID, 1],
      [ME, 2],
    ]);
    adaMuted.participants[0]!.muted = true;
    act(() => fakeSocket.serverEmit('groupcall:update', adaMuted));
    expect(within(people).getByRole('img', { name: 'Ada Obi, muted' })).toBeInTheDocument();
    expect(within(people).getByText('Ada Obi').parentElement).toHaveTextContent('Muted');
    act(() =>
      fakeSocket.serverEmit(
        'groupcall:update',
        callWith([
          [ADA_ID, 1],
          [ME, 2],
        ]),
      ),
    );
    expect(within(people).queryByRole('img', { name: 'Ada Obi, muted' })).not.toBeInTheDocument();
    expect(within(people).getByText('Ada Obi').parentElement).toHaveTextContent('Connected');

    // An unmute the server did not take is undone: the others still see the sign.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    expect(micTrack.enabled).toBe(true);
    expect(last('groupcall:mute')?.payload).toEqual({ groupId: GROUP, muted: false });
    act(() => last('groupcall:mute')!.ack({ status: false, code: 'CHAT_ERROR', message: 'You are not in this call' }));
    expect(await screen.findByText('You are not in this call')).toBeInTheDocument();
    await vi.waitFor(() => expect(micTrack.enabled).toBe(false));
    expect(within(dialog).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ends here when the server says the call ended: the ended state, no timer, every link closed, then the screen closes', async () => {
    renderRoute(<GroupCallOverlay />);
    const dialog = await inCallWithAda();
    expect(within(dialog).getByRole('timer', { name: 'Call length' })).toBeInTheDocument();
    const [toAda] = FakePeer.made;
    // Ada left and Tolu was the only one left: the server ended the call (no one in it).
    act(() => fakeSocket.serverEmit('groupcall:update', callWith([], { endedAt: at(30) })));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Call ended');
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Leave call' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
    expect(toAda!.closed).toBe(true);
    expect(micTrack.stop).toHaveBeenCalled();
    expect(useGroupCall.getState().live[GROUP]).toBeUndefined();
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: /Group call/ })).not.toBeInTheDocument(), { timeout: 4_000 });
    expect(useGroupCall.getState().phase).toBe('idle');
    // Nothing was sent about it: the server ended it.
    expect(last('groupcall:leave')).toBeUndefined();
  });

  it('ends here when the server’s update no longer lists this person', async () => {
    renderRoute(<GroupCallOverlay />);
    const dialog = await inCallWithAda();
    act(() =>
      fakeSocket.serverEmit(
        'groupcall:update',
        callWith([
          [ADA_ID, 1],
          [BOLA_ID, 3],
        ]),
      ),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('You are no longer in this call');
    expect(within(dialog).queryByRole('timer')).not.toBeInTheDocument();
    expect(FakePeer.made[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: /Group call/ })).not.toBeInTheDocument(), { timeout: 4_000 });
  });

  it('asks again on reconnecting: a call that ended while this device was offline ends here too', async () => {
    renderRoute(<GroupCallOverlay />);
    const dialog = await inCallWithAda();
    const joins = () => fakeSocket.emitted.filter((e) => e.event === 'groupcall:join').length;
    const before = joins();
    act(() => fakeSocket.setConnected(false));
    act(() => fakeSocket.setConnected(true));
    await vi.waitFor(() => expect(joins()).toBe(before + 1));
    expect(last('groupcall:join')!.payload).toEqual({ callId: CALL });
    act(() => last('groupcall:join')!.ack({ status: false, code: 'CALL_ENDED', message: 'This call has ended' } as never));
    await vi.waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Call ended'));
    expect(FakePeer.made[0]!.closed).toBe(true);
    expect(micTrack.stop).toHaveBeenCalled();
  });

  it('stays in a call that went on while this device was offline, with who is in it now', async () => {
    renderRoute(<GroupCallOverlay />);
    const dialog = await inCallWithAda();
    act(() => fakeSocket.setConnected(false));
    act(() => fakeSocket.setConnected(true));
    await vi.waitFor(() => expect(last('groupcall:join')!.payload).toEqual({ callId: CALL }));
    const now = callWith([
      [ADA_ID, 1],
      [ME, 2],
      [BOLA_ID, 20],
    ]);
    act(() => last('groupcall:join')!.ack({ status: true, data: { call: now, iceServers: [] } }));
    await vi.waitFor(() => expect(useGroupCall.getState().call?.participants).toHaveLength(3));
    expect(useGroupCall.getState().phase).toBe('in');
    expect(within(dialog).queryByRole('status')).not.toHaveTextContent('Call ended');
    expect(FakePeer.made[0]!.closed).toBe(false);
  });

  it('says the server’s words when the call is full, and holds no microphone', async () => {
    renderRoute(<GroupCallOverlay />);
    act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]]) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await vi.waitFor(() => expect(last('groupcall:join')).toBeDefined());
    act(() => last('groupcall:join')!.ack({ status: false, code: 'GROUP_CALL_FULL', message: 'This call is full (4 people)' }));
    expect(await screen.findByText('This call is full (4 people)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Group call/ })).not.toBeInTheDocument();
    expect(micTrack.stop).toHaveBeenCalled();
    expect(useGroupCall.getState().phase).toBe('idle');
  });

  it('stops ringing on Decline, when the call ends, or when one joined it on another device', async () => {
    renderRoute(<GroupCallOverlay />);
    act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]]) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useGroupCall.getState().live[GROUP]?.id).toBe(CALL);
    expect(fakeSocket.emitted).toEqual([]);

    act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]], { id: `${CALL.slice(0, -1)}b` }) }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    act(() =>
      fakeSocket.serverEmit(
        'groupcall:update',
        callWith(
          [
            [ADA_ID, 1],
            [ME, 2],
          ],
          { id: `${CALL.slice(0, -1)}b` },
        ),
      ),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => fakeSocket.serverEmit('groupcall:incoming', { call: callWith([[ADA_ID, 1]]) }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    act(() => fakeSocket.serverEmit('groupcall:update', callWith([], { endedAt: at(9) })));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useGroupCall.getState().live[GROUP]).toBeUndefined();
  });

  it('shows the group’s live call with who is in it, and joins it from the banner', async () => {
    const nameOf = (id: string) => (id === ADA_ID ? 'Ada' : id === BOLA_ID ? 'Bola' : 'You');
    renderRoute(<GroupCallBanner groupId={GROUP} nameOf={nameOf} />);
    expect(screen.queryByRole('region', { name: 'Voice call in progress' })).not.toBeInTheDocument();
    act(() =>
      fakeSocket.serverEmit(
        'groupcall:update',
        callWith([
          [ADA_ID, 1],
          [BOLA_ID, 2],
        ]),
      ),
    );
    const banner = await screen.findByRole('region', { name: 'Voice call in progress' });
    expect(banner).toHaveTextContent('Ada and Bola are in the call');
    await userEvent.click(within(banner).getByRole('button', { name: 'Join call' }));
    await vi.waitFor(() => expect(last('groupcall:join')?.payload).toEqual({ callId: CALL }));
    act(() => fakeSocket.serverEmit('groupcall:update', callWith([], { endedAt: at(9) })));
    expect(screen.queryByRole('region', { name: 'Voice call in progress' })).not.toBeInTheDocument();
  });

  it('writes a call’s record in Lagos time, as the rest of the app', () => {
    expect(groupCallText({ callId: CALL, startedAt: '2026-11-28T11:03:00.000Z', durationMs: 242_000 })).toBe(
      'Group voice call · 12:03 pm · 4 min',
    );
    expect(groupCallText({ callId: CALL, startedAt: '2026-11-28T23:30:00.000Z', durationMs: 20_000 })).toBe(
      'Group voice call · 12:30 am · 1 min',
    );
    expect(groupCallText({ callId: CALL, startedAt: '2026-11-28T11:03:00.000Z', durationMs: null })).toBe('Missed group call');
  });
});
