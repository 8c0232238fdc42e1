import { ImagePlus, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { checkImage, uploadFile, type UploadHandle } from '../../../api/upload';
import { ProgressBar } from '../../../ui/ProgressBar';

export interface PendingImage {
  key: string;
  previewUrl: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  url?: string;
  error?: string;
}

let seq = 0;
const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Keeps upload handles and object URLs, and lets go of them all on unmount. */
function useUploadHandles() {
  const handles = useRef(new Map<string, UploadHandle>());
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const live = handles.current;
    const urls = objectUrls.current;
    return () => {
      live.forEach((h) => h.abort());
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, []);
  const preview = useCallback((file: File) => {
    const u = URL.createObjectURL(file);
    objectUrls.current.add(u);
    return u;
  }, []);
  return { handles, preview };
}

/**
 * Photos for a product, each uploaded as soon as it is chosen with its progress; photos the product
 * already has (editing) start as done. `urls` are the uploaded ones, in order.
 */
export function useImageUploads({ max, initial = [] }: { max: number; initial?: string[] }) {
  const [items, setItems] = useState<PendingImage[]>(() =>
    initial.map((url) => ({ key: `i${++seq}`, previewUrl: url, progress: 1, status: 'done' as const, url })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { handles, preview } = useUploadHandles();
  const patch = (key: string, change: Partial<PendingImage>) =>
    setItems((all) => all.map((m) => (m.key === key ? { ...m, ...change } : m)));

  const add = useCallback(
    (files: File[]) => {
      setProblem(null);
      if (items.length + files.length > max) return setProblem(`A product can have at most ${max} photos.`);
      for (const f of files) {
        const bad = checkImage(f);
        if (bad) return setProblem(bad);
      }
      const added = files.map((file) => ({
        file,
        item: { key: `i${++seq}`, previewUrl: preview(file), progress: 0, status: 'uploading' as const },
      }));
      setItems((all) => [...all, ...added.map((a) => a.item)]);
      for (const { file, item } of added) {
        const h = uploadFile(file, { onProgress: (p) => patch(item.key, { progress: p }) });
        handles.current.set(item.key, h);
        h.promise
          .then((up) => patch(item.key, { status: 'done', url: up.url, progress: 1 }))
          .catch((err: unknown) => patch(item.key, { status: 'failed', error: errorMessage(err, 'The upload failed. Try again.') }))
          .finally(() => handles.current.delete(item.key));
      }
    },
    [items.length, max, handles, preview],
  );

  const remove = useCallback(
    (key: string) => {
      handles.current.get(key)?.abort();
      setItems((all) => all.filter((m) => m.key !== key));
    },
    [handles],
  );

  const uploading = items.some((m) => m.status === 'uploading');
  const failed = items.some((m) => m.status === 'failed');
  const urls = items.filter((m) => m.status === 'done' && m.url).map((m) => m.url!);
  return { items, problem, add, remove, uploading, failed, urls, max };
}

/** "Add photos" and the chosen photos with their upload progress. */
export function ImagesPicker({ images, label, error }: { images: ReturnType<typeof useImageUploads>; label: string; error?: string }) {
  const id = useId();
  const full = images.items.length >= images.max;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-fg">Photos</p>
      {images.items.length > 0 ? (
        <ul aria-label="Chosen photos" className="grid grid-cols-3 gap-2">
          {images.items.map((m, i) => (
            <li key={m.key} className="relative overflow-hidden rounded-2xl bg-surface-2">
              <img src={m.previewUrl} alt={`Photo ${i + 1}`} className="aspect-square w-full object-cover" />
              <button
                type="button"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => images.remove(m.key)}
                className="absolute top-1 right-1 z-10 flex size-8 items-center justify-center rounded-full bg-black/60 text-white"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
              {i === 0 ? (
                <span className="absolute bottom-1 left-1 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold text-white">
                  Cover
                </span>
              ) : null}
              {m.status === 'uploading' ? (
                <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-black/45 p-2">
                  <span className="text-center text-xs font-semibold text-white tabular-nums">{Math.round(m.progress * 100)}%</span>
                  <ProgressBar value={m.progress} label={`Uploading photo ${i + 1}`} className="bg-white/30" />
                </div>
              ) : null}
              {m.status === 'failed' ? (
                <p className="absolute inset-x-0 bottom-0 bg-danger-soft p-1 text-center text-[11px] text-danger-fg">{m.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <div>
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface-2 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20"
          >
            <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
            {label}
          </label>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            multiple
            className="sr-only"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (files.length) images.add(files);
            }}
          />
        </div>
      )}
      <p className="text-sm text-muted">Up to {images.max} photos. The first is the cover.</p>
      {images.problem || error ? (
        <p role="alert" className="text-sm text-danger-fg">
          {images.problem ?? error}
        </p>
      ) : null}
    </div>
  );
}

/** After a refused submit: brings the first field in error (or alert) into view, and focuses a field. */
export function revealFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!el) return;
    el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    if (el.matches('input, select, textarea')) el.focus({ preventScroll: true });
  });
}
