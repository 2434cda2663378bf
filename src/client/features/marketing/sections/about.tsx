import {
  CalendarCheck,
  ClipboardList,
  Mail,
  MapPin,
  Phone,
  RefreshCw,
  Search,
  ShieldCheck,
  Star,
  Syringe,
} from 'lucide-react';
import { useState } from 'react';
import { EmailText } from '@/client/components/ui/email-text';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { cn } from '@/client/lib/utils';
import { BUSINESS } from '../../../../domain/site/business';
import { AnchorLink } from '../anchor-link';
import { LogoMark } from '../art';
import { TESTIMONIAL_INTERVAL_MS } from '../carousel';
import { CarouselFrame } from '../carousel-frame';
import { ABOUT, PARTNERS, SANITARY_CONTRACT, TESTIMONIALS } from '../content';
import { LogoScroller } from '../logo-scroller';
import { SectionHeading } from '../section-heading';
import { useCarousel } from '../use-carousel';

const pillarIcons = [ShieldCheck, Search, Syringe, ClipboardList];

export function SanitaryContract() {
  return (
    <section
      id="contrat-sanitaire"
      aria-labelledby="contrat-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] bg-muted py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="contrat-titre"
          eyebrow="Professionnels"
          title={SANITARY_CONTRACT.title}
          intro={SANITARY_CONTRACT.intro}
        />
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {SANITARY_CONTRACT.pillars.map((p, i) => {
            const Icon = pillarIcons[i]!;
            return (
              <li key={p.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-primary">
                  {i + 1}. {p.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{p.text}</p>
              </li>
            );
          })}
        </ol>
        <div className="mt-8 grid gap-4 rounded-2xl border border-emerald-200 bg-white p-6 md:grid-cols-[auto_1fr_auto] md:items-center">
          <div className="flex gap-3 text-sm font-semibold text-primary">
            <CalendarCheck className="size-5" aria-hidden="true" /> Contrat annuel
            <RefreshCw className="ml-3 size-5" aria-hidden="true" /> Renouvelable ou non
          </div>
          <p className="text-sm text-muted-foreground">{SANITARY_CONTRACT.legal}</p>
          <AnchorLink
            section="contact"
            className="inline-flex h-11 items-center justify-center rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90"
          >
            Demander un devis
          </AnchorLink>
        </div>
      </div>
    </section>
  );
}

/** The business card: a button that flips between recto and verso (click, Enter or Space). */
function BusinessCard() {
  const { identity: site } = useSiteSettings();
  const [verso, setVerso] = useState(false);
  const face = 'absolute inset-0 flex flex-col rounded-2xl p-6 shadow-xl [backface-visibility:hidden] sm:p-8';
  return (
    <div className="mx-auto w-full max-w-md">
      <button
        type="button"
        onClick={() => setVerso((v) => !v)}
        aria-pressed={verso}
        data-testid="business-card"
        data-face={verso ? 'verso' : 'recto'}
        className="block w-full rounded-2xl [perspective:1200px]"
      >
        <span className="sr-only">{verso ? 'Carte de visite, verso :' : 'Carte de visite, recto :'}</span>
        <span
          className={cn(
            'relative block aspect-[85/55] w-full transition-transform duration-700 [transform-style:preserve-3d] motion-reduce:transition-none',
            verso && '[transform:rotateY(180deg)]',
          )}
        >
          <span
            className={cn(
              face,
              'items-start justify-between bg-[linear-gradient(135deg,#14532d,#0b2a18)] text-left text-white',
            )}
            aria-hidden={verso}
          >
            <span className="flex items-center gap-3">
              <LogoMark size={48} />
              <span>
                <span className="block text-xl font-extrabold">Hygiène</span>
                <span className="block text-sm text-emerald-100">Anti-nuisibles 27</span>
              </span>
            </span>
            <span className="block">
              <span className="block text-sm font-semibold uppercase tracking-wider text-amber-300">
                Dératisation · Désinsectisation · Désinfection
              </span>
              <span className="mt-1 block text-sm text-emerald-50/90">Urgences 24h/24 et 7j/7</span>
            </span>
          </span>
          <span
            className={cn(
              face,
              'justify-center gap-3 bg-white text-left text-foreground [transform:rotateY(180deg)]',
            )}
            aria-hidden={!verso}
          >
            <span className="block text-lg font-extrabold text-primary">{site.name}</span>
            <span className="flex items-center gap-2 text-sm">
              <Phone className="size-4 text-primary" aria-hidden="true" /> {site.phone}
            </span>
            <span className="flex items-center gap-2 text-sm">
              <Mail className="size-4 shrink-0 text-primary" aria-hidden="true" />{' '}
              <span>
                <EmailText email={site.email} />
              </span>
            </span>
            <span className="flex items-center gap-2 text-sm">
              <MapPin className="size-4 text-primary" aria-hidden="true" /> {BUSINESS.city}, Eure (27)
            </span>
          </span>
        </span>
      </button>
      <p className="mt-3 text-center text-sm text-muted-foreground">{ABOUT.cardHint}</p>
    </div>
  );
}

export function About() {
  return (
    <section
      id="apropos"
      aria-labelledby="apropos-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] py-20 md:py-28"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="apropos-titre"
            eyebrow="Qui sommes-nous"
            title={ABOUT.title}
            className="text-left lg:mx-0"
          />
          {ABOUT.paragraphs.map((p) => (
            <p key={p.slice(0, 24)} className="mt-5 text-lg leading-relaxed text-muted-foreground">
              {p}
            </p>
          ))}
        </div>
        <BusinessCard />
      </div>
    </section>
  );
}

export function Partners() {
  return (
    <section
      aria-labelledby="partenaires-titre"
      className="bg-muted py-20 [contain-intrinsic-size:auto_400px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="partenaires-titre" className="mb-14 text-center text-xl font-bold text-primary sm:text-2xl">
          Partenaires et certifications
        </h2>
        <LogoScroller label="Partenaires et certifications" items={PARTNERS} itemWidth={300} />
      </div>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex gap-0.5" role="img" aria-label={`${rating} étoiles sur 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-5', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

export function Testimonials() {
  const carousel = useCarousel(TESTIMONIALS.length, TESTIMONIAL_INTERVAL_MS);
  return (
    <section
      id="avis"
      aria-labelledby="avis-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] py-20 md:py-28"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading
          id="avis-titre"
          eyebrow="Avis clients"
          title="Ils nous ont fait confiance"
          intro="4.9/5 de moyenne sur plus de 260 avis : merci à nos clients."
        />
        <div className="mt-12" data-testid="testimonials-carousel">
          <CarouselFrame
            label="Avis de nos clients"
            itemLabel="Avis"
            carousel={carousel}
            pausable
            slides={TESTIMONIALS.map((t) => (
              <figure
                key={t.name}
                className="flex min-h-72 flex-col justify-between rounded-2xl border bg-white p-8 shadow-sm sm:p-10"
              >
                <div>
                  <Stars rating={t.rating} />
                  <blockquote className="mt-5 text-pretty text-lg leading-relaxed text-foreground sm:text-xl">
                    « {t.text} »
                  </blockquote>
                </div>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    className="flex size-11 items-center justify-center rounded-full bg-primary font-bold text-white"
                    aria-hidden="true"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-bold text-primary">{t.name}</span>
                    <span className="block text-sm text-muted-foreground">{t.location}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          />
        </div>
        <p className="mt-8 text-center">
          <a
            href={BUSINESS.reviewsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-primary underline underline-offset-4 hover:text-primary/80"
          >
            Voir tous nos avis clients
            <span className="sr-only">(s'ouvre dans un nouvel onglet)</span>
          </a>
        </p>
      </div>
    </section>
  );
}
