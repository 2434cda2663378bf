import { FileText, HandCoins, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { PaymentDialog } from '@/client/features/admin/orders/payments-block';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { frenchDay } from '@/domain/site/dates';
import { saveFile } from '../invoices/save-file';

type Row = RouterOutputs['interventions']['list'][number];

/**
 * The invoice from the report in the intervention's card (docs/decisions/039): « Facturer » once a
 * report is sealed, then the invoice, what was received, and « Enregistrer un paiement » through the
 * payments ledger's one dialog, which says when the law allows no payment yet (L221-10).
 */
export function BillingSection({ row }: { row: Row }) {
  const utils = trpc.useUtils();
  const [paying, setPaying] = useState(false);
  const invoice = trpc.interventions.invoice.useMutation({
    onSuccess: async ({ number }) => {
      toast({ title: 'Succès', description: `Facture ${number} émise.`, variant: 'success' });
      await utils.interventions.invalidate();
    },
    onError: (e) => toast({ title: 'Erreur', description: errorMessage(e), variant: 'destructive' }),
  });
  const record = trpc.interventions.recordPayment.useMutation();
  const inv = row.invoice;
  if (!inv && !(row.reportSealed && row.status !== 'lost')) return null;
  async function pdf(number: string) {
    try {
      saveFile(await utils.invoices.download.fetch({ number }), 'application/pdf');
    } catch (e) {
      toast({ title: 'Erreur', description: errorMessage(e), variant: 'destructive' });
    }
  }
  const left = inv ? Math.max(0, inv.totalInclCents - row.paidCents) : 0;
  const notice = inv?.paymentAllowedFrom
    ? `Contrat ${inv.conclusionMode === 'inconnu' ? 'dont le mode de conclusion n’est pas enregistré (règle la plus stricte)' : 'conclu hors établissement'} : aucun paiement ne peut être reçu avant le ${frenchDay(inv.paymentAllowedFrom)} (article L221-10 du Code de la consommation).`
    : null;
  return (
    <div className="grid gap-2" data-testid="invoice-summary">
      {inv ? (
        <>
          <p className="text-sm">
            <span className="font-medium">Facture {inv.number}</span> · {formatEuros(inv.totalInclCents)} TTC
            · reçu {formatEuros(row.paidCents)} · reste {formatEuros(left)}
          </p>
          {notice && <p className="text-sm text-muted-foreground">{notice}</p>}
        </>
      ) : (
        <p className="text-sm">Rapport scellé : l’intervention peut être facturée.</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {inv ? (
          <>
            <Button type="button" variant="outline" onClick={() => pdf(inv.number)}>
              <FileText aria-hidden="true" />
              PDF de la facture
            </Button>
            {left > 0 && (
              <Button type="button" onClick={() => setPaying(true)}>
                <HandCoins aria-hidden="true" />
                Enregistrer un paiement
              </Button>
            )}
          </>
        ) : (
          <Button type="button" disabled={invoice.isPending} onClick={() => invoice.mutate({ id: row.id })}>
            <Receipt aria-hidden="true" />
            Facturer
          </Button>
        )}
      </div>
      {paying && inv && (
        <PaymentDialog
          leftCents={left}
          notice={notice}
          pending={record.isPending}
          record={(input) => record.mutateAsync({ id: row.id, ...input })}
          onRecorded={async () => {
            toast({ title: 'Succès', description: 'Paiement enregistré.', variant: 'success' });
            setPaying(false);
            await utils.interventions.invalidate();
          }}
          onClose={() => setPaying(false)}
        />
      )}
    </div>
  );
}
