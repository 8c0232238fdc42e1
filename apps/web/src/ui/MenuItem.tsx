import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A row of a menu sheet: an icon and what it does (red when it takes something away). */
export function MenuItem({
  icon,
  children,
  onClick,
  danger,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'flex min-h-12 w-full items-center gap-3 rounded-2xl px-3 text-left text-[15px] font-medium hover:bg-surface-2',
        danger && 'text-danger-fg',
      )}
    >
      {icon}
      {children}
    </button>
  );
}
