import { z } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  emailAddress,
  personName,
  phoneNumber,
  printable,
  printableLines,
} from '../common/fields.js';
import {
  ADDRESS_MAX,
  CITY_MAX,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  NOTES_MAX,
  ZIP_CODE,
  ZIP_CODE_MESSAGE,
} from '../common/limits.js';
import { businessCustomerSchema } from '../invoices/business.js';
import { uuidInput } from '../security/ids.js';
import { DELIVERY_METHODS, type DeliveryMethod } from './fields.js';
import { DUPLICATE_LINE_MESSAGE, QUANTITY_CAP_MESSAGE, repeatedProduct } from './lines.js';
import { shownTotalSchema } from './total-check.js';

export {
  DELIVERY_METHODS,
  type DeliveryMethod,
  hasMissingFields,
  MISSING_FIELDS_MESSAGE,
  refusedFormNotice,
  requiredFields,
} from './fields.js';

/**
 * The checkout form (visitor-site.md §3 and §5), shared by the form, the `checkout.place` procedure
 * and the order decider. The spec requires firstName, lastName, email and phone, and address, city
 * and zipCode only for delivery; on top of it we check a valid email, the shop's phone rule
 * (stored in E.164) and a 5-digit postal code, with French messages shown beside the fields.
 */

const optionalText = (max: number, lines = false) =>
  z
    .string()
    .trim()
    .max(max, { error: `${max} caractères au maximum` })
    .refine(lines ? printableLines : printable, { error: CONTROL_CHARACTERS_MESSAGE })
    .default('');

export const checkoutFormShape = {
  firstName: personName('prénom'),
  lastName: personName('nom'),
  email: emailAddress(),
  phone: phoneNumber(),
  address: optionalText(ADDRESS_MAX),
  city: optionalText(CITY_MAX),
  zipCode: optionalText(10),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: 'Mode de livraison invalide' }).default('delivery'),
};

interface DeliveryFields {
  deliveryMethod: DeliveryMethod;
  address: string;
  city: string;
  zipCode: string;
}

/** Address, city and postal code are required (and the code checked) only for delivery. */
export function checkDeliveryFields(value: DeliveryFields, ctx: z.RefinementCtx) {
  if (value.deliveryMethod !== 'delivery') return;
  if (!value.address)
    ctx.addIssue({
      code: 'custom',
      path: ['address'],
      message: "L'adresse est obligatoire pour la livraison",
    });
  if (!value.city)
    ctx.addIssue({ code: 'custom', path: ['city'], message: 'La ville est obligatoire pour la livraison' });
  if (!value.zipCode)
    ctx.addIssue({
      code: 'custom',
      path: ['zipCode'],
      message: 'Le code postal est obligatoire pour la livraison',
    });
  else if (!ZIP_CODE.test(value.zipCode))
    ctx.addIssue({
      code: 'custom',
      path: ['zipCode'],
      message: ZIP_CODE_MESSAGE,
    });
}

export const checkoutFormSchema = z.object(checkoutFormShape).superRefine(checkDeliveryFields);
export type CheckoutForm = z.output<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

/**
 * What `checkout.place` accepts: the form, product ids with quantities, notes and the idempotency
 * key made when the form mounts. Nothing else: prices, totals or statuses a client adds are dropped.
 */
const placeOrderShape = {
  ...checkoutFormShape,
  notes: optionalText(NOTES_MAX, true),
  lines: z
    .array(
      z.object({
        productId: uuidInput('Produit invalide'),
        quantity: z
          .number({ error: 'Quantité invalide' })
          .int({ error: 'Quantité invalide' })
          .min(1, { error: 'La quantité doit être au moins 1' })
          .max(MAX_LINE_QUANTITY, { error: QUANTITY_CAP_MESSAGE }),
      }),
    )
    .min(1, { error: 'Panier vide' })
    .max(MAX_CART_LINES, { error: `Au plus ${MAX_CART_LINES} produits par commande` })
    .refine((lines) => repeatedProduct(lines) === null, { error: DUPLICATE_LINE_MESSAGE }),
  idempotencyKey: uuidInput('Clé de commande invalide'),
  /** "Professionnel": the company the invoice is made out to (null or absent: a private buyer). */
  business: businessCustomerSchema.nullable().optional(),
};

export const placeOrderInputSchema = z
  .object({
    ...placeOrderShape,
    /**
     * The total the page showed beside the order button (L221-14, C. civ. 1127-2), required: an
     * order without it is refused (MISSING_TOTAL_MESSAGE), one whose total the server prices
     * differently too (TOTAL_CHANGED, total-check.ts).
     */
    shownTotal: shownTotalSchema,
  })
  .superRefine(checkDeliveryFields);
export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;

/**
 * "Nouvelle commande" in the back-office (an order taken by phone or at the counter): the shop's
 * order, for a customer account picked by the admin or for details typed for someone without one.
 * No shown total: the server prices it and the admin reads that total once it is placed.
 */
export const adminOrderInputSchema = z
  .object({ ...placeOrderShape, customerId: z.string().max(100).nullable().default(null) })
  .superRefine(checkDeliveryFields);
export type AdminOrderInput = z.output<typeof adminOrderInputSchema>;
