import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';
import {
  durationLabel,
  quoteSentence,
  servicePrice,
  surchargeLines,
  timeCountingSentence,
  travelSentence,
} from '@/domain/interventions/tariffs';
import { SiteLayout } from '../features/marketing/layout';

/**
 * « Tarifs »: the published tariff (arrêté du 24 janvier 2017), generated from Paramètres ›
 * Interventions and rendered by the server at request time with it (server/storefront/pages.ts).
 */
export default function Tarifs() {
  usePageTitle('Tarifs des interventions');
  const tariffs = trpc.interventions.tariffs.useQuery(undefined, { staleTime: 60_000 });
  const t = tariffs.data;
  return (
    <SiteLayout>
      <div className="bg-muted pb-10 pt-24 md:pt-32">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <Link
            to="/"
            className="inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Retour à l'accueil
          </Link>
          <h1 className="mt-4 text-3xl font-bold tracking-tight md:text-4xl">Tarifs des interventions</h1>
          <p className="mt-3 text-muted-foreground">
            Prix toutes taxes comprises (TTC). Avant toute intervention à votre domicile, nous vous remettons
            un devis écrit et détaillé.
          </p>
        </div>
      </div>
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
        {tariffs.isError && (
          <p role="alert" className="text-destructive">
            Impossible de charger les tarifs. Appelez-nous : nous vous les donnons par téléphone.
          </p>
        )}
        {!t && !tariffs.isError && <Spinner className="min-h-[30vh]" />}
        {t && (
          <>
            <section aria-labelledby="main-oeuvre">
              <h2 id="main-oeuvre" className="text-xl font-bold">
                Main-d’œuvre
              </h2>
              <ul className="mt-3 divide-y rounded-lg border bg-card">
                {t.hourlyRates.map((r) => (
                  <li key={r.label} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                    <span>{r.label}</span>
                    <span className="font-semibold">{formatEuros(r.cents)} TTC / heure</span>
                  </li>
                ))}
              </ul>
              <p className="mt-3">{timeCountingSentence(t)}</p>
            </section>
            <section aria-labelledby="deplacement">
              <h2 id="deplacement" className="text-xl font-bold">
                Déplacement
              </h2>
              <p className="mt-3">{travelSentence(t)}</p>
            </section>
            <section aria-labelledby="devis">
              <h2 id="devis" className="text-xl font-bold">
                Devis
              </h2>
              <p className="mt-3">{quoteSentence(t)}</p>
            </section>
            <section aria-labelledby="majorations">
              <h2 id="majorations" className="text-xl font-bold">
                Majorations
              </h2>
              {surchargeLines(t).length === 0 ? (
                <p className="mt-3">
                  Aucune majoration : le même tarif s’applique la nuit, le dimanche et en urgence.
                </p>
              ) : (
                <>
                  <ul className="mt-3 list-disc space-y-1 pl-6">
                    {surchargeLines(t).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  <p className="mt-2 text-sm text-muted-foreground">
                    Les majorations s’appliquent au prix de la main-d’œuvre et des prestations.
                  </p>
                </>
              )}
            </section>
            {t.services.length > 0 && (
              <section aria-labelledby="prestations">
                <h2 id="prestations" className="text-xl font-bold">
                  Prestations courantes
                </h2>
                <ul className="mt-3 divide-y rounded-lg border bg-card">
                  {t.services.map((s) => (
                    <li key={s.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
                      <div>
                        <p className="font-semibold">{s.label}</p>
                        {s.pests && <p className="text-sm text-muted-foreground">Nuisibles : {s.pests}</p>}
                        <p className="text-sm text-muted-foreground">
                          Durée habituelle : {durationLabel(s.defaultMinutes)}
                        </p>
                      </div>
                      <p className="font-semibold sm:text-right">{servicePrice(s, t)}</p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <p className="rounded-lg border bg-card p-4">
              Besoin d’une intervention ?{' '}
              <Link to="/#contact" className="font-semibold text-primary underline">
                Demandez votre devis
              </Link>
              .
            </p>
          </>
        )}
      </div>
    </SiteLayout>
  );
}
