import { z } from 'zod';
import type { DeliveryRules } from '../catalog/pricing.js';
import { parseDecimal } from '../catalog/product.js';
import { EMAIL_MAX } from '../common/limits.js';
import { isPhone, PHONE_MAX, PHONE_MESSAGE } from '../common/phone.js';
import { type LegalIdentity, legalIdentity } from '../legal/identity.js';

/**
 * The shop settings (back-office.md §2 "Paramètres", §3 defaults): ONE schema, parsed by the
 * settings screen before sending and by `settings.update` on the server. Money in euros as the
 * owner types it; the database and the pricing rules keep integer cents (commerceRules).
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
  tooLong: 'Ce texte est trop long',
} as const;

const M = SETTINGS_MESSAGES;
const MAX_EUROS = 100_000;
const text = (max: number) => z.string().trim().max(max, M.tooLong);
const euros = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MAX_EUROS, M.amountTooHigh)
    // Whole cents: what the database keeps.
    .transform((v) => Math.round(v * 100) / 100);

// --- Mentions légales (issue 26), kept in one block ---------------------------------------------

const optionalUrl = z
  .string()
  .trim()
  .max(300, M.tooLong)
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

export const LEGAL_NOTICE_DEFAULTS = {
  publicationDirector: '',
  hostName: '',
  hostAddress: '',
  hostPhone: '',
  mediatorName: '',
  mediatorAddress: '',
  mediatorWebsite: '',
};
// --- end of the Mentions légales block ------------------------------------------------------------

export const shopSettingsSchema = z.object({
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
  freeShippingThreshold: euros(M.threshold),
  defaultShippingCost: euros(M.shippingCost),
  // Notifications
  notificationsEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  orderNotifications: z.boolean(),
  lowStockAlerts: z.boolean(),
  // Système
  maintenanceMode: z.boolean(),
  // Mentions légales (issue 26): LCEN art. 6 III and C. conso L612-1
  ...legalNoticeShape,
});

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
  freeShippingThreshold: 50,
  defaultShippingCost: 5.99,
  notificationsEnabled: true,
  emailNotifications: true,
  orderNotifications: true,
  lowStockAlerts: true,
  maintenanceMode: false,
  ...LEGAL_NOTICE_DEFAULTS,
};

const cents = (euros: number) => Math.round(euros * 100);

/** The Commerce tab as the pricing rules read it (src/domain/catalog/pricing.ts). */
export const commerceRules = (s: ShopSettings): DeliveryRules => ({
  shippingEnabled: s.shippingEnabled,
  defaultShippingCostCents: cents(s.defaultShippingCost),
  freeShippingThresholdCents: cents(s.freeShippingThreshold),
  taxRate: s.taxRate,
});

/** Which notification mails go to the shop's email: the master switch and the email switch gate both. */
export function notificationsWanted(s: ShopSettings) {
  const mails = s.notificationsEnabled && s.emailNotifications;
  return { newOrder: mails && s.orderNotifications, lowStock: mails && s.lowStockAlerts };
}

/** Who the shop is, as its pages and mails show it (Général tab). */
export interface ShopIdentity {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export const shopIdentity = (s: ShopSettings): ShopIdentity => ({
  name: s.shopName,
  email: s.shopEmail,
  phone: s.shopPhone,
  address: s.shopAddress,
});

/** What the storefront may know: the shop's identity and its delivery rules. */
export interface PublicShop extends ShopIdentity {
  description: string;
  currency: 'EUR';
  delivery: DeliveryRules;
  /** What the legal notices and the CGV name (src/domain/legal/identity.ts). */
  legal: LegalIdentity;
}

export const publicShop = (s: ShopSettings): PublicShop => ({
  ...shopIdentity(s),
  description: s.shopDescription,
  currency: s.currency,
  delivery: commerceRules(s),
  legal: legalIdentity(s),
});

// --- The form --------------------------------------------------------------------------------

type NumberField = 'taxRate' | 'freeShippingThreshold' | 'defaultShippingCost';

/** The screen's fields: numbers as typed text ("5,99"), everything else as the schema has it. */
export type SettingsFormValues = Omit<ShopSettings, NumberField> & Record<NumberField, string>;

const typed = (n: number) => String(n).replace('.', ',');

export const settingsFormValues = (s: ShopSettings): SettingsFormValues => ({
  ...s,
  taxRate: typed(s.taxRate),
  freeShippingThreshold: typed(s.freeShippingThreshold),
  defaultShippingCost: typed(s.defaultShippingCost),
});

/** Typed text into the schema's input: an unreadable number stays NaN and fails with its message. */
export const parseSettingsForm = (v: SettingsFormValues): ShopSettingsInput => ({
  ...v,
  taxRate: parseDecimal(v.taxRate),
  freeShippingThreshold: parseDecimal(v.freeShippingThreshold),
  defaultShippingCost: parseDecimal(v.defaultShippingCost),
});
