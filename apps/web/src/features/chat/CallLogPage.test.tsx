import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../api/chat';
import { renderRoute } from '../../test/render';
import { routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import CallLogPage from './CallLogPage';
import { fakeSocket } from './fake-socket';
import { noGroupCall, useGroupCall } from './group-call-state';
import { ADA_ID, BOLA_ID, ME, ada, bola, page } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const GROUP = '0198a7b2-0000-5000-8000-00000000f006';
const group = { id: GROUP, name: 'Lagos trip', photoUrl: null };
const at = (m: number) => new Date(Date.UTC(2026, 10, 28, 12, m)).toISOString();
let n = 0;
const callOf = (over: Partial<Call>): Call => {
  n++;
  return {
    id: `0198a7b2-0000-7000-8000-${String(900000000000 + n).slice(-12)}`,
    callerId: ADA_ID,
    calleeId: GROUP,
    other: ada,
    kind: 'voice',
    status: 'ended',
    direction: 'incoming',
    startedAt: at(0),
    answeredAt: at(0),
    endedAt: at(4),
    durationMs: 242_000,
    group,
    ...over,
  };
};
const last = (event: string) => fakeSocket.emitted.filter((e) => e.event === event).at(-1);
const micTrack = { kind: 'audio', enabled: true, stop: vi.fn() };

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  fakeSocket.reset();
  useGroupCall.setState({ live: {}, ringing: null, ...noGroupCall });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() =>
        Promise.resolve({ getTracks: () => [micTrack], getAudioTracks: () => [micTrack] } as unknown as MediaStream),
      ),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('CallLogPage', () => {
  it('shows a group call as its group: the name, the way to the group, missed in red, and the length', async () => {
    routeFetch({
      'GET /api/chat/calls': page([
        callOf({ status: 'missed', answeredAt: null, durationMs: null, startedAt: at(30) }),
        callOf({ callerId: ME, other: { ...ada, id: ME, firstName: 'Tolu' }, direction: 'outgoing', startedAt: at(20) }),
        callOf({ status: 'active', endedAt: null, durationMs: null, startedAt: at(40) }),
        callOf({ group: null, other: bola, callerId: BOLA_ID, calleeId: ME, startedAt: at(10) }),
      ]),
    });
    renderRoute(<CallLogPage />, { path: '/chat/calls' });
    const rows = within(await screen.findByRole('list', { name: 'Calls' })).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const [missed, outgoing, live, direct] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    const toGroup = within(missed).getByRole('link');
    expect(toGroup).toHaveAttribute('href', `/chat/groups/${GROUP}`);
    expect(toGroup).toHaveTextContent('Lagos trip');
    expect(toGroup).toHaveTextContent('Missed group call');
    expect(within(missed).getByText('Lagos trip')).toHaveClass('text-danger-fg');
    expect(within(missed).queryByText(/Ada/)).not.toBeInTheDocument();
    expect(within(missed).getByRole('button', { name: 'Call Lagos trip (group voice call)' })).toBeInTheDocument();

    expect(outgoing).toHaveTextContent('Outgoing group call · 4:02');
    expect(within(outgoing).getByText('Lagos trip')).not.toHaveClass('text-danger-fg');
    expect(live).toHaveTextContent('Group call · on now');
    expect(within(live).getByRole('button', { name: 'Join the call in Lagos trip' })).toBeInTheDocument();

    // A 1:1 call is as before: the other person.
    expect(within(direct).getByRole('link')).toHaveAttribute('href', `/chat/${BOLA_ID}`);
    expect(direct).toHaveTextContent('Bola Ade');
    expect(within(direct).getByRole('button', { name: 'Call Bola Ade back (voice)' })).toBeInTheDocument();
  });

  it('calls the group back (its call started or joined), not the one who started it', async () => {
    routeFetch({ 'GET /api/chat/calls': page([callOf({ status: 'missed', answeredAt: null, durationMs: null })]) });
    renderRoute(<CallLogPage />, { path: '/chat/calls' });
    await userEvent.click(await screen.findByRole('button', { name: 'Call Lagos trip (group voice call)' }));
    await vi.waitFor(() => expect(last('groupcall:start')?.payload).toEqual({ groupId: GROUP }));
    expect(last('call:start')).toBeUndefined();
    expect(useGroupCall.getState()).toMatchObject({ phase: 'joining', groupId: GROUP });
    // While in a call, calling back is off.
    expect(screen.getByRole('button', { name: 'Call Lagos trip (group voice call)' })).toBeDisabled();
  });
});
