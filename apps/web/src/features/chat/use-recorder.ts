import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_AUDIO_SECONDS } from '../../api/upload';

/** The first container this browser records that the server takes (WebM, Ogg or M4A audio). */
function pickType(): { mimeType?: string; type: string; ext: string } {
  const options = [
    { mimeType: 'audio/webm;codecs=opus', type: 'audio/webm', ext: 'webm' },
    { mimeType: 'audio/webm', type: 'audio/webm', ext: 'webm' },
    { mimeType: 'audio/ogg;codecs=opus', type: 'audio/ogg', ext: 'ogg' },
    { mimeType: 'audio/mp4', type: 'audio/mp4', ext: 'm4a' },
  ];
  const hit = options.find((o) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported?.(o.mimeType));
  return hit ?? { type: 'audio/webm', ext: 'webm' };
}

export interface VoiceNote {
  blob: Blob;
  name: string;
  durationMs: number;
}

export const canRecord = () => typeof MediaRecorder !== 'undefined' && Boolean(globalThis.navigator?.mediaDevices?.getUserMedia);

/**
 * Records a voice note with MediaRecorder: start, then stop (the note) or cancel (nothing). Stops on
 * its own at the server's longest voice note.
 */
export function useRecorder(onAutoStop: (note: VoiceNote) => void) {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const rec = useRef<{ recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; startedAt: number } | null>(null);
  const tick = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const auto = useRef(onAutoStop);
  useEffect(() => {
    auto.current = onAutoStop;
  }, [onAutoStop]);

  const finish = useCallback((keep: boolean): Promise<VoiceNote | null> => {
    const r = rec.current;
    rec.current = null;
    clearInterval(tick.current);
    setRecording(false);
    setElapsed(0);
    if (!r) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = () => {
        r.stream.getTracks().forEach((t) => t.stop());
        const { type, ext } = pickType();
        const durationMs = Date.now() - r.startedAt;
        resolve(keep && r.chunks.length ? { blob: new Blob(r.chunks, { type }), name: `voice-note.${ext}`, durationMs } : null);
      };
      if (r.recorder.state === 'inactive') return done();
      r.recorder.addEventListener('stop', done, { once: true });
      r.recorder.stop();
    });
  }, []);

  const start = useCallback(async () => {
    if (rec.current) return;
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    const { mimeType } = pickType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    const startedAt = Date.now();
    rec.current = { recorder, stream, chunks, startedAt };
    recorder.start(250);
    setRecording(true);
    setElapsed(0);
    tick.current = setInterval(() => {
      const ms = Date.now() - startedAt;
      setElapsed(ms);
      if (ms >= MAX_AUDIO_SECONDS * 1000)
        void finish(true).then((note) => {
          if (note) auto.current(note);
        });
    }, 250);
  }, [finish]);

  useEffect(() => () => void finish(false), [finish]);

  return { recording, elapsed, start, stop: () => finish(true), cancel: () => finish(false) };
}
