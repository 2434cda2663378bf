/**
 * The checkout form's fields and the spec's required-field rule (visitor-site.md §5), without zod:
 * the form checks them at once; the format rules (schema.ts) load with the first interaction.
 */
import type { CustomerDetails } from '../orders/events.js';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Spec notice when a required field is empty (checked before anything is sent). */
export const MISSING_FIELDS_MESSAGE = 'Veuillez remplir tous les champs obligatoires';

/** The form's fields: the customer details an order records, and the delivery method. */
export type CheckoutFields = CustomerDetails & { deliveryMethod: DeliveryMethod };

/** The names of the fields the spec requires for a delivery method. */
export function requiredFields(method: DeliveryMethod): Exclude<keyof CheckoutFields, 'deliveryMethod'>[] {
  const base = ['firstName', 'lastName', 'email', 'phone'] as const;
  return method === 'delivery' ? [...base, 'address', 'city', 'zipCode'] : [...base];
}

/** True when a required field of the spec is empty: the form then shows MISSING_FIELDS_MESSAGE. */
export function hasMissingFields(form: CheckoutFields): boolean {
  return requiredFields(form.deliveryMethod).some((f) => !form[f]?.trim());
}

/** The notice when every required field is filled but some are not in the right format. */
export const FIX_FIELDS_MESSAGE = 'Veuillez corriger les champs signalés en rouge';

/**
 * The checkout's notice when the form is refused: the spec's "remplir tous les champs" only when a
 * required field is empty; a format problem (an email, a phone, a postcode) says so instead.
 */
export const refusedFormNotice = (form: CheckoutFields): string =>
  hasMissingFields(form) ? MISSING_FIELDS_MESSAGE : FIX_FIELDS_MESSAGE;
