import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { clock } from './format';

/** A voice note: play/pause, how far along, and its length. */
export function VoicePlayer({ src, durationMs, mine }: { src: string; durationMs: number | null; mine: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const probing = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [length, setLength] = useState(durationMs ? durationMs / 1000 : 0);
  useEffect(() => {
    const a = audio.current;
    return () => a?.pause();
  }, []);
  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  };
  return (
    <div className="flex w-56 max-w-full items-center gap-3 py-1">
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause voice note' : 'Play voice note'}
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-white/20 text-white hover:bg-white/30' : 'bg-brand-soft text-brand-fg hover:brightness-95',
        )}
      >
        {playing ? <Pause className="size-5" aria-hidden="true" /> : <Play className="size-5 translate-x-px" aria-hidden="true" />}
      </button>
      <div className="min-w-0 flex-1">
        <div className={cn('h-1.5 overflow-hidden rounded-full', mine ? 'bg-white/25' : 'bg-surface-2')} aria-hidden="true">
          <div
            className={cn('h-full rounded-full', mine ? 'bg-white' : 'bg-brand-600')}
            style={{ width: `${length ? Math.min(100, (at / length) * 100) : 0}%` }}
          />
        </div>
        <p className={cn('mt-1 text-xs tabular-nums', mine ? 'text-white/80' : 'text-muted')}>
          {playing || at > 0 ? clock(at * 1000) : length ? clock(length * 1000) : 'Voice note'}
        </p>
      </div>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setAt(0);
        }}
        onTimeUpdate={(e) => {
          const a = e.currentTarget;
          if (!probing.current) return setAt(a.currentTime);
          // The end was found (see below): note the length and go back to the start.
          probing.current = false;
          if (Number.isFinite(a.duration)) setLength(a.duration);
          a.currentTime = 0;
        }}
        onLoadedMetadata={(e) => {
          const a = e.currentTarget;
          if (Number.isFinite(a.duration)) return setLength(a.duration);
          // A recording made in the browser (WebM) has no length in its header until the player
          // is sent past its end.
          probing.current = true;
          a.currentTime = Number.MAX_SAFE_INTEGER;
        }}
      />
    </div>
  );
}
