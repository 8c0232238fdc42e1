import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';

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
 * a reload keeps the place (sessionStorage). `keyOf` lets entries share one position.
 */
export function ScrollMemory({ keyOf = entryKey }: { keyOf?: (l: Location) => string }) {
  const location = useLocation();
  const positions = useRef<Record<string, number> | null>(null);
  const key = keyOf(location);

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
    else if (!location.hash) window.scrollTo(0, 0);
    // Kept as the person scrolls: when the next screen replaces this one, the page may already be shorter.
    const onScroll = () => {
      all[key] = window.scrollY;
    };
    const keep = () => save(all);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [key, location.hash]);

  return null;
}
