import { CloudOff } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

export function QueryError({ error, onRetry, title = "We couldn't load your details" }: { error: unknown; onRetry: () => void; title?: string }) {
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
      <p>{errorMessage(error, 'Check your connection and try again.')}</p>
    </EmptyState>
  );
}
