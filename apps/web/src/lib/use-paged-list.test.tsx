import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type NextPages, type Page, useLoadOnScroll, usePagedList } from './use-paged-list';

/** A stand-in IntersectionObserver: each one made is kept, and `show` reports its targets on screen. */
class FakeObserver {
  static made: FakeObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.made.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  show() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
const live = () => FakeObserver.made.filter((o) => !o.disconnected);

beforeEach(() => {
  FakeObserver.made = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

function Sentinel({ pages, rootMargin }: { pages: NextPages; rootMargin?: string }) {
  const sentinel = useLoadOnScroll(pages, rootMargin ? { rootMargin } : {});
  return <div ref={sentinel} data-testid="sentinel" />;
}

describe('useLoadOnScroll', () => {
  it('fetches the next page when the sentinel nears the screen (600px ahead by default)', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    render(<Sentinel pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    const [io] = live();
    expect(io?.targets).toEqual([screen.getByTestId('sentinel')]);
    expect(io?.options.rootMargin).toBe('600px');
    act(() => io!.show());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('waits while a page is loading, watches again once it has come, and stops at the last page', () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const { rerender } = render(<Sentinel rootMargin="0px" pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    expect(live()[0]?.options.rootMargin).toBe('0px');
    act(() => live()[0]!.show());
    expect(fetchNextPage).not.toHaveBeenCalled();

    rerender(<Sentinel rootMargin="0px" pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    expect(live()).toHaveLength(1);
    act(() => live()[0]!.show());
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(<Sentinel rootMargin="0px" pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} />);
    expect(live()).toHaveLength(0);
  });
});

describe('usePagedList', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
  );

  it('asks for pages from 1 and gives the items of all pages and the first page total', async () => {
    const pages: Record<number, Page<string>> = {
      1: { items: ['a', 'b'], next: 2, total: 3 },
      2: { items: ['c'], next: null, total: 3 },
    };
    const fetch = vi.fn((page: number) => Promise.resolve(pages[page]!));
    const { result } = renderHook(() => usePagedList(['letters'], fetch), { wrapper });
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b']));
    expect(result.current.total).toBe(3);
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items).toEqual(['a', 'b', 'c']));
    expect(result.current.hasNextPage).toBe(false);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });

  it('counts 0 when the server gives no total, and asks nothing while not enabled', async () => {
    const fetch = vi.fn(() => Promise.resolve({ items: [1], next: null }));
    const { result, rerender } = renderHook(({ enabled }) => usePagedList(['numbers'], fetch, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.items).toEqual([1]));
    expect(result.current.total).toBe(0);
  });
});
