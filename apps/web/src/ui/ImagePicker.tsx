import { ImagePlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { checkImage } from '../api/upload';
import { cn } from '../lib/cn';
import { uploadKey, useUploads } from '../lib/use-uploads';
import { FileButton, UploadOverlay, addFileButtonClass } from './FilePicker';

/** One image for a form, uploaded as soon as it is chosen, with its progress; it can be replaced or removed. */
export function useImageUpload(initial: string | null = null, opts: { privateDocument?: boolean } = {}) {
  const upload = useUploads(
    () => (initial ? [{ key: uploadKey(), previewUrl: initial, url: initial, progress: 0, status: 'done' as const }] : []),
    { privateDocuments: opts.privateDocument },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { add, clear: drop } = upload;

  const pick = useCallback(
    (file: File) => {
      const bad = checkImage(file);
      setProblem(bad);
      if (!bad) add([{ file, extra: {} }], { replace: true });
    },
    [add],
  );
  const clear = useCallback(() => {
    setProblem(null);
    drop();
  }, [drop]);

  const item = upload.items[0];
  const status = item?.status ?? 'idle';
  return {
    /** The uploaded image (or the one the form started with); null when there is none. */
    url: item?.status === 'done' ? (item.url ?? null) : null,
    /** A private document's id once uploaded (useImageUpload(null, { privateDocument: true })). */
    id: item?.status === 'done' ? (item.id ?? null) : null,
    previewUrl: item?.previewUrl ?? null,
    progress: item?.progress ?? 0,
    status,
    error: problem ?? item?.error ?? null,
    uploading: status === 'uploading',
    failed: status === 'failed',
    pick,
    clear,
  };
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
            <UploadOverlay upload={image} name={lower} onRemove={image.clear} removeClassName="top-1.5 right-1.5" showFailure={false} />
          </div>
        ) : null}
        <div>
          <FileButton
            className={`${addFileButtonClass} has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-fg/20`}
            onFiles={([file]) => file && image.pick(file)}
          >
            <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
            {image.previewUrl ? `Change ${lower}` : `Add a ${lower}`}
          </FileButton>
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
