import { BadgeCheck, Download, FileText, ShieldAlert, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { buttonVariants } from '@/client/components/ui/button';
import { SitePlan } from '@/client/features/account/site-plan';
import type { RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { printedShortCode } from '@/domain/interventions/report';
import { DEVICE_KINDS } from '@/domain/interventions/visit-events';
import { frenchDay, frenchLongDate } from '@/domain/site/dates';

type Folder = RouterOutputs['inspector']['folder'];

/** The page is never indexed: the server says it in a header, the page in its head too. */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** A revoked or unknown link: nothing of the site, and who to ask. */
export function FolderGone() {
  return (
    <section role="alert" className="mx-auto max-w-lg rounded-lg border bg-card p-8 text-center">
      <XCircle className="mx-auto size-10 text-destructive" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Ce lien n’est plus valide</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Le dossier a été retiré ou l’adresse est incomplète. Demandez un nouveau lien à l’entreprise qui
        intervient sur le site.
      </p>
    </section>
  );
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card p-5 sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /dossier/{token}: the inspector's folder of a site (issue 38 point 4, ADR 045), read without an
 * account; the page (routes/dossier.tsx) checks the link and shows FolderGone when it is refused.
 */
export function InspectorFolder({ folder, token }: { folder: Folder; token: string }) {
  const s = folder.site;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Dossier de lutte contre les nuisibles</p>
          <h1 className="text-3xl font-bold tracking-tight">{s.name}</h1>
          <p className="mt-1 text-muted-foreground">
            {s.street}, {s.zipCode} {s.city} · {s.siteType}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {folder.label} · état au {frenchDay(folder.madeOn)}
          </p>
        </div>
        <a
          href={`/dossier/${token}/pdf`}
          download
          className={cn(buttonVariants(), 'shrink-0')}
          data-testid="folder-pdf"
        >
          <Download aria-hidden="true" />
          Télécharger le dossier (PDF)
        </a>
      </header>

      <Section title="Protocole" id="folder-protocol">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2 [&_dd]:mb-2 sm:[&_dd]:mb-0 [&_dt]:text-muted-foreground">
          <dt className="font-medium">Nuisibles ciblés</dt>
          <dd>{folder.pests.length ? folder.pests.join(', ') : 'Non précisé'}</dd>
          <dt className="font-medium">Visites</dt>
          <dd>{folder.visitFrequency || 'Selon les demandes (aucun contrat en cours)'}</dd>
          <dt className="font-medium">Zones</dt>
          <dd>{folder.zones.length ? folder.zones.join(', ') : 'Aucune zone définie'}</dd>
          <dt className="font-medium">Dispositifs en place</dt>
          <dd>{folder.devices.length}</dd>
        </dl>
        <p className="mt-4 text-sm whitespace-pre-line">
          {folder.protocol || 'Aucun protocole rédigé pour ce site.'}
        </p>
      </Section>

      <Section title="Plan des dispositifs" id="folder-plan">
        <SitePlan plan={folder.plan} devices={folder.devices} siteName={s.name} />
        {folder.devices.length > 0 && (
          <ul className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {folder.devices.map((d) => (
              <li key={d.id} className="flex justify-between gap-3 border-b py-1 last:border-0">
                <span className="font-medium">{d.label}</span>
                <span className="text-right text-muted-foreground">
                  {DEVICE_KINDS[d.kind]}
                  {d.zoneName ? ` · ${d.zoneName}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Produits appliqués et fiches de données de sécurité" id="folder-products">
        {folder.products.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun produit biocide appliqué sur ce site.</p>
        ) : (
          <ul className="divide-y text-sm">
            {folder.products.map((p) => (
              <li key={p.productId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{p.title}</span>
                  <span className="block text-muted-foreground">
                    AMM {p.ammNumber} · {p.biocideType} · dernière application le {frenchDay(p.lastAppliedOn)}
                  </span>
                </span>
                {p.safetyDataSheet ? (
                  <a
                    href={p.safetyDataSheet}
                    className="inline-flex items-center gap-1.5 text-primary underline underline-offset-2"
                  >
                    <FileText className="size-4" aria-hidden="true" />
                    Fiche de données de sécurité
                  </a>
                ) : (
                  <span className="text-muted-foreground">Fiche non fournie</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Certificats des applicateurs (Certibiocide)" id="folder-certificates">
        {folder.certificates.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun applicateur de produit biocide sur ce site.</p>
        ) : (
          <ul className="divide-y text-sm">
            {folder.certificates.map((c) => (
              <li
                key={`${c.name}-${c.number}`}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span>
                  <span className="font-medium">{c.name}</span>
                  <span className="block text-muted-foreground">
                    {c.number ? `N° ${c.number}` : 'Certificat non renseigné'}
                    {c.category ? ` · ${c.category}` : ''}
                    {c.validUntil ? ` · valable jusqu’au ${frenchDay(c.validUntil)}` : ''}
                  </span>
                </span>
                {c.validToday ? (
                  <span className="inline-flex items-center gap-1 text-green-700">
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    Valide aujourd’hui
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-destructive">
                    <ShieldAlert className="size-4" aria-hidden="true" />
                    Non valide aujourd’hui
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Rapports d’intervention" id="folder-reports">
        {folder.reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun rapport scellé pour ce site.</p>
        ) : (
          <ul className="divide-y text-sm">
            {folder.reports.map((r) => (
              <li key={r.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">Rapport {r.number}</span>
                  <span className="block text-muted-foreground">Scellé le {frenchLongDate(r.issuedAt)}</span>
                </span>
                <a
                  href={`/verifier/${r.verificationCode}`}
                  className="inline-flex items-center gap-1.5 text-primary underline underline-offset-2"
                >
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  Vérifier · <span className="font-mono">{printedShortCode(r.verificationCode)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <p className="text-xs text-muted-foreground">
        Lien personnel, en lecture seule, révocable à tout moment par l’entreprise. Les rapports et les fiches
        de données de sécurité sont joints au PDF.
      </p>
    </div>
  );
}
