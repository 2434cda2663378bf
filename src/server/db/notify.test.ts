import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescing } from './notify.js';

/* Issue 41: the after-commit NOTIFY, one at a time and at most one per gap, never losing the last. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A sender whose sends finish when `finish()` is called, counting them. */
function sender() {
  const s = { sent: 0, finish: () => {} };
  const send = () => {
    s.sent += 1;
    return new Promise<void>((resolve) => {
      s.finish = resolve;
    });
  };
  return { s, send };
}

const settle = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('coalescing', () => {
  it('sends a lone wake-up at once', () => {
    const { s, send } = sender();
    coalescing(send, 10)();
    expect(s.sent).toBe(1);
  });

  it('sends the wake-ups made while one is in flight once, after it', async () => {
    const { s, send } = sender();
    const wake = coalescing(send, 0);
    wake();
    wake();
    wake();
    expect(s.sent).toBe(1);
    s.finish();
    await settle(0);
    expect(s.sent).toBe(2);
    s.finish();
    await settle(100);
    expect(s.sent).toBe(2);
  });

  it('sends at most one per gap, and the last wake-up of a burst after it', async () => {
    const { s, send } = sender();
    const wake = coalescing(send, 10);
    wake();
    s.finish();
    await settle(1);
    // Done, but 1 ms after the last send: waits for the gap instead of sending again.
    wake();
    await settle(1);
    wake();
    expect(s.sent).toBe(1);
    await settle(8);
    expect(s.sent).toBe(2);
    s.finish();
    await settle(100);
    expect(s.sent).toBe(2);
    // After a quiet time, at once.
    wake();
    expect(s.sent).toBe(3);
  });
});
