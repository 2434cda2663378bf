/**
 * Carousel rules shared by the reasons (5 cards) and the testimonials (8, advancing every 5 s):
 * indexes wrap both ways; auto-advance ticks on a fixed interval that restarts after any manual
 * move, so a visitor never sees a card vanish right after choosing it.
 */
export const TESTIMONIAL_INTERVAL_MS = 5000;

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export interface AutoAdvance {
  /** Starts (or restarts from zero) the interval; no effect while paused. */
  restart(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  readonly paused: boolean;
}

export function createAutoAdvance(intervalMs: number, onTick: () => void): AutoAdvance {
  let timer: ReturnType<typeof setInterval> | undefined;
  let paused = false;
  const clear = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const restart = () => {
    clear();
    if (!paused) timer = setInterval(onTick, intervalMs);
  };
  return {
    restart,
    pause() {
      paused = true;
      clear();
    },
    resume() {
      paused = false;
      restart();
    },
    stop: clear,
    get paused() {
      return paused;
    },
  };
}
