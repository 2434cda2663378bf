import { z } from 'zod';
import { type DeliveryRules, LOW_STOCK_THRESHOLD } from '../catalog/pricing.js';
import { parseDecimal, typedCents, typedDecimal, typedEuros } from '../catalog/product.js';
import { EMAIL_MAX, tooLongMessage } from '../common/limits.js';
import { isPhone, PHONE_MAX, PHONE_MESSAGE } from '../common/phone.js';
import type { SellerIdentity } from '../invoices/identity.js';
import { LEGAL_NOTICE_DEFAULTS, type LegalIdentity, legalIdentity } from '../legal/identity.js';
import {
  compactCode,
  EMPTY_PAYMENT_INSTRUCTIONS,
  isBic,
  isIban,
  PAYMENT_INSTRUCTION_MESSAGES,
  type PaymentInstructions,
} from './payment-instructions.js';
import { checkoutClosure, missingLegalMentions } from './readiness.js';

/**
 * The shop settings (back-office.md §2 "Paramètres", §3 defaults): ONE schema, parsed by the
 * settings screen before sending and by `settings.update` on the server. Money in integer cents,
 * as everywhere else; euros only at the form's edge (settingsFormValues, parseSettingsForm).
 */

export const SETTINGS_MESSAGES = {
  saved: 'Paramètres sauvegardés avec succès.',
  saveFailed: 'Impossible de sauvegarder les paramètres.',
  cacheCleared: 'Cache vidé avec succès.',
  shopNameRequired: 'Le nom de la boutique est requis',
  emailInvalid: 'Adresse email invalide',
  emailRequired: "L'email de contact est requis",
  currency: "Seul l'euro (EUR) est pris en charge",
  taxRate: 'Le taux de TVA doit être compris entre 0 et 100',
  shippingCost: 'Les frais de port ne peuvent pas être négatifs',
  threshold: 'Le seuil de livraison gratuite ne peut pas être négatif',
  amountTooHigh: 'Ce montant est trop élevé',
  lowStockThreshold: 'Le seuil de stock faible doit être un nombre entier entre 0 et 100 000',
} as const;

const M = SETTINGS_MESSAGES;
const MAX_CENTS = 10_000_000;
const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const cents = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, message).max(MAX_CENTS, M.amountTooHigh);

// --- Mentions légales (issue 26), kept in one block ---------------------------------------------

const optionalUrl = z
  .string()
  .trim()
  .max(300, tooLongMessage(300))
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Adresse de site invalide (https://…)')
  .default('');

/** Who the legal notices and the CGV name besides the shop: director of publication, host, mediator. */
const legalNoticeShape = {
  publicationDirector: text(120).default(''),
  hostName: text(120).default(''),
  hostAddress: text(300).default(''),
  hostPhone: z
    .string()
    .trim()
    .max(PHONE_MAX, PHONE_MESSAGE)
    .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE)
    .default(''),
  mediatorName: text(200).default(''),
  mediatorAddress: text(300).default(''),
  mediatorWebsite: optionalUrl,
};

// --- end of the Mentions légales block ------------------------------------------------------------

// --- Paiement (issue 35): how a customer pays by transfer or cheque, kept in one block ------------

const PM = PAYMENT_INSTRUCTION_MESSAGES;
const paymentInstructionsShape = {
  iban: z
    .string()
    .max(50, PM.iban)
    .transform(compactCode)
    .refine((v) => v === '' || isIban(v), PM.iban)
    .default(''),
  bic: z
    .string()
    .max(20, PM.bic)
    .transform(compactCode)
    .refine((v) => v === '' || isBic(v), PM.bic)
    .default(''),
  chequePayee: text(120).default(''),
};

/** The IBAN and the BIC go together: a transfer needs both. */
function ibanWithBic(v: PaymentInstructions, ctx: z.RefinementCtx) {
  if (v.iban && !v.bic) ctx.addIssue({ code: 'custom', path: ['bic'], message: PM.ibanWithoutBic });
  if (v.bic && !v.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: PM.bicWithoutIban });
}

// --- end of the Paiement block ---------------------------------------------------------------------

const settingsFields = z.object({
  // Général
  shopName: text(120).min(1, M.shopNameRequired),
  shopDescription: text(1000).default(''),
  shopEmail: z
    .string()
    .trim()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid })),
  /** Shown as typed (it is displayed, not dialled by the server); blank hides it. */
  shopPhone: z
    .string()
    .trim()
    .max(PHONE_MAX, PHONE_MESSAGE)
    .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE)
    .default(''),
  shopAddress: text(300).default(''),
  currency: z.literal('EUR', { error: M.currency }).default('EUR'),
  // Commerce
  taxRate: z.number({ error: M.taxRate }).min(0, M.taxRate).max(100, M.taxRate),
  shippingEnabled: z.boolean(),
  freeShippingThresholdCents: cents(M.threshold),
  defaultShippingCostCents: cents(M.shippingCost),
  // Notifications
  notificationsEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  orderNotifications: z.boolean(),
  lowStockAlerts: z.boolean(),
  /** At or under this count a product is low on stock (the alert mail). */
  lowStockThreshold: z
    .number({ error: M.lowStockThreshold })
    .int(M.lowStockThreshold)
    .min(0, M.lowStockThreshold)
    .max(100_000, M.lowStockThreshold)
    .default(LOW_STOCK_THRESHOLD),
  /** The customer's mail at Confirmée, Expédiée, Livrée and Annulée. */
  customerStatusMails: z.boolean().default(true),
  /** A mail to the shop for each new contact request. */
  contactNotifications: z.boolean().default(true),
  // Système
  maintenanceMode: z.boolean(),
  // Mentions légales (issue 26): LCEN art. 6 III and C. conso L612-1
  ...legalNoticeShape,
  // Paiement (issue 35)
  ...paymentInstructionsShape,
});

