import { ImagePlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { checkImage } from '../../../api/upload';
import { type Upload, firstProblem, uploadKey, useUploads } from '../../../lib/use-uploads';
import { FileButton, UploadTile, addFileButtonClass } from '../../../ui/FilePicker';

export type PendingImage = Upload;

/**
 * Photos for a product, each uploaded as soon as it is chosen with its progress; photos the product
 * already has (editing) start as done. `urls` are the uploaded ones, in order.
 */
export function useImageUploads({ max, initial = [] }: { max: number; initial?: string[] }) {
  const uploads = useUploads(() =>
    initial.map((url) => ({ key: uploadKey(), previewUrl: url, progress: 1, status: 'done' as const, url })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { items, add: start } = uploads;

  const add = useCallback(
    (files: File[]) => {
      setProblem(null);
      if (items.length + files.length > max) return setProblem(`A product can have at most ${max} photos.`);
      const bad = firstProblem(files, checkImage);
      if (bad) return setProblem(bad);
      start(files.map((file) => ({ file, extra: {} })));
    },
    [items.length, max, start],
  );

  return { items, problem, add, remove: uploads.remove, uploading: uploads.uploading, failed: uploads.failed, urls: uploads.urls, max };
}

/** "Add photos" and the chosen photos with their upload progress. */
export function ImagesPicker({ images, label, error }: { images: ReturnType<typeof useImageUploads>; label: string; error?: string }) {
  const full = images.items.length >= images.max;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-fg">Photos</p>
      {images.items.length > 0 ? (
        <ul aria-label="Chosen photos" className="grid grid-cols-3 gap-2">
          {images.items.map((m, i) => (
            <UploadTile key={m.key} upload={m} alt={`Photo ${i + 1}`} name={`photo ${i + 1}`} onRemove={() => images.remove(m.key)}>
              {i === 0 ? (
                <span className="absolute bottom-1 left-1 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold text-white">
                  Cover
                </span>
              ) : null}
            </UploadTile>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <div>
          <FileButton
            multiple
            className={`${addFileButtonClass} has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20`}
            onFiles={images.add}
          >
            <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
            {label}
          </FileButton>
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
