import { toast } from '../../lib/toast';

/** Whether this browser can choose where a call's sound plays (setSinkId). */
export const canChooseSpeaker = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * "Speaker": the audio output after `current` (null for the default), told in a toast; null when
 * there is no other one (also told).
 */
export async function nextSpeaker(current: string | null): Promise<string | null> {
  if (!canChooseSpeaker() || !navigator.mediaDevices?.enumerateDevices) return null;
  const outputs = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audiooutput');
  if (outputs.length < 2) {
    toast.info('No other speaker found');
    return null;
  }
  const at = outputs.findIndex((d) => d.deviceId === (current ?? 'default'));
  const next = outputs[(at + 1) % outputs.length]!;
  toast.info(`Sound on ${next.label || 'another speaker'}`);
  return next.deviceId;
}
