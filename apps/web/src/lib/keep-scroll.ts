/**
 * Navigation state that keeps the page where it is (the data router's preventScrollReset): a tab
 * switch that replaces the address, say. Read by app/scroll-memory.tsx.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

export const keepsScroll = (state: unknown): boolean => (state as { keepScroll?: unknown } | null)?.keepScroll === true;
