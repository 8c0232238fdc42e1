import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CallOverlay from './CallOverlay';
import { idleCall, useCall } from './call-state';
import { startRing } from './ringer';
import { ada } from './test-fixtures';

/** A stand-in for Web Audio (jsdom has none): what was started, scheduled, stopped and closed. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  currentTime = 10;
  destination = {};
  closed = false;
  oscillators: { frequency: { value: number }; started: boolean; stopped: boolean }[] = [];
  gainSteps: [number, number][] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createGain() {
    return { gain: { value: 1, setValueAtTime: (v: number, t: number) => this.gainSteps.push([v, t]) }, connect: () => undefined };
  }
  createOscillator() {
    const o = {
      frequency: { value: 0 },
      started: false,
      stopped: false,
      connect: () => undefined,
      start: () => void (o.started = true),
      stop: () => void (o.stopped = true),
    };
    this.oscillators.push(o);
    return o;
  }
  resume = () => Promise.resolve();
  close = () => {
    this.closed = true;
    return Promise.resolve();
  };
}

beforeEach(() => {
  FakeAudioContext.made = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  useCall.setState(idleCall);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useCall.setState(idleCall);
});

describe('the ring of a call', () => {
  it('plays two tones in bursts with the vibration, repeats them every period, and stops for good', () => {
    vi.useFakeTimers();
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const stop = startRing('incoming');
    const [ctx] = FakeAudioContext.made;
    expect(ctx!.oscillators.map((o) => [o.frequency.value, o.started])).toEqual([
      [400, true],
      [450, true],
    ]);
    expect(ctx!.gainSteps).toEqual([
      [0.12, 10],
      [0, 10.4],
      [0.12, 10.6],
      [0, 11],
    ]);
    vi.advanceTimersByTime(3000);
    expect(ctx!.gainSteps).toHaveLength(8);
    expect(vibrate.mock.calls).toEqual([[[400, 200, 400]], [[400, 200, 400]]]);
    stop();
    expect(ctx!.oscillators.every((o) => o.stopped)).toBe(true);
    expect(ctx!.closed).toBe(true);
    expect(vibrate).toHaveBeenLastCalledWith(0);
    vi.advanceTimersByTime(6000);
    expect(ctx!.gainSteps).toHaveLength(8);
    expect(vibrate).toHaveBeenCalledTimes(3);
    delete (navigator as { vibrate?: unknown }).vibrate;
  });

  it('rings while a call is coming in and stops when it is answered', () => {
    act(() => useCall.setState({ ...idleCall, phase: 'incoming', other: ada, kind: 'voice' }));
    render(<CallOverlay />);
    expect(screen.getByRole('alertdialog', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(FakeAudioContext.made).toHaveLength(1);
    act(() => useCall.setState({ phase: 'connecting' }));
    expect(FakeAudioContext.made[0]!.closed).toBe(true);
    expect(FakeAudioContext.made).toHaveLength(1);
  });

  it('plays the ringback to the caller until the other phone answers', () => {
    act(() => useCall.setState({ ...idleCall, phase: 'outgoing', other: ada, kind: 'voice' }));
    render(<CallOverlay />);
    const [ctx] = FakeAudioContext.made;
    expect(ctx!.oscillators.map((o) => o.frequency.value)).toEqual([425]);
    act(() => useCall.setState({ phase: 'active', connectedAt: Date.now() }));
    expect(ctx!.closed).toBe(true);
  });

  it('rings silently where there is no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    const stop = startRing('incoming');
    expect(FakeAudioContext.made).toHaveLength(0);
    expect(stop).not.toThrow();
  });
});
