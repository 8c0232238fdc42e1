import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { IMAGE_TYPES } from '../api/upload';
import { firstProblem } from '../lib/use-uploads';
import { ProgressBar } from './ProgressBar';

/** The image types the server takes, as an `accept` attribute. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * A button (a label styled by `className`) that opens the file chooser through a hidden file input,
 * which the label names. The chosen files go to `onFiles`, unless `check` finds a problem with one
 * (then `onProblem` has it); the input is emptied, so the same file can be chosen again.
 */
export function FileButton({
  accept = IMAGE_ACCEPT,
  multiple = false,
  disabled,
  className,
  title,
  check,
  onProblem,
  onFiles,
  children,
}: {
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  title?: string;
  check?: (file: File) => string | null;
  onProblem?: (problem: string) => void;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  return (
    <label className={className} title={title}>
      {children}
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (!files.length) return;
          const problem = check ? firstProblem(files, check) : null;
          if (problem) onProblem?.(problem);
          else onFiles(files);
        }}
      />
    </label>
  );
}

/** What an upload overlay shows: its progress and state. */
interface UploadView {
  progress: number;
  status: string;
  error?: string | null;
}

/**
 * Over an upload's preview: "Remove <name>", the progress while it goes ("Uploading <name>") and,
 * with `showFailure`, why it failed.
 */
export function UploadOverlay({
  upload,
  name,
  onRemove,
  removeClassName = 'top-1 right-1',
  showFailure = true,
}: {
  upload: UploadView;
  name: string;
  onRemove: () => void;
  removeClassName?: string;
  showFailure?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
        className={`absolute ${removeClassName} z-10 flex size-8 items-center justify-center rounded-full bg-black/60 text-white`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {upload.status === 'uploading' ? (
        <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-black/45 p-2">
          <span className="text-center text-xs font-semibold text-white tabular-nums">{Math.round(upload.progress * 100)}%</span>
          <ProgressBar value={upload.progress} label={`Uploading ${name}`} className="bg-white/30" />
        </div>
      ) : null}
      {showFailure && upload.status === 'failed' ? (
        <p className="absolute inset-x-0 bottom-0 bg-danger-soft p-1 text-center text-[11px] text-danger-fg">{upload.error}</p>
      ) : null}
    </>
  );
}

/** One chosen file in a grid of them: its preview (`alt`), with `children` (a badge) and the upload overlay over it. */
export function UploadTile({
  upload,
  alt,
  name,
  onRemove,
  children,
}: {
  upload: UploadView & { previewUrl: string };
  alt: string;
  name: string;
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <li className="relative overflow-hidden rounded-2xl bg-surface-2">
      <img src={upload.previewUrl} alt={alt} className="aspect-square w-full object-cover" />
      {children}
      <UploadOverlay upload={upload} name={name} onRemove={onRemove} />
    </li>
  );
}

/** The look of an outlined "Add ..." file button. */
export const addFileButtonClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface-2';
