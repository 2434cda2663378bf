import { ArrowLeft, Check, Loader2, ShoppingCart, Store, Truck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Input, Textarea } from '@/client/components/ui/input';
import { FieldError, Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/toast';
import { errorMessage, fieldErrors } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatPhone } from '@/domain/common/phone';
import {
  type DeliveryRules,
  effectivePriceCents,
  formatEuros,
  formatShipping,
  promoApplies,
  shippingCostCents,
} from '../../domain/catalog/pricing';
import {
  type CheckoutFields,
  type DeliveryMethod,
  hasMissingFields,
  MISSING_FIELDS_MESSAGE,
  requiredFields,
} from '../../domain/checkout/fields';
import { useCart } from '../features/cart/cart-context';
import { lineTotalCents } from '../features/cart/cart-state';
import { useCartCheck } from '../features/cart/use-cart-check';
import { saveLastOrder } from '../features/shop/last-order';
import { OrderTotals, useOrderAmounts, useShop } from '../features/shop/order-totals';
import { ProductImage } from '../features/shop/product-image';
import { randomId } from '../features/shop/random-id';
import { ShopLayout } from '../features/shop/shop-header';
import { usePageTitle } from '../features/shop/use-page-title';

/** What delivery costs for this cart, and from which amount it is free. */
function deliveryDetail(subtotalCents: number, rules: DeliveryRules | undefined): string {
  if (!rules) return '…';
  const cost = shippingCostCents(subtotalCents, 'delivery', rules);
  return cost === 0
    ? 'Gratuite'
    : `${formatShipping(cost)} (offerte dès ${formatEuros(rules.freeShippingThresholdCents)})`;
}

type FormState = Record<Exclude<keyof CheckoutFields, 'deliveryMethod'>, string> & {
  deliveryMethod: DeliveryMethod;
};
type FieldName = keyof FormState;

const emptyForm: FormState = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  deliveryMethod: 'delivery',
};

function Field({
  name,
  label,
  required,
  error,
  className,
  ...props
}: {
  name: FieldName;
  label: string;
  required?: boolean;
  error?: string | undefined;
  className?: string;
} & Omit<React.ComponentProps<typeof Input>, 'name'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

// zod (~23 KB gzip) comes with the schema on the first interaction with the form, not with the page.
const loadSchema = () => import('../../domain/checkout/schema');

const fieldOrder: FieldName[] = ['firstName', 'lastName', 'email', 'phone', 'address', 'zipCode', 'city'];

/** Moves focus to the first field with a message, so keyboard and screen-reader users land on it. */
function focusFirstError(names: string[]) {
  const first = fieldOrder.find((f) => names.includes(f));
  if (first)
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus());
}

