import { ArrowLeft, HandCoins, Plus, Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { toast, toastError } from '@/client/components/ui/toast';
import { ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { useLiveContracts } from '@/client/features/admin/live/use-live';
import { AmountRefundDialog, PaymentDialog } from '@/client/features/admin/orders/payments-block';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { cn } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';
import { BILLING_RHYTHM_LABELS } from '@/domain/contracts/calendar';
import {
  CONCLUSION_MODE_LABELS,
  CONTRACT_PEST_LABELS,
  terminateInputSchema,
} from '@/domain/contracts/contract';
import { CONTRACT_STATUS_LABELS } from '@/domain/contracts/decider';
import { frenchDay, frenchWeekdayDate } from '@/domain/site/dates';
import { Item, PdfRow } from './customer-contracts';
import { NewContractDialog } from './new-contract-dialog';

/**
 * « Contrats » (issue 38 point 2, ADR 044): the yearly contracts, « Nouveau contrat », and a
 * contract's page: planned visits with « Confirmer », invoices, the Chatel notice's evidence,
 * « Résilier ».
 */
export function ContractsScreen() {
  useAdminTitle('Contrats');
  // The list and the open contract's page follow what another admin or the sweep does.
  useLiveContracts();
  // A planned visit « À confirmer » in the planning opens its contract here (?contrat=<id>).
  const [params, setParams] = useSearchParams();
  const open = params.get('contrat');
  const setOpen = (id: string | null) => setParams(id ? { contrat: id } : {});
  const [creating, setCreating] = useState(false);
  const list = trpc.contracts.list.useQuery();
  if (open) return <ContractPage id={open} onBack={() => setOpen(null)} />;
  const rows = list.data ?? [];
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Contrats"
        summary={
          <p className="text-muted-foreground">
            {list.data ? `${rows.length} contrat${rows.length > 1 ? 's' : ''} d’entretien` : '\u00a0'}
          </p>
        }
      >
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Nouveau contrat
        </Button>
      </ScreenHeader>
      <div className="overflow-x-auto rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Contrat</TableHead>
              <TableHead>Client et site</TableHead>
              {/* On a phone: the contract, its status under it, and who; the rest on its page. */}
              <TableHead className="hidden md:table-cell">Statut</TableHead>
              <TableHead className="hidden md:table-cell">Prochaine visite</TableHead>
              <TableHead className="hidden md:table-cell">Prochaine facture</TableHead>
              <TableHead className="hidden md:table-cell">Avis de reconduction</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                  Aucun contrat pour l’instant.
                </TableCell>
              </TableRow>
            )}
            {rows.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <button
                    type="button"
                    className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
                    onClick={() => setOpen(c.id)}
                  >
                    {c.number}
                  </button>
                  <Badge
                    className="mt-1 flex w-fit md:hidden"
                    variant={c.status === 'active' ? 'default' : 'secondary'}
                  >
                    {CONTRACT_STATUS_LABELS[c.status]}
                  </Badge>
                  {/* What is left to pay: here below 1024 px (the table scrolls sideways from 768 px),
                      under the next invoice above. */}
                  <Balance
                    className="block lg:hidden"
                    owedCents={c.owedCents}
                    toRefundCents={c.toRefundCents}
                  />
                </TableCell>
                <TableCell>
                  <span className="block font-medium">{c.customerName}</span>
                  <span className="text-sm text-muted-foreground">{c.siteName}</span>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <Badge
                    className="whitespace-nowrap"
                    variant={c.status === 'active' ? 'default' : 'secondary'}
                  >
                    {CONTRACT_STATUS_LABELS[c.status]}
                  </Badge>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {c.nextVisit ? (
                    <>
                      {frenchDay(c.nextVisit.day)}
                      {!c.nextVisit.interventionId && (
                        <span className="block text-xs text-muted-foreground">À confirmer</span>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {c.nextInvoice
                    ? `${frenchDay(c.nextInvoice.from)} · ${formatEuros(c.nextInvoice.amountExclCents)} HT`
                    : '—'}
                  <Balance
                    className="hidden lg:block"
                    owedCents={c.owedCents}
                    toRefundCents={c.toRefundCents}
                  />
                </TableCell>
                <TableCell className="hidden md:table-cell text-sm">{noticeText(c.notice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <NewContractDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => setOpen(id)} />
    </div>
  );
}

/**
 * What a contract's invoices still owe (« Reste à payer », the orders' words) and its credit notes
 * still give back; nothing when both are settled.
 */
function Balance({
  owedCents,
  toRefundCents,
  className,
}: {
  owedCents: number;
  toRefundCents: number;
  className: string;
}) {
  if (owedCents === 0 && toRefundCents === 0) return null;
  return (
    <span className={cn('mt-1 text-sm', className)}>
      {owedCents > 0 && <span className="block font-medium">Reste à payer : {formatEuros(owedCents)}</span>}
      {toRefundCents > 0 && (
        <span className="block text-muted-foreground">Reste à rembourser : {formatEuros(toRefundCents)}</span>
      )}
    </span>
  );
}

type Notice = { window: { from: string; to: string }; sent: { sentOn: string } | null } | null;
const noticeText = (n: Notice) =>
  !n
    ? 'Non requis'
    : n.sent
      ? `Envoyé le ${frenchDay(n.sent.sentOn)}`
      : `À envoyer du ${frenchDay(n.window.from)} au ${frenchDay(n.window.to)}`;

// --- A contract's page ----------------------------------------------------------------------------

function ContractPage({ id, onBack }: { id: string; onBack: () => void }) {
  const utils = trpc.useUtils();
  const contract = trpc.contracts.get.useQuery({ contractId: id });
  const technicians = trpc.planning.technicians.useQuery();
  const refresh = () =>
    Promise.all([utils.contracts.get.invalidate({ contractId: id }), utils.contracts.list.invalidate()]);
  const invoice = trpc.contracts.invoice.useMutation({ onSuccess: refresh, onError: toastError });
  const terminate = trpc.contracts.terminate.useMutation({ onSuccess: refresh });
  const confirmVisit = trpc.contracts.confirmVisit.useMutation({ onSuccess: refresh });
  const [visit, setVisit] = useState<string | null>(null);
  const [slot, setSlot] = useState({ day: '', technicianId: '', time: '09:00', durationMinutes: '60' });
  const [ending, setEnding] = useState(false);
  // « Résilier »: the reason is a form in the confirmation; the decider's refusal lands under it.
  const endForm = useForm({
    initial: { reason: '' },
    schema: terminateInputSchema,
    toInput: (v) => ({ contractId: id, ...v }),
  });
  const endFormElement = useRef<HTMLFormElement>(null);
  const [endFailure, setEndFailure] = useState<string | null>(null);
  const onTerminate = endForm.submitToServer(
    async (input) => {
      setEndFailure(null);
      await terminate.mutateAsync(input);
      setEnding(false);
    },
    (error) => setEndFailure(errorMessage(error)),
  );
  // The invoice being paid, the credit note being refunded (ADR 046).
  const [paying, setPaying] = useState<{ number: string; leftCents: number } | null>(null);
  const [refunding, setRefunding] = useState<{ number: string; refundableCents: number } | null>(null);
  const recordPayment = trpc.contracts.recordPayment.useMutation();
  const recordRefund = trpc.contracts.recordRefund.useMutation();
  const recorded = (message: string, close: () => void) => async () => {
    toast({ title: 'Succès', description: message, variant: 'success' });
    close();
    await refresh();
  };
  const c = contract.data;
  useAdminTitle(c ? `Contrat ${c.number}` : 'Contrats');
  if (!c) return null;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Contrats
        </Button>
      </div>
      <ScreenHeader
        title={`Contrat ${c.number}`}
        summary={
          <p className="text-muted-foreground">
            {c.customerName} · {c.siteName} ·{' '}
            <Badge variant={c.status === 'active' ? 'default' : 'secondary'}>
              {CONTRACT_STATUS_LABELS[c.status]}
            </Badge>
          </p>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={invoice.isPending}
            onClick={() => invoice.mutate({ contractId: id })}
          >
            Facturer les périodes commencées
          </Button>
          {!c.terminated && (
            <Button variant="destructive" onClick={() => setEnding(true)}>
              Résilier
            </Button>
          )}
        </div>
      </ScreenHeader>
      {invoice.data && (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          {invoice.data.numbers.length
            ? `Facture${invoice.data.numbers.length > 1 ? 's' : ''} émise${invoice.data.numbers.length > 1 ? 's' : ''} : ${invoice.data.numbers.join(', ')}`
            : 'Aucune période commencée sans facture.'}
        </p>
      )}
      <section className="grid gap-x-6 gap-y-2 rounded-lg border bg-card p-5 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item term="Nuisibles" value={c.pests.map((p) => CONTRACT_PEST_LABELS[p]).join(', ')} />
        <Item term="Zones" value={c.zones.join(', ') || '—'} />
        <Item term="Visites" value={`${c.visitsPerYear} par an`} />
        <Item
          term="Prix"
          value={`${formatEuros(c.yearlyPriceExclCents)} HT par an, TVA ${String(c.vatRate).replace('.', ',')} %`}
        />
        <Item term="Facturation" value={BILLING_RHYTHM_LABELS[c.billingRhythm]} />
        <Item
          term="Durée"
          value={`${c.termMonths} mois dès le ${frenchDay(c.startDate)}${c.tacitRenewal ? ', reconduction tacite' : ''}`}
        />
        <Item
          term="Conclusion"
          value={`${CONCLUSION_MODE_LABELS[c.conclusionMode]}${c.signedOnline ? ', signé en ligne' : ''}`}
        />
        <Item term="Date limite de non-reconduction" value={frenchDay(c.deadline)} />
        <Item
          term="Règles du consommateur (Chatel)"
          value={c.consumerRules ? 'Oui' : 'Non (professionnel hors L221-3)'}
        />
      </section>
      <section className="rounded-lg border bg-card p-5">
        <h2 className="mb-3 text-lg font-semibold">Visites prévues</h2>
        <ul className="grid gap-2">
          {c.visits.map((v) => (
            <li
              key={v.day}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-3 text-sm"
            >
              <span className="font-medium">{frenchWeekdayDate(v.day)}</span>
              {v.intervention ? (
                <span className="text-muted-foreground">
                  Confirmée · intervention {v.intervention.number}
                </span>
              ) : (
                <span className="flex items-center gap-2">
                  {v.late ? (
                    <Badge variant="destructive">En retard</Badge>
                  ) : (
                    <Badge variant="secondary">À confirmer</Badge>
                  )}
                  <Button
                    size="sm"
                    variant={v.late ? 'outline' : 'default'}
                    onClick={() => {
                      setVisit(v.day);
                      // A late visit is replanned: its day is past, the owner picks another.
                      setSlot({ ...slot, day: v.late ? '' : v.day });
                    }}
                  >
                    {v.late ? 'Replanifier' : 'Confirmer'}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-lg border bg-card p-5">
        <h2 className="mb-3 text-lg font-semibold">Factures</h2>
        {c.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucune facture.{' '}
            {c.nextInvoice
              ? `Prochaine : le ${frenchDay(c.nextInvoice.from)}, ${formatEuros(c.nextInvoice.amountExclCents)} HT.`
              : ''}
          </p>
        ) : (
          <ul className="grid gap-2">
            {c.invoices.map((i) => (
              <PdfRow
                key={i.number}
                download="PDF"
                onDownload={() => utils.contracts.invoicePdf.fetch({ contractId: id, number: i.number })}
                action={
                  i.leftCents > 0 ? (
                    <Button
                      type="button"
                      size="sm"
                      onClick={() => setPaying({ number: i.number, leftCents: i.leftCents })}
                    >
                      <HandCoins aria-hidden="true" />
                      Enregistrer un paiement
                    </Button>
                  ) : null
                }
              >
                <span>
                  <span className="font-medium">{i.number}</span> · du {frenchDay(i.from)} au{' '}
                  {frenchDay(i.to)} · {formatEuros(i.totalInclCents)} TTC
                  <Badge className="ml-2" variant={i.leftCents === 0 ? 'default' : 'secondary'}>
                    {i.paymentLabel}
                  </Badge>
                </span>
              </PdfRow>
            ))}
          </ul>
        )}
        {c.credits.length > 0 && (
          <ul className="mt-2 grid gap-2">
            {c.credits.map((a) => (
              <PdfRow
                key={a.number}
                download="PDF"
                onDownload={() => utils.contracts.invoicePdf.fetch({ contractId: id, number: a.number })}
                action={
                  a.refundableCents > 0 ? (
                    <Button
                      type="button"
                      size="sm"
                      onClick={() => setRefunding({ number: a.number, refundableCents: a.refundableCents })}
                    >
                      <Undo2 aria-hidden="true" />
                      Enregistrer le remboursement
                    </Button>
                  ) : null
                }
              >
                <span>
                  Avoir <span className="font-medium">{a.number}</span> ({formatEuros(a.totalInclCents)} TTC)
                  : {a.refundLabel}
                </span>
              </PdfRow>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-lg border bg-card p-5 text-sm">
        <h2 className="mb-3 text-lg font-semibold">Avis de reconduction (article L215-1)</h2>
        {!c.consumerRules || !c.tacitRenewal ? (
          <p className="text-muted-foreground">Non requis pour ce contrat.</p>
        ) : c.notices.length === 0 ? (
          <p>{noticeText(c.notice)} : il part automatiquement par email dans cette période.</p>
        ) : (
          <ul className="grid gap-1">
            {c.notices.map((n) => (
              <li key={n.renewalDay}>
                Envoyé le {frenchDay(n.sentOn)} à {n.to} · date limite annoncée : {frenchDay(n.deadline)}
              </li>
            ))}
          </ul>
        )}
        {c.terminated && (
          <p className="mt-3 rounded-md border bg-muted/40 p-3">
            Résilié le {frenchDay(c.terminated.requestedOn)} par{' '}
            {c.terminated.by === 'customer' ? 'le client' : 'l’entreprise'}
            {c.terminated.online ? ' (en ligne)' : ''} : fin le {frenchDay(c.terminated.endsOn)}
            {c.terminated.free ? ', sans frais (avis non envoyé à temps)' : ''}.
            {c.terminated.reason ? ` Motif : ${c.terminated.reason}` : ''}
          </p>
        )}
      </section>
      <Dialog open={visit !== null} onOpenChange={(next) => !next && setVisit(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Confirmer la visite du {visit ? frenchWeekdayDate(visit) : ''}</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!visit) return;
              confirmVisit.mutate(
                {
                  contractId: id,
                  visitDay: visit,
                  slot: {
                    day: slot.day,
                    technicianId: slot.technicianId,
                    time: slot.time,
                    durationMinutes: Number(slot.durationMinutes),
                  },
                },
                { onSuccess: () => setVisit(null) },
              );
            }}
          >
            <Field label="Technicien">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={slot.technicianId}
                  onChange={(e) => setSlot({ ...slot, technicianId: e.target.value })}
                  aria-label="Technicien"
                >
                  <option value="">Choisir…</option>
                  {(technicians.data ?? []).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Date">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={slot.day}
                  onChange={(e) => setSlot({ ...slot, day: e.target.value })}
                />
              )}
            </Field>
            <Field label="Heure">
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  value={slot.time}
                  onChange={(e) => setSlot({ ...slot, time: e.target.value })}
                />
              )}
            </Field>
            <Field label="Durée (minutes)">
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={slot.durationMinutes}
                  onChange={(e) => setSlot({ ...slot, durationMinutes: e.target.value })}
                />
              )}
            </Field>
            <FormAlert message={confirmVisit.error?.message ?? null} />
            {/* Wraps at 375 px rather than widen the form past the dialog. */}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setVisit(null)}>
                Annuler
              </Button>
              <Button type="submit" disabled={confirmVisit.isPending}>
                {confirmVisit.isPending ? 'Confirmation...' : 'Confirmer le rendez-vous'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      {paying && (
        <PaymentDialog
          leftCents={paying.leftCents}
          pending={recordPayment.isPending}
          record={(input) =>
            recordPayment.mutateAsync({ contractId: id, invoiceNumber: paying.number, ...input })
          }
          onRecorded={recorded('Paiement enregistré.', () => setPaying(null))}
          onClose={() => setPaying(null)}
        />
      )}
      {refunding && (
        <AmountRefundDialog
          title={`Rembourser l’avoir ${refunding.number}`}
          refundableCents={refunding.refundableCents}
          pending={recordRefund.isPending}
          record={(input) =>
            recordRefund.mutateAsync({ contractId: id, creditNoteNumber: refunding.number, ...input })
          }
          onRecorded={recorded('Remboursement enregistré.', () => setRefunding(null))}
          onClose={() => setRefunding(null)}
        />
      )}
      <ConfirmDialog
        open={ending}
        title="Résilier le contrat"
        description={
          c.termination ? (
            <>
              Le contrat {c.number} prendra fin le <strong>{frenchDay(c.termination.endsOn)}</strong>. Le
              client reçoit un email.
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Résilier"
        pendingLabel="Résiliation..."
        pending={terminate.isPending}
        error={endFailure}
        onConfirm={() => endFormElement.current?.requestSubmit()}
        onClose={() => {
          setEndFailure(null);
          endForm.clearErrors();
          setEnding(false);
        }}
      >
        <form ref={endFormElement} noValidate onSubmit={onTerminate}>
          <Field label="Motif" error={endForm.errors.reason}>
            {(control) => <Input {...control} {...endForm.text('reason')} />}
          </Field>
        </form>
      </ConfirmDialog>
    </div>
  );
}
