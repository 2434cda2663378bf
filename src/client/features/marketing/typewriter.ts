/**
 * The hero's typewriter as a pure state machine (visitor-site.md §4 and §9): typing 100 ms per
 * character → pause 2 s on the full word → erasing 50 ms per character → 200 ms on the empty
 * line → next word, looping. `advance` gives the next state, `delayOf` how long a state stays on
 * screen; `runTypewriter` drives them with timers (the only impure part).
 */
export const TYPEWRITER_TIMING = { typeMs: 100, pauseMs: 2000, eraseMs: 50, nextWordMs: 200 } as const;

export type TypewriterPhase = 'typing' | 'pausing' | 'erasing' | 'waiting';

export interface TypewriterState {
  wordIndex: number;
  /** How many characters of the word are shown. */
  chars: number;
  phase: TypewriterPhase;
}

/** The first word shown whole: the pre-rendered page and the first paint already say something. */
export const initialTypewriterState: TypewriterState = { wordIndex: 0, chars: -1, phase: 'pausing' };

export function visibleText(state: TypewriterState, words: readonly string[]): string {
  const word = words[state.wordIndex] ?? '';
  return state.chars < 0 ? word : word.slice(0, state.chars);
}

export function delayOf(state: TypewriterState): number {
  switch (state.phase) {
    case 'typing':
      return TYPEWRITER_TIMING.typeMs;
    case 'pausing':
      return TYPEWRITER_TIMING.pauseMs;
    case 'erasing':
      return TYPEWRITER_TIMING.eraseMs;
    case 'waiting':
      return TYPEWRITER_TIMING.nextWordMs;
  }
}

export function advance(state: TypewriterState, words: readonly string[]): TypewriterState {
  const length = words[state.wordIndex]?.length ?? 0;
  const chars = state.chars < 0 ? length : state.chars;
  switch (state.phase) {
    case 'typing':
      return chars + 1 >= length
        ? { ...state, chars: length, phase: 'pausing' }
        : { ...state, chars: chars + 1, phase: 'typing' };
    case 'pausing':
    case 'erasing':
      return chars - 1 <= 0
        ? { ...state, chars: 0, phase: 'waiting' }
        : { ...state, chars: chars - 1, phase: 'erasing' };
    case 'waiting': {
      const wordIndex = (state.wordIndex + 1) % words.length;
      const next = { wordIndex, chars: 0, phase: 'typing' as const };
      return advance(next, words);
    }
  }
}

/** Runs the machine with setTimeout from `from`, calling `onChange` at each step; returns a stop function. */
export function runTypewriter(
  words: readonly string[],
  onChange: (state: TypewriterState) => void,
  from: TypewriterState = initialTypewriterState,
): () => void {
  let state = from;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      state = advance(state, words);
      onChange(state);
      schedule();
    }, delayOf(state));
  };
  if (words.length > 0) schedule();
  return () => clearTimeout(timer);
}
