import { useEffect, useSyncExternalStore } from 'react';

/**
 * What is on screen that toasts must keep clear of: open sheets/dialogs and the fixed bottom
 * navigation. The toaster reads it to choose where toasts go.
 */
export interface OverlayState {
  sheetOpen: boolean;
  bottomNav: boolean;
}

const counts = { sheets: 0, nav: 0 };
let snapshot: OverlayState = { sheetOpen: false, bottomNav: false };
const listeners = new Set<() => void>();

function publish() {
  const next = { sheetOpen: counts.sheets > 0, bottomNav: counts.nav > 0 };
  if (next.sheetOpen === snapshot.sheetOpen && next.bottomNav === snapshot.bottomNav) return;
  snapshot = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOverlayState(): OverlayState {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** Counts this component as an open sheet (kind 'sheets') or a mounted bottom nav (kind 'nav') while `active`. */
export function useRegisterOverlay(kind: keyof typeof counts, active = true) {
  useEffect(() => {
    if (!active) return;
    counts[kind]++;
    publish();
    return () => {
      counts[kind]--;
      publish();
    };
  }, [kind, active]);
}
