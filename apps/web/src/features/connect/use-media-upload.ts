import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { checkImage, checkVideo, uploadFile, type UploadHandle } from '../../api/upload';
import { capturePoster, readMediaDuration } from '../../lib/media';

export interface PendingMedia {
  key: string;
  kind: 'image' | 'video';
  previewUrl: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  url?: string;
  error?: string;
}

let seq = 0;

/**
 * Files chosen for a post or story, each uploaded at once with its progress: images checked and
 * sent as they are, a video checked for type, size and length, its poster captured in the browser.
 */
export function useMediaUpload({ maxImages }: { maxImages: number }) {
  const [items, setItems] = useState<PendingMedia[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const handles = useRef(new Map<string, UploadHandle>());
  const patch = (key: string, change: Partial<PendingMedia>) =>
    setItems((all) => all.map((m) => (m.key === key ? { ...m, ...change } : m)));

  useEffect(() => {
    const live = handles.current;
    return () => live.forEach((h) => h.abort());
  }, []);

  const start = useCallback((key: string, file: Blob, poster?: Blob) => {
    const handle = uploadFile(file, { poster, onProgress: (p) => patch(key, { progress: p }) });
    handles.current.set(key, handle);
    handle.promise
      .then((up) => patch(key, { status: 'done', url: up.url, progress: 1 }))
      .catch((err: unknown) => patch(key, { status: 'failed', error: errorMessage(err, 'The upload failed. Try again.') }))
      .finally(() => handles.current.delete(key));
  }, []);

  const add = useCallback(
    async (files: File[]) => {
      setProblem(null);
      const video = files.find((f) => f.type.startsWith('video/'));
      if (video) {
        if (files.length > 1 || items.length > 0) return setProblem('A post can have one video, or photos, not both.');
        const early = checkVideo(video);
        if (early) return setProblem(early);
        let poster: Blob;
        try {
          const late = checkVideo(video, await readMediaDuration(video));
          if (late) return setProblem(late);
          poster = await capturePoster(video);
        } catch {
          return setProblem("We couldn't read that video. Choose an MP4 or WebM video.");
        }
        const key = `m${++seq}`;
        setItems([{ key, kind: 'video', previewUrl: URL.createObjectURL(poster), progress: 0, status: 'uploading' }]);
        start(key, video, poster);
        return;
      }
      if (items.some((m) => m.kind === 'video')) return setProblem('A post can have one video, or photos, not both.');
      if (items.length + files.length > maxImages) return setProblem(`You can add at most ${maxImages} photos.`);
      for (const f of files) {
        const bad = checkImage(f);
        if (bad) return setProblem(bad);
      }
      const added = files.map((f) => ({
        file: f,
        item: { key: `m${++seq}`, kind: 'image' as const, previewUrl: URL.createObjectURL(f), progress: 0, status: 'uploading' as const },
      }));
      setItems((all) => [...all, ...added.map((a) => a.item)]);
      for (const a of added) start(a.item.key, a.file);
    },
    [items, maxImages, start],
  );

  const remove = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    setItems((all) => all.filter((m) => m.key !== key));
  }, []);

  const uploading = items.some((m) => m.status === 'uploading');
  const failed = items.some((m) => m.status === 'failed');
  const urls = items.filter((m) => m.status === 'done' && m.url).map((m) => m.url!);
  const reset = useCallback(() => setItems([]), []);
  return { items, problem, add, remove, uploading, failed, urls, reset };
}
