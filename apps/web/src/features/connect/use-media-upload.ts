import { useCallback, useState } from 'react';
import { checkImage, checkVideo } from '../../api/upload';
import { capturePoster, readMediaDuration } from '../../lib/media';
import { type Upload, firstProblem, useUploads } from '../../lib/use-uploads';

export type PendingMedia = Upload & { kind: 'image' | 'video' };

/**
 * Files chosen for a post or story, each uploaded at once with its progress: images checked and
 * sent as they are, a video checked for type, size and length, its poster captured in the browser.
 */
export function useMediaUpload({ maxImages }: { maxImages: number }) {
  const uploads = useUploads<{ kind: 'image' | 'video' }>();
  const [problem, setProblem] = useState<string | null>(null);
  const { items, add: start } = uploads;

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
        start([{ file: video, poster, preview: poster, extra: { kind: 'video' } }], { replace: true });
        return;
      }
      if (items.some((m) => m.kind === 'video')) return setProblem('A post can have one video, or photos, not both.');
      if (items.length + files.length > maxImages) return setProblem(`You can add at most ${maxImages} photos.`);
      const bad = firstProblem(files, checkImage);
      if (bad) return setProblem(bad);
      start(files.map((file) => ({ file, extra: { kind: 'image' as const } })));
    },
    [items, maxImages, start],
  );

  return {
    items,
    problem,
    add,
    remove: uploads.remove,
    uploading: uploads.uploading,
    failed: uploads.failed,
    urls: uploads.urls,
    reset: uploads.clear,
  };
}
