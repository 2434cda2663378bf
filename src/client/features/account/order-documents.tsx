import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { frenchLongDate } from '@/domain/account/order-status';
import { formatEuros } from '@/domain/catalog/pricing';

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
      toast({ title: 'Erreur', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-label="Factures" className="lg:col-span-2">
      <h4 className="mb-2 text-sm font-semibold">Factures et avoirs</h4>
      <ul className="grid gap-2">
        {documents.data.map((d) => (
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
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy === d.number}
              onClick={() => download(d.number)}
            >
              <FileDown aria-hidden="true" />
              {d.kind === 'invoice' ? 'Télécharger la facture' : 'Télécharger l’avoir'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
