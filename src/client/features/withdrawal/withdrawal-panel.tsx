import { CircleCheck, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { formatEuros } from '@/domain/catalog/pricing';
import { HYGIENE_NOTICE, REFUND_DAYS, WITHDRAWAL_DAYS } from '@/domain/legal/cgv';
import { WITHDRAWAL_TEXTS, type WithdrawalForm, withdrawalFormSchema } from '@/domain/orders/withdrawal';
import { frenchCalendarDate, frenchDateTime, frenchLongDate } from '@/domain/site/dates';

type SignedOrder = RouterOutputs['withdrawal']['order'];

/**
 * The withdrawal function (C. conso L221-21, D221-5): "Renoncer au contrat ici" while the period
 * runs, then the form (name, order, lines, email) and the second step "Confirmer la rétractation".
 */
export function WithdrawalPanel({ token, order }: { token: string; order: SignedOrder }) {
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const request = trpc.withdrawal.request.useMutation({
    onSuccess: (next) => utils.withdrawal.order.setData({ token }, next),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ name: string; email: string; itemIds: string[] }, WithdrawalForm>({
    initial: {
      name: order.customerName,
      email: order.customerEmail,
      itemIds: order.lines.map((l) => l.itemId),
    },
    schema: withdrawalFormSchema,
  });
  const { window } = order;

  if (window.kind === 'requested') {
    return (
      <section
        className="rounded-lg border border-success/40 bg-success/10 p-5 sm:p-6"
        data-testid="withdrawal-done"
      >
        <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <CircleCheck className="size-5 text-success" aria-hidden="true" />
          Rétractation enregistrée
        </h2>
        <p className="text-sm">
          Votre rétractation a été reçue le {frenchDateTime(window.requestedAt)}. Un accusé de réception vous
          a été envoyé par email. Nous vous remboursons au plus tard {REFUND_DAYS} jours après cette date, par
          le même moyen de paiement.
        </p>
      </section>
    );
  }
  if (window.kind === 'closed') {
    return (
      <section className="rounded-lg border bg-card p-5 text-sm text-muted-foreground sm:p-6">
        <h2 className="mb-2 text-lg font-semibold text-foreground">Droit de rétractation</h2>
        {window.reason === 'expired' && window.lastDay
          ? WITHDRAWAL_TEXTS.expired(window.lastDay)
          : WITHDRAWAL_TEXTS.cancelled}
      </section>
    );
  }

  const toggle = (itemId: string, checked: boolean) =>
    form.set(
      'itemIds',
      checked ? [...form.values.itemIds, itemId] : form.values.itemIds.filter((id) => id !== itemId),
    );

  const onSubmit = form.handleSubmit(async (data) => {
    setFailure(null);
    try {
      await request.mutateAsync({ token, ...data });
    } catch (error) {
      form.showServerErrors(error);
      setFailure(errorMessage(error));
    }
  });

  return (
    <section className="space-y-4 rounded-lg border bg-card p-5 sm:p-6" aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title" className="text-lg font-semibold">
        Droit de rétractation
      </h2>
      <p className="text-sm text-muted-foreground">
        Vous pouvez renoncer à cette commande sans donner de motif{' '}
        {window.lastDay
          ? `jusqu'au ${frenchCalendarDate(window.lastDay)} inclus`
          : `jusqu'à ${WITHDRAWAL_DAYS} jours après sa réception`}
        .
      </p>
      <p className="text-xs text-muted-foreground">{HYGIENE_NOTICE}</p>
      {!open ? (
        <Button variant="outline" size="lg" onClick={() => setOpen(true)}>
          <Undo2 aria-hidden="true" />
          {WITHDRAWAL_TEXTS.button}
        </Button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Formulaire de rétractation">
          <p className="text-sm">
            Commande <strong className="whitespace-nowrap">{order.orderNumber}</strong> du{' '}
            {frenchLongDate(order.createdAt)}
          </p>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Articles concernés</legend>
            {order.lines.map((line) => (
              <label key={line.itemId} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={form.values.itemIds.includes(line.itemId)}
                  onChange={(e) => toggle(line.itemId, e.target.checked)}
                />
                <span>
                  {line.title} × {line.quantity} ({formatEuros(line.totalPriceCents)})
                </span>
              </label>
            ))}
            {form.errors.itemIds && (
              <p className="text-sm text-destructive" role="alert">
                {form.errors.itemIds}
              </p>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nom" required error={form.errors.name}>
              {(c) => <Input {...c} {...form.text('name')} autoComplete="name" />}
            </Field>
            <Field label="Email pour l'accusé de réception" required error={form.errors.email}>
              {(c) => <Input {...c} {...form.text('email')} type="email" autoComplete="email" />}
            </Field>
          </div>
          <FormAlert message={failure} />
          <SubmitButton submitting={form.submitting} busyLabel="Envoi en cours..." size="lg">
            {WITHDRAWAL_TEXTS.confirm}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
