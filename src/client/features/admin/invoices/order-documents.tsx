import { FileDown, FilePlus2 } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast, toastError } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { shortDateTime } from '@/domain/site/dates';

/** The order's invoices and credit notes with their status, and "Émettre la facture" for admins. */
export function OrderDocuments({
  orderId,
  canEdit,
  cancelled,
}: {
  orderId: string;
  canEdit: boolean;
  cancelled: boolean;
}) {
  const documents = trpc.invoices.ofOrder.useQuery({ orderId });
  const utils = trpc.useUtils();
  const issue = trpc.invoices.issue.useMutation({
    onSuccess: ({ number }) => {
      toast({ title: 'Succès', description: `Facture ${number} émise.`, variant: 'success' });
      void utils.invoices.ofOrder.invalidate({ orderId });
      void utils.orders.byId.invalidate({ orderId });
      void utils.orders.history.invalidate({ orderId });
    },
    onError: toastError,
  });

  async function download(number: string) {
    try {
      saveFile(await utils.invoices.download.fetch({ number }), 'application/pdf');
    } catch (error) {
      toastError(error);
    }
  }

  const list = documents.data ?? [];
  const invoiced = list.some((d) => d.kind === 'invoice');
  return (
    <div className="grid gap-2" data-testid="order-documents">
      {list.length === 0 ? <p className="text-sm text-muted-foreground">Aucune facture émise.</p> : null}
      {list.map((d) => (
        <div
          key={d.number}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
        >
          <div>
            <p className="font-medium">
              {d.kind === 'invoice' ? 'Facture' : 'Avoir'} {d.number}{' '}
              <Badge variant="outline" className="ml-1">
                {d.status}
              </Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              {shortDateTime(d.issuedAt)} · {formatEuros(d.totalInclCents)} TTC
              {d.citesNumber ? ` · sur la facture ${d.citesNumber}` : ''}
            </p>
          </div>
          <Button type="button" size="sm" variant="outline" onClick={() => download(d.number)}>
            <FileDown aria-hidden="true" />
            Télécharger
          </Button>
        </div>
      ))}
      {canEdit && !invoiced && !cancelled ? (
        <div>
          <Button
            type="button"
            size="sm"
            onClick={() => issue.mutate({ orderId })}
            disabled={issue.isPending}
          >
            <FilePlus2 aria-hidden="true" />
            Émettre la facture
          </Button>
        </div>
      ) : null}
    </div>
  );
}
