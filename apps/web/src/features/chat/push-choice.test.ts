import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../api/chat';
import { idleCall, useCall } from './call-state';
import { actOnPushChoice, incoming } from './calls';
import { fakeSocket } from './fake-socket';
import { ada, ME } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

// A call's push offers Answer and Decline; the service worker opens the app at the push's address
// with the choice, which is carried out on the call once it rings here.

let n = 0;
const ringing = (): Call => ({
  id: `0198a7b2-0000-7000-8000-${String(700000000000 + ++n)}`,
  callerId: ada.id,
  calleeId: ME,
  other: ada,
  kind: 'voice',
  status: 'ringing',
  direction: 'incoming',
  startedAt: new Date().toISOString(),
  answeredAt: null,
  endedAt: null,
  durationMs: null,
});
const declines = () => fakeSocket.emitted.filter((e) => e.event === 'call:decline').map((e) => e.payload);

beforeEach(() => {
  fakeSocket.reset();
  useCall.setState(idleCall, true);
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  useCall.setState(idleCall, true);
});

describe('a choice made on a call’s push', () => {
  it('declines the call when it rings here after the push’s Decline opened the app', () => {
    const call = ringing();
    window.history.replaceState(null, '', `/chat/${ada.id}?call=${call.id}&action=decline`);
    incoming({ call, iceServers: [] });
    expect(declines()).toEqual([{ callId: call.id }]);
    expect(useCall.getState().phase).toBe('idle');
  });

  it('declines a call already ringing when the app, open, is sent to the push’s address', () => {
    const call = ringing();
    incoming({ call, iceServers: [] });
    actOnPushChoice(`?call=${call.id}&action=decline`);
    expect(declines()).toEqual([{ callId: call.id }]);
  });

  it('leaves a call the push did not name ringing', () => {
    window.history.replaceState(null, '', `/chat/${ada.id}?call=${ringing().id}&action=decline`);
    incoming({ call: ringing(), iceServers: [] });
    expect([declines(), useCall.getState().phase]).toEqual([[], 'incoming']);
  });

  it('is carried out once', () => {
    const call = ringing();
    incoming({ call, iceServers: [] });
    actOnPushChoice(`?call=${call.id}&action=decline`);
    useCall.setState({ phase: 'incoming', call });
    actOnPushChoice(`?call=${call.id}&action=decline`);
    expect(declines()).toHaveLength(1);
  });
});
