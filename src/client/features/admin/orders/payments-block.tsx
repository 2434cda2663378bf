import { Ban, HandCoins, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
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
import { toast, toastError } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { frenchDateTime } from '@/domain/account/order-status';
import { formatEuros } from '@/domain/catalog/pricing';
import { MONEY_NOTE_MAX, PAYMENT_REFERENCE_MAX } from '@/domain/common/limits';
import {
  cancelAndRefundInput,
  eurosToCents,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  recordPaymentInput,
  refundInput,
} from '@/domain/orders/money';
import { parisDay } from '@/domain/site/time-zone';
import type { AdminOrderDetails } from './use-admin-orders';

type Dialogs = 'payment' | 'refund' | 'cancel' | null;

/** Euros as typed to cents; NaN (refused by the schema's number check) when it is not an amount. */
const cents = (text: string) => eurosToCents(text) ?? Number.NaN;
const euros = (value: number) => (value / 100).toFixed(2).replace('.', ',');

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
      {open === 'payment' ? <PaymentDialog order={order} onClose={() => setOpen(null)} /> : null}
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
  const utils = trpc.useUtils();
  const cancel = trpc.orders.cancelPayment.useMutation();
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
          {m.legacy ? 'Ancien statut' : `le ${m.day.split('-').reverse().join('/')}`} · {m.by} ·{' '}
          {frenchDateTime(m.at)}
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
          <Button
            size="sm"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() =>
              cancel
                .mutateAsync({ orderId, paymentId: m.id, note: 'Erreur de saisie' })
                .then(() => {
                  toast({
                    title: 'Succès',
                    description: 'Paiement annulé par une écriture inverse.',
                    variant: 'success',
                  });
                  return utils.orders.invalidate();
                })
                .catch(toastError)
            }
          >
            Annuler
          </Button>
        ) : null}
      </div>
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
  const utils = trpc.useUtils();
  return async () => {
    toast({ title: 'Succès', description: message, variant: 'success' });
    onClose();
    await utils.orders.invalidate();
  };
}

const methodOptions = PAYMENT_METHODS.map((m) => (
  <option key={m} value={m}>
    {PAYMENT_METHOD_LABELS[m]}
  </option>
));

function PaymentDialog({ order, onClose }: { order: AdminOrderDetails; onClose: () => void }) {
  const form = useForm({
    initial: {
      amountCents: euros(order.money.leftCents),
      method: 'cash',
      day: parisDay(new Date()),
      reference: '',
    },
    schema: recordPaymentInput,
    toInput: (v) => ({ ...v, amountCents: cents(v.amountCents), reference: v.reference || undefined }),
  });
  const record = trpc.orders.recordPayment.useMutation();
  const done = useDone(onClose, 'Paiement enregistré.');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <MoneyDialog
      title="Enregistrer un paiement"
      description={`Reste à payer : ${formatEuros(order.money.leftCents)}. Un paiement enregistré ne se modifie plus : une erreur se corrige par une annulation.`}
      onClose={onClose}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.submitToServer(
          async (input) => {
            setFailure(null);
            await record.mutateAsync({ orderId: order.id, ...input });
            await done();
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
          <SubmitButton submitting={record.isPending}>Enregistrer le paiement</SubmitButton>
        </DialogFooter>
      </form>
    </MoneyDialog>
  );
}

function RefundDialog({ order, onClose }: { order: AdminOrderDetails; onClose: () => void }) {
  const refundable = order.lines.filter((l) => l.quantity - l.refundedQuantity > 0);
  const form = useForm({
    initial: {
      quantities: Object.fromEntries(refundable.map((l) => [l.id, '0'])) as Record<string, string>,
      shipping: false,
      extraCents: '',
      method: 'cash',
      reason: 'returned',
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
  const total =
    refundable.reduce((sum, l) => sum + (Number(v.quantities[l.id]) || 0) * l.unitPriceCents, 0) +
    (v.shipping ? order.refundableShippingCents : 0) +
    (eurosToCents(v.extraCents) ?? 0);
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
