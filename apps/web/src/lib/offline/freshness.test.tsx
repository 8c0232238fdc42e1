import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpdatedAt, formatUpdatedAt, isShowingSaved } from './freshness';

// Times show in Lagos time (UTC+1).
const at = new Date('2026-11-23T14:05:00+01:00').getTime();
const ok = { data: { walletBalance: 1 }, dataUpdatedAt: at, isError: false, fetchStatus: 'idle' as const };

afterEach(() => act(() => onlineManager.setOnline(true)));
// The screen shows "2:05 pm" alone only on the day of the fetch: the tests' clock is that afternoon.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T18:00:00+01:00'));
});
afterAll(() => vi.useRealTimers());

describe('last updated', () => {
  it('formats the time as the app does: 12-hour today, with the date on another day', () => {
    expect(formatUpdatedAt(at, new Date('2026-11-23T18:00:00+01:00'))).toMatch(/^2:05\s?pm$/i);
    expect(formatUpdatedAt(at, new Date('2026-11-24T09:00:00+01:00'))).toMatch(/^23 Nov, 2:05\s?pm$/i);
  });

  it('says "Updated" when the data is fresh', () => {
    render(<UpdatedAt query={ok} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 2:05\s?pm$/i);
  });

  it('says "Offline · last updated" when offline, and goes back when the network returns', () => {
    act(() => onlineManager.setOnline(false));
    const { rerender } = render(<UpdatedAt query={{ ...ok, fetchStatus: 'paused' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline · last updated 2:05\s?pm$/i);
    act(() => onlineManager.setOnline(true));
    rerender(<UpdatedAt query={ok} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 2:05\s?pm$/i);
  });

  it('says the refresh failed when online but the last refresh errored', () => {
    render(<UpdatedAt query={{ ...ok, isError: true }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Couldn't refresh · last updated 2:05\s?pm$/i);
  });

  it('shows nothing without data', () => {
    const { container } = render(<UpdatedAt query={{ data: undefined, dataUpdatedAt: 0, isError: true, fetchStatus: 'idle' }} />);
    expect(container).toBeEmptyDOMElement();
    expect(isShowingSaved({ ...ok, data: undefined }, false)).toBe(false);
  });
});
