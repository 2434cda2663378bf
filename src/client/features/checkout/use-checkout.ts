import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/client/components/ui/toast';
import { errorMessage, isTrpcError } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import type { CheckoutFields, DeliveryMethod } from '@/domain/checkout/fields';
import type { CheckoutForm } from '@/domain/checkout/schema';
import type { BusinessFormValues } from '@/domain/invoices/business';
import { useCart } from '../cart/cart-context';
import { useOrderAmounts, useShop } from '../shop/order-totals';
import { randomId } from '../shop/random-id';
import { useProfilePrefill } from './use-profile-prefill';

/** What the checkout form holds: the order's customer fields as typed, and the notes. */
export type CheckoutValues = Record<Exclude<keyof CheckoutFields, 'deliveryMethod'>, string> & {
  deliveryMethod: DeliveryMethod;
  notes: string;
} & BusinessFormValues;

const emptyCheckout: CheckoutValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  deliveryMethod: 'delivery',
  notes: '',
  // "Professionnel" (the business module, with zod, loads with the rules, not with the page).
  isBusiness: false,
  companyName: '',
  siren: '',
  vatNumber: '',
};

// zod (~23 KB gzip) comes with the rules on the first interaction with the form, not with the page,
// and so does what only a placed order needs (saving it for /confirmation).
const loadRules = () => import('@/domain/checkout/schema');
const loadBusiness = () => import('@/domain/invoices/business');
const loadSchema = () =>
  Promise.all([loadRules(), loadBusiness()]).then(([m, b]) => m.checkoutFormSchema.and(b.businessFormSchema));
const loadLastOrder = () => import('../shop/last-order');

/** Starts loading what submitting needs (the form's first focus or pointer down). */
export function preloadCheckout() {
  loadRules().catch(() => {});
  loadLastOrder().catch(() => {});
}

/**
 * The checkout form's state and its submit: the fields checked with the schema `checkout.place`
 * parses, then the order placed with the cart's lines (the server prices them), saved for
 * /confirmation and announced.
 */
export function useCheckout() {
  const cart = useCart();
  const navigate = useNavigate();
  // Made once when the form mounts: a double click or a retried request places one order.
  const [idempotencyKey] = useState(randomId);
  const form = useForm({ initial: emptyCheckout, schema: loadSchema });
  useProfilePrefill(form.update);
  // The shop's delivery rules: delivery is offered only when switched on (the server refuses it
  // otherwise), so the form falls back to pickup.
  const shop = useShop().data;
  const deliveryRules = shop?.delivery;
  // Issue 35: a production shop missing a legal mention takes no order; the server says why.
  const orderingClosed = shop?.orderingClosed ?? null;
  const deliveryOffered = deliveryRules?.shippingEnabled !== false;
  const { set } = form;
  const method = form.values.deliveryMethod;
  useEffect(() => {
    if (!deliveryOffered && method !== 'pickup') set('deliveryMethod', 'pickup');
  }, [deliveryOffered, method, set]);
  const utils = trpc.useUtils();
  const place = trpc.checkout.place.useMutation();
  // The figures the summary shows beside the button: sent with the order, refused if they changed.
  const shown = useOrderAmounts(cart.total, method);
  // The server's refusal of a total that changed, shown above the button until the next attempt.
  const [totalChanged, setTotalChanged] = useState<string | null>(null);

  async function placeOrder({
    isBusiness,
    companyName,
    siren,
    vatNumber,
    ...fields
  }: CheckoutForm & BusinessFormValues) {
    setTotalChanged(null);
    try {
      const { saveLastOrder } = await loadLastOrder();
      const { businessFromForm } = await loadBusiness();
      const order = await place.mutateAsync({
        ...fields,
        business: businessFromForm({ isBusiness, companyName, siren, vatNumber }),
        notes: form.values.notes.trim(),
        lines: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
        idempotencyKey,
        // Always sent (the server refuses an order without it). While the delivery rules load, the
        // summary shows the subtotal as the total and no VAT line: that is what the customer saw.
        shownTotal: shown
          ? { totalAmountCents: shown.totalAmountCents, taxCents: shown.taxCents }
          : { totalAmountCents: cart.total, taxCents: 0 },
      });
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
        orderToken: order.orderToken,
      });
      toast({ title: 'Succès', description: 'Commande créée avec succès!', variant: 'success' });
      navigate('/confirmation');
    } catch (error) {
      if (
        isTrpcError(error) &&
        (error.data as { domainCode?: string } | undefined)?.domainCode === 'TOTAL_CHANGED'
      ) {
        // New figures: the delivery rules and the cart's prices are read again, so the summary
        // shows what the server priced; the customer checks them and confirms again.
        setTotalChanged(error.message);
        await Promise.all([utils.settings.shop.invalidate(), utils.catalog.byId.invalidate()]);
        return;
      }
      form.showServerErrors(error);
      // A product deleted from the catalogue is named by its id on the server: show the cart's name.
      let message = errorMessage(error);
      for (const item of cart.items) message = message.replace(item.productId, item.name);
      toast({
        title: 'Erreur',
        description: `Impossible de créer la commande: ${message}`,
        variant: 'destructive',
      });
    }
  }

  const onSubmit = form.handleSubmit(placeOrder, async () => {
    // The spec's notice when a required field is empty; a format problem says so (shown on its field).
    const { refusedFormNotice } = await loadRules();
    toast({ title: 'Erreur', description: refusedFormNotice(form.values), variant: 'destructive' });
  });

  return {
    form,
    onSubmit,
    placed: place.isSuccess,
    deliveryRules,
    deliveryOffered,
    totalChanged,
    orderingClosed,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
