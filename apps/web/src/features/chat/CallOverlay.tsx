import { Mic, MicOff, Phone, PhoneOff, SwitchCamera, Video, VideoOff, Volume2 } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { fullName } from './cache';
import { type CallState, useCall } from './call-state';
import { accept, canChooseSpeaker, cycleSpeaker, decline, hangUp, switchCamera, toggleCamera, toggleMute } from './calls';
import { Control, StreamMedia, Timer } from './call-parts';
import { startRing } from './ringer';

function statusOf(s: CallState): ReactNode {
  switch (s.phase) {
    case 'outgoing':
      return s.call ? 'Ringing…' : 'Calling…';
    case 'connecting':
      return 'Connecting…';
    case 'active':
      return s.connectedAt ? <Timer since={s.connectedAt} /> : 'Connected';
    case 'ended':
      return s.endedReason ?? 'Call ended';
    default:
      return null;
  }
}

function Incoming({ s }: { s: CallState }) {
  useEffect(() => startRing('incoming'), []);
  const other = s.other;
  const name = other ? fullName(other) : 'Someone';
  const video = s.kind === 'video';
  return (
    <div className="fixed inset-x-0 bottom-0 z-[60] mx-auto w-full max-w-md p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div
        role="alertdialog"
        aria-modal="false"
        aria-labelledby="incoming-call-title"
        aria-describedby="incoming-call-kind"
        className="rounded-3xl bg-neutral-900 p-5 text-white shadow-2xl shadow-black/40"
      >
        <div className="flex items-center gap-4">
          <span className="relative">
            <span className="absolute inset-0 animate-ping rounded-full bg-brand-400/40" aria-hidden="true" />
            <Avatar src={other?.avatar} firstName={other?.firstName} lastName={other?.lastName} size="lg" className="relative" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="incoming-call-title" className="truncate text-lg font-bold">
              {name}
            </h2>
            <p id="incoming-call-kind" className="text-sm text-white/75">
              Incoming {video ? 'video' : 'voice'} call…
            </p>
          </div>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={() => void decline()}
            className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-red-600 font-semibold hover:bg-red-700"
          >
            <PhoneOff className="size-5" aria-hidden="true" />
            Decline
          </button>
          <button
            type="button"
            onClick={() => void accept()}
            autoFocus
            className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-brand-500 font-semibold hover:bg-brand-600"
          >
            {video ? <Video className="size-5" aria-hidden="true" /> : <Phone className="size-5" aria-hidden="true" />}
            Accept
          </button>
        </div>
      </div>
    </div>
  );
}

function InCall({ s }: { s: CallState }) {
  const ringing = s.phase === 'outgoing';
  useEffect(() => (ringing ? startRing('ringback') : undefined), [ringing]);
  // The call covers the screen: earlier toasts would only hide its controls.
  useEffect(() => {
    toast.dismiss();
  }, []);
  const other = s.other;
  const name = other ? fullName(other) : 'Call';
  const video = s.kind === 'video';
  const showRemoteVideo = video && s.remote && s.phase === 'active';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${video ? 'Video' : 'Voice'} call with ${name}`}
      className="fixed inset-0 z-[60] mx-auto flex w-full max-w-md flex-col overflow-hidden bg-neutral-950 text-white"
    >
      {video ? (
        <StreamMedia
          stream={s.remote}
          kind="video"
          sinkId={s.sinkId}
          label={`${name}'s video`}
          testId="remote-video"
          className={cn('absolute inset-0 size-full object-cover', !showRemoteVideo && 'invisible')}
        />
      ) : (
        <StreamMedia stream={s.remote} kind="audio" sinkId={s.sinkId} label={`${name}'s voice`} testId="remote-audio" />
      )}
      <div className="relative z-10 flex flex-col items-center bg-gradient-to-b from-black/60 to-transparent px-6 pt-[max(2.5rem,env(safe-area-inset-top))] pb-10 text-center">
        {!showRemoteVideo ? (
          <Avatar src={other?.avatar} firstName={other?.firstName} lastName={other?.lastName} size="xl" className="mb-4" />
        ) : null}
        <h2 className="text-2xl font-bold tracking-tight drop-shadow">{name}</h2>
        <p role="status" className="mt-1 text-sm text-white/80 drop-shadow">
          {statusOf(s)}
        </p>
      </div>
      {video && s.local ? (
        <StreamMedia
          stream={s.local}
          kind="video"
          muted
          label="Your video"
          testId="local-video"
          className={cn(
            'absolute right-4 bottom-36 z-10 aspect-[3/4] w-28 rounded-2xl bg-neutral-800 object-cover shadow-lg ring-1 ring-white/20',
            s.facing === 'user' && '-scale-x-100',
            s.cameraOff && 'invisible',
          )}
        />
      ) : null}
      <div className="relative z-10 mt-auto flex items-center justify-center gap-4 bg-gradient-to-t from-black/70 to-transparent px-6 pt-10 pb-[max(2rem,env(safe-area-inset-bottom))]">
        {s.phase !== 'ended' ? (
          <>
            <Control label={s.muted ? 'Unmute' : 'Mute'} pressed={s.muted} onClick={toggleMute}>
              {s.muted ? <MicOff className="size-6" aria-hidden="true" /> : <Mic className="size-6" aria-hidden="true" />}
            </Control>
            {video ? (
              <>
                <Control label={s.cameraOff ? 'Turn camera on' : 'Turn camera off'} pressed={s.cameraOff} onClick={toggleCamera}>
                  {s.cameraOff ? <VideoOff className="size-6" aria-hidden="true" /> : <Video className="size-6" aria-hidden="true" />}
                </Control>
                <Control label="Switch camera" onClick={() => void switchCamera()}>
                  <SwitchCamera className="size-6" aria-hidden="true" />
                </Control>
              </>
            ) : null}
            {canChooseSpeaker() ? (
              <Control label="Speaker" pressed={Boolean(s.sinkId && s.sinkId !== 'default')} onClick={() => void cycleSpeaker()}>
                <Volume2 className="size-6" aria-hidden="true" />
              </Control>
            ) : null}
            <Control label="End call" tone="end" onClick={() => void hangUp()}>
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

/** The call screens over whatever is open: the incoming call, and the call itself (voice or video). */
export default function CallOverlay() {
  const s = useCall();
  if (s.phase === 'idle') return null;
  return createPortal(s.phase === 'incoming' ? <Incoming s={s} /> : <InCall s={s} />, document.body);
}
