import { ArrowRight, Clock, ShieldCheck, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AnchorLink } from '../anchor-link';
import { PestIcon } from '../art';
import { CLAIMS, HERO_WORDS } from '../content';
import { useReducedMotion } from '../hooks';
import { initialTypewriterState, runTypewriter, visibleText } from '../typewriter';

/** The typed words; with reduced motion the first word simply stays, whole. */
function useTypewriter(words: readonly string[]): string {
  const reduced = useReducedMotion();
  const [state, setState] = useState(initialTypewriterState);
  useEffect(() => {
    if (reduced) {
      setState(initialTypewriterState);
      return;
    }
    return runTypewriter(words, setState);
  }, [words, reduced]);
  return visibleText(state, words);
}

export function Hero() {
  const typed = useTypewriter(HERO_WORDS);
  return (
    <section
      id="accueil"
      aria-labelledby="accueil-titre"
      className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top_right,#1f7a45_0%,#14532d_45%,#0b2a18_100%)] pb-16 pt-28 text-white md:pb-24 md:pt-36"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:radial-gradient(#fff_1px,transparent_1px)] [background-size:22px_22px]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.2fr_0.8fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-amber-400/15 px-4 py-1.5 text-sm font-semibold text-amber-200">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-300 opacity-70 motion-reduce:hidden" />
              <span className="relative inline-flex size-2.5 rounded-full bg-amber-300" />
            </span>
            {CLAIMS.badge}
          </p>
          <h1
            id="accueil-titre"
            className="mt-6 text-[2rem] font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-[2.75rem] xl:text-[3.5rem]"
          >
            <span className="sr-only">Nous intervenons pour {HERO_WORDS.join(', ')}</span>
            <span aria-hidden="true">
              {/* One line from 1024 px: the sizes above keep "pour" from wrapping alone. */}
              <span data-testid="hero-lead" className="lg:whitespace-nowrap">
                Nous intervenons pour
              </span>
              <span className="block min-h-[1.25em] whitespace-nowrap text-amber-300">
                <span data-testid="typewriter">{typed}</span>
                <span className="ml-0.5 inline-block w-[3px] animate-pulse bg-amber-300 align-baseline motion-reduce:animate-none">
                  &nbsp;
                </span>
              </span>
            </span>
          </h1>
          <p className="mt-6 max-w-2xl text-pretty text-lg text-emerald-50/90 sm:text-xl">
            Dératisation, désinsectisation, destruction de nids de guêpes et de frelons asiatiques dans l'Eure
            et toute la Normandie. Devis gratuit, intervention en moins de 24h, même le dimanche et les jours
            fériés.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <AnchorLink
              section="contact"
              className="inline-flex h-13 items-center justify-center gap-2 rounded-md bg-accent px-7 text-base font-bold text-accent-foreground shadow-lg shadow-black/20 transition hover:bg-amber-400"
            >
              Demander une intervention
              <ArrowRight className="size-5" aria-hidden="true" />
            </AnchorLink>
            <AnchorLink
              section="services"
              className="inline-flex h-13 items-center justify-center rounded-md border border-white/40 px-7 text-base font-semibold text-white transition hover:bg-white/10"
            >
              Voir nos services
            </AnchorLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-emerald-50/90">
            {CLAIMS.promises.map((p, i) => (
              <li key={p} className="flex items-center gap-1.5">
                {i === 1 ? (
                  <Clock className="size-4 text-amber-300" aria-hidden="true" />
                ) : (
                  <ShieldCheck className="size-4 text-amber-300" aria-hidden="true" />
                )}
                {p}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto hidden aspect-square w-full max-w-md lg:block" aria-hidden="true">
          <div className="absolute inset-6 rounded-full bg-white/10" />
          <div className="absolute inset-16 rounded-full bg-white/10" />
          <PestIcon
            kind="hornet"
            size={260}
            className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 drop-shadow-xl"
          />
          <div className="absolute left-0 top-10 rounded-xl bg-white p-3 text-foreground shadow-xl">
            <PestIcon kind="rat" size={56} />
          </div>
          <div className="absolute bottom-10 right-0 rounded-xl bg-white p-3 text-foreground shadow-xl">
            <PestIcon kind="cockroach" size={56} />
          </div>
        </div>
      </div>
      <div className="relative mx-auto mt-14 max-w-7xl px-4 sm:px-6">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {CLAIMS.stats.map((s) => (
            <div
              key={s.label}
              className="rounded-xl border border-white/15 bg-white/10 px-4 py-5 text-center backdrop-blur"
            >
              <dt className="sr-only">{s.label}</dt>
              <dd className="flex items-center justify-center gap-1 text-3xl font-extrabold text-white">
                {s.value}
                {s.value === '4.9/5' && (
                  <Star className="size-5 fill-amber-300 text-amber-300" aria-hidden="true" />
                )}
              </dd>
              <dd className="mt-1 text-sm text-emerald-50/85">{s.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
