import { formatLagosDate } from '@owo/contracts/format';
import { Bookmark, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { SavedMedia } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { FALLBACK_ERROR } from './ask';
import { VoicePlayer } from './MessageBubble';
import { ChatHeader, ChatTabs } from './parts';
import { useSavedMedia } from './queries';

const savedOn = (m: SavedMedia) => `Saved ${formatLagosDate(m.savedAt, 'recent')}`;

function OpenChat({ m }: { m: SavedMedia }) {
  return (
    <Link
      to={`/chat/${m.withUserId}`}
      aria-label="Open the chat it came from"
      className="flex size-9 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft"
    >
      <MessageCircle className="size-5" aria-hidden="true" />
    </Link>
  );
}

/** Saved: the photos (a grid) and voice notes (players) one kept from chats, the latest first. */
export default function SavedMediaPage() {
  const saved = useSavedMedia();
  const items = saved.data?.pages.flatMap((p) => p.items) ?? [];
  const photos = items.filter((m) => m.msgType === 'image');
  const voices = items.filter((m) => m.msgType === 'voice');
  return (
    <div>
      <ChatHeader title="Saved" />
      <ChatTabs />
      {saved.isPending ? (
        <div role="status" aria-label="Loading saved media" className="grid grid-cols-3 gap-1.5">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="aspect-square rounded-xl" />
          ))}
        </div>
      ) : saved.isError && !saved.data ? (
        <QueryError
          error={saved.error}
          onRetry={() => void saved.refetch()}
          title="We couldn't load what you saved"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<Bookmark className="size-9" strokeWidth={1.8} />} title="Nothing saved yet">
          Press and hold a photo or voice note in a chat and choose Save to keep it here.
        </EmptyState>
      ) : (
        <>
          {photos.length ? (
            <section aria-labelledby="saved-photos" className="mb-6">
              <h2 id="saved-photos" className="mb-2 text-base font-bold">
                Photos
              </h2>
              <ul aria-label="Saved photos" className="grid grid-cols-3 gap-1.5">
                {photos.map((m) => (
                  <li key={m.messageId}>
                    <a
                      href={m.blobUrl}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Photo, ${savedOn(m).toLowerCase()}`}
                      className="block"
                    >
                      <img src={m.blobUrl} alt="" loading="lazy" className="aspect-square w-full rounded-xl bg-surface-2 object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {voices.length ? (
            <section aria-labelledby="saved-voice">
              <h2 id="saved-voice" className="mb-2 text-base font-bold">
                Voice notes
              </h2>
              <ul aria-label="Saved voice notes" className="flex flex-col gap-2">
                {voices.map((m) => (
                  <li key={m.messageId} className="flex items-center gap-2 rounded-2xl bg-surface px-3 py-1.5 shadow-sm">
                    <div className="min-w-0 flex-1">
                      <VoicePlayer src={m.blobUrl} durationMs={null} mine={false} />
                      <p className="text-xs text-muted">{savedOn(m)}</p>
                    </div>
                    <OpenChat m={m} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <LoadMore pages={saved} />
        </>
      )}
    </div>
  );
}
