import { ImagePlus } from 'lucide-react';
import { FileButton, UploadTile, addFileButtonClass } from '../../ui/FilePicker';
import type { useMediaUpload } from './use-media-upload';

/** The "Add photos or a video" button and the chosen files with their upload progress. */
export function MediaPicker({ media, accept, label }: { media: ReturnType<typeof useMediaUpload>; accept: string; label: string }) {
  return (
    <div>
      <FileButton accept={accept} multiple className={addFileButtonClass} onFiles={(files) => void media.add(files)}>
        <ImagePlus className="size-5 text-brand-fg" aria-hidden="true" />
        {label}
      </FileButton>
      {media.problem ? (
        <p role="alert" className="mt-2 text-sm text-danger-fg">
          {media.problem}
        </p>
      ) : null}
      {media.items.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-2">
          {media.items.map((m, i) => (
            <UploadTile
              key={m.key}
              upload={m}
              alt={`${m.kind === 'video' ? 'Video' : 'Photo'} ${i + 1}`}
              name={m.kind === 'video' ? 'video' : `photo ${i + 1}`}
              onRemove={() => media.remove(m.key)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
