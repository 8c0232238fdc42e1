import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, Eye, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { connectApi, type ConnectUser, type Story } from '../../api/connect';
import { Avatar } from '../../ui/Avatar';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { fullName, timeAgo } from './format';
import { connectKeys } from './queries';

const IMAGE_MS = 5000;

function StoryViewers({ story, open, onClose }: { story: Story; open: boolean; onClose: () => void }) {
  const insights = useQuery({
    queryKey: connectKeys.storyInsights(story._id),
    queryFn: async () => (await connectApi.storyInsights(story._id)).data,
    enabled: open,
  });
  return (
    <Sheet open={open} onClose={onClose} title="Story viewers">
      {insights.isPending ? (
        <Spinner label="Loading viewers" />
      ) : insights.isError ? (
        <p className="text-sm text-danger-fg">We couldn&apos;t load who viewed this story.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">
            {insights.data.viewCount === 1 ? 'Seen by 1 person' : `Seen by ${insights.data.viewCount} people`}
          </p>
          {insights.data.viewers.length === 0 ? <p className="py-4 text-center text-sm text-muted">No one has seen it yet.</p> : null}
          <ul aria-label="Viewers">
            {insights.data.viewers.map((v) => (
              <li key={v.user._id} className="flex items-center gap-3 py-2">
                <Avatar src={v.user.avatar} firstName={v.user.firstName} lastName={v.user.lastName} size="sm" />
                <span className="flex-1 font-semibold">{fullName(v.user)}</span>
                <span className="text-xs text-muted">{timeAgo(v.viewedAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Sheet>
  );
}

/**
 * Full-screen stories: progress bars on top, tap the right side to go on and the left to go back,
 * photos and text move on after five seconds and videos when they end; each is marked seen as it shows.
 */
export function StoryViewer({
  stories,
  author,
  isMine,
  title,
  onClose,
  onDone,
}: {
  stories: Story[];
  author: ConnectUser;
  isMine: boolean;
  title?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      stories.findIndex((s) => !s.seen),
    ),
  );
  const [progress, setProgress] = useState(0);
  const [paused, setPaused] = useState(false);
  const [viewersOpen, setViewersOpen] = useState(false);
  const marked = useRef(new Set<string>());
  const story = stories[index];
  const next = () => (index + 1 < stories.length ? setIndex(index + 1) : (onDone ?? onClose)());
  const back = () => setIndex(Math.max(0, index - 1));

  useEffect(() => {
    setProgress(0);
    if (story && !isMine && !story.expired && !marked.current.has(story._id)) {
      marked.current.add(story._id);
      void connectApi.viewStory(story._id).catch(() => marked.current.delete(story._id));
    }
  }, [story, isMine]);

  useEffect(() => {
    if (!story || story.kind === 'video' || paused || viewersOpen) return;
    const started = Date.now() - progress * IMAGE_MS;
    const t = setInterval(() => {
      const p = (Date.now() - started) / IMAGE_MS;
      if (p >= 1) {
        clearInterval(t);
        next();
      } else setProgress(p);
    }, 100);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts per story and on pause only
  }, [story, paused, viewersOpen]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowRight') next();
      if (e.key === 'ArrowLeft') back();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!story) return null;
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={title ?? `Stories by ${fullName(author)}`}
      className="fixed inset-0 z-50 flex justify-center bg-black"
    >
      <div className="relative flex h-full w-full max-w-md flex-col">
        <div className="absolute inset-x-0 top-0 z-10 bg-gradient-to-b from-black/60 to-transparent px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-6">
          <div className="flex gap-1" aria-hidden="true">
            {stories.map((s, i) => (
              <span key={s._id} className="h-0.5 flex-1 overflow-hidden rounded bg-white/35">
                <span className="block h-full bg-white" style={{ width: `${i < index ? 100 : i === index ? progress * 100 : 0}%` }} />
              </span>
            ))}
          </div>
          <div className="mt-3 flex items-center gap-2 text-white">
            <Avatar src={author.avatar} firstName={author.firstName} lastName={author.lastName} size="sm" />
            <p className="min-w-0 flex-1 text-sm">
              <span className="font-semibold">{title ?? fullName(author)}</span>{' '}
              <span className="text-white/75">{timeAgo(story.createdAt)}</span>
              {story.audience === 'close_friends' ? (
                <span className="ml-1 rounded-full bg-green-600 px-1.5 text-[11px] font-semibold">Close friends</span>
              ) : null}
            </p>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close stories"
              className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
          </div>
        </div>
        <figure className="flex flex-1 items-center justify-center overflow-hidden" aria-label={`Story ${index + 1} of ${stories.length}`}>
          {story.kind === 'text' ? (
            <div className="flex h-full w-full items-center justify-center p-8" style={{ background: story.background ?? '#0b6e4f' }}>
              <p className="text-center text-2xl leading-snug font-bold break-words whitespace-pre-wrap text-white">{story.text}</p>
            </div>
          ) : story.kind === 'video' && story.media ? (
            <video
              key={story._id}
              src={story.media.url}
              poster={story.media.thumbnailUrl ?? undefined}
              autoPlay
              playsInline
              muted={false}
              onTimeUpdate={(e) => setProgress(e.currentTarget.currentTime / (e.currentTarget.duration || 1))}
              onEnded={next}
              className="max-h-full w-full object-contain"
            />
          ) : story.media ? (
            <img src={story.media.url} alt={story.text ?? `Story by ${fullName(author)}`} className="max-h-full w-full object-contain" />
          ) : null}
          {story.kind !== 'text' && story.text ? (
            <figcaption className="absolute inset-x-4 bottom-24 rounded-2xl bg-black/50 p-3 text-center text-white">
              {story.text}
            </figcaption>
          ) : null}
        </figure>
        <button type="button" aria-label="Previous story" onClick={back} className="absolute top-24 bottom-20 left-0 w-1/3">
          <ChevronLeft className="sr-only" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label="Next story"
          onClick={next}
          onPointerDown={() => setPaused(true)}
          onPointerUp={() => setPaused(false)}
          onPointerLeave={() => setPaused(false)}
          className="absolute top-24 right-0 bottom-20 w-2/3"
        />
        {isMine ? (
          <div className="absolute inset-x-0 bottom-0 flex justify-center pb-[max(1rem,env(safe-area-inset-bottom))]">
            <button
              type="button"
              onClick={() => setViewersOpen(true)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white/15 px-4 text-sm font-semibold text-white hover:bg-white/25"
            >
              <Eye className="size-5" aria-hidden="true" />
              {story.viewCount === null ? 'Viewers' : `${story.viewCount} ${story.viewCount === 1 ? 'view' : 'views'}`}
            </button>
          </div>
        ) : null}
        {isMine ? <StoryViewers story={story} open={viewersOpen} onClose={() => setViewersOpen(false)} /> : null}
      </div>
    </div>,
    document.body,
  );
}
