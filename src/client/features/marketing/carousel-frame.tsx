import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';
import type { useCarousel } from './use-carousel';

/** Accessible carousel chrome: sliding track, previous/next arrows, dots, optional pause button. */
export function CarouselFrame({
  label,
  itemLabel,
  carousel,
  slides,
  tone = 'light',
  pausable = false,
}: {
  label: string;
  /** e.g. 'Avis' → 'Avis 3 sur 8'. */
  itemLabel: string;
  carousel: ReturnType<typeof useCarousel>;
  slides: ReactNode[];
  tone?: 'light' | 'dark';
  pausable?: boolean;
}) {
  const { index, next, prev, goTo, playing, paused, togglePause, reduced } = carousel;
  const dark = tone === 'dark';
  const arrow = cn(
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full border transition',
    dark
      ? 'border-white/30 text-white hover:bg-white/10'
      : 'border-emerald-200 bg-white text-primary shadow-sm hover:bg-emerald-50',
  );
  return (
    <section aria-roledescription="carrousel" aria-label={label} className="relative">
      <div className="overflow-hidden rounded-2xl">
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={playing ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern uses role=group slides
            <div
              key={i}
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${itemLabel} ${i + 1} sur ${slides.length}`}
              aria-hidden={i !== index}
              inert={i !== index}
              className="w-full shrink-0 px-1"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* On phones the dots take a row of their own, so the buttons keep their 44 px round shape. */}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-3">
        <button type="button" className={arrow} onClick={prev} aria-label="Précédent">
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <div className="order-first flex w-full items-center justify-center gap-1 sm:order-none sm:w-auto">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              onClick={() => goTo(i)}
              aria-label={`${itemLabel} ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  i === index ? 'w-6' : 'w-2.5',
                  dark
                    ? i === index
                      ? 'bg-amber-300'
                      : 'bg-white/40'
                    : i === index
                      ? 'bg-primary'
                      : 'bg-emerald-200',
                )}
              />
            </button>
          ))}
        </div>
        <button type="button" className={arrow} onClick={next} aria-label="Suivant">
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
        {pausable && !reduced && (
          <button
            type="button"
            className={arrow}
            onClick={togglePause}
            aria-label={paused ? 'Reprendre le défilement' : 'Mettre en pause le défilement'}
          >
            {paused ? (
              <Play className="size-5" aria-hidden="true" />
            ) : (
              <Pause className="size-5" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
    </section>
  );
}
