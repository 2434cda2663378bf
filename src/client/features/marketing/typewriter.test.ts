import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  delayOf,
  initialTypewriterState,
  runTypewriter,
  type TypewriterState,
  visibleText,
} from './typewriter';

const words = ['les rats', 'les guêpes'];

describe('typewriter state machine', () => {
  it('starts on the first word shown whole, pausing 2 s', () => {
    expect(visibleText(initialTypewriterState, words)).toBe('les rats');
    expect(delayOf(initialTypewriterState)).toBe(2000);
  });

  it('erases at 50 ms per character, waits 200 ms, then types the next word at 100 ms per character', () => {
    let state: TypewriterState = initialTypewriterState;
    const seen: [string, number][] = [];
    for (let i = 0; i < 'les rats'.length + 'les guêpes'.length; i++) {
      state = advance(state, words);
      seen.push([visibleText(state, words), delayOf(state)]);
    }
    expect(seen.slice(0, 8)).toEqual([
      ['les rat', 50],
      ['les ra', 50],
      ['les r', 50],
      ['les ', 50],
      ['les', 50],
      ['le', 50],
      ['l', 50],
      ['', 200],
    ]);
    expect(seen[8]).toEqual(['l', 100]);
    expect(seen[9]).toEqual(['le', 100]);
    expect(seen[17]).toEqual(['les guêpes', 2000]);
    expect(state.phase).toBe('pausing');
  });

  it('loops back to the first word after the last', () => {
    let state: TypewriterState = { wordIndex: 1, chars: 0, phase: 'waiting' };
    state = advance(state, words);
    expect(state).toEqual({ wordIndex: 0, chars: 1, phase: 'typing' });
  });
});

describe('runTypewriter with timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the exact timing of a whole cycle and stops cleanly', () => {
    const texts: string[] = [];
    const stop = runTypewriter(words, (s) => texts.push(visibleText(s, words)));
    vi.advanceTimersByTime(1999);
    expect(texts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(texts).toEqual(['les rat']);
    // 7 more erase steps of 50 ms reach the empty line.
    vi.advanceTimersByTime(7 * 50);
    expect(texts.at(-1)).toBe('');
    vi.advanceTimersByTime(199);
    expect(texts.at(-1)).toBe('');
    vi.advanceTimersByTime(1);
    expect(texts.at(-1)).toBe('l');
    vi.advanceTimersByTime(9 * 100);
    expect(texts.at(-1)).toBe('les guêpes');
    const count = texts.length;
    vi.advanceTimersByTime(1999);
    expect(texts).toHaveLength(count);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(texts).toHaveLength(count);
  });
});
