import type { ReactNode } from 'react';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input, PhoneInput, Textarea } from '@/client/components/ui/input';
import { ORDER_BUTTON_LABEL } from '@/domain/checkout/order-button';
import { NOTES_MAX, ZIP_CODE_LENGTH } from '@/domain/common/limits';
import { CGV_DATE, WITHDRAWAL_DAYS } from '@/domain/legal/cgv';
import { useCart } from '../cart/cart-context';
import { DeliveryChoice } from './delivery-choice';
import { type Checkout, preloadCheckout } from './use-checkout';

/**
 * The checkout form (visitor-site.md §3, §5): coordinates, delivery method and address, notes, then
 * the order summary and the button. The summary sits between the fields and the button in the page's
 * order, so on phones and tablets (one column) the total is read before confirming; on wide screens
 * the grid puts it in the right-hand column beside both.
 */
export function CheckoutForm({
  checkout: { form, onSubmit, deliveryRules, totalChanged, orderingClosed },
  summary,
}: {
  checkout: Checkout;
  summary: ReactNode;
}) {
  const cart = useCart();
  const e = form.errors;
  const delivery = form.values.deliveryMethod === 'delivery';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadCheckout}
      onPointerDown={preloadCheckout}
      className="grid items-start gap-6 lg:grid-cols-[1fr_380px]"
      aria-label="Informations de commande"
    >
      <div className="space-y-6 lg:col-start-1">
        <section className="space-y-4 rounded-lg border bg-card p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Vos coordonnées</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Prénom" required error={e.firstName}>
              {(c) => <Input {...c} {...form.text('firstName')} autoComplete="given-name" />}
            </Field>
            <Field label="Nom" required error={e.lastName}>
              {(c) => <Input {...c} {...form.text('lastName')} autoComplete="family-name" />}
            </Field>
            <Field label="Email" required error={e.email}>
              {(c) => <Input {...c} {...form.text('email')} type="email" autoComplete="email" />}
            </Field>
            <Field label="Téléphone" required error={e.phone}>
              {(c) => <PhoneInput {...c} {...form.text('phone')} placeholder="ex. 06 12 34 56 78" />}
            </Field>
          </div>
          <Field
            label="Je commande en tant que professionnel"
            inline
            description="La facture portera le nom et le SIREN de votre entreprise."
          >
            {(c) => (
              // A native checkbox: the storefront's JS budget has no room for the Radix switch.
              <input
                {...c}
                type="checkbox"
                className="size-5 shrink-0 cursor-pointer accent-primary"
                checked={form.values.isBusiness}
                onChange={(event) => form.set('isBusiness', event.target.checked)}
              />
            )}
          </Field>
          {form.values.isBusiness ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Raison sociale" required error={e.companyName} className="sm:col-span-2">
                {(c) => <Input {...c} {...form.text('companyName')} autoComplete="organization" />}
              </Field>
              <Field label="SIREN" required error={e.siren}>
                {(c) => <Input {...c} {...form.text('siren')} inputMode="numeric" />}
              </Field>
              <Field
                label={
                  <>
                    N° de TVA intracommunautaire{' '}
                    <span className="text-sm font-normal text-muted-foreground">(facultatif)</span>
                  </>
                }
                error={e.vatNumber}
              >
                {(c) => <Input {...c} {...form.text('vatNumber')} />}
              </Field>
            </div>
          ) : null}
        </section>

        <section className="space-y-4 rounded-lg border bg-card p-5 sm:p-6">
          <h2 className="text-lg font-semibold" id="delivery-method">
            Mode de livraison
          </h2>
          <DeliveryChoice
            value={form.values.deliveryMethod}
            onChange={(method) => form.set('deliveryMethod', method)}
            labelledBy="delivery-method"
            subtotalCents={cart.total}
            rules={deliveryRules}
          />
          {delivery ? (
            <div className="grid gap-4 sm:grid-cols-6">
              <Field label="Adresse" required error={e.address} className="sm:col-span-6">
                {(c) => <Input {...c} {...form.text('address')} autoComplete="street-address" />}
              </Field>
              <Field label="Code postal" required error={e.zipCode} className="sm:col-span-2">
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('zipCode')}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={ZIP_CODE_LENGTH}
                  />
                )}
              </Field>
              <Field label="Ville" required error={e.city} className="sm:col-span-4">
                {(c) => <Input {...c} {...form.text('city')} autoComplete="address-level2" />}
              </Field>
            </div>
          ) : (
            <p className="rounded-md bg-muted px-4 py-3 text-sm">
              Retrait à la boutique le <strong>samedi uniquement</strong>. Nous vous contactons pour convenir
              de l'horaire.
            </p>
          )}
        </section>

        <Field
          label={
            <>
              Remarques <span className="text-sm font-normal text-muted-foreground">(facultatif)</span>
            </>
          }
          labelClassName="text-lg font-semibold"
          error={e.notes}
          className="rounded-lg border bg-card p-5 sm:p-6"
        >
          {(c) => (
            <Textarea
              {...c}
              {...form.text('notes')}
              maxLength={NOTES_MAX}
              placeholder="Précisions sur la livraison, horaires de disponibilité..."
            />
          )}
        </Field>
      </div>

      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-stretch">{summary}</div>

      <div className="space-y-6 lg:col-start-1">
        <p className="text-sm text-muted-foreground">
          <span className="text-destructive">*</span> Champs obligatoires. Le paiement est organisé avec vous
          après la commande (espèces, carte, virement ou chèque).
        </p>
        <p className="text-sm text-muted-foreground">
          En cliquant sur « {ORDER_BUTTON_LABEL} », vous acceptez nos{' '}
          <a href="/cgv" target="_blank" rel="noopener" className="font-medium text-primary underline">
            conditions générales de vente
          </a>{' '}
          (version du {CGV_DATE}), qui décrivent votre droit de rétractation de {WITHDRAWAL_DAYS} jours et son
          formulaire. Votre commande vous engage à payer le total affiché.
        </p>
        {totalChanged && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
            data-testid="total-changed"
          >
            {totalChanged}
          </p>
        )}
        {orderingClosed && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive"
            data-testid="ordering-closed"
          >
            {orderingClosed}
          </p>
        )}
        <SubmitButton
          disabled={Boolean(orderingClosed)}
          submitting={form.submitting}
          busyLabel="Envoi en cours..."
          size="lg"
          className="w-full sm:w-auto"
        >
          {ORDER_BUTTON_LABEL}
        </SubmitButton>
      </div>
    </form>
  );
}
