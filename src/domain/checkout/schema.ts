import { z } from 'zod';
import { uuidInput } from '../security/ids.js';
import { DELIVERY_METHODS, type DeliveryMethod } from './fields.js';

export {
  DELIVERY_METHODS,
  type DeliveryMethod,
  hasMissingFields,
  MISSING_FIELDS_MESSAGE,
  requiredFields,
} from './fields.js';

/**
 * The checkout form (visitor-site.md §3 and §5), shared by the form and the `checkout.place`
 * procedure. The spec requires firstName, lastName, email and phone, and address, city and zipCode
 * only for delivery; on top of it we check a valid email, a French-style phone and a 5-digit postal
 * code, with French messages shown beside the fields.
 */

/** 06 12 34 56 78, 0612345678, +33 6 12 34 56 78, 0033612345678 (spaces, dots and dashes allowed). */
const FRENCH_PHONE = /^(?:\+33|0033|0)[1-9]\d{8}$/;
const ZIP_CODE = /^\d{5}$/;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${max} caractères au maximum` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${max} caractères au maximum` })
    .default('');

export const checkoutFormShape = {
  firstName: text(100, 'Le prénom est obligatoire'),
  lastName: text(100, 'Le nom est obligatoire'),
  email: text(254, "L'email est obligatoire").pipe(z.email({ error: 'Adresse email invalide' })),
  phone: text(30, 'Le téléphone est obligatoire').refine((v) => FRENCH_PHONE.test(v.replace(/[\s.-]/g, '')), {
    error: 'Numéro de téléphone invalide (ex. 06 12 34 56 78)',
  }),
  address: optionalText(200),
  city: optionalText(100),
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
      message: 'Le code postal doit contenir 5 chiffres',
    });
}

export const checkoutFormSchema = z.object(checkoutFormShape).superRefine(checkDeliveryFields);
export type CheckoutForm = z.output<typeof checkoutFormSchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/**
 * What `checkout.place` accepts: the form, product ids with quantities, notes and the idempotency
 * key made when the form mounts. Nothing else: prices, totals or statuses a client adds are dropped.
 */
export const placeOrderInputSchema = z
  .object({
    ...checkoutFormShape,
    notes: optionalText(1000),
    lines: z
      .array(
        z.object({
          productId: uuidInput('Produit invalide'),
          quantity: z
            .number({ error: 'Quantité invalide' })
            .int({ error: 'Quantité invalide' })
            .min(1, { error: 'La quantité doit être au moins 1' })
            .max(MAX_LINE_QUANTITY, { error: `La quantité est limitée à ${MAX_LINE_QUANTITY}` }),
        }),
      )
      .min(1, { error: 'Panier vide' })
      .max(MAX_CART_LINES, { error: `Au plus ${MAX_CART_LINES} produits par commande` })
      .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
        error: 'Un produit apparaît deux fois dans la commande',
      }),
    idempotencyKey: z.uuid({ error: 'Clé de commande invalide' }),
  })
  .superRefine(checkDeliveryFields);
export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;
