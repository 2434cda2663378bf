/**
 * Field limits and formats shared by every form, procedure and decider of the shop. Zod-free, so
 * the storefront can use them before zod loads (checkout loads zod on first interaction).
 */

/** First and last names (back-office.md §5: at most 50 characters). */
export const NAME_MAX = 50;
/** A person's full name in one field (the contact form). */
export const FULL_NAME_MAX = 120;
/** RFC 5321's limit for an address. */
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 200;
export const CITY_MAX = 100;
/** Free text a customer adds to an order, and an admin's reason or note on one. */
export const NOTES_MAX = 1000;
export const MESSAGE_MAX = 2000;

/** Per order: distinct products, and units of one product. The cart caps at the same numbers. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/**
 * An order's total, shipping included: at most 1,000,000 € (the highest price a product may have).
 * Amounts are kept as 32-bit integer cents (orders, items, payments): this bound keeps every one of
 * them, each at most the order's total, far below 2^31 cents (about 21.4 million euros), where
 * 22 units of a 1,000,000 € product used to fail with a server error.
 */
export const ORDER_TOTAL_MAX_CENTS = 100_000_000;
export const ORDER_TOTAL_MAX_MESSAGE =
  "Le montant d'une commande ne peut pas dépasser 1 000 000 € : réduisez les quantités ou passez plusieurs commandes.";

/** A French postal code: five digits. */
export const ZIP_CODE_LENGTH = 5;
export const ZIP_CODE = /^\d{5}$/;
export const ZIP_CODE_MESSAGE = 'Le code postal doit contenir 5 chiffres';

/** A search box's text (the back-office lists). */
export const SEARCH_MAX = 100;

/** A payment's reference (cheque number, transfer reference) and the comment of a money movement. */
export const PAYMENT_REFERENCE_MAX = 100;
export const MONEY_NOTE_MAX = 500;

/** A calendar year typed in a field (the archive's year). */
export const YEAR_DIGITS = 4;
/** "Ce texte est trop long" with the limit it broke, so the owner knows how much to cut. */
export const tooLongMessage = (max: number) =>
  `Ce texte est trop long (${max.toLocaleString('fr-FR')} caractères maximum)`;

/** A shipment's carrier and tracking number, entered with "Expédiée". */
export const SHIPMENT_FIELD_MAX = 100;
/** A product category's name (the managed list). */
export const CATEGORY_NAME_MAX = 100;
/** The one-time code mailed to prove an email address (« Mes données ») or accept a devis. */
export const EMAIL_PROOF_CODE_LENGTH = 6;

/** A biocide's AMM number, the antidote its label names, a Certibiocide's number (ADR 037). */
export const AMM_NUMBER_MAX = 40;
export const ANTIDOTE_MAX = 200;
export const CERTIFICATE_NUMBER_MAX = 40;

/** A device's label as typed on a visit (« P12 ») and the captures a device check may count (ADR 037). */
export const DEVICE_LABEL_MAX = 20;
export const DEVICE_CAPTURES_MAX = 9999;
