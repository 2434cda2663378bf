import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { useReducedMotion } from './hooks';

/** Seconds each logo takes to scroll past (visitor-site.md §9). */
export const SECONDS_PER_LOGO = 4;

/**
 * A continuously scrolling row of neutral text marks (no real brand logo). It runs through the
 * Web Animations API so it can be paused; it stays still for visitors who ask for reduced motion.
 */
export function LogoScroller({
  label,
  items,
  itemWidth,
}: {
  label: string;
  items: readonly { name: string; tagline: string }[];
  itemWidth: number;
}) {
  const track = useRef<HTMLUListElement>(null);
  const animation = useRef<Animation | null>(null);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const el = track.current;
    if (!el || reduced || typeof el.animate !== 'function') return;
    const run = el.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-50%)' }], {
      duration: items.length * SECONDS_PER_LOGO * 1000,
      iterations: Number.POSITIVE_INFINITY,
    });
    animation.current = run;
    return () => run.cancel();
  }, [items.length, reduced]);

  useEffect(() => {
    if (paused) animation.current?.pause();
    else animation.current?.play();
  }, [paused]);

  const row = [...items, ...items];
  return (
    <div className="relative">
      <div
        className={cn(
          'overflow-hidden [mask-image:linear-gradient(to_right,transparent,#000_8%,#000_92%,transparent)]',
          reduced && 'overflow-x-auto',
        )}
      >
        <ul ref={track} aria-label={label} className="flex w-max gap-6 py-2">
          {row.map((item, i) => (
            <li
              key={i}
              aria-hidden={i >= items.length ? true : undefined}
              style={{ width: itemWidth }}
              className="flex h-24 shrink-0 flex-col items-center justify-center rounded-xl border border-emerald-100 bg-white px-6 text-center shadow-sm"
            >
              <span className="text-xl font-extrabold tracking-tight text-primary">{item.name}</span>
              <span className="mt-1 text-xs font-medium uppercase tracking-wider text-muted-foreground">
                {item.tagline}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {!reduced && (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          className="absolute -top-12 right-0 inline-flex size-10 items-center justify-center rounded-full border border-emerald-200 bg-white text-primary hover:bg-emerald-50"
          aria-label={
            paused ? `Reprendre le défilement : ${label}` : `Mettre en pause le défilement : ${label}`
          }
        >
          {paused ? (
            <Play className="size-4" aria-hidden="true" />
          ) : (
            <Pause className="size-4" aria-hidden="true" />
          )}
        </button>
      )}
    </div>
  );
}
