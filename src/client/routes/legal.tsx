import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RetentionSettings } from '../../domain/privacy/retention-periods';
import { SiteLayout } from '../features/marketing/layout';
import {
  CGV_UPDATED,
  Cgv,
  LEGAL_UPDATED,
  MentionsLegales,
  PolitiqueConfidentialite,
} from '../features/marketing/legal-content';
import { LEGAL_META, type LegalPageId, usePageMeta } from '../features/marketing/seo';

/**
 * The privacy policy states the retention periods the server applies (settings, ADR 020). A plain
 * GET of the public procedure: marketing pages are prerendered without the tRPC client, and do not
 * load it (docs/decisions/017-js-budget.md). The defaults show until the answer arrives.
 */
function PrivacyPolicy() {
  const [retention, setRetention] = useState<RetentionSettings | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/trpc/privacy.policy')
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { result?: { data?: RetentionSettings } } | null) => {
        if (live && body?.result?.data) setRetention(body.result.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return <PolitiqueConfidentialite {...(retention ? { retention } : {})} />;
}

const pages: Record<LegalPageId, { title: string; updated: boolean; Body: () => React.ReactNode }> = {
  'mentions-legales': { title: 'Mentions Légales', updated: false, Body: MentionsLegales },
  cgv: { title: 'Conditions Générales de Vente', updated: true, Body: Cgv },
  'politique-confidentialite': {
    title: 'Politique de Confidentialité',
    updated: true,
    Body: PrivacyPolicy,
  },
};

export default function Legal({ page }: { page: LegalPageId }) {
  usePageMeta(LEGAL_META[page]);
  const { title, updated, Body } = pages[page];
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
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{title}</h1>
          {updated && (
            <p className="mt-3 text-muted-foreground">
              {page === 'cgv'
                ? `Version du ${CGV_UPDATED} · Dernière mise à jour : ${CGV_UPDATED}`
                : `Dernière mise à jour : ${LEGAL_UPDATED}`}
            </p>
          )}
        </div>
      </div>
      <article className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 [&_a]:font-medium [&_a]:text-primary [&_a]:underline">
        <Body />
      </article>
    </SiteLayout>
  );
}
