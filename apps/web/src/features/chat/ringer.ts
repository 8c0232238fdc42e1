/**
 * The sounds of a call, made with Web Audio (no file to fetch on a slow network): the ring of an
 * incoming call (two tones, twice, then a pause; the phone vibrates with it) and the ringback the
 * caller hears while the other phone rings. Where audio cannot start (no tap yet on this page, or
 * no Web Audio) the call simply rings silently; the screens show it either way.
 */
export type RingKind = 'incoming' | 'ringback';

const PATTERNS: Record<RingKind, { freqs: number[]; bursts: [number, number][]; period: number; vibrate?: number[] }> = {
  incoming: {
    freqs: [400, 450],
    bursts: [
      [0, 0.4],
      [0.6, 0.4],
    ],
    period: 3,
    vibrate: [400, 200, 400],
  },
  ringback: { freqs: [425], bursts: [[0, 1]], period: 4 },
};
const VOLUME = 0.12;

type AudioCtor = new () => AudioContext;

/** Starts the sound; the returned function stops it (and the vibration). */
export function startRing(kind: RingKind): () => void {
  const p = PATTERNS[kind];
  const Ctor =
    (globalThis as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
  let ctx: AudioContext | null = null;
  try {
    ctx = Ctor ? new Ctor() : null;
  } catch {
    ctx = null;
  }
  const gain = ctx?.createGain();
  const oscillators: OscillatorNode[] = [];
  if (ctx && gain) {
    gain.gain.value = 0;
    gain.connect(ctx.destination);
    for (const f of p.freqs) {
      const o = ctx.createOscillator();
      o.frequency.value = f;
      o.connect(gain);
      o.start();
      oscillators.push(o);
    }
    void ctx.resume().catch(() => undefined);
  }
  const cycle = () => {
    if (ctx && gain) {
      const t = ctx.currentTime;
      for (const [start, length] of p.bursts) {
        gain.gain.setValueAtTime(VOLUME, t + start);
        gain.gain.setValueAtTime(0, t + start + length);
      }
    }
    if (p.vibrate && typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate(p.vibrate);
  };
  cycle();
  const timer = setInterval(cycle, p.period * 1000);
  return () => {
    clearInterval(timer);
    if (p.vibrate && typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate(0);
    for (const o of oscillators) o.stop();
    void ctx?.close().catch(() => undefined);
  };
}
