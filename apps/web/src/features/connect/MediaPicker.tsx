import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { ProgressBar } from '../../ui/ProgressBar';
import type { useMediaUpload } from './use-media-upload';

/** The "Add photos or a video" button and the chosen files with their upload progress. */
export function MediaPicker({ media, accept, label }: { media: ReturnType<typeof useMediaUpload>; accept: string; label: string }) {
  const id = useId();
  return (
    <div>
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface-2"
      >
        <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) void media.add(files);
        }}
      />
      {media.problem ? (
        <p role="alert" className="mt-2 text-sm text-danger-fg">
          {media.problem}
        </p>
      ) : null}
      {media.items.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-2">
          {media.items.map((m, i) => (
            <li key={m.key} className="relative overflow-hidden rounded-2xl bg-surface-2">
              <img
                src={m.previewUrl}
                alt={`${m.kind === 'video' ? 'Video' : 'Photo'} ${i + 1}`}
                className="aspect-square w-full object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${m.kind === 'video' ? 'video' : `photo ${i + 1}`}`}
                onClick={() => media.remove(m.key)}
                className="absolute top-1 right-1 z-10 flex size-8 items-center justify-center rounded-full bg-black/60 text-white"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
              {m.status === 'uploading' ? (
                <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-black/45 p-2">
                  <span className="text-center text-xs font-semibold text-white tabular-nums">{Math.round(m.progress * 100)}%</span>
                  <ProgressBar
                    value={m.progress}
                    label={`Uploading ${m.kind === 'video' ? 'video' : `photo ${i + 1}`}`}
                    className="bg-white/30"
                  />
                </div>
              ) : null}
              {m.status === 'failed' ? (
                <p className="absolute inset-x-0 bottom-0 bg-danger-soft p-1 text-center text-[11px] text-danger-fg">{m.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
