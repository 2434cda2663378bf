import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoAdvance, TESTIMONIAL_INTERVAL_MS, wrapIndex } from './carousel';

describe('wrapIndex', () => {
  it('wraps forwards and backwards', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(3, 8)).toBe(3);
    expect(wrapIndex(-9, 8)).toBe(7);
    expect(wrapIndex(2, 0)).toBe(0);
  });
});

describe('createAutoAdvance', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every 5 s', () => {
    const tick = vi.fn();
    const auto = createAutoAdvance(TESTIMONIAL_INTERVAL_MS, tick);
    auto.restart();
    vi.advanceTimersByTime(4999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(tick).toHaveBeenCalledTimes(3);
    auto.stop();
  });

  it('restarts the full interval after a manual move', () => {
    const tick = vi.fn();
    const auto = createAutoAdvance(5000, tick);
    auto.restart();
    vi.advanceTimersByTime(4000);
    auto.restart();
    vi.advanceTimersByTime(4000);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(1);
    auto.stop();
  });

  it('does nothing while paused, even when restarted, and resumes with a full interval', () => {
    const tick = vi.fn();
    const auto = createAutoAdvance(5000, tick);
    auto.restart();
    vi.advanceTimersByTime(3000);
    auto.pause();
    auto.restart();
    vi.advanceTimersByTime(60_000);
    expect(tick).not.toHaveBeenCalled();
    expect(auto.paused).toBe(true);
    auto.resume();
    vi.advanceTimersByTime(4999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    auto.stop();
    vi.advanceTimersByTime(60_000);
    expect(tick).toHaveBeenCalledTimes(1);
  });
});
