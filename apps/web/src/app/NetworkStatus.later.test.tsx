import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';

afterEach(() => vi.restoreAllMocks());

describe('network status while running', () => {
  it('stays quiet when online, and toasts when the browser goes offline later', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<App />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByText('No network connection')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('No network connection')).toBeInTheDocument();
  });
});
