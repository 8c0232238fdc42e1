import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';

/** A titled block of a screen (its h2 names it), with an optional action beside the title. */
export function Section({
  id,
  title,
  action,
  children,
  className,
  headClassName,
  titleClassName,
}: {
  /** The heading's id (one is made up when not given). */
  id?: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  headClassName?: string;
  titleClassName?: string;
}) {
  const autoId = useId();
  const headingId = id ?? autoId;
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className={cn('flex items-center justify-between', headClassName)}>
        <h2 id={headingId} className={cn('text-base font-bold', titleClassName)}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
