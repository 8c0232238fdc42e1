import { useId } from 'react';
import { cn } from '../lib/cn';
import { Avatar } from './Avatar';

/** Someone to pick from a list of people. */
export interface PersonView {
  firstName: string;
  lastName: string;
  nickName?: string | null;
  avatar?: string | null;
}

/** A person in a list as a button: the photo, named by the full name and described by the @nickname (when there is one). */
export function PersonButton<P extends PersonView>({
  person,
  onPick,
  className,
}: {
  person: P;
  onPick: (p: P) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={() => onPick(person)}
      aria-labelledby={`${id}-n`}
      aria-describedby={person.nickName ? `${id}-d` : undefined}
      className={cn('flex min-h-16 w-full items-center gap-3 text-left transition-colors hover:bg-surface-2', className)}
    >
      <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-n`} className="truncate font-semibold">
          {`${person.firstName} ${person.lastName}`.trim()}
        </span>
        {person.nickName ? (
          <span id={`${id}-d`} className="truncate text-sm text-muted">
            @{person.nickName}
          </span>
        ) : null}
      </span>
    </button>
  );
}
