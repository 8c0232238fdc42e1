import { describe, expect, it } from 'vitest';
import { groupEvents, type GroupCall, type GroupInfo } from '@owo/contracts';
import type { Socket } from 'socket.io-client';
import { chatTestApp, pause } from '../services/chat/chat-fixtures.js';
import { auth, json, type TestUser } from './harness.js';

/**
 * The authorization matrix of the group-call socket events (the HTTP calls have authz-matrix.test.ts):
 * every `groupcall:*` event a client may send, against a member, a non-member, a removed member and
 * no token. Only a current member of the call's group is answered; anyone else is told the call does
 * not exist (CALL_NOT_FOUND, the same answer as for no call) and nobody in the group hears of it.
 * An event added to the contracts without its row here fails, by name.
 */

const chat = chatTestApp();
const { person } = chat;

type Scene = { groupId: string; callId: string; inCall: TestUser };
/** Each event's payload in a scene where a call is live with two members in it. */
const ROWS: Record<string, (s: Scene) => unknown> = {
  'groupcall:start': (s) => ({ groupId: s.groupId }),
  'groupcall:join': (s) => ({ callId: s.callId }),
  'groupcall:leave': (s) => ({ callId: s.callId }),
  'groupcall:signal': (s) => ({ callId: s.callId, toUserId: s.inCall.id, data: { type: 'offer', sdp: 'v=0' } }),
  'groupcall:mute': (s) => ({ groupId: s.groupId, muted: true }),
};
const EVENTS = Object.keys(groupEvents.clientToServer).filter((e) => e.startsWith('groupcall:'));
const ROLES = ['member', 'non-member', 'removed member'] as const;

/** A group of four (admin, caller, member, removed) with a live call the admin started and the caller joined. */
async function scene() {
  const [admin, caller, member, removed] = [await person(), await person(), await person(), await person()] as const;
  const made = await chat.t.app.inject({
    method: 'POST',
    url: '/api/chat/groups',
    headers: auth(admin),
    payload: { name: 'Authz call', memberIds: [caller.id, member.id, removed.id] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const g = json(made).data as GroupInfo;
  const gone = await chat.t.app.inject({ method: 'DELETE', url: `/api/chat/groups/${g.id}/members/${removed.id}`, headers: auth(admin) });
  expect(gone.statusCode, gone.body).toBe(200);
  const [sa, sc, sm, sr] = await Promise.all([admin, caller, member, removed].map((p) => chat.sockets.connect(p.token)));
  const { call } = await chat.sockets.must<{ call: GroupCall }>(sa!, 'groupcall:start', { groupId: g.id });
  // Everyone in the group has seen the join (with Redis, the start's update can still be on its way
  // after its ack: waiting for the update with both in it leaves nothing of the scene to be heard later).
  const seen = [sa!, sc!, sm!].map((s) => chat.sockets.nextWhere<GroupCall>(s, 'groupcall:update', (u) => u.participants.length === 2));
  await chat.sockets.must(sc!, 'groupcall:join', { callId: call.id });
  await Promise.all(seen);
  // With Redis, a socket can still get one more update of the scene after the one above (the joiner's
  // own copy travels apart): let those land before the row starts listening, so only its own are heard.
  await pause(200);
  return {
    s: { groupId: g.id, callId: call.id, inCall: admin } as Scene,
    admin: sa!,
    caller: sc!,
    member: sm!,
    removed: sr!,
    callerUser: caller,
  };
}

describe('group-call socket events: who is answered', () => {
  it('has a row for every groupcall event of the contracts', () => {
    expect(EVENTS.filter((e) => !ROWS[e])).toEqual([]);
    expect(Object.keys(ROWS).filter((e) => !EVENTS.includes(e))).toEqual([]);
  });

  for (const event of Object.keys(ROWS))
    for (const role of ROLES)
      it(`${event} as ${role}: ${role === 'member' ? 'answered' : 'CALL_NOT_FOUND, nobody told'}`, async () => {
        const sc = await scene();
        const heard = [sc.admin, sc.caller, sc.member].map((s) => chat.sockets.collect(s, 'groupcall:update'));
        const signals = chat.sockets.collect(sc.admin, 'groupcall:signal');
        // The member of the row: the caller (in the call) for the events of someone in it, else the member not yet in it.
        const actor: Socket =
          role === 'member'
            ? ['groupcall:signal', 'groupcall:leave', 'groupcall:mute'].includes(event)
              ? sc.caller
              : sc.member
            : role === 'removed member'
              ? sc.removed
              : await chat.sockets.connect((await person()).token);
        const reply = await chat.sockets.emit(actor, event, ROWS[event]!(sc.s));
        if (role === 'member') {
          expect(reply, JSON.stringify(reply)).toMatchObject({ status: true });
          return;
        }
        expect(reply).toEqual({ status: false, code: 'CALL_NOT_FOUND', message: 'Call not found' });
        await pause(250);
        expect(heard.map((h) => h.length)).toEqual([0, 0, 0]);
        expect(signals).toEqual([]);
      });

  it('refuses a socket without a token before any event', async () => {
    await expect(chat.sockets.connect(null)).rejects.toThrow('Authorization failed, no token!');
    await expect(chat.sockets.connect('not-a-session')).rejects.toThrow('Your session has ended. Please log in again.');
  });
});
