import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft } from 'lucide-react';

/** Top bar for inner screens: back link, title (the page's h1) and optional action. */
export function PageHeader({
  title,
  back,
  backLabel = 'Back',
  action,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  action?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-20 -mx-5 mb-4 flex min-h-16 items-center gap-2 bg-canvas/90 px-3 pt-[env(safe-area-inset-top)] backdrop-blur">
      {back ? (
        <Link to={back} aria-label={backLabel} className="flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2">
          <ChevronLeft className="size-6" aria-hidden="true" />
        </Link>
      ) : (
        <span className="w-2" />
      )}
      <h1 className="flex-1 truncate text-xl font-bold tracking-tight">{title}</h1>
      {action}
    </header>
  );
}
