import { type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '../lib/cn';

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (id: T) => void;
  className?: string;
}

/**
 * Roving focus for a tab list: the left/right arrow keys select and focus the previous/next tab.
 * Give each tab button `ref={setRef(i)}` and `onKeyDown={(e) => onKey(e, i)}`.
 */
export function useRovingTabs<T extends string>(tabs: ReadonlyArray<{ id: T }>, onChange: (id: T) => void) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const setRef = (i: number) => (el: HTMLButtonElement | null) => {
    refs.current[i] = el;
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const dir = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!dir) return;
    e.preventDefault();
    const next = (i + dir + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab) {
      onChange(tab.id);
      refs.current[next]?.focus();
    }
  };
  return { setRef, onKey };
}

/**
 * Segmented tabs with roving focus (arrow keys). The panel gets id `${idBase}-panel-${value}`.
 * Labels stay on one line; when they do not fit, the row scrolls sideways.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, className }: TabsProps<T>) {
  const base = useId();
  const { setRef, onKey } = useRovingTabs(tabs, onChange);
  return (
    <div role="tablist" aria-label={label} className={cn('flex overflow-x-auto rounded-2xl bg-surface-2 p-1 [scrollbar-width:none]', className)}>
      {tabs.map((t, i) => {
        const selected = t.id === value;
        return (
          <button
            key={t.id}
            ref={setRef(i)}
            id={`${base}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={cn(
              'min-h-11 flex-1 shrink-0 whitespace-nowrap rounded-xl px-3 text-sm font-semibold transition-colors',
              selected ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
