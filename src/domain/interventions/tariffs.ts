/**
 * Paramètres › Interventions: the published tariff (arrêté du 24 janvier 2017 relatif à la publicité
 * des prix des prestations de dépannage, de réparation et d'entretien, which covers dératisation:
 * the hourly labour rate(s) TTC, how time is counted, the travel fee, whether the devis is free,
 * any surcharge) and the service catalogue the devis are built from. ONE schema, parsed by the
 * settings screen and by the procedure; the public « Tarifs » page is generated from it.
 */
import { z } from 'zod';
import { formatEuros } from '../catalog/pricing.js';
import { typedCents, typedEuros } from '../catalog/product.js';
import { tooLongMessage } from '../common/limits.js';

export const TIME_COUNTINGS = ['quart_heure', 'demi_heure', 'heure'] as const;
export type TimeCounting = (typeof TIME_COUNTINGS)[number];
export const TIME_COUNTING_LABELS: Record<TimeCounting, string> = {
  quart_heure: 'Par quart d’heure entamé',
  demi_heure: 'Par demi-heure entamée',
  heure: 'Par heure entamée',
};

export const TRAVEL_MODES = ['forfait', 'km'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export const PRICING_KINDS = ['forfait', 'horaire', 'dispositif'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];
export const PRICING_KIND_LABELS: Record<PricingKind, string> = {
  forfait: 'Prix forfaitaire',
  horaire: 'Au temps passé (taux horaire × durée)',
  dispositif: 'Par dispositif posé',
};

export const TARIFF_MESSAGES = {
  saved: 'Tarifs des interventions enregistrés.',
  saveFailed: 'Impossible d’enregistrer les tarifs des interventions.',
  amount: 'Indiquez un montant en euros (par ex. 65 ou 65,50).',
  amountTooHigh: 'Ce montant est trop élevé.',
  percent: 'Indiquez un pourcentage entier entre 0 et 200.',
  rateLabel: 'Nommez ce taux (par ex. « Taux normal »).',
  ratesMin: 'Indiquez au moins un taux horaire.',
  ratesMax: 'Trois taux horaires au plus.',
  serviceLabel: 'Nommez la prestation.',
  duration: 'Indiquez une durée en minutes, entre 15 et 1 440.',
  servicesMax: '50 prestations au plus.',
  quotePrice: 'Indiquez le prix du devis, ou rendez-le gratuit.',
} as const;
const M = TARIFF_MESSAGES;

const MAX_CENTS = 10_000_000;
const cents = z
  .number({ error: M.amount })
  .int({ error: M.amount })
  .min(0, M.amount)
  .max(MAX_CENTS, M.amountTooHigh);
const percent = z
  .number({ error: M.percent })
  .int({ error: M.percent })
  .min(0, M.percent)
  .max(200, M.percent);
const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));

export const catalogueServiceSchema = z.object({
  id: z.string().uuid('Prestation inconnue.'),
  label: text(120).min(1, M.serviceLabel),
  /** The target pests, as the page and the devis print them (« Guêpes, frelons »). */
  pests: text(200).default(''),
  pricing: z.enum(PRICING_KINDS, 'Choisissez la règle de prix.'),
  /** Forfait: the price; par dispositif: the price of one device; horaire: unused (0). TTC. */
  priceCents: cents,
  defaultMinutes: z
    .number({ error: M.duration })
    .int({ error: M.duration })
    .min(15, M.duration)
    .max(1440, M.duration),
});
export type CatalogueService = z.output<typeof catalogueServiceSchema>;

export const tariffsSchema = z
  .object({
    hourlyRates: z
      .array(z.object({ label: text(60).min(1, M.rateLabel), cents }))
      .min(1, M.ratesMin)
      .max(3, M.ratesMax),
    timeCounting: z.enum(TIME_COUNTINGS, 'Choisissez comment le temps est compté.'),
    /** The least time billed for a visit, in minutes (0: none). */
    minimumMinutes: z
      .number({ error: M.duration })
      .int({ error: M.duration })
      .min(0, M.duration)
      .max(1440, M.duration),
    travelMode: z.enum(TRAVEL_MODES, 'Choisissez le mode de calcul du déplacement.'),
    travelFlatCents: cents,
    travelPerKmCents: cents,
    /** Kilometres included before the per-km fee applies (km mode). */
    travelFreeKm: z.number({ error: M.percent }).int().min(0).max(500),
    quoteFree: z.boolean(),
    quotePriceCents: cents,
    nightSurchargePercent: percent,
    sundaySurchargePercent: percent,
    urgencySurchargePercent: percent,
    services: z.array(catalogueServiceSchema).max(50, M.servicesMax),
  })
  .refine((t) => t.quoteFree || t.quotePriceCents > 0, { path: ['quotePriceCents'], message: M.quotePrice });
export type Tariffs = z.output<typeof tariffsSchema>;

