import { CloudOff } from 'lucide-react';
import { errorMessage } from '../api/client';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** The words for the failure (default: the server's message); loans show the description. */
  describe?: (error: unknown, fallback: string) => string;
}

/** A query that failed: what went wrong and "Try again". */
export function QueryError({ error, onRetry, title = "We couldn't load your details", describe = errorMessage }: QueryErrorProps) {
  return (
    <EmptyState
      tone="danger"
      icon={<CloudOff className="size-9" strokeWidth={1.8} />}
      title={title}
      action={
        <Button variant="outline" block onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p>{describe(error, 'Check your connection and try again.')}</p>
    </EmptyState>
  );
}
