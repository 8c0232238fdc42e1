import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { clock } from './format';

// The parts of the call screens shared by 1:1 calls (CallOverlay.tsx) and group calls (GroupCallOverlay.tsx).

type SinkElement = HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };

/** A <video>/<audio> playing a stream (and on the chosen speaker). */
export function StreamMedia({
  stream,
  kind,
  muted,
  sinkId,
  className,
  label,
  testId,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  muted?: boolean;
  sinkId?: string | null;
  className?: string;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const el = ref.current as SinkElement | null;
    if (el && sinkId && el.setSinkId) void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return kind === 'video' ? (
    <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} className={className} />
  ) : (
    <audio ref={ref} autoPlay aria-label={label} data-testid={testId} />
  );
}

export function Timer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <span role="timer" aria-label="Call length" className="tabular-nums">
      {clock(now - since)}
    </span>
  );
}

/** A round button of a call's controls. */
export function Control({
  label,
  onClick,
  pressed,
  children,
  tone = 'plain',
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  children: ReactNode;
  tone?: 'plain' | 'end';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'flex size-14 items-center justify-center rounded-full transition-colors',
        tone === 'end'
          ? 'bg-red-600 text-white hover:bg-red-700'
          : pressed
            ? 'bg-white text-neutral-900'
            : 'bg-white/15 text-white hover:bg-white/25',
      )}
    >
      {children}
    </button>
  );
}
