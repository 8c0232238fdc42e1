import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { type UploadHandle, uploadDocument, uploadFile } from '../api/upload';

/** One chosen file as a form shows it: its preview, the upload's progress and, once done, its url. */
export interface Upload {
  key: string;
  previewUrl: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  url?: string;
  /** A private document's id (it has no url). */
  id?: string;
  error?: string;
}

let seq = 0;
/** A key for an upload, unique in the page. */
export const uploadKey = () => `u${++seq}`;

/** The first problem `check` finds with any of `files`, or null when they all pass. */
export function firstProblem(files: readonly File[], check: (file: File) => string | null): string | null {
  for (const f of files) {
    const bad = check(f);
    if (bad) return bad;
  }
  return null;
}

/** Object URLs for previews: each is let go when revoked or, at the latest, when the component unmounts. */
export function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => {
      live.forEach((u) => URL.revokeObjectURL(u));
      live.clear();
    };
  }, []);
  const create = useCallback((blob: Blob) => {
    const u = URL.createObjectURL(blob);
    urls.current.add(u);
    return u;
  }, []);
  const revoke = useCallback((u: string | null | undefined) => {
    if (u && urls.current.delete(u)) URL.revokeObjectURL(u);
  }, []);
  return { create, revoke };
}

/** A file to upload: `preview` is shown while it goes (the file itself unless given, e.g. a video's poster). */
export interface UploadEntry<X> {
  file: Blob;
  preview?: Blob;
  poster?: Blob;
  extra: X;
}

/**
 * Files uploaded as soon as they are chosen, each with its preview and progress. Removing one
 * cancels its upload; on unmount every upload is cancelled and every preview let go. `urls` are
 * the uploaded ones, in order.
 */
export function useUploads<X extends object = object>(
  initial: () => Array<Upload & NoInfer<X>> = () => [],
  { privateDocuments = false }: { privateDocuments?: boolean } = {},
) {
  const [items, setItems] = useState<Array<Upload & X>>(initial);
  const handles = useRef(new Map<string, UploadHandle<{ id?: string; url?: string }>>());
  /** The object URL each item's preview is shown from (an item that was there already has none). */
  const shown = useRef(new Map<string, string>());
  const previews = useObjectUrls();
  useEffect(() => {
    const live = handles.current;
    return () => live.forEach((h) => h.abort());
  }, []);
  const patch = useCallback(
    (key: string, change: Partial<Upload>) => setItems((all) => all.map((m) => (m.key === key ? { ...m, ...change } : m))),
    [],
  );
  /** Cancels these uploads and lets their previews go (all that are live when no keys are given). */
  const drop = useCallback(
    (keys?: string[]) => {
      for (const k of keys ?? [...handles.current.keys(), ...shown.current.keys()]) {
        handles.current.get(k)?.abort();
        handles.current.delete(k);
        previews.revoke(shown.current.get(k));
        shown.current.delete(k);
      }
    },
    [previews],
  );

  /** Starts uploading each entry; with `replace`, what was there is dropped first. */
  const add = useCallback(
    (entries: Array<UploadEntry<X>>, { replace = false }: { replace?: boolean } = {}) => {
      if (replace) drop();
      const added = entries.map((e) => {
        const key = uploadKey();
        const previewUrl = previews.create(e.preview ?? e.file);
        shown.current.set(key, previewUrl);
        return { entry: e, item: { ...e.extra, key, previewUrl, progress: 0, status: 'uploading' as const } };
      });
      setItems((all) => [...(replace ? [] : all), ...added.map((a) => a.item)]);
      for (const { entry, item } of added) {
        const onProgress = (p: number) => patch(item.key, { progress: p });
        const h: UploadHandle<{ id?: string; url?: string }> = privateDocuments
          ? uploadDocument(entry.file, { onProgress })
          : uploadFile(entry.file, { poster: entry.poster, onProgress });
        handles.current.set(item.key, h);
        h.promise
          .then((up) => patch(item.key, { status: 'done', url: up.url, id: up.id, progress: 1 }))
          .catch((err: unknown) => patch(item.key, { status: 'failed', error: errorMessage(err, 'The upload failed. Try again.') }))
          .finally(() => {
            if (handles.current.get(item.key) === h) handles.current.delete(item.key);
          });
      }
    },
    [drop, patch, previews, privateDocuments],
  );

  const remove = useCallback(
    (key: string) => {
      drop([key]);
      setItems((all) => all.filter((m) => m.key !== key));
    },
    [drop],
  );
  const clear = useCallback(() => {
    drop();
    setItems([]);
  }, [drop]);

  const uploading = items.some((m) => m.status === 'uploading');
  const failed = items.some((m) => m.status === 'failed');
  const urls = items.filter((m) => m.status === 'done' && m.url).map((m) => m.url!);
  return { items, add, remove, clear, uploading, failed, urls };
}
