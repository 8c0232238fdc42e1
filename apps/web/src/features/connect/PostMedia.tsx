import type { MediaItem } from '@owo/contracts';
import { cn } from '../../lib/cn';

/**
 * A post's photos (a grid of up to four, "+n" on the last) or its video. Lists show the small copy
 * (`thumbnailUrl`, made by the upload service) and load it lazily; the post page shows the full one.
 */
export function PostMedia({ media, full = false, label }: { media: MediaItem[]; full?: boolean; label: string }) {
  if (media.length === 0) return null;
  const video = media.find((m) => m.kind === 'video');
  if (video)
    return (
      <video
        controls
        playsInline
        preload="none"
        poster={video.thumbnailUrl ?? undefined}
        src={video.url}
        aria-label={`Video in ${label}`}
        className="mt-3 aspect-video w-full rounded-2xl bg-black object-contain"
      />
    );
  const shown = media.slice(0, 4);
  return (
    <div className={cn('mt-3 grid gap-1 overflow-hidden rounded-2xl', shown.length > 1 ? 'grid-cols-2' : 'grid-cols-1')}>
      {shown.map((m, i) => (
        <div key={m.url} className={cn('relative bg-surface-2', shown.length === 3 && i === 0 ? 'row-span-2' : '')}>
          <img
            src={full ? m.url : (m.thumbnailUrl ?? m.url)}
            alt={`Photo ${i + 1} of ${media.length} in ${label}`}
            loading="lazy"
            decoding="async"
            width={m.width ?? undefined}
            height={m.height ?? undefined}
            className={cn('h-full w-full object-cover', shown.length === 1 ? 'max-h-[28rem]' : 'aspect-square')}
          />
          {i === 3 && media.length > 4 ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/45 text-xl font-bold text-white">
              +{media.length - 4}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
