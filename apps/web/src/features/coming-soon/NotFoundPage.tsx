import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[calc(100dvh-7rem)] flex-col justify-center">
      <EmptyState
        level={1}
        title="Page not found"
        icon={<Compass className="size-9" strokeWidth={1.8} />}
        action={
          <Link to="/" className={buttonClasses({ block: true })}>
            Go to your dashboard
          </Link>
        }
      >
        <p>The page you are looking for does not exist or has moved.</p>
      </EmptyState>
    </div>
  );
}
