import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The top bar of Connect's browsing screens (Explore, a hashtag): the way back and the screen's title. */
export function BackHeader({ back, backLabel, title }: { back: string; backLabel: string; title: string }) {
  return (
    <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-2 bg-canvas/90 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
      <Link to={back} aria-label={backLabel} className="flex size-11 items-center justify-center rounded-full hover:bg-surface-2">
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <h1 className="flex-1 truncate text-xl font-bold tracking-tight">{title}</h1>
    </header>
  );
}
