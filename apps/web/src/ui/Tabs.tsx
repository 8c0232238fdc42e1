import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (id: T) => void;
  className?: string;
  /**
   * Every tab in view at once, sharing the row's width by their labels, a label wrapping between words where it must
   * (Pay's five tabs, the funding methods at 390 px), instead of a row that scrolls sideways.
   */
  fit?: boolean;
}

/**
 * Roving focus for a tab list: the left/right arrow keys select and focus the previous/next tab.
 * Spread `tabProps(id, i, selected)` on each tab button (role, selection, focus order and keys).
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
  const tabProps = (id: T, i: number, selected: boolean) => ({
    ref: setRef(i),
    type: 'button' as const,
    role: 'tab' as const,
    'aria-selected': selected,
    tabIndex: selected ? 0 : -1,
    onClick: () => onChange(id),
    onKeyDown: (e: KeyboardEvent) => onKey(e, i),
  });
  return { tabProps };
}

const FADE = 28;

/** Which ends of a sideways-scrolling row have more content beyond them. */
function useOverflowEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      ro?.disconnect();
    };
  }, [ref, measure]);
  return edges;
}

/**
 * Segmented tabs with roving focus (arrow keys). The panel gets id `${idBase}-panel-${value}`.
 * Labels stay on one line; when they do not fit, the row scrolls sideways: the selected tab is
 * scrolled into view, and the edges with more tabs beyond them fade out (a partly shown label
 * says there is more), so every tab is visibly reachable.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, className, fit = false }: TabsProps<T>) {
  const base = useId();
  const { tabProps } = useRovingTabs(tabs, onChange);
  const list = useRef<HTMLDivElement>(null);
  const edges = useOverflowEdges(list);
  const activeIndex = tabs.findIndex((t) => t.id === value);

  // Bring the selected tab fully into view (only the row scrolls, never the page).
  useLayoutEffect(() => {
    const el = list.current;
    const tab = el?.querySelectorAll<HTMLElement>('[role="tab"]')[activeIndex];
    if (!el || !tab) return;
    const left = tab.offsetLeft; // the row is the tabs' offsetParent (relative)
    const right = left + tab.offsetWidth;
    const pad = FADE + 4;
    if (left - pad < el.scrollLeft) el.scrollLeft = Math.max(0, left - pad);
    else if (right + pad > el.scrollLeft + el.clientWidth) el.scrollLeft = right + pad - el.clientWidth;
  }, [activeIndex]);

  const nudge = (dir: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollLeft += dir * el.clientWidth * 0.6;
  };

  const mask =
    !fit && (edges.start || edges.end)
      ? `linear-gradient(to right, ${edges.start ? `transparent, #000 ${FADE}px` : '#000'}, ${edges.end ? `#000 calc(100% - ${FADE}px), transparent` : '#000'})`
      : undefined;
  return (
    <div className={cn('relative rounded-2xl bg-surface-2 p-1', className)}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        data-overflow-start={edges.start || undefined}
        data-overflow-end={edges.end || undefined}
        style={!fit && mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
        className={cn(
          'relative rounded-xl',
          fit ? 'flex gap-0.5' : 'flex overflow-x-auto scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        )}
      >
        {tabs.map((t, i) => {
          const selected = t.id === value;
          return (
            <button
              key={t.id}
              id={`${base}-tab-${t.id}`}
              {...tabProps(t.id, i, selected)}
              className={cn(
                'min-h-11 rounded-xl font-semibold transition-colors',
                fit ? 'flex-auto px-1.5 py-1 text-[13px] leading-tight text-balance' : 'flex-1 shrink-0 px-3 text-sm whitespace-nowrap',
                selected ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {/* Pointers to the tabs beyond each faded edge (a tap scrolls there; keyboards use the arrow keys). */}
      {!fit && edges.start ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => nudge(-1)}
          className="absolute inset-y-1 left-0 flex w-7 items-center justify-start pl-0.5 text-muted"
        >
          <ChevronLeft className="size-4" />
        </button>
      ) : null}
      {!fit && edges.end ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => nudge(1)}
          className="absolute inset-y-1 right-0 flex w-7 items-center justify-end pr-0.5 text-muted"
        >
          <ChevronRight className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
