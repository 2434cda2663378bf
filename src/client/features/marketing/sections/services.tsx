import { Check, ChevronDown, MousePointerClick } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/client/lib/utils';
import { AnchorLink } from '../anchor-link';
import { PestIcon } from '../art';
import { type LandingService, SERVICES } from '../content';
import { SectionHeading } from '../section-heading';

function Features({ service }: { service: LandingService }) {
  return (
    <>
      <p className="mt-6 font-semibold text-foreground">Ce qui est inclus :</p>
      <ul className="mt-3 grid gap-2.5 sm:grid-cols-2">
        {service.features.map((f) => (
          <li key={f} className="flex items-start gap-2 text-foreground">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100">
              <Check className="size-3.5 text-primary" aria-hidden="true" />
            </span>
            {f}
          </li>
        ))}
      </ul>
    </>
  );
}

const requestButton =
  'mt-7 inline-flex h-12 items-center justify-center rounded-md bg-primary px-6 font-semibold text-primary-foreground shadow hover:bg-primary/90';

export function Services() {
  // Desktop: one service always selected. Mobile: an accordion where at most one is open.
  const [selected, setSelected] = useState<LandingService['id']>(SERVICES[0]!.id);
  const [open, setOpen] = useState<LandingService['id'] | null>(null);
  const current = SERVICES.find((s) => s.id === selected)!;

  return (
    <section
      id="services"
      aria-labelledby="services-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] bg-muted py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="services-titre"
          eyebrow="Nos services"
          title="Des solutions adaptées à chaque nuisible"
          intro="Particuliers, professionnels, collectivités : un diagnostic précis, un traitement ciblé et un suivi jusqu'au résultat."
        />
        <p className="mt-6 flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
          <MousePointerClick className="size-4" aria-hidden="true" />
          Cliquez pour voir les détails
        </p>

        {/* Desktop: list + detail panel */}
        <div
          className="mt-10 hidden gap-8 md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
          data-testid="services-desktop"
        >
          <ul className="grid gap-3">
            {SERVICES.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-pressed={s.id === selected}
                  aria-controls="service-detail"
                  onClick={() => setSelected(s.id)}
                  className={cn(
                    'flex w-full items-center gap-4 rounded-xl border-2 bg-white p-4 text-left transition',
                    s.id === selected
                      ? 'border-primary shadow-lg ring-4 ring-primary/10'
                      : 'border-transparent shadow-sm hover:border-emerald-200 hover:shadow',
                  )}
                >
                  <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-emerald-50">
                    <PestIcon kind={s.pest} size={44} />
                  </span>
                  <span>
                    <span className="block font-bold text-primary">{s.title}</span>
                    <span className="mt-0.5 block text-sm text-muted-foreground">{s.summary}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <section
            id="service-detail"
            aria-live="polite"
            aria-label={current.title}
            className="rounded-2xl bg-white p-8 shadow-lg lg:p-10"
          >
            <div className="flex items-center gap-4">
              <span className="flex size-16 items-center justify-center rounded-xl bg-emerald-50">
                <PestIcon kind={current.pest} size={52} />
              </span>
              <h3 className="text-2xl font-extrabold text-primary">{current.title}</h3>
            </div>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{current.description}</p>
            <Features service={current} />
            <AnchorLink section="contact" className={requestButton}>
              Demander une intervention
            </AnchorLink>
          </section>
        </div>

        {/* Mobile: accordion, one open at a time */}
        <ul className="mt-8 grid gap-3 md:hidden" data-testid="services-mobile">
          {SERVICES.map((s) => {
            const isOpen = open === s.id;
            return (
              <li
                key={s.id}
                className={cn(
                  'rounded-xl border-2 bg-white shadow-sm',
                  isOpen ? 'border-primary' : 'border-transparent',
                )}
              >
                <h3>
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={`service-${s.id}`}
                    onClick={() => setOpen(isOpen ? null : s.id)}
                    className="flex w-full items-center gap-3 p-4 text-left"
                  >
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-emerald-50">
                      <PestIcon kind={s.pest} size={38} />
                    </span>
                    <span className="flex-1">
                      <span className="block font-bold text-primary">{s.title}</span>
                      <span className="mt-0.5 block text-sm text-muted-foreground">{s.summary}</span>
                    </span>
                    <ChevronDown
                      className={cn(
                        'size-5 shrink-0 text-primary transition-transform',
                        isOpen && 'rotate-180',
                      )}
                      aria-hidden="true"
                    />
                  </button>
                </h3>
                <div id={`service-${s.id}`} hidden={!isOpen} className="px-4 pb-5">
                  <p className="leading-relaxed text-muted-foreground">{s.description}</p>
                  <Features service={s} />
                  <AnchorLink section="contact" className={cn(requestButton, 'w-full')}>
                    Demander une intervention
                  </AnchorLink>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
