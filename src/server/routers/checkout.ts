import { placeOrderInputSchema } from '../../domain/checkout/schema.js';
import { DomainError } from '../../domain/errors.js';
import { publicProcedure, router } from '../trpc.js';

/*
 * The shop's checkout. `place` takes product ids, quantities, the customer form, the delivery
 * method, notes and an idempotency key; the server reloads every price, promo rule, availability
 * and stock, computes every amount and appends OrderPlaced through the order log.
 */
// Until the order log's placeOrder lands (src/server/orders/place.ts), the shape it returns.
interface PlacedOrder {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  items: {
    productId: string;
    title: string;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
  }[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    zipCode: string;
  };
  deliveryMethod: 'delivery' | 'pickup';
  createdAt: Date;
}

export const checkoutRouter = router({
  place: publicProcedure.input(placeOrderInputSchema).mutation(async (): Promise<PlacedOrder> => {
    throw new DomainError('conflict', 'CHECKOUT_UNAVAILABLE', 'Les commandes ne sont pas encore ouvertes');
  }),

  /** The help block of /confirmation: the shop's phone and contact email. */
  shopContact: publicProcedure.query(({ ctx }) => ({
    phone: ctx.config.SHOP_PHONE,
    email: ctx.config.SHOP_EMAIL,
  })),
});
