import { ImagePlus, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { checkImage, uploadFile, type UploadHandle } from '../api/upload';
import { cn } from '../lib/cn';
import { ProgressBar } from './ProgressBar';

interface ImageState {
  /** The uploaded image (or the one the form started with); null when there is none. */
  url: string | null;
  previewUrl: string | null;
  progress: number;
  status: 'idle' | 'uploading' | 'done' | 'failed';
  error: string | null;
}

/** One image for a form, uploaded as soon as it is chosen, with its progress; it can be replaced or removed. */
export function useImageUpload(initial: string | null = null) {
  const [state, setState] = useState<ImageState>({
    url: initial,
    previewUrl: initial,
    progress: 0,
    status: initial ? 'done' : 'idle',
    error: null,
  });
  const handle = useRef<UploadHandle | null>(null);
  const objectUrl = useRef<string | null>(null);
  const release = useCallback(() => {
    handle.current?.abort();
    handle.current = null;
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  }, []);
  useEffect(() => release, [release]);

  const pick = useCallback(
    (file: File) => {
      const bad = checkImage(file);
      if (bad) return setState((s) => ({ ...s, error: bad }));
      release();
      const preview = URL.createObjectURL(file);
      objectUrl.current = preview;
      setState({ url: null, previewUrl: preview, progress: 0, status: 'uploading', error: null });
      const h = uploadFile(file, { onProgress: (p) => setState((s) => (s.previewUrl === preview ? { ...s, progress: p } : s)) });
      handle.current = h;
      h.promise
        .then((up) => setState((s) => (s.previewUrl === preview ? { ...s, url: up.url, progress: 1, status: 'done' } : s)))
        .catch((err: unknown) =>
          setState((s) =>
            s.previewUrl === preview ? { ...s, status: 'failed', error: errorMessage(err, 'The upload failed. Try again.') } : s,
          ),
        )
        .finally(() => {
          if (handle.current === h) handle.current = null;
        });
    },
    [release],
  );

  const clear = useCallback(() => {
    release();
    setState({ url: null, previewUrl: null, progress: 0, status: 'idle', error: null });
  }, [release]);

  return { ...state, uploading: state.status === 'uploading', failed: state.status === 'failed', pick, clear };
}

/** A cover (wide) or a picture (square: a logo, an avatar) for a form: the chosen image, its upload progress, change and remove. */
export function ImagePicker({
  image,
  label,
  shape,
}: {
  image: ReturnType<typeof useImageUpload>;
  label: string;
  shape: 'cover' | 'square';
}) {
  const id = useId();
  const lower = label.toLowerCase();
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-fg">{label}</p>
      <div className={cn('flex gap-3', shape === 'cover' ? 'flex-col' : 'items-center')}>
        {image.previewUrl ? (
          <div
            className={cn(
              'relative overflow-hidden bg-surface-2',
              shape === 'cover' ? 'aspect-[5/2] w-full rounded-3xl' : 'size-24 shrink-0 rounded-3xl',
            )}
          >
            <img src={image.previewUrl} alt={`${label} preview`} className="h-full w-full object-cover" />
            <button
              type="button"
              aria-label={`Remove ${lower}`}
              onClick={image.clear}
              className="absolute top-1.5 right-1.5 z-10 flex size-8 items-center justify-center rounded-full bg-black/60 text-white"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
            {image.uploading ? (
              <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-black/45 p-2">
                <span className="text-center text-xs font-semibold text-white tabular-nums">{Math.round(image.progress * 100)}%</span>
                <ProgressBar value={image.progress} label={`Uploading ${lower}`} className="bg-white/30" />
              </div>
            ) : null}
          </div>
        ) : null}
        <div>
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface-2 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20"
          >
            <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
            {image.previewUrl ? `Change ${lower}` : `Add a ${lower}`}
          </label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) image.pick(file);
            }}
          />
        </div>
      </div>
      {image.error ? (
        <p role="alert" className="text-sm text-danger-fg">
          {image.error}
        </p>
      ) : null}
    </div>
  );
}
