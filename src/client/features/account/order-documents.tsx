import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toastError } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { frenchLongDate } from '@/domain/site/dates';

interface Listed {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  totalInclCents: number;
}

const downloadLabel = (d: Listed) =>
  d.kind === 'invoice' ? 'Télécharger la facture' : 'Télécharger l’avoir';

/** An order's invoices and credit notes, each with its download. */
function DocumentList({
  documents,
  action,
  className,
  pageSection = false,
}: {
  documents: Listed[];
  action: (d: Listed) => ReactNode;
  className?: string;
  /** A section of its own page (an h2), rather than a part of an order's card (an h4). */
  pageSection?: boolean;
}) {
  return (
    <section aria-label="Factures" className={className}>
      {pageSection ? (
        <h2 className="mb-3 text-lg font-semibold">Factures et avoirs</h2>
      ) : (
        <h4 className="mb-2 text-sm font-semibold">Factures et avoirs</h4>
      )}
      <ul className="grid gap-2">
        {documents.map((d) => (
          <li
            key={d.number}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-3"
          >
            <div className="text-sm">
              <p className="font-medium">
                {d.kind === 'invoice' ? 'Facture' : 'Avoir'} {d.number}
              </p>
              <p className="text-xs text-muted-foreground">
                {frenchLongDate(d.issuedAt)} · {formatEuros(d.totalInclCents)} TTC
              </p>
            </div>
            {action(d)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Télécharger la facture" (and its credit notes) on the customer's own order. */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const documents = trpc.account.documents.useQuery({ orderId });
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<string | null>(null);
  if (!documents.data || documents.data.length === 0) return null;

  async function download(number: string) {
    setBusy(number);
    try {
      saveFile(await utils.account.document.fetch({ number }), 'application/pdf');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <DocumentList
      className="lg:col-span-2"
      documents={documents.data}
      action={(d) => (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy === d.number}
          onClick={() => download(d.number)}
        >
          <FileDown aria-hidden="true" />
          {downloadLabel(d)}
        </Button>
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
            {downloadLabel(d)}
          </a>
        </Button>
      )}
    />
  );
}
