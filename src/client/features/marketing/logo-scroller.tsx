import { Pause, Play } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { useReducedMotion } from './hooks';

/** The look of a wordmark: its own typeface, weight, colour and small drawn sign. */
export type WordmarkLook = 'leaf' | 'stencil' | 'hive' | 'spark' | 'seal' | 'block' | 'ribbon';

const sign = 'size-7 shrink-0';
const looks: Record<WordmarkLook, { text: string; sign?: ReactNode }> = {
  leaf: {
    text: 'font-serif text-2xl font-semibold italic text-emerald-800',
    sign: (
      <svg viewBox="0 0 24 24" className={cn(sign, 'text-emerald-600')} aria-hidden="true">
        <path d="M4 20C4 10 10 4 20 4c0 10-6 16-16 16Z" fill="currentColor" />
        <path d="M4 20 14 10" stroke="#fff" strokeWidth="1.5" />
      </svg>
    ),
  },
  stencil: {
    text: 'border-y-2 border-slate-800 py-0.5 font-mono text-lg font-bold uppercase tracking-[0.2em] text-slate-800',
  },
  hive: {
    text: 'font-sans text-2xl font-black tracking-tight text-amber-800',
    sign: (
      <svg viewBox="0 0 24 24" className={cn(sign, 'text-amber-500')} aria-hidden="true">
        <path d="M12 2 21 7v10l-9 5-9-5V7Z" fill="currentColor" />
        <path d="M12 7 16 9.5v5L12 17l-4-2.5v-5Z" fill="#fff" opacity=".7" />
      </svg>
    ),
  },
  spark: {
    text: 'font-sans text-2xl font-light tracking-wide text-violet-800',
    sign: (
      <svg viewBox="0 0 24 24" className={cn(sign, 'text-violet-600')} aria-hidden="true">
        <path d="M13 2 5 14h6l-1 8 8-12h-6Z" fill="currentColor" />
      </svg>
    ),
  },
  seal: {
    text: 'rounded-full border-4 border-double border-red-800 px-4 py-1 font-serif text-base font-bold uppercase tracking-widest text-red-800',
  },
  block: {
    text: '-skew-x-6 bg-sky-800 px-3 py-0.5 font-sans text-2xl font-black italic uppercase tracking-tight text-white',
  },
  ribbon: {
    text: 'font-serif text-xl font-bold text-blue-900 underline decoration-amber-400 decoration-wavy decoration-2 underline-offset-4',
  },
};

/** Seconds each logo takes to scroll past (visitor-site.md §9). */
export const SECONDS_PER_LOGO = 4;

/**
 * A continuously scrolling row of typographic wordmarks (no real brand's logo). It runs through the
 * Web Animations API so it can be paused; it stays still for visitors who ask for reduced motion.
 */
export function LogoScroller({
  label,
  items,
  itemWidth,
}: {
  label: string;
  items: readonly { name: string; tagline: string; look: WordmarkLook }[];
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
              className="flex h-24 shrink-0 flex-col items-center justify-center px-4 text-center"
            >
              <span className="flex items-center gap-2 whitespace-nowrap">
                {looks[item.look].sign}
                <span className={looks[item.look].text}>{item.name}</span>
              </span>
              <span className="mt-2 text-xs font-medium uppercase tracking-wider text-muted-foreground">
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
