import { errorMessage } from '../api/client';
import { cn } from '../lib/cn';
import { Button } from './Button';

interface InlineErrorProps {
  error: unknown;
  /** Shown when the failure carries no message of its own. */
  fallback: string;
  onRetry: () => void;
  /** danger: a red box (inside a form); muted: a quiet line (inside a card). */
  tone?: 'danger' | 'muted';
  className?: string;
}

/** A part of a screen that failed to load: what went wrong, and "Try again". */
export function InlineError({ error, fallback, onRetry, tone = 'muted', className }: InlineErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center gap-3 p-4 text-sm',
        tone === 'danger' ? 'rounded-2xl bg-danger-soft text-danger-fg' : 'text-muted',
        className,
      )}
    >
      <p className="flex-1">{errorMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
