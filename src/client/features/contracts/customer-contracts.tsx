import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toastError } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { BILLING_RHYTHM_LABELS } from '@/domain/contracts/calendar';
import { CONTRACT_PEST_LABELS } from '@/domain/contracts/contract';
import { CONTRACT_STATUS_LABELS } from '@/domain/contracts/decider';
import { frenchCalendarDate, frenchDay, frenchWeekdayDate } from '@/domain/site/dates';

export type CustomerContract = RouterOutputs['contracts']['mine'][number];

/**
 * A customer's yearly contract (ADR 044): its terms, the next planned visits, its invoices and,
 * when it was signed online, « Résilier mon contrat » (C. conso. L215-1-1) with the date it takes
 * effect shown before confirming. Used on /compte and on the signed link (/contrat/{token}).
 */
export function ContractCard({
  contract: c,
  fetchPdf,
  terminate,
}: {
  contract: CustomerContract;
  fetchPdf: (number: string) => Promise<{ filename: string; base64: string }>;
  terminate: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await terminate();
      setConfirming(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'La résiliation n’a pas pu être enregistrée.');
    } finally {
      setPending(false);
    }
  }
  return (
    <section aria-label={`Contrat ${c.number}`} className="space-y-5 rounded-lg border bg-card p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Contrat {c.number}</h2>
          <p className="text-sm text-muted-foreground">
            {c.siteName}
            {c.siteAddress
              ? ` · ${c.siteAddress.street}, ${c.siteAddress.zipCode} ${c.siteAddress.city}`
              : ''}
          </p>
        </div>
        <Badge variant={c.status === 'active' ? 'default' : 'secondary'}>
          {CONTRACT_STATUS_LABELS[c.status]}
        </Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Item term="Nuisibles" value={c.pests.map((p) => CONTRACT_PEST_LABELS[p]).join(', ')} />
        <Item term="Visites" value={`${c.visitsPerYear} par an`} />
        <Item
          term="Prix"
          value={`${formatEuros(c.yearlyPriceExclCents)} HT par an (TVA ${String(c.vatRate).replace('.', ',')} %) · facturation ${BILLING_RHYTHM_LABELS[c.billingRhythm].toLowerCase()}`}
        />
        <Item
          term="Durée"
          value={`${c.termMonths} mois à partir du ${frenchDay(c.startDate)}${c.tacitRenewal ? ', reconduction tacite' : ''}`}
        />
        {c.lastDay ? (
          <Item term="Fin du contrat" value={frenchCalendarDate(c.lastDay)} />
        ) : (
          <Item term="Date limite pour refuser la reconduction" value={frenchCalendarDate(c.deadline)} />
        )}
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold">Prochaines visites</h3>
        {c.nextVisits.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune visite prévue.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {c.nextVisits.map((d) => (
              <li key={d}>
                {frenchWeekdayDate(d)}{' '}
                <span className="text-muted-foreground">· date prévue, confirmée par nos soins</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold">Factures</h3>
        {c.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune facture pour l’instant.</p>
        ) : (
          <ul className="grid gap-2">
            {c.invoices.map((i) => (
              <PdfRow key={i.number} download="Télécharger la facture" onDownload={() => fetchPdf(i.number)}>
                <span>
                  <span className="font-medium">Facture {i.number}</span>
                  <span className="block text-muted-foreground">
                    Du {frenchDay(i.from)} au {frenchDay(i.to)} · {formatEuros(i.totalInclCents)} TTC
                  </span>
                </span>
              </PdfRow>
            ))}
          </ul>
        )}
        {c.credits.length > 0 && (
          <ul className="mt-2 grid gap-2">
            {c.credits.map((a) => (
              <PdfRow key={a.number} download="Télécharger l’avoir" onDownload={() => fetchPdf(a.number)}>
                <span>
                  <span className="font-medium">Avoir {a.number}</span>
                  <span className="block text-muted-foreground">{a.refundLabel}</span>
                </span>
              </PdfRow>
            ))}
          </ul>
        )}
      </div>
      {c.terminated ? (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          Résiliation enregistrée le {frenchDay(c.terminated.requestedOn)} : le contrat prend fin le{' '}
          {frenchCalendarDate(c.terminated.endsOn)}.
        </p>
      ) : c.termination ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="text-sm text-muted-foreground">
            Vous pouvez résilier ce contrat en ligne. Il prendrait fin le{' '}
            {frenchCalendarDate(c.termination.endsOn)}
            {c.termination.free ? ', sans frais.' : '.'}
          </p>
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            Résilier mon contrat
          </Button>
        </div>
      ) : null}
      {c.termination && (
        <ConfirmDialog
          open={confirming}
          title="Résilier mon contrat"
          description={
            <>
              Votre contrat {c.number} prendra fin le{' '}
              <strong>{frenchCalendarDate(c.termination.endsOn)}</strong>
              {c.termination.free ? ', sans frais' : ''}. Les visites prévues après cette date sont annulées.
              Vous recevrez un accusé de réception par email.
            </>
          }
          confirmLabel="Confirmer la résiliation"
          pendingLabel="Résiliation..."
          pending={pending}
          error={error}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** A term of a contract and its value (the customer's card, the owner's page). */
export function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** /compte: the account's contracts (none: nothing shown). */
export function MyContracts() {
  const contracts = trpc.contracts.mine.useQuery();
  const utils = trpc.useUtils();
  const terminate = trpc.contracts.terminateMine.useMutation({
    onSuccess: () => utils.contracts.mine.invalidate(),
  });
  if (!contracts.data || contracts.data.length === 0) return null;
  return (
    <div className="mt-8 space-y-4">
      <h2 className="text-xl font-semibold">Mes contrats d’entretien</h2>
      {contracts.data.map((c) => (
        <ContractCard
          key={c.id}
          contract={c}
          fetchPdf={(number) => utils.contracts.minePdf.fetch({ contractId: c.id, number })}
          terminate={() => terminate.mutateAsync({ contractId: c.id })}
        />
      ))}
    </div>
  );
}

/** The signed link's contract (/contrat/{token}; the page checks the link, signed-page.tsx). */
export function SignedContract({ token, contract: c }: { token: string; contract: CustomerContract }) {
  const utils = trpc.useUtils();
  const terminate = trpc.contracts.terminateByToken.useMutation({
    onSuccess: () => utils.contracts.byToken.invalidate({ token }),
  });
  return (
    <ContractCard
      contract={c}
      fetchPdf={(number) => utils.contracts.tokenPdf.fetch({ token, contractId: c.id, number })}
      terminate={() => terminate.mutateAsync({ token, contractId: c.id })}
    />
  );
}

/** A document of the contract (invoice, credit note): its label, and the button that saves its PDF. */
export function PdfRow({
  children,
  download,
  onDownload,
  action = null,
}: {
  children: ReactNode;
  /** The button's text (« PDF », « Télécharger la facture »…). */
  download: string;
  onDownload: () => Promise<{ base64: string; filename: string }>;
  /** A button beside the PDF's (the back-office's « Enregistrer un paiement »…). */
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-3 text-sm">
      {children}
      <span className="flex flex-wrap gap-2">
        {action}
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onDownload().then((f) => saveFile(f, 'application/pdf'), toastError)}
        >
          <FileDown aria-hidden="true" />
          {download}
        </Button>
      </span>
    </li>
  );
}
