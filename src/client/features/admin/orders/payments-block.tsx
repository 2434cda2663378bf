import { Ban, HandCoins, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { formatEuros } from '@/domain/catalog/pricing';
import { MONEY_NOTE_MAX, PAYMENT_REFERENCE_MAX } from '@/domain/common/limits';
import { contractRefundInput } from '@/domain/contracts/money';
import {
  cancelAndRefundInput,
  centsToEuros,
  eurosToCents,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  recordPaymentInput,
  refundAmountCents,
  refundInput,
  refundTooHighMessage,
} from '@/domain/orders/money';
import { frenchDateTime, frenchDay } from '@/domain/site/dates';
import { parisDay } from '@/domain/site/time-zone';
import type { AdminOrderDetails } from './use-admin-orders';
import { useRefreshOrders } from './use-admin-orders';

type Dialogs = 'payment' | 'refund' | 'cancel' | null;

/** Euros as typed to cents; NaN (refused by the schema's number check) when it is not an amount. */
const cents = (text: string) => eurosToCents(text) ?? Number.NaN;

/**
 * « Paiements » (issue 24): what is due, paid, refunded and left, every payment and refund with its
 * method, amount, who and when, and the three actions. Nothing is edited: a payment recorded by
 * mistake is cancelled by an opposite entry.
 */
export function PaymentsBlock({ order, canEdit }: { order: AdminOrderDetails; canEdit: boolean }) {
  const [open, setOpen] = useState<Dialogs>(null);
  const money = order.money;
  const editable = canEdit && !order.deleted;
  return (
    <section
      className="grid content-start gap-3"
      aria-labelledby="payments-title"
      data-testid="payments-block"
    >
      <h3 id="payments-title" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        Paiements
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Dû" cents={money.dueCents} />
        <Figure label="Payé" cents={money.paidCents} />
        <Figure label="Remboursé" cents={money.refundedCents} />
        <Figure label="Reste à payer" cents={money.leftCents} strong={money.leftCents > 0} />
      </dl>
      {order.movements.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun paiement enregistré.</p>
      ) : (
        <ul className="grid gap-2">
          {order.movements.map((m) => (
            <MovementItem
              key={m.id}
              movement={m}
              orderId={order.id}
              canCancel={editable && m.kind === 'payment'}
            />
          ))}
        </ul>
      )}
      {editable ? (
        <div className="flex flex-wrap gap-2">
          {money.leftCents > 0 ? (
            <Button size="sm" onClick={() => setOpen('payment')}>
              <HandCoins aria-hidden="true" /> Enregistrer un paiement
            </Button>
          ) : null}
          {money.refundableCents > 0 ? (
            <Button size="sm" variant="outline" onClick={() => setOpen('refund')}>
              <Undo2 aria-hidden="true" /> Rembourser
            </Button>
          ) : null}
          {order.status !== 'cancelled' ? (
            <Button size="sm" variant="outline" onClick={() => setOpen('cancel')}>
              <Ban aria-hidden="true" /> Annuler la commande
            </Button>
          ) : null}
        </div>
      ) : null}
      {open === 'payment' ? <OrderPaymentDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'refund' ? <RefundDialog order={order} onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' ? <CancelDialog order={order} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function Figure({ label, cents: value, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`whitespace-nowrap tabular-nums ${strong ? 'font-bold' : 'font-medium'}`}>
        {formatEuros(value)}
      </dd>
    </div>
  );
}

const KIND_LABELS = { payment: 'Paiement', correction: 'Annulation de paiement', refund: 'Remboursement' };

function MovementItem({
  movement: m,
  orderId,
  canCancel,
}: {
  movement: AdminOrderDetails['movements'][number];
  orderId: string;
  canCancel: boolean;
}) {
  const refreshOrders = useRefreshOrders();
  const cancel = trpc.orders.cancelPayment.useMutation();
  const [confirming, setConfirming] = useState(false);
  const out = m.kind !== 'payment';
  const cancelled = m.cancelledBy !== null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm">
      <div className="min-w-0">
        <p className={cancelled ? 'line-through text-muted-foreground' : 'font-medium'}>
          {KIND_LABELS[m.kind]} · {m.methodLabel}
          {m.reference ? (
            <span className="font-normal text-muted-foreground"> · réf. {m.reference}</span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {m.legacy ? 'Ancien statut' : `le ${frenchDay(m.day)}`} · {m.by} · {frenchDateTime(m.at)}
        </p>
        {m.detail ? <p className="text-xs">{m.detail}</p> : null}
        {cancelled ? <p className="text-xs text-muted-foreground">Annulé par une écriture inverse</p> : null}
      </div>
      <div className="flex items-center gap-2">
        <span className={`whitespace-nowrap tabular-nums font-semibold ${out ? 'text-destructive' : ''}`}>
          {out ? '−' : '+'}
          {formatEuros(m.amountCents)}
        </span>
        {canCancel && !cancelled && !m.legacy ? (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Annuler
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Annuler ce paiement ?"
        description={`Le paiement de ${formatEuros(m.amountCents)} (${m.methodLabel}) sera annulé par une écriture inverse, qui restera dans l'historique.`}
        confirmLabel="Annuler le paiement"
        pendingLabel="Annulation..."
        pending={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onClose={() => {
          cancel.reset();
          setConfirming(false);
        }}
        onConfirm={() =>
          cancel.mutate(
            { orderId, paymentId: m.id, note: 'Erreur de saisie' },
            {
              onSuccess: async () => {
                setConfirming(false);
                toast({
                  title: 'Succès',
                  description: 'Paiement annulé par une écriture inverse.',
                  variant: 'success',
                });
                await refreshOrders();
              },
            },
          )
        }
      />
    </li>
  );
}

function MoneyDialog({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg gap-4">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function useDone(onClose: () => void, message: string) {
  const refreshOrders = useRefreshOrders();
  return async () => {
    toast({ title: 'Succès', description: message, variant: 'success' });
    onClose();
    await refreshOrders();
  };
}

const methodOptions = PAYMENT_METHODS.map((m) => (
  <option key={m} value={m}>
    {PAYMENT_METHOD_LABELS[m]}
  </option>
));

function OrderPaymentDialog({ order, onClose }: { order: AdminOrderDetails; onClose: () => void }) {
  const record = trpc.orders.recordPayment.useMutation();
  const done = useDone(onClose, 'Paiement enregistré.');
  return (
    <PaymentDialog
      leftCents={order.money.leftCents}
      pending={record.isPending}
      record={(input) => record.mutateAsync({ orderId: order.id, ...input })}
      onRecorded={done}
      onClose={onClose}
    />
  );
}

/**
 * « Enregistrer un paiement »: the one dialog of the payments ledger, for an order, an
 * intervention's invoice (docs/decisions/039) and a contract's invoice (ADR 046). `notice` says
 * when the law allows no payment yet.
 */
export function PaymentDialog({
  leftCents,
  notice = null,
  pending,
  record,
  onRecorded,
  onClose,
}: {
  leftCents: number;
  notice?: string | null;
  pending: boolean;
  record: (input: z.infer<typeof recordPaymentInput>) => Promise<unknown>;
  onRecorded: () => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm({
    initial: {
      amountCents: centsToEuros(leftCents),
      method: 'cash',
      day: parisDay(new Date()),
      reference: '',
    },
    schema: recordPaymentInput,
    toInput: (v) => ({ ...v, amountCents: cents(v.amountCents), reference: v.reference || undefined }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <MoneyDialog
      title="Enregistrer un paiement"
      description={`Reste à payer : ${formatEuros(leftCents)}. Un paiement enregistré ne se modifie plus : une erreur se corrige par une annulation.`}
      onClose={onClose}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.submitToServer(
          async (input) => {
            setFailure(null);
            await record(input);
            await onRecorded();
          },
          (error) => setFailure(errorMessage(error)),
        )}
      >
        {notice && <p className="rounded-md bg-muted p-3 text-sm">{notice}</p>}
        <FormAlert message={failure} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Montant (€)" required error={form.errors.amountCents}>
            {(control) => (
              <Input {...control} {...form.text('amountCents')} inputMode="decimal" autoComplete="off" />
            )}
          </Field>
          <Field label="Moyen de paiement" required error={form.errors.method}>
            {(control) => (
              <NativeSelect {...control} {...form.text('method')}>
                {methodOptions}
              </NativeSelect>
            )}
          </Field>
          <Field label="Date du paiement" required error={form.errors.day}>
            {(control) => <Input {...control} {...form.text('day')} type="date" max={parisDay(new Date())} />}
          </Field>
          <Field
            label="Référence"
            description="Numéro de chèque, référence du virement…"
            error={form.errors.reference}
          >
            {(control) => (
              <Input
                {...control}
                {...form.text('reference')}
                maxLength={PAYMENT_REFERENCE_MAX}
                autoComplete="off"
              />
            )}
          </Field>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <SubmitButton submitting={pending}>Enregistrer le paiement</SubmitButton>
        </DialogFooter>
      </form>
    </MoneyDialog>
  );
}

/**
 * « Enregistrer le remboursement » of a given amount (a contract's credit note, ADR 046): how much,
 * at most what is left to give back, and how; dated today, as every refund.
 */
export function AmountRefundDialog({
  title,
  refundableCents,
  pending,
  record,
  onRecorded,
  onClose,
}: {
  title: string;
  refundableCents: number;
  pending: boolean;
  record: (input: z.infer<typeof contractRefundInput>) => Promise<unknown>;
  onRecorded: () => Promise<void>;
  onClose: () => void;
}) {
  const form = useForm({
    initial: { amountCents: centsToEuros(refundableCents), method: 'transfer' },
    schema: contractRefundInput,
    toInput: (v) => ({ ...v, amountCents: cents(v.amountCents) }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <MoneyDialog
      title={title}
      description={`Reste à rembourser : ${formatEuros(refundableCents)}. Le remboursement est daté d’aujourd’hui et ne se modifie plus.`}
      onClose={onClose}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.submitToServer(
          async (input) => {
            setFailure(null);
            await record(input);
            await onRecorded();
          },
          (error) => setFailure(errorMessage(error)),
        )}
      >
        <FormAlert message={failure} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Montant (€)" required error={form.errors.amountCents}>
            {(control) => (
              <Input {...control} {...form.text('amountCents')} inputMode="decimal" autoComplete="off" />
            )}
          </Field>
          <Field label="Moyen de remboursement" required error={form.errors.method}>
            {(control) => (
              <NativeSelect {...control} {...form.text('method')}>
                {methodOptions}
              </NativeSelect>
            )}
          </Field>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <SubmitButton submitting={pending}>Enregistrer le remboursement</SubmitButton>
        </DialogFooter>
      </form>
    </MoneyDialog>
  );
}

function RefundDialog({ order, onClose }: { order: AdminOrderDetails; onClose: () => void }) {
  const refundable = order.lines.filter((l) => l.quantity - l.refundedQuantity > 0);
  // A withdrawal not yet refunded: its lines (less those kept by the hygiene exception), and the
  // standard delivery when every line goes back (L221-24), under « Rétractation ».
  const w = order.withdrawal && !order.withdrawalRefundedAt ? order.withdrawal : null;
  const withdrawn = (id: string) => Boolean(w?.itemIds.includes(id) && !w.exception?.itemIds.includes(id));
  const form = useForm({
    initial: {
      quantities: Object.fromEntries(
        refundable.map((l) => [l.id, withdrawn(l.id) ? String(l.quantity - l.refundedQuantity) : '0']),
      ) as Record<string, string>,
      shipping: Boolean(w) && order.lines.every((l) => withdrawn(l.id)) && order.refundableShippingCents > 0,
      extraCents: '',
      method: 'cash',
      reason: w ? 'withdrawal' : 'returned',
      note: '',
      restock: true,
    },
    schema: refundInput,
    toInput: (v) => ({
      lines: Object.entries(v.quantities).map(([itemId, q]) => ({ itemId, quantity: Number(q) || 0 })),
      shipping: v.shipping,
      extraCents: v.extraCents.trim() ? cents(v.extraCents) : 0,
      method: v.method,
      reason: v.reason,
      note: v.note || undefined,
      restock: v.restock,
    }),
  });
  const refund = trpc.orders.refund.useMutation();
  const done = useDone(onClose, 'Remboursement enregistré.');
  const [failure, setFailure] = useState<string | null>(null);
  const v = form.values;
  // The server's own rule (refundAmountCents), on what the form holds now.
  const total = refundAmountCents({
    lines: refundable.map((l) => ({
      unitPriceCents: l.unitPriceCents,
      quantity: Number(v.quantities[l.id]) || 0,
    })),
    shippingCents: v.shipping ? order.refundableShippingCents : 0,
    extraCents: eurosToCents(v.extraCents) ?? 0,
  });
  // Said before sending, in the words the server would refuse it with.
  const tooHigh = refundTooHighMessage(total, order.money.refundableCents);
  return (
    <MoneyDialog
      title="Rembourser"
      description={`Remboursable : ${formatEuros(order.money.refundableCents)} (payé et pas encore remboursé).`}
      onClose={onClose}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.submitToServer(
          async (input) => {
            setFailure(null);
            await refund.mutateAsync({ orderId: order.id, ...input });
            await done();
          },
          (error) => setFailure(errorMessage(error)),
        )}
      >
        <FormAlert message={failure} />
        {refundable.length > 0 ? (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Articles</legend>
            {refundable.map((line) => {
              const left = line.quantity - line.refundedQuantity;
              return (
                <div key={line.id} className="flex items-center justify-between gap-3 text-sm">
                  <span className="min-w-0">
                    {line.title}
                    <span className="block text-xs text-muted-foreground">
                      {formatEuros(line.unitPriceCents)} · {left} remboursable{left > 1 ? 's' : ''}
                    </span>
                  </span>
                  <Input
                    className="w-20"
                    type="number"
                    min={0}
                    max={left}
                    inputMode="numeric"
                    aria-label={`Quantité à rembourser : ${line.title}`}
                    value={v.quantities[line.id] ?? '0'}
                    onChange={(e) => form.set('quantities', { ...v.quantities, [line.id]: e.target.value })}
                  />
                </div>
              );
            })}
          </fieldset>
        ) : null}
        {order.refundableShippingCents > 0 ? (
          <Field label={`Rembourser la livraison (${formatEuros(order.refundableShippingCents)})`} inline>
            {(control) => (
              <Switch {...control} checked={v.shipping} onCheckedChange={(on) => form.set('shipping', on)} />
            )}
          </Field>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Autre montant (€)" error={form.errors.extraCents}>
            {(control) => (
              <Input {...control} {...form.text('extraCents')} inputMode="decimal" autoComplete="off" />
            )}
          </Field>
          <Field label="Moyen de remboursement" required error={form.errors.method}>
            {(control) => (
              <NativeSelect {...control} {...form.text('method')}>
                {methodOptions}
              </NativeSelect>
            )}
          </Field>
          <Field label="Motif" required error={form.errors.reason}>
            {(control) => (
              <NativeSelect {...control} {...form.text('reason')}>
                {REFUND_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {REFUND_REASON_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Remettre les articles en stock" inline>
            {(control) => (
              <Switch {...control} checked={v.restock} onCheckedChange={(on) => form.set('restock', on)} />
            )}
          </Field>
        </div>
        <Field label="Commentaire" error={form.errors.note}>
          {(control) => <Textarea {...control} {...form.text('note')} rows={2} maxLength={MONEY_NOTE_MAX} />}
        </Field>
        <p className="text-sm">
          Total du remboursement :{' '}
          <strong className="whitespace-nowrap tabular-nums">{formatEuros(total)}</strong>
        </p>
        {tooHigh ? <p className="text-sm text-destructive">{tooHigh}</p> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <SubmitButton submitting={refund.isPending}>Rembourser</SubmitButton>
        </DialogFooter>
      </form>
    </MoneyDialog>
  );
}

/** Point 3: cancelling a paid order refunds what is still paid, in the same screen and transaction. */
function CancelDialog({ order, onClose }: { order: AdminOrderDetails; onClose: () => void }) {
  const form = useForm({ initial: { method: 'cash', note: '' }, schema: cancelAndRefundInput });
  const cancel = trpc.orders.cancelAndRefund.useMutation();
  const done = useDone(onClose, 'Commande annulée.');
  const [failure, setFailure] = useState<string | null>(null);
  const toRefund = order.money.refundableCents;
  return (
    <MoneyDialog
      title="Annuler la commande"
      description={
        toRefund > 0
          ? `Cette commande a été payée : ${formatEuros(toRefund)} seront remboursés avec l'annulation. Les articles reviennent en stock.`
          : "Rien n'a été payé : la commande est annulée et ses articles reviennent en stock."
      }
      onClose={onClose}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.submitToServer(
          async (input) => {
            setFailure(null);
            await cancel.mutateAsync({
              orderId: order.id,
              expectedVersion: order.version,
              ...input,
              note: input.note || undefined,
            });
            await done();
          },
          (error) => setFailure(errorMessage(error)),
        )}
      >
        <FormAlert message={failure} />
        {toRefund > 0 ? (
          <Field label="Moyen de remboursement" required error={form.errors.method}>
            {(control) => (
              <NativeSelect {...control} {...form.text('method')}>
                {methodOptions}
              </NativeSelect>
            )}
          </Field>
        ) : null}
        <Field label="Commentaire" error={form.errors.note}>
          {(control) => <Textarea {...control} {...form.text('note')} rows={2} maxLength={MONEY_NOTE_MAX} />}
        </Field>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Retour
          </Button>
          <SubmitButton submitting={cancel.isPending} variant="destructive">
            {toRefund > 0 ? `Annuler et rembourser ${formatEuros(toRefund)}` : 'Annuler la commande'}
          </SubmitButton>
        </DialogFooter>
      </form>
    </MoneyDialog>
  );
}
