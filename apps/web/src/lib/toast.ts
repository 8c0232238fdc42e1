import { useSyncExternalStore, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner on the first screen: `toast` takes the calls at once and hands them to
 * sonner (about 9 KB compressed) when it has loaded, on the first toast or shortly after the first
 * screen (App.tsx). An id is given at once, so a later `toast.dismiss(id)` finds its toast.
 *
 * The same message shows once: a toast without an id gets one made from its text, so a repeat
 * replaces the toast on screen (and restarts its time) instead of stacking under it.
 */
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
type Id = string | number;
type Show = (message: ReactNode, data?: ExternalToast) => Id;
/** What this file asks of sonner's toast (typed here, so that nothing imports it but the dynamic import below). */
type Sonner = Show & Record<Kind, Show> & { dismiss: (id?: Id) => unknown };

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const waiting: Array<(t: Sonner) => void> = [];
const listeners = new Set<() => void>();
let made = 0;

/** Loads sonner (once); every call made before it arrived is then shown, in order. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (m) => {
      sonner = m.toast;
      for (const run of waiting.splice(0)) run(m.toast);
      for (const l of listeners) l();
      return m.toast;
    },
    (err: unknown) => {
      // Not loaded (offline before it was ever cached): the calls wait, and the next one tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}

function withId(message: ReactNode, data?: ExternalToast): ExternalToast & { id: Id } {
  if (data?.id !== undefined && data.id !== null) return { ...data, id: data.id };
  return { ...data, id: typeof message === 'string' ? `msg:${message}` : `toast:${++made}` };
}

function show(kind: Kind | null, message: ReactNode, data?: ExternalToast): Id {
  const options = withId(message, data);
  const run = (t: Sonner) => (kind ? t[kind](message, options) : t(message, options));
  if (sonner) return run(sonner);
  waiting.push(run);
  loadToasts().catch(() => undefined);
  return options.id;
}

const shows =
  (kind: Kind | null): Show =>
  (message, data) =>
    show(kind, message, data);

export const toast: Show & Record<Kind, Show> & { dismiss: (id?: Id) => void } = Object.assign(shows(null), {
  success: shows('success'),
  error: shows('error'),
  info: shows('info'),
  warning: shows('warning'),
  message: shows('message'),
  dismiss: (id?: Id) => {
    if (sonner) sonner.dismiss(id);
    else waiting.push((t) => void t.dismiss(id));
  },
});

/** Whether sonner has loaded (App.tsx mounts the toaster then). */
export function useToastsLoaded(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => sonner !== null,
  );
}
