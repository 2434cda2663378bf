import { ArrowRight, Building2, Check, Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AnchorLink } from '../anchor-link';
import { PestIcon } from '../art';
import { PESTS, RODENT_OFFERS, RUBRIQUES } from '../content';
import { SectionHeading } from '../section-heading';

export function Specialities() {
  return (
    <section
      id="specialite"
      aria-labelledby="specialite-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="specialite-titre"
          eyebrow="Notre spécialité"
          title="Les nuisibles que nous combattons"
          intro="Chaque espèce a ses habitudes : nous adaptons la méthode, le produit et le suivi."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PESTS.map((p) => (
            <li
              key={p.title}
              className="group rounded-2xl border bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="flex size-20 items-center justify-center rounded-2xl bg-gradient-to-br from-emerald-50 to-amber-50">
                <PestIcon kind={p.pest} size={60} />
              </span>
              <h3 className="mt-5 text-lg font-bold text-primary">{p.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Rubriques() {
  return (
    <section
      id="rubriques"
      aria-labelledby="rubriques-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] bg-muted py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="rubriques-titre"
          eyebrow="Nos rubriques"
          title="Tous nos domaines d'intervention"
          intro="Découvrez le détail de chaque activité : méthodes, étapes et avantages."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {RUBRIQUES.map((r) => (
            <li key={r.id} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
              <PestIcon kind={r.pest} size={52} />
              <h3 className="mt-4 text-lg font-bold text-primary">{r.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{r.text}</p>
              <Link
                to={`/rubriques/${r.id}`}
                className="mt-5 inline-flex items-center gap-1.5 self-start rounded-md font-semibold text-primary hover:underline"
                aria-label={`Voir plus : ${r.title}`}
              >
                Voir plus
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function RodentServices() {
  return (
    <section
      id="prestations-rongeur"
      aria-labelledby="prestations-rongeur-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="prestations-rongeur-titre"
          eyebrow="Prestations rongeurs"
          title="Dératisation : particuliers et professionnels"
          intro="Deux besoins différents, une même exigence : des rongeurs éliminés et qui ne reviennent pas."
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          {RODENT_OFFERS.map((offer, i) => (
            <article
              key={offer.audience}
              className={
                i === 0
                  ? 'rounded-2xl border-2 border-emerald-100 bg-white p-8'
                  : 'rounded-2xl bg-primary p-8 text-primary-foreground'
              }
            >
              <div className="flex items-center gap-3">
                {i === 0 ? (
                  <Home className="size-7 text-primary" aria-hidden="true" />
                ) : (
                  <Building2 className="size-7 text-amber-300" aria-hidden="true" />
                )}
                <h3 className={i === 0 ? 'text-2xl font-extrabold text-primary' : 'text-2xl font-extrabold'}>
                  {offer.audience}
                </h3>
              </div>
              <p className={i === 0 ? 'mt-2 text-muted-foreground' : 'mt-2 text-emerald-50/90'}>
                {offer.title}
              </p>
              <ul className="mt-6 space-y-3">
                {offer.points.map((p) => (
                  <li key={p} className="flex items-start gap-2.5">
                    <Check
                      className={
                        i === 0
                          ? 'mt-0.5 size-5 shrink-0 text-primary'
                          : 'mt-0.5 size-5 shrink-0 text-amber-300'
                      }
                      aria-hidden="true"
                    />
                    {p}
                  </li>
                ))}
              </ul>
              {i === 1 && (
                <AnchorLink
                  section="contrat-sanitaire"
                  className="mt-7 inline-flex min-h-11 items-center gap-2 rounded-md py-2.5 bg-accent px-5 font-semibold text-accent-foreground hover:bg-amber-400"
                >
                  Découvrir le contrat sanitaire
                  <ArrowRight className="size-4" aria-hidden="true" />
                </AnchorLink>
              )}
              {i === 0 && (
                <AnchorLink
                  section="contact"
                  className="mt-7 inline-flex min-h-11 items-center gap-2 rounded-md py-2.5 bg-primary px-5 font-semibold text-primary-foreground hover:bg-primary/90"
                >
                  Demander un devis gratuit
                  <ArrowRight className="size-4" aria-hidden="true" />
                </AnchorLink>
              )}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
