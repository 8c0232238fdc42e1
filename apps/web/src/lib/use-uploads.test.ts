import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UploadModule from '../api/upload';
import { firstProblem, useObjectUrls, useUploads } from './use-uploads';

/** Each upload started: its file, a way to report progress, finish or fail it, and whether it was aborted. */
const started: Array<{
  file: Blob;
  poster?: Blob;
  progress: (f: number) => void;
  finish: (url: string) => void;
  fail: () => void;
  aborted: boolean;
}> = [];
vi.mock('../api/upload', async (original) => ({
  ...(await original<typeof UploadModule>()),
  uploadFile: (file: Blob, opts: { poster?: Blob; onProgress?: (f: number) => void } = {}) => {
    let finish!: (url: string) => void;
    let fail!: () => void;
    const promise = new Promise<UploadModule.UploadedFile>((resolve, reject) => {
      finish = (url) => resolve({ url } as UploadModule.UploadedFile);
      fail = () => reject(new Error('offline'));
    });
    const entry = { file, poster: opts.poster, progress: (f: number) => opts.onProgress?.(f), finish, fail, aborted: false };
    started.push(entry);
    return {
      promise,
      abort: () => {
        entry.aborted = true;
        fail();
      },
    };
  },
}));

let made = 0;
const revoked: string[] = [];
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  started.length = 0;
  revoked.length = 0;
  made = 0;
  URL.createObjectURL = () => `blob:${++made}`;
  URL.revokeObjectURL = (u: string) => void revoked.push(u);
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const png = (name = 'a.png') => new File(['x'], name, { type: 'image/png' });

describe('useUploads', () => {
  it('uploads each file at once with its preview and progress, then keeps its url', async () => {
    const { result } = renderHook(() => useUploads());
    act(() =>
      result.current.add([
        { file: png(), extra: {} },
        { file: png('b.png'), extra: {} },
      ]),
    );
    expect(result.current.items.map((m) => [m.previewUrl, m.status])).toEqual([
      ['blob:1', 'uploading'],
      ['blob:2', 'uploading'],
    ]);
    expect(result.current.uploading).toBe(true);

    act(() => started[0]!.progress(0.5));
    expect(result.current.items[0]!.progress).toBe(0.5);
    await act(async () => started[0]!.finish('/files/a.png'));
    await act(async () => started[1]!.fail());
    expect(result.current.items.map((m) => m.status)).toEqual(['done', 'failed']);
    expect(result.current.items[1]!.error).toBe('The upload failed. Try again.');
    expect(result.current.urls).toEqual(['/files/a.png']);
    expect(result.current.failed).toBe(true);
    expect(result.current.uploading).toBe(false);
  });

  it('cancels a removed upload and lets its preview go', () => {
    const { result } = renderHook(() => useUploads<{ kind: string }>());
    act(() => result.current.add([{ file: png(), extra: { kind: 'image' } }]));
    const first = result.current.items[0]!;
    expect(first.kind).toBe('image');
    act(() => result.current.remove(first.key));
    expect(result.current.items).toEqual([]);
    expect(started[0]!.aborted).toBe(true);
    expect(revoked).toEqual(['blob:1']);
  });

  it('replace cancels what was there and lets its preview go', () => {
    const { result } = renderHook(() => useUploads<{ kind: string }>());
    const video = new File(['v'], 'v.mp4', { type: 'video/mp4' });
    const poster = new Blob(['p'], { type: 'image/jpeg' });
    act(() => result.current.add([{ file: png(), extra: { kind: 'image' } }]));
    act(() => result.current.add([{ file: video, poster, preview: poster, extra: { kind: 'video' } }], { replace: true }));
    expect(result.current.items.map((m) => m.kind)).toEqual(['video']);
    expect(started[0]!.aborted).toBe(true);
    expect(started[1]!).toMatchObject({ file: video, poster });
    expect(revoked).toEqual(['blob:1']);
  });

  it('unmounting cancels the uploads left and lets their previews go', () => {
    const { result, unmount } = renderHook(() => useUploads<{ kind: string }>());
    act(() => result.current.add([{ file: png(), extra: { kind: 'image' } }]));
    unmount();
    expect(started[0]!.aborted).toBe(true);
    expect(revoked).toEqual(['blob:1']);
  });

  it('starts with the items given (already uploaded, with no preview of its own to let go)', () => {
    const { result } = renderHook(() =>
      useUploads(() => [{ key: 'old', previewUrl: '/files/old.png', url: '/files/old.png', progress: 1, status: 'done' as const }]),
    );
    expect(result.current.urls).toEqual(['/files/old.png']);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
    expect(revoked).toEqual([]);
  });
});

describe('useObjectUrls', () => {
  it('lets go of a URL once, and of those left when unmounted', () => {
    const { result, unmount } = renderHook(() => useObjectUrls());
    const a = result.current.create(png());
    const b = result.current.create(png());
    result.current.revoke(a);
    result.current.revoke(a);
    result.current.revoke('https://elsewhere/x.png');
    expect(revoked).toEqual([a]);
    unmount();
    expect(revoked).toEqual([a, b]);
  });
});

describe('firstProblem', () => {
  it('gives the first file the check refuses, or null', () => {
    const check = (f: File) => (f.name.endsWith('.gif') ? `${f.name} is a GIF` : null);
    expect(firstProblem([png(), png('x.gif'), png('y.gif')], check)).toBe('x.gif is a GIF');
    expect(firstProblem([png()], check)).toBeNull();
  });
});
