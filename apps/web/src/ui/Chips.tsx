import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** One choice out of several as a sideways-scrolling row of chips (a radio group): filters, categories, distances. */
export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  small,
  children,
}: {
  label: string;
  options: ReadonlyArray<{ id: T; name: string }>;
  value: T;
  onChange: (id: T) => void;
  /** Slimmer chips (Connect's feeds and communities). */
  small?: boolean;
  /** After the chips (a stand-in while more load). */
  children?: ReactNode;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('-mx-5 flex gap-2 overflow-x-auto px-5 [scrollbar-width:none]', small ? 'py-2' : 'py-1.5')}
    >
      {options.map((c) => {
        const active = value === c.id;
        return (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(c.id)}
            className={cn(
              'shrink-0 rounded-full border text-sm font-medium whitespace-nowrap',
              small ? 'min-h-9 px-3.5' : 'min-h-10 px-4',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-fg hover:bg-surface-2',
            )}
          >
            {c.name}
          </button>
        );
      })}
      {children}
    </div>
  );
}
