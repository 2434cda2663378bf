import { BadgeCheck, Clock, Euro, Leaf, ShieldCheck, ShoppingBag, Store } from 'lucide-react';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { deliveryClaim } from '@/domain/legal/delivery-claims';
import { ZoneMap } from '../art';
import { CarouselFrame } from '../carousel-frame';
import { DEPARTMENTS, REASONS, SUPPLIERS } from '../content';
import { LogoScroller } from '../logo-scroller';
import { SectionHeading } from '../section-heading';
import { useCarousel } from '../use-carousel';

const reasonIcons = [Clock, BadgeCheck, Leaf, Euro, ShieldCheck];

export function Reasons() {
  const carousel = useCarousel(REASONS.length);
  return (
    <section
      id="pourquoi"
      aria-labelledby="pourquoi-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] bg-primary py-20 text-white md:py-28"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading
          id="pourquoi-titre"
          light
          eyebrow="Pourquoi nous choisir"
          title="5 bonnes raisons de nous faire confiance"
        />
        <div className="mt-12" data-testid="reasons-carousel">
          <CarouselFrame
            label="Nos raisons"
            itemLabel="Raison"
            carousel={carousel}
            tone="dark"
            slides={REASONS.map((r, i) => {
              const Icon = reasonIcons[i]!;
              return (
                <article
                  key={r.title}
                  className="flex min-h-64 flex-col items-center justify-center rounded-2xl bg-white/10 px-6 py-10 text-center ring-1 ring-white/15 sm:px-14"
                >
                  <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <Icon className="size-8" aria-hidden="true" />
                  </span>
                  <p className="mt-3 text-sm font-semibold text-amber-200">
                    {i + 1} / {REASONS.length}
                  </p>
                  <h3 className="mt-2 text-2xl font-extrabold">{r.title}</h3>
                  <p className="mt-3 max-w-xl text-lg leading-relaxed text-emerald-50/90">{r.text}</p>
                </article>
              );
            })}
          />
        </div>
      </div>
    </section>
  );
}

export function Zone() {
  return (
    <section
      id="zone"
      aria-labelledby="zone-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] py-20 md:py-28"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="zone-titre"
            eyebrow="Zone d'intervention"
            title="Dans l'Eure et toute la région"
            intro="Basés à Évreux, nous intervenons en Normandie et en Île-de-France, en moins de 24h, 24h/24 et 7j/7."
            className="text-left lg:mx-0"
          />
          <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {DEPARTMENTS.map((d) => (
              <li key={d.code} className="flex items-center gap-3 rounded-xl border bg-white p-3 shadow-sm">
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary text-base font-extrabold text-white">
                  {d.code}
                </span>
                <span className="font-semibold">{d.name}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl bg-gradient-to-br from-emerald-50 to-sky-50 p-6">
          <ZoneMap className="h-auto w-full" />
        </div>
      </div>
    </section>
  );
}

export function ShopTeaser() {
  const { delivery } = useSiteSettings();
  return (
    <section aria-labelledby="boutique-titre" className="px-4 sm:px-6">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 rounded-3xl bg-[linear-gradient(120deg,#fef3c7,#fde68a)] p-8 md:p-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-start gap-5">
          <span className="hidden size-16 shrink-0 items-center justify-center rounded-2xl bg-white text-primary shadow sm:flex">
            <Store className="size-8" aria-hidden="true" />
          </span>
          <div>
            <h2 id="boutique-titre" className="text-2xl font-extrabold text-[#3b2506] sm:text-3xl">
              Notre boutique en ligne
            </h2>
            <p className="mt-2 max-w-2xl text-[#4a3208]">
              Pièges, produits anti-nuisibles professionnels et matériel d'apiculture, sélectionnés par nos
              techniciens.{' '}
              {delivery.shippingEnabled
                ? `${deliveryClaim(delivery)}, ou retrait en boutique le samedi.`
                : `${deliveryClaim(delivery)}.`}
            </p>
          </div>
        </div>
        <a
          href="/boutique"
          className="inline-flex h-12 shrink-0 items-center gap-2 rounded-md bg-primary px-6 font-semibold text-primary-foreground shadow hover:bg-primary/90"
        >
          <ShoppingBag className="size-5" aria-hidden="true" />
          Découvrir la boutique
        </a>
      </div>
    </section>
  );
}

export function Suppliers() {
  return (
    <section
      aria-labelledby="fournisseurs-titre"
      className="py-20 [contain-intrinsic-size:auto_400px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="fournisseurs-titre" className="mb-14 text-center text-xl font-bold text-primary sm:text-2xl">
          Nos fournisseurs
        </h2>
        <LogoScroller label="Nos fournisseurs" items={SUPPLIERS} itemWidth={350} />
      </div>
    </section>
  );
}