export default function Checkout() {
  usePageTitle('Commande');
  const cart = useCart();
  const problems = useCartCheck();
  const navigate = useNavigate();
  // Made once when the form mounts: a double click or a retried request places one order.
  const [idempotencyKey] = useState(randomId);
  const [form, setForm] = useState<FormState>(emptyForm);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // The shop's delivery rules: delivery is offered only when switched on; the server refuses it otherwise.
  const shop = useShop();
  const rules = shop.data?.delivery;
  const deliveryOffered = rules?.shippingEnabled !== false;
  useEffect(() => {
    if (!deliveryOffered)
      setForm((f) => (f.deliveryMethod === 'pickup' ? f : { ...f, deliveryMethod: 'pickup' }));
  }, [deliveryOffered]);
  const delivery = form.deliveryMethod === 'delivery';
  const amounts = useOrderAmounts(cart.total, form.deliveryMethod);

  const me = trpc.session.me.useQuery(undefined, { staleTime: 60_000 });
  const profile = trpc.account.profile.useQuery(undefined, { enabled: Boolean(me.data), retry: false });
  const prefilled = useRef(false);

  // Signed-in customers start from their profile (only empty fields are filled, once).
  useEffect(() => {
    if (prefilled.current || !me.data) return;
    if (profile.isLoading) return;
    prefilled.current = true;
    const p = profile.data;
    const [first = '', ...rest] = me.data.name.split(' ');
    const known: Partial<FormState> = {
      firstName: p?.firstName || first,
      lastName: p?.lastName || rest.join(' '),
      email: p?.email || me.data.email,
      phone: p?.phone ? formatPhone(p.phone) : '',
      address: p?.address ?? '',
      city: p?.city ?? '',
      zipCode: p?.postalCode ?? '',
    };
    setForm((f) => {
      const next = { ...f };
      for (const [k, v] of Object.entries(known) as [keyof typeof known, string][]) {
        if (!next[k] && v) (next as Record<string, string>)[k] = v;
      }
      return next;
    });
  }, [me.data, profile.isLoading, profile.data]);

  const utils = trpc.useUtils();
  const place = trpc.checkout.place.useMutation({
    onSuccess(order) {
      // The customer's order list and totals (/compte) now include this order.
      void utils.account.invalidate();
      saveLastOrder({
        orderNumber: order.orderNumber,
        items: order.items.map((i) => ({
          productId: i.productId,
          name: i.title,
          quantity: i.quantity,
          unitPriceCents: i.unitPriceCents,
          totalPriceCents: i.totalPriceCents,
        })),
        total: order.totalAmountCents,
        subtotalCents: order.subtotalCents,
        shippingCostCents: order.shippingCostCents,
        taxCents: order.taxCents,
        customer: { ...order.customer, deliveryMethod: order.deliveryMethod },
      });
      toast({ title: 'Succès', description: 'Commande créée avec succès!', variant: 'success' });
      navigate('/confirmation');
    },
    onError(error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      focusFirstError(Object.keys(fields));
      // A product deleted from the catalogue is named by its id on the server: show the cart's name.
      let message = errorMessage(error);
      for (const item of cart.items) message = message.replace(item.productId, item.name);
      toast({
        title: 'Erreur',
        description: `Impossible de créer la commande: ${message}`,
        variant: 'destructive',
      });
    },
  });

  const set = (name: FieldName) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const checking = useRef(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (place.isPending || checking.current) return;
    if (hasMissingFields(form)) {
      const missing = Object.fromEntries(
        requiredFields(form.deliveryMethod)
          .filter((f) => !form[f].trim())
          .map((f) => [f, 'Ce champ est obligatoire']),
      );
      setErrors(missing);
      focusFirstError(Object.keys(missing));
      toast({ title: 'Erreur', description: MISSING_FIELDS_MESSAGE, variant: 'destructive' });
      return;
    }
    // The same schema as the server: format problems are shown beside the fields before sending.
    checking.current = true;
    let checkoutFormSchema: Awaited<ReturnType<typeof loadSchema>>['checkoutFormSchema'];
    try {
      ({ checkoutFormSchema } = await loadSchema());
    } catch {
      toast({ title: 'Erreur', description: 'Une erreur est survenue', variant: 'destructive' });
      return;
    } finally {
      checking.current = false;
    }
    const parsed = checkoutFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      focusFirstError(Object.keys(next));
      return;
    }
    setErrors({});
    place.mutate({
      ...parsed.data,
      notes: notes.trim(),
      lines: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
      idempotencyKey,
    });
  }

  const backToCart = (
    <Link
      to="/panier"
      className="mb-4 inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Retour au panier
    </Link>
  );

  if (cart.items.length === 0 && !place.isSuccess) {
    return (
      <ShopLayout>
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
          {backToCart}
          <div className="flex flex-col items-center gap-4 rounded-lg border bg-card px-4 py-16 text-center">
            <ShoppingCart className="size-14 text-muted-foreground/50" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Panier vide</h1>
            <p className="text-muted-foreground">Ajoutez des produits à votre panier pour passer commande.</p>
            <Button asChild size="lg">
              <Link to="/boutique">Retour à la boutique</Link>
            </Button>
          </div>
        </div>
      </ShopLayout>
    );
  }

  const methods: { value: DeliveryMethod; title: string; detail: string; icon: typeof Truck }[] = [
    ...(deliveryOffered
      ? [
          {
            value: 'delivery' as const,
            title: 'Livraison à domicile',
            detail: deliveryDetail(cart.total, rules),
            icon: Truck,
          },
        ]
      : []),
    { value: 'pickup', title: 'Retrait en boutique', detail: 'Samedi uniquement', icon: Store },
  ];

  return (
    <ShopLayout>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {backToCart}
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Finaliser ma commande</h1>
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_380px]">
          <form
            noValidate
            onSubmit={submit}
            onFocus={() => void loadSchema()}
            onPointerDown={() => void loadSchema()}
            className="space-y-6"
            aria-label="Informations de commande"
          >
            <section className="space-y-4 rounded-lg border bg-card p-5 sm:p-6">
              <h2 className="text-lg font-semibold">Vos coordonnées</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  name="firstName"
                  label="Prénom"
                  required
                  autoComplete="given-name"
                  value={form.firstName}
                  onChange={set('firstName')}
                  error={errors.firstName}
                />
                <Field
                  name="lastName"
                  label="Nom"
                  required
                  autoComplete="family-name"
                  value={form.lastName}
                  onChange={set('lastName')}
                  error={errors.lastName}
                />
                <Field
                  name="email"
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  value={form.email}
                  onChange={set('email')}
                  error={errors.email}
                />
                <Field
                  name="phone"
                  label="Téléphone"
                  type="tel"
                  required
                  autoComplete="tel"
                  placeholder="ex. 06 12 34 56 78"
                  value={form.phone}
                  onChange={set('phone')}
                  error={errors.phone}
                />
              </div>
            </section>

            <section className="space-y-4 rounded-lg border bg-card p-5 sm:p-6">
              <h2 className="text-lg font-semibold" id="delivery-method">
                Mode de livraison
              </h2>
              <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-labelledby="delivery-method">
                {methods.map((m) => {
                  const checked = form.deliveryMethod === m.value;
                  return (
                    <label
                      key={m.value}
                      className={cn(
                        'flex cursor-pointer items-start gap-3 rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        checked ? 'border-primary bg-secondary' : 'border-border hover:border-primary/40',
                      )}
                    >
                      <input
                        type="radio"
                        name="deliveryMethod"
                        value={m.value}
                        checked={checked}
                        onChange={() => setForm((f) => ({ ...f, deliveryMethod: m.value }))}
                        className="sr-only"
                      />
                      <m.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      <span className="flex-1">
                        <span className="block font-semibold">{m.title}</span>
                        <span className="text-sm text-muted-foreground">{m.detail}</span>
                      </span>
                      <span
                        className={cn(
                          'grid size-5 place-items-center rounded-full border-2',
                          checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
                        )}
                        aria-hidden="true"
                      >
                        {checked && <Check className="size-3" strokeWidth={3} />}
                      </span>
                    </label>
                  );
                })}
              </div>
              {delivery ? (
                <div className="grid gap-4 sm:grid-cols-6">
                  <Field
                    name="address"
                    label="Adresse"
                    required
                    autoComplete="street-address"
                    value={form.address}
                    onChange={set('address')}
                    error={errors.address}
                    className="sm:col-span-6"
                  />
                  <Field
                    name="zipCode"
                    label="Code postal"
                    required
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={5}
                    value={form.zipCode}
                    onChange={set('zipCode')}
                    error={errors.zipCode}
                    className="sm:col-span-2"
                  />
                  <Field
                    name="city"
                    label="Ville"
                    required
                    autoComplete="address-level2"
                    value={form.city}
                    onChange={set('city')}
                    error={errors.city}
                    className="sm:col-span-4"
                  />
                </div>
              ) : (
                <p className="rounded-md bg-muted px-4 py-3 text-sm">
                  Retrait à la boutique le <strong>samedi uniquement</strong>. Nous vous contactons pour
                  convenir de l'horaire.
                </p>
              )}
            </section>

            <section className="space-y-2 rounded-lg border bg-card p-5 sm:p-6">
              <Label htmlFor="checkout-notes" className="text-lg font-semibold">
                Remarques <span className="text-sm font-normal text-muted-foreground">(facultatif)</span>
              </Label>
              <Textarea
                id="checkout-notes"
                name="notes"
                maxLength={1000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder="Précisions sur la livraison, horaires de disponibilité..."
              />
            </section>

            <p className="text-sm text-muted-foreground">
              <span className="text-destructive">*</span> Champs obligatoires. Le paiement est organisé avec
              vous après la commande (espèces, carte, virement ou chèque).
            </p>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={place.isPending}>
              {place.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {place.isPending ? 'Envoi en cours...' : 'Confirmer la commande'}
            </Button>
          </form>

          <aside
            className="space-y-4 rounded-lg border bg-card p-5 lg:sticky lg:top-24"
            aria-label="Récapitulatif"
          >
            <h2 className="text-lg font-semibold">Récapitulatif</h2>
            <ul className="divide-y" data-testid="checkout-summary">
              {cart.items.map((item) => (
                <li key={item.id} className="flex gap-3 py-3">
                  <ProductImage
                    base={item.image}
                    alt=""
                    sizes="56px"
                    className="size-14 shrink-0 rounded-md [&_span]:text-2xl"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium leading-snug">{item.name}</p>
                    <p className="text-muted-foreground">Quantité : {item.quantity}</p>
                    {problems.has(item.productId) && (
                      <p className="text-xs font-medium text-destructive" role="alert">
                        {problems.get(item.productId)}
                      </p>
                    )}
                    {promoApplies(item) && (
                      <p className="text-xs font-medium text-destructive">
                        Prix promo: {formatEuros(effectivePriceCents(item))} (au lieu de{' '}
                        {formatEuros(item.priceCents)})
                      </p>
                    )}
                  </div>
                  <span className="text-sm font-semibold tabular-nums">
                    {formatEuros(lineTotalCents(item))}
                  </span>
                </li>
              ))}
            </ul>
            <div className="border-t pt-4">
              <OrderTotals
                amounts={amounts}
                subtotalCents={cart.total}
                pickup={!delivery}
                totalTestId="checkout-total"
              />
            </div>
            <p className="text-xs text-muted-foreground">
              Les prix sont confirmés par notre serveur au moment de la commande.
            </p>
          </aside>
        </div>
      </div>
    </ShopLayout>
  );
}
