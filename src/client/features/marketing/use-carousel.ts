import { useCallback, useEffect, useRef, useState } from 'react';
import { type AutoAdvance, createAutoAdvance, wrapIndex } from './carousel';
import { useReducedMotion } from './hooks';

/**
 * Carousel state: wrapping index, optional auto-advance (off when the visitor asks for reduced
 * motion or presses pause), restarted after every manual move.
 */
export function useCarousel(count: number, autoAdvanceMs?: number) {
  const [index, setIndex] = useState(0);
  const [pausedByUser, setPausedByUser] = useState(false);
  const reduced = useReducedMotion();
  const auto = useRef<AutoAdvance | null>(null);
  const running = autoAdvanceMs !== undefined && !pausedByUser && !reduced;

  useEffect(() => {
    if (autoAdvanceMs === undefined) return;
    const timer = createAutoAdvance(autoAdvanceMs, () => setIndex((i) => wrapIndex(i + 1, count)));
    auto.current = timer;
    return () => {
      timer.stop();
      auto.current = null;
    };
  }, [autoAdvanceMs, count]);

  useEffect(() => {
    const timer = auto.current;
    if (!timer) return;
    if (running) timer.resume();
    else timer.pause();
  }, [running]);

  const goTo = useCallback(
    (next: number) => {
      setIndex(wrapIndex(next, count));
      auto.current?.restart();
    },
    [count],
  );

  return {
    index,
    goTo,
    next: () => goTo(index + 1),
    prev: () => goTo(index - 1),
    /** True when auto-advance is on and currently running. */
    playing: running,
    paused: pausedByUser,
    togglePause: () => setPausedByUser((p) => !p),
    reduced,
  };
}