export const DEFAULT_TARIFFS: Tariffs = {
  hourlyRates: [{ label: 'Taux horaire', cents: 6500 }],
  timeCounting: 'quart_heure',
  minimumMinutes: 60,
  travelMode: 'forfait',
  travelFlatCents: 3500,
  travelPerKmCents: 60,
  travelFreeKm: 20,
  quoteFree: true,
  quotePriceCents: 0,
  nightSurchargePercent: 50,
  sundaySurchargePercent: 50,
  urgencySurchargePercent: 25,
  services: [],
};

// --- What the public page says ------------------------------------------------------------------

const hours = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
};

/** How time is counted, in one sentence. */
export function timeCountingSentence(t: Tariffs): string {
  const counting = TIME_COUNTING_LABELS[t.timeCounting].toLowerCase();
  const minimum = t.minimumMinutes > 0 ? `, avec un minimum facturé de ${hours(t.minimumMinutes)}` : '';
  return `Le temps passé sur place est facturé ${counting}${minimum}.`;
}

export function travelSentence(t: Tariffs): string {
  if (t.travelMode === 'forfait') {
    return t.travelFlatCents === 0
      ? 'Le déplacement est gratuit.'
      : `Forfait de déplacement : ${formatEuros(t.travelFlatCents)} TTC par intervention.`;
  }
  const free = t.travelFreeKm > 0 ? `au-delà des ${t.travelFreeKm} premiers kilomètres (aller), ` : '';
  return `Déplacement facturé ${free}${formatEuros(t.travelPerKmCents)} TTC par kilomètre.`;
}

export function quoteSentence(t: Tariffs): string {
  return t.quoteFree
    ? 'Le devis est gratuit.'
    : `Le devis est payant : ${formatEuros(t.quotePriceCents)} TTC, déduits du montant de l’intervention si vous l’acceptez.`;
}

/** The surcharges that apply (an empty list says « aucune majoration »). */
export function surchargeLines(t: Tariffs): string[] {
  const lines: string[] = [];
  if (t.nightSurchargePercent > 0)
    lines.push(`Intervention de nuit (20 h - 8 h) : + ${t.nightSurchargePercent} %`);
  if (t.sundaySurchargePercent > 0) lines.push(`Dimanche et jours fériés : + ${t.sundaySurchargePercent} %`);
  if (t.urgencySurchargePercent > 0)
    lines.push(`Urgence (intervention sous 24 h à votre demande) : + ${t.urgencySurchargePercent} %`);
  return lines;
}

/** A catalogue service's price as the page prints it. */
export function servicePrice(s: CatalogueService, t: Tariffs): string {
  if (s.pricing === 'forfait') return `${formatEuros(s.priceCents)} TTC`;
  if (s.pricing === 'dispositif') return `${formatEuros(s.priceCents)} TTC par dispositif`;
  const rate = t.hourlyRates[0]?.cents ?? 0;
  return `Au temps passé (${formatEuros(rate)} TTC / h), environ ${hours(s.defaultMinutes)}`;
}

export const durationLabel = hours;

// --- The settings form -----------------------------------------------------------------------------

type Typed<T> = { [K in keyof T]: T[K] extends number ? string : T[K] };
export type ServiceFormValues = Typed<CatalogueService>;
export type TariffFormValues = Omit<Typed<Tariffs>, 'hourlyRates' | 'services'> & {
  hourlyRates: { label: string; cents: string }[];
  services: ServiceFormValues[];
};

const integer = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export const tariffFormValues = (t: Tariffs): TariffFormValues => ({
  ...t,
  hourlyRates: t.hourlyRates.map((r) => ({ label: r.label, cents: typedEuros(r.cents) })),
  minimumMinutes: String(t.minimumMinutes),
  travelFlatCents: typedEuros(t.travelFlatCents),
  travelPerKmCents: typedEuros(t.travelPerKmCents),
  travelFreeKm: String(t.travelFreeKm),
  quotePriceCents: typedEuros(t.quotePriceCents),
  nightSurchargePercent: String(t.nightSurchargePercent),
  sundaySurchargePercent: String(t.sundaySurchargePercent),
  urgencySurchargePercent: String(t.urgencySurchargePercent),
  services: t.services.map((s) => ({
    ...s,
    priceCents: typedEuros(s.priceCents),
    defaultMinutes: String(s.defaultMinutes),
  })),
});

export const parseTariffForm = (v: TariffFormValues) => ({
  ...v,
  hourlyRates: v.hourlyRates.map((r) => ({ label: r.label, cents: typedCents(r.cents) })),
  minimumMinutes: integer(v.minimumMinutes),
  travelFlatCents: typedCents(v.travelFlatCents),
  travelPerKmCents: typedCents(v.travelPerKmCents),
  travelFreeKm: integer(v.travelFreeKm),
  quotePriceCents: v.quoteFree ? 0 : typedCents(v.quotePriceCents),
  nightSurchargePercent: integer(v.nightSurchargePercent),
  sundaySurchargePercent: integer(v.sundaySurchargePercent),
  urgencySurchargePercent: integer(v.urgencySurchargePercent),
  services: v.services.map((s) => ({
    ...s,
    priceCents: s.pricing === 'horaire' ? 0 : typedCents(s.priceCents),
    defaultMinutes: integer(s.defaultMinutes),
  })),
});
