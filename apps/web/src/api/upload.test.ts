import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVideo, uploadFile } from './upload';

/** A stand-in XMLHttpRequest that records what is sent and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: FormData | null = null;
  headers: Record<string, string> = {};
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('sends the video with its poster, reports progress and resolves with the stored file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const handle = uploadFile(new File(['v'], 'clip.mp4', { type: 'video/mp4' }), {
      poster: new Blob(['p'], { type: 'image/jpeg' }),
      onProgress: (f) => progress.push(f),
    });
    const xhr = FakeXhr.last;
    expect((xhr.sent!.get('file') as File).name).toBe('clip.mp4');
    expect(xhr.sent!.get('poster')).toBeInstanceOf(Blob);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.status = 201;
    xhr.responseText = JSON.stringify({ status: true, message: 'Uploaded', data: { url: '/f/1.mp4', kind: 'video' } });
    xhr.onload!();
    await expect(handle.promise).resolves.toMatchObject({ url: '/f/1.mp4', kind: 'video' });
    expect(progress).toEqual([0.5, 1]);
  });

  it("rejects with the server's message, and when cancelled", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile(new Blob(['x']));
    FakeXhr.last.status = 400;
    FakeXhr.last.responseText = JSON.stringify({
      status: false,
      message: 'Videos can be at most 60 seconds long',
      code: 'UPLOAD_TOO_LONG',
    });
    FakeXhr.last.onload!();
    await expect(refused.promise).rejects.toThrow('Videos can be at most 60 seconds long');
    const cancelled = uploadFile(new Blob(['x']));
    cancelled.abort();
    await expect(cancelled.promise).rejects.toThrow('Upload cancelled');
  });
});

describe('checkVideo', () => {
  it('refuses other types, files over 25 MB and videos over a minute', () => {
    expect(checkVideo(new File(['x'], 'a.mov', { type: 'video/quicktime' }))).toBe('Choose an MP4 or WebM video.');
    expect(checkVideo(new File(['x'], 'a.mp4', { type: 'video/mp4' }), 61_000)).toBe('Videos can be at most 60 seconds long.');
    expect(checkVideo(new File(['x'], 'a.mp4', { type: 'video/mp4' }), 30_000)).toBeNull();
  });
});
