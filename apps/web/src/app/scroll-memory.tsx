import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';
import { keepsScroll } from '../lib/keep-scroll';

const STORE = 'owo-scroll';

function saved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function save(positions: Record<string, number>) {
  try {
    sessionStorage.setItem(STORE, JSON.stringify(positions));
  } catch {
    // Storage full or refused: the positions last for this page's life only.
  }
}

const entryKey = (l: Location) => l.key;

/**
 * Scroll positions kept per history entry, as the data router's ScrollRestoration keeps them: a
 * screen opened anew starts at the top, going back (or forward) returns to where it was left, and
 * a reload keeps the place (sessionStorage). `keyOf` lets entries share one position; a navigation
 * with the state KEEP_SCROLL (lib/keep-scroll.ts) stays where the page is (the data router's preventScrollReset).
 */
export function ScrollMemory({ keyOf = entryKey }: { keyOf?: (l: Location) => string }) {
  const location = useLocation();
  const positions = useRef<Record<string, number> | null>(null);
  const key = keyOf(location);
  const keep = keepsScroll(location.state);

  useLayoutEffect(() => {
    if (!('scrollRestoration' in history)) return;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= saved();
    const all = positions.current;
    const at = all[key];
    if (at !== undefined) window.scrollTo(0, at);
    else if (keep) all[key] = window.scrollY;
    else if (!location.hash) window.scrollTo(0, 0);
    // Kept as the person scrolls: when the next screen replaces this one, the page may already be shorter.
    const onScroll = () => {
      all[key] = window.scrollY;
    };
    const persist = () => save(all);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [key, keep, location.hash]);

  return null;
}
