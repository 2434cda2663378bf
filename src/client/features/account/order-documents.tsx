import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toastError } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { printedShortCode } from '@/domain/interventions/report';
import { frenchLongDate } from '@/domain/site/dates';
import { ToneBadge } from './status-badge';

/**
 * A customer's document: an order's invoice or credit note, or an intervention's report, addendum or
 * invoice (server/interventions/customer-documents.ts).
 */
export interface ListedDocument {
  kind: 'invoice' | 'credit_note' | 'report' | 'addendum';
  number: string;
  issuedAt: string;
  totalInclCents: number | null;
  /** An intervention's document names it; an intervention invoice has its status (« Payée »). */
  interventionNumber?: string;
  payment?: { paid: boolean; label: string } | null;
  /** A sealed report's short code, verified on /verifier/{code}. */
  verificationCode?: string | null;
}

/** A document's name and number: « Additif n° 1 au rapport », « RI-2026-000001 » for RI-2026-000001-A1. */
function titleOf(d: ListedDocument): [string, string] {
  if (d.kind !== 'addendum') return [TITLES[d.kind], d.number];
  const [, report = '', n] = /^(.*)-A(\d+)$/.exec(d.number) ?? [];
  return [`Additif n° ${n} au rapport`, report];
}

const TITLES: Record<Exclude<ListedDocument['kind'], 'addendum'>, string> = {
  invoice: 'Facture',
  credit_note: 'Avoir',
  report: 'Rapport d’intervention',
};

const DOWNLOAD_LABELS: Record<ListedDocument['kind'], string> = {
  invoice: 'Télécharger la facture',
  credit_note: 'Télécharger l’avoir',
  report: 'Télécharger le rapport',
  addendum: 'Télécharger l’additif',
};

/** An order's invoices and credit notes, an intervention's reports and invoice, each with its download. */
export function DocumentList({
  documents,
  action,
  className,
  title = 'Factures et avoirs',
  pageSection = false,
}: {
  documents: ListedDocument[];
  action: (d: ListedDocument) => ReactNode;
  className?: string;
  title?: string;
  /** A section of its own page (an h2), rather than a part of an order's card (an h4). */
  pageSection?: boolean;
}) {
  return (
    <section aria-label={title} className={className}>
      {pageSection ? (
        <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      ) : (
        <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      )}
      <ul className="grid gap-2">
        {documents.map((d) => {
          const [name, number] = titleOf(d);
          return (
            <li
              key={d.number}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border bg-background p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {name} <span className="whitespace-nowrap">{number}</span>
                  {d.payment && (
                    <ToneBadge
                      className="ml-2 align-middle"
                      label={d.payment.label}
                      tone={d.payment.paid ? 'green' : 'yellow'}
                    />
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {d.interventionNumber && `Intervention ${d.interventionNumber} · `}
                  {frenchLongDate(d.issuedAt)}
                  {d.totalInclCents !== null && ` · ${formatEuros(d.totalInclCents)} TTC`}
                </p>
                {d.verificationCode && (
                  <p className="text-xs text-muted-foreground">
                    Code de vérification{' '}
                    <a
                      className="font-mono underline underline-offset-2"
                      href={`/verifier/${d.verificationCode}`}
                    >
                      {printedShortCode(d.verificationCode)}
                    </a>
                  </p>
                )}
              </div>
              {action(d)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** « Télécharger … »: fetches the PDF as issued and saves it; a refusal is said in a toast. */
export function DownloadButton({
  document,
  fetch,
}: {
  document: ListedDocument;
  fetch: () => Promise<{ filename: string; base64: string }>;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveFile(await fetch(), 'application/pdf');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy} onClick={download}>
      <FileDown aria-hidden="true" />
      {DOWNLOAD_LABELS[document.kind]}
    </Button>
  );
}

/** "Télécharger la facture" (and its credit notes) on the customer's own order. */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const documents = trpc.account.documents.useQuery({ orderId });
  const utils = trpc.useUtils();
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <DocumentList
      className="lg:col-span-2"
      documents={documents.data}
      action={(d) => (
        <DownloadButton document={d} fetch={() => utils.account.document.fetch({ number: d.number })} />
      )}
    />
  );
}

/**
 * The same on the signed order page (/commande/{token}): plain links to the download route, whose
 * right is the token (server/invoices/signed-order.ts).
 */
/** Said on the signed order page once the customer's data was erased (ADR 020: legal hold). */
export const HELD_DOCUMENTS_TEXT =
  'Les données personnelles liées à cette commande ont été supprimées : ses factures et avoirs ne sont plus téléchargeables ici. La boutique les conserve dix ans, comme la loi l’exige ; contactez-nous pour en recevoir une copie.';

export function SignedOrderDocuments({ token }: { token: string }) {
  const documents = trpc.withdrawal.documents.useQuery({ token }, { retry: false });
  if (!documents.data || documents.data.length === 0) return null;
  if (documents.data.some((d) => d.held))
    return (
      <section className="rounded-lg border bg-card p-5 sm:p-6" data-testid="held-documents">
        <h2 className="mb-3 text-lg font-semibold">Factures et avoirs</h2>
        <p className="text-sm text-muted-foreground">{HELD_DOCUMENTS_TEXT}</p>
      </section>
    );
  return (
    <DocumentList
      className="rounded-lg border bg-card p-5 sm:p-6"
      pageSection
      documents={documents.data}
      action={(d) => (
        <Button asChild size="sm" variant="outline">
          <a href={`/api/commande/document.pdf?${new URLSearchParams({ token, number: d.number })}`} download>
            <FileDown aria-hidden="true" />
            {DOWNLOAD_LABELS[d.kind]}
          </a>
        </Button>
      )}
    />
  );
}
