import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadToasts } from '../lib/toast';

afterEach(() => {
  cleanup();
});

// jsdom lacks matchMedia (sonner reads it for the system theme).
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Toasts reach sonner at once in tests, as they do in the app once it has loaded (lib/toast.ts).
await loadToasts();
