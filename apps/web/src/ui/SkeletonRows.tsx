import type { ReactNode } from 'react';
import { Skeleton } from './Spinner';

interface SkeletonRowProps {
  className: string;
  /** The picture's stand-in. */
  lead: string;
  /** The lines of text beside it. */
  lines: string[];
  /** Makes the row announce itself as loading this. */
  label?: string;
  children?: ReactNode;
}

/** A row standing in for one that is loading: a picture, lines of text beside it (and whatever follows). */
export function SkeletonRow({ className, lead, lines, label, children }: SkeletonRowProps) {
  return (
    <div role={label ? 'status' : undefined} aria-label={label} className={className}>
      <Skeleton className={lead} />
      <div className="flex-1 space-y-2">
        {lines.map((line, i) => (
          <Skeleton key={i} className={line} />
        ))}
      </div>
      {children}
    </div>
  );
}

/** Rows standing in for a list that is loading (announced by its label). */
export function SkeletonRows({
  label,
  rows,
  className,
  row,
}: {
  label: string;
  rows: number;
  className: string;
  row: Omit<SkeletonRowProps, 'label'>;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonRow key={i} {...row} />
      ))}
    </div>
  );
}
