import { cn } from '../lib/cn';

/** One choice out of several as a sideways-scrolling row of chips (a radio group): filters, categories, distances. */
export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ id: T; name: string }>;
  value: T;
  onChange: (id: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="-mx-5 flex gap-2 overflow-x-auto px-5 py-1.5 [scrollbar-width:none]">
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
              'min-h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-fg hover:bg-surface-2',
            )}
          >
            {c.name}
          </button>
        );
      })}
    </div>
  );
}
