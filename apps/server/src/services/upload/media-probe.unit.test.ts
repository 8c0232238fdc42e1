import { describe, expect, it } from 'vitest';
import { fragmentedMp4, mp4, oggOpus, webm } from '../../test/media-fixtures.js';
import { DamagedMediaError, probeMedia } from './media-probe.js';

describe('probeMedia', () => {
  it('reads an MP4: video and audio tracks, duration, picture size', () => {
    expect(probeMedia(mp4(12, { width: 1280, height: 720 }))).toEqual({
      container: 'mp4',
      hasVideo: true,
      hasAudio: true,
      durationMs: 12_000,
      width: 1280,
      height: 720,
    });
    expect(probeMedia(mp4(7, { video: false }))).toMatchObject({ hasVideo: false, hasAudio: true, durationMs: 7000 });
  });

  it('reads a fragmented MP4 (no duration in its header) from its fragments', () => {
    expect(probeMedia(fragmentedMp4(9))).toMatchObject({ container: 'mp4', hasVideo: true, durationMs: 9000, width: 320, height: 240 });
  });

  it('reads a WebM with a header duration, and one written as a recorder does (unknown sizes, no duration)', () => {
    expect(probeMedia(webm(5))).toMatchObject({ container: 'webm', hasVideo: true, hasAudio: true, durationMs: 5000, width: 480 });
    expect(probeMedia(webm(8, { recorder: true }))).toMatchObject({ hasVideo: true, durationMs: 8000 });
    expect(probeMedia(webm(3, { recorder: true, video: false }))).toMatchObject({ hasVideo: false, hasAudio: true, durationMs: 3000 });
  });

  it('reads an Ogg Opus voice note, less its pre-skip', () => {
    expect(probeMedia(oggOpus(4))).toMatchObject({ container: 'ogg', hasVideo: false, hasAudio: true, durationMs: 4000 });
  });

  it('answers null for what is no media container, and refuses a file cut short', () => {
    expect(probeMedia(Buffer.from('just some text, not a video'))).toBeNull();
    const whole = mp4(5);
    expect(() => probeMedia(whole.subarray(0, whole.length - 100))).toThrow(DamagedMediaError);
    const w = webm(4);
    expect(() => probeMedia(w.subarray(0, w.length - 30))).toThrow(DamagedMediaError);
    const o = oggOpus(2);
    expect(() => probeMedia(o.subarray(0, o.length - 10))).toThrow(DamagedMediaError);
  });
});
