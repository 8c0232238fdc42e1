import { Mic, MicOff, Phone, PhoneOff, Volume2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../../lib/toast';
import type { ChatUser } from '../../api/chat';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { useAuth } from '../account';
import { fullName } from './cache';
import { Control, StreamMedia, Timer } from './call-parts';
import { cycleGroupSpeaker, declineGroupCall, joinGroupCall, leaveGroupCall, toggleGroupMute } from './group-call';
import { type GroupCallState, type PeerState, useGroupCall } from './group-call-state';
import { GroupAvatar } from './group-parts';
import type { GroupCall } from './groups-api';
import { useGroupInfo } from './groups';
import { startRing } from './ringer';
import { canChooseSpeaker } from './speaker';

/** The members of a group by id (for the names and photos of the people in its call). */
function useMembers(groupId: string) {
  const info = useGroupInfo(groupId).data;
  return useMemo(
    () => ({ name: info?.name, photoUrl: info?.photoUrl ?? null, people: new Map(info?.members.map((m) => [m.user.id, m.user])) }),
    [info],
  );
}

const STATE_TEXT: Record<PeerState, string> = { connecting: 'Connecting…', connected: 'Connected', failed: 'Couldn’t connect' };

/** A group call ringing here: the group, who started it, Join and Decline. */
function Ringing({ call }: { call: GroupCall }) {
  useEffect(() => startRing('incoming'), []);
  const { name, photoUrl, people } = useMembers(call.groupId);
  const starter = people.get(call.startedBy);
  const group = name ?? 'Group';
  return (
    <div className="fixed inset-x-0 bottom-0 z-[60] mx-auto w-full max-w-md p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div
        role="alertdialog"
        aria-modal="false"
        aria-label={`Incoming group call: ${group}`}
        aria-describedby="incoming-group-call-who"
        className="rounded-3xl bg-neutral-900 p-5 text-white shadow-2xl shadow-black/40"
      >
        <div className="flex items-center gap-4">
          <span className="relative">
            <span className="absolute inset-0 animate-ping rounded-full bg-brand-400/40" aria-hidden="true" />
            <GroupAvatar name={group} photoUrl={photoUrl} size="md" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-lg font-bold">{group}</h2>
            <p id="incoming-group-call-who" className="text-sm text-white/75">
              Incoming group call{starter ? ` from ${starter.firstName}` : ''}…
            </p>
          </div>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={declineGroupCall}
            className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-red-600 font-semibold hover:bg-red-700"
          >
            <PhoneOff className="size-5" aria-hidden="true" />
            Decline
          </button>
          <button
            type="button"
            onClick={() => void joinGroupCall(call)}
            autoFocus
            className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-brand-500 font-semibold hover:bg-brand-600"
          >
            <Phone className="size-5" aria-hidden="true" />
            Join
          </button>
        </div>
      </div>
    </div>
  );
}

/** One person in the call: photo, name, how their link is, and the mute sign when their microphone is off. */
function Person({
  user,
  label,
  state,
  muted,
  you,
}: {
  user: ChatUser | undefined;
  label: string;
  state: string;
  muted: boolean;
  you?: boolean;
}) {
  const fine = you || state === 'Connected';
  return (
    <li className="flex flex-col items-center gap-2 rounded-3xl bg-white/5 px-2 py-4 text-center">
      <span className="relative">
        <Avatar src={user?.avatar} firstName={user?.firstName ?? label} lastName={user?.lastName} size="lg" />
        {muted ? (
          <span
            role="img"
            aria-label={`${label}, muted`}
            className="absolute -right-1 -bottom-1 flex size-7 items-center justify-center rounded-full bg-white text-neutral-900 ring-2 ring-neutral-950"
          >
            <MicOff className="size-4" aria-hidden="true" />
          </span>
        ) : null}
      </span>
      <span className="w-full truncate text-sm font-semibold">{label}</span>
      <span className={cn('text-xs', fine ? 'text-white/70' : 'text-amber-200')}>{muted && fine ? 'Muted' : state}</span>
    </li>
  );
}

function status(s: GroupCallState, others: number): ReactNode {
  if (s.phase === 'joining') return 'Joining…';
  if (s.phase === 'ended') return s.endedReason ?? 'Call ended';
  if (s.connectedAt) return <Timer since={s.connectedAt} />;
  return others === 0 ? 'Ringing the group…' : 'Connecting…';
}

/** The call this device is in: who is in it (with each one's link), the timer, Mute, Speaker, Leave. */
function InCall({ s }: { s: GroupCallState }) {
  const me = useAuth((a) => a.userId) ?? '';
  const { name, photoUrl, people } = useMembers(s.groupId ?? '');
  // The call covers the screen: earlier toasts would only hide its controls.
  useEffect(() => {
    toast.dismiss();
  }, []);
  const group = name ?? 'Group';
  const others = (s.call?.participants ?? []).filter((p) => p.userId !== me);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Group call: ${group}`}
      className="fixed inset-0 z-[60] mx-auto flex w-full max-w-md flex-col overflow-hidden bg-neutral-950 text-white"
    >
      {others.map((p) => {
        const who = people.get(p.userId);
        return (
          <StreamMedia
            key={p.userId}
            stream={s.streams[p.userId] ?? null}
            kind="audio"
            sinkId={s.sinkId}
            label={`${who?.firstName ?? 'Someone'}'s voice`}
            testId="group-call-audio"
          />
        );
      })}
      <div className="flex flex-col items-center px-6 pt-[max(2.5rem,env(safe-area-inset-top))] pb-6 text-center">
        <GroupAvatar name={group} photoUrl={photoUrl} size="md" />
        <h2 className="mt-3 text-2xl font-bold tracking-tight">{group}</h2>
        <p className="text-sm text-white/60">Group voice call</p>
        <p role="status" className="mt-1 text-sm text-white/85">
          {status(s, others.length)}
        </p>
      </div>
      {s.phase !== 'ended' ? (
        <ul aria-label="In the call" className="grid grid-cols-2 gap-3 overflow-y-auto px-5">
          <Person user={people.get(me)} label="You" state={s.phase === 'joining' ? 'Joining…' : 'In the call'} muted={s.muted} you />
          {others.map((p) => {
            const who = people.get(p.userId);
            return (
              <Person
                key={p.userId}
                user={who}
                label={who ? fullName(who) : 'Someone'}
                state={STATE_TEXT[s.peers[p.userId] ?? 'connecting']}
                muted={p.muted}
              />
            );
          })}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center justify-center gap-4 px-6 pt-8 pb-[max(2rem,env(safe-area-inset-bottom))]">
        {s.phase !== 'ended' ? (
          <>
            <Control label={s.muted ? 'Unmute' : 'Mute'} pressed={s.muted} onClick={() => void toggleGroupMute()}>
              {s.muted ? <MicOff className="size-6" aria-hidden="true" /> : <Mic className="size-6" aria-hidden="true" />}
            </Control>
            {canChooseSpeaker() ? (
              <Control label="Speaker" pressed={Boolean(s.sinkId && s.sinkId !== 'default')} onClick={() => void cycleGroupSpeaker()}>
                <Volume2 className="size-6" aria-hidden="true" />
              </Control>
            ) : null}
            <Control label="Leave call" tone="end" onClick={() => void leaveGroupCall()}>
              <PhoneOff className="size-6" aria-hidden="true" />
            </Control>
          </>
        ) : (
          <div className="h-14" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}

/** The group call screens over whatever is open: a group call ringing, and the call itself. */
export default function GroupCallOverlay() {
  const s = useGroupCall();
  if (s.phase !== 'idle') return createPortal(<InCall s={s} />, document.body);
  return s.ringing ? createPortal(<Ringing call={s.ringing} />, document.body) : null;
}
