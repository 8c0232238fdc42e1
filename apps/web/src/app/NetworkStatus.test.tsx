import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';

afterEach(() => vi.restoreAllMocks());

// Kept alone in its file: sonner keeps toasts in module state, so no earlier test can leave one behind.
describe('network status on start', () => {
  it("shows 'No network connection' on start when offline", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<App />);
    expect(await screen.findByText('No network connection')).toBeInTheDocument();
  });
});