export const shopSettingsSchema = settingsFields.superRefine(ibanWithBic);

export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;

/** The spec's defaults (back-office.md §3), with the business's own name and contact. */
export const DEFAULT_SETTINGS: ShopSettings = {
  shopName: 'Hygiène - Anti-nuisibles 27',
  shopDescription: 'Produits professionnels contre les nuisibles et fournitures apicoles.',
  shopEmail: 'contact@hygiene-anti-nuisibles-27.fr',
  shopPhone: '',
  shopAddress: '',
  currency: 'EUR',
  taxRate: 20,
  shippingEnabled: true,
  freeShippingThresholdCents: 5000,
  defaultShippingCostCents: 599,
  notificationsEnabled: true,
  emailNotifications: true,
  orderNotifications: true,
  lowStockAlerts: true,
  lowStockThreshold: LOW_STOCK_THRESHOLD,
  customerStatusMails: true,
  contactNotifications: true,
  maintenanceMode: false,
  ...LEGAL_NOTICE_DEFAULTS,
  ...EMPTY_PAYMENT_INSTRUCTIONS,
};

/** The Commerce tab as the pricing rules read it (src/domain/catalog/pricing.ts). */
export const commerceRules = (s: ShopSettings): DeliveryRules => ({
  shippingEnabled: s.shippingEnabled,
  defaultShippingCostCents: s.defaultShippingCostCents,
  freeShippingThresholdCents: s.freeShippingThresholdCents,
  taxRate: s.taxRate,
});

/** The hint under "Activer la livraison": what the switch does in the state it is in. */
export const shippingSwitchHint = (enabled: boolean) =>
  enabled
    ? 'Activée : la livraison à domicile est proposée, avec les frais ci-dessous.'
    : 'Désactivée : seul le retrait en boutique est proposé.';

/** Which notification mails go to the shop's email: the master switch and the email switch gate both. */
export function notificationsWanted(s: ShopSettings) {
  const mails = s.notificationsEnabled && s.emailNotifications;
  return {
    newOrder: mails && s.orderNotifications,
    lowStock: mails && s.lowStockAlerts,
    contactRequest: mails && s.contactNotifications,
    // The customer's own mails: not the shop's notifications, so only their own switch.
    customerStatus: s.customerStatusMails,
  };
}

/** Who the shop is, as its pages and mails show it (Général tab). */
export interface ShopIdentity {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Paramètres › Paiement: what the confirmation mail tells the customer (absent: not given). */
  payment?: PaymentInstructions;
}

export const shopIdentity = (s: ShopSettings): ShopIdentity => ({
  name: s.shopName,
  email: s.shopEmail,
  phone: s.shopPhone,
  address: s.shopAddress,
  payment: { iban: s.iban, bic: s.bic, chequePayee: s.chequePayee },
});

/** What the storefront may know: the shop's identity and its delivery rules. */
export interface PublicShop extends ShopIdentity {
  description: string;
  currency: 'EUR';
  delivery: DeliveryRules;
  /** What the legal notices and the CGV name (src/domain/legal/identity.ts). */
  legal: LegalIdentity;
  /** « Stock limité » at or under this count (Paramètres › Notifications). */
  lowStockThreshold: number;
  /** Why the checkout takes no order now (readiness.ts), or null when it does. */
  orderingClosed: string | null;
}

/**
 * `seller`: Paramètres › Facturation, the legal entity the legal notices name. `production`: the
 * checkout closes while a legally required mention is missing (checkoutClosure).
 */
export const publicShop = (s: ShopSettings, seller: SellerIdentity, production = false): PublicShop => ({
  ...shopIdentity(s),
  description: s.shopDescription,
  currency: s.currency,
  delivery: commerceRules(s),
  legal: legalIdentity(s, seller),
  lowStockThreshold: s.lowStockThreshold,
  orderingClosed: checkoutClosure(production, missingLegalMentions(s, seller)),
});

// --- The form --------------------------------------------------------------------------------

type NumberField =
  | 'taxRate'
  | 'freeShippingThresholdCents'
  | 'defaultShippingCostCents'
  | 'lowStockThreshold';

/** The screen's fields: numbers as typed text (euros, "5,99"), everything else as the schema has it. */
export type SettingsFormValues = Omit<ShopSettings, NumberField> & Record<NumberField, string>;

export const settingsFormValues = (s: ShopSettings): SettingsFormValues => ({
  ...s,
  taxRate: typedDecimal(s.taxRate),
  freeShippingThresholdCents: typedEuros(s.freeShippingThresholdCents),
  defaultShippingCostCents: typedEuros(s.defaultShippingCostCents),
  lowStockThreshold: String(s.lowStockThreshold),
});

/** Typed text into the schema's input. */
export const parseSettingsForm = (v: SettingsFormValues): ShopSettingsInput => ({
  ...v,
  taxRate: parseDecimal(v.taxRate),
  freeShippingThresholdCents: typedCents(v.freeShippingThresholdCents),
  defaultShippingCostCents: typedCents(v.defaultShippingCostCents),
  lowStockThreshold: parseDecimal(v.lowStockThreshold),
});
