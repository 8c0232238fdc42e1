import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_SCROLL } from '../lib/keep-scroll';
import { ScrollMemory } from './scroll-memory';

let y = 0;
const scrollTo = vi.fn((_x: number, to: number) => void (y = to));

beforeEach(() => {
  y = 0;
  sessionStorage.clear();
  scrollTo.mockClear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

function scrolled(to: number) {
  y = to;
  window.dispatchEvent(new Event('scroll'));
}

function app(keyOf?: (l: Location) => string) {
  const page = <ScrollMemory keyOf={keyOf} />;
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/other', element: page },
      { path: '/history', element: page },
      { path: '/history/:ref', element: page },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollMemory', () => {
  it('opens a new screen at the top and returns to the place left on going back', async () => {
    const router = app();
    scrolled(640);
    await act(() => router.navigate('/other'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolled(120);
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it('lets entries share a place (a receipt over History keeps the list where it was)', async () => {
    const router = app((l) => (l.pathname.startsWith('/history') ? '/history' : l.key));
    await act(() => router.navigate('/history'));
    scrolled(900);
    scrollTo.mockClear();
    await act(() => router.navigate('/history/ABC'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(900);
    await act(() => router.navigate('/other'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('stays where the page is on a navigation that asks to (a tab switch)', async () => {
    const router = app();
    scrolled(420);
    scrollTo.mockClear();
    await act(() => router.navigate('/other', { replace: true, state: KEEP_SCROLL }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('keeps the places for a reload in sessionStorage', async () => {
    const router = app();
    scrolled(300);
    await act(() => router.navigate('/other'));
    expect(Object.values(JSON.parse(sessionStorage.getItem('owo-scroll') ?? '{}'))).toContain(300);
  });
});
