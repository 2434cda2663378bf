import { ArrowLeft, Check, Home, Phone } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { RUBRIQUE_IDS, type RubriqueId } from '../../domain/site/routes';
import { PestIcon } from '../features/marketing/art';
import { Gallery } from '../features/marketing/gallery';
import { SiteLayout } from '../features/marketing/layout';
import { RUBRIQUE_PAGES, rubriqueMeta } from '../features/marketing/rubriques';
import { usePageMeta } from '../features/marketing/seo';
import { frenchSpaces } from '../lib/typography';
import NotFound from './not-found';

const isRubriqueId = (id: string | undefined): id is RubriqueId =>
  (RUBRIQUE_IDS as readonly string[]).includes(id ?? '');

export default function Rubrique() {
  const { id } = useParams();
  if (!isRubriqueId(id)) return <NotFound />;
  return <RubriqueContent id={id} />;
}

function RubriqueContent({ id }: { id: RubriqueId }) {
  const { identity: site } = useSiteSettings();
  const page = RUBRIQUE_PAGES[id];
  usePageMeta(rubriqueMeta(id));
  return (
    <SiteLayout>
      <section className="bg-[radial-gradient(ellipse_at_top_right,#1f7a45_0%,#14532d_50%,#0b2a18_100%)] pb-14 pt-24 text-white md:pb-20 md:pt-32">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 md:grid-cols-[1fr_auto]">
          <div>
            <Link
              to="/#rubriques"
              className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-emerald-100 hover:text-white hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Retour aux rubriques
            </Link>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl">{page.title}</h1>
            <p className="mt-4 max-w-2xl text-pretty text-lg text-emerald-50/90 sm:text-xl">
              {frenchSpaces(page.subtitle)}
            </p>
          </div>
          <div
            className="hidden size-44 items-center justify-center rounded-full bg-white/10 md:flex"
            aria-hidden="true"
          >
            <PestIcon kind={page.pest} size={120} />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <h2 className="text-2xl font-extrabold text-primary">Présentation</h2>
          {page.description.map((p) => (
            <p key={p.slice(0, 30)} className="mt-4 text-lg leading-relaxed text-muted-foreground">
              {p}
            </p>
          ))}
          <h2 className="mt-12 text-2xl font-extrabold text-primary">Nos prestations</h2>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {page.services.map((s) => (
              <li key={s} className="flex items-start gap-2.5 rounded-xl border bg-white p-4 shadow-sm">
                <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                {s}
              </li>
            ))}
          </ul>
        </div>
        <aside className="h-fit rounded-2xl bg-muted p-7">
          <h2 className="text-xl font-extrabold text-primary">Les avantages</h2>
          <ul className="mt-5 space-y-3">
            {page.advantages.map((a) => (
              <li key={a} className="flex items-start gap-2.5">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary">
                  <Check className="size-3.5 text-white" aria-hidden="true" />
                </span>
                {a}
              </li>
            ))}
          </ul>
          <a
            href={site.phoneHref ?? undefined}
            className="mt-7 flex h-12 items-center justify-center gap-2 rounded-md border-2 border-primary font-bold text-primary hover:bg-white"
          >
            <Phone className="size-5" aria-hidden="true" />
            {site.phone}
          </a>
        </aside>
      </div>

      <section aria-labelledby="etapes" className="bg-muted py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="etapes" className="text-center text-3xl font-extrabold text-primary">
            Notre méthode en {page.steps.length} étapes
          </h2>
          <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {page.steps.map((step, i) => (
              <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-full bg-accent text-lg font-extrabold text-accent-foreground">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold text-primary">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="galerie" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="galerie" className="text-3xl font-extrabold text-primary">
          Galerie
        </h2>
        <p className="mt-2 text-muted-foreground">Cliquez sur une image pour l'afficher en plein écran.</p>
        <div className="mt-8">
          <Gallery items={page.gallery} title={page.title} />
        </div>
      </section>

      <section className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 rounded-3xl bg-primary px-6 py-12 text-center text-white">
          <h2 className="text-2xl font-extrabold sm:text-3xl">Besoin d'une intervention ?</h2>
          <p className="max-w-2xl text-emerald-50/90">
            Devis gratuit, intervention en moins de 24h dans l'Eure, en Normandie et en Île-de-France.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Link
              to="/#contact"
              className="inline-flex h-12 items-center justify-center rounded-md bg-accent px-6 font-bold text-accent-foreground hover:bg-amber-400"
            >
              Demander un devis gratuit
            </Link>
            <Link
              to="/tarifs"
              className="inline-flex h-12 items-center justify-center rounded-md border border-white/40 px-6 font-semibold hover:bg-white/10"
            >
              Nos tarifs
            </Link>
            <Link
              to="/"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/40 px-6 font-semibold hover:bg-white/10"
            >
              <Home className="size-5" aria-hidden="true" />
              Retour à l'accueil
            </Link>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
