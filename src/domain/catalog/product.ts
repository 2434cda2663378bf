import { z } from 'zod';
import { AMM_NUMBER_MAX, ANTIDOTE_MAX, CATEGORY_NAME_MAX, tooLongMessage } from '../common/limits.js';
import { UUID_PATTERN } from '../security/ids.js';
import { forbiddenClaim } from './biocide-claims.js';
import { BIOCIDE_TYPE_CODES } from './biocides.js';
import { CERTIBIOCIDE_CATEGORY_CODES } from './certibiocide.js';
import { discountForbidden } from './discount-ban.js';
import { GHS_PICTOGRAM_CODES, HAZARD_CODES, PRECAUTIONARY_CODES, SIGNAL_WORDS } from './hazards.js';
import { NET_UNIT_CODES } from './pricing.js';

/**
 * The product of the back-office (back-office.md §3, §5): one schema parsed by the admin form
 * before sending and by the procedures again on the server. Money is in euros here, as the
 * owner types it; toProductRecord turns it into the integer cents the database keeps.
 */

export const MAX_PRODUCT_IMAGES = 5;

export const PRODUCT_MESSAGES = {
  titleRequired: 'Le titre est requis',
  pricePositive: 'Le prix doit être supérieur à 0',
  promoBelowPrice: 'Le prix promo doit être inférieur au prix normal',
  stockPositive: 'La quantité en stock doit être positive',
  weightPositive: 'Le poids ne peut pas être négatif',
  shippingPositive: 'Les frais de port ne peuvent pas être négatifs',
  slugTaken: 'Ce slug existe déjà. Veuillez en choisir un autre.',
  slugInvalid: 'Le slug doit contenir au moins une lettre ou un chiffre',
  tooManyImages: 'Vous ne pouvez ajouter que 5 images maximum.',
  imageInvalid: "Une image du produit n'existe pas",
  amountTooHigh: 'Ce montant est trop élevé',
  noDiscountBiocide:
    "Les rodenticides (TP14) et les insecticides (TP18) ne peuvent faire l'objet d'aucune promotion ni remise (Code de l'environnement, art. L522-18).",
  forbiddenClaim: (claim: string) =>
    `La mention « ${claim} » est interdite pour un produit biocide (règlement UE 528/2012, art. 72).`,
  professionalNeedsBiocide:
    'Un produit réservé aux professionnels doit être un produit biocide avec son type.',
  professionalNeedsCategory: 'Choisissez la catégorie de Certibiocide requise.',
  professionalNeedsAmm: "Un produit réservé aux professionnels doit avoir son numéro d'AMM.",
  anticoagulantNeedsTp14: 'Un rodenticide anticoagulant est un biocide de type TP14 (rodenticide).',
  reentryDelayInvalid: 'Le délai de réentrée se compte en heures entières, de 0 à 720.',
  netQuantityPositive: 'La quantité nette doit être supérieure à 0',
  netQuantityNeedsUnit: 'Indiquez la quantité nette et son unité',
  biocideTypeInvalid: 'Type de produit biocide inconnu',
  certibiocideInvalid: 'Catégorie de Certibiocide inconnue',
  hazardInvalid: 'Mention de danger inconnue',
  documentInvalid: "La fiche de données de sécurité n'existe pas",
  referenceTooLow: (reference: string) =>
    `Le prix promo doit être inférieur au prix le plus bas des 30 derniers jours (${reference}), seul prix de référence autorisé (Code de la consommation, art. L112-1-1).`,
} as const;

/** A stored document of the pipeline (safety data sheets): `/documents/<uuid>`. */
export const PRODUCT_DOCUMENT_URL = new RegExp(`^/documents/${UUID_PATTERN}$`);

/** Lowercase, accents and punctuation stripped, spaces and underscores turned into hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The slug kept: the one typed (made URL-safe the same way), else one made from the title. */
export const productSlug = (p: { slug: string; title: string }) => slugify(p.slug || p.title);

/** An image of the pipeline: `/images/<uuid>` (the shop adds `/<width>.webp`). */
export const PRODUCT_IMAGE_URL = new RegExp(`^/images/${UUID_PATTERN}$`);

const MAX_EUROS = 1_000_000;
const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const euros = (message: string) =>
  z.number({ error: message }).min(0, message).max(MAX_EUROS, PRODUCT_MESSAGES.amountTooHigh);

export const productSchema = z
  .object({
    title: text(200).min(1, PRODUCT_MESSAGES.titleRequired),
    /** Empty: generated from the title. */
    slug: text(200).default(''),
    miniDescription: text(500).default(''),
    description: text(20_000).default(''),
    price: z
      .number({ error: PRODUCT_MESSAGES.pricePositive })
      .gt(0, PRODUCT_MESSAGES.pricePositive)
      .max(MAX_EUROS, PRODUCT_MESSAGES.amountTooHigh),
    promoPrice: euros(PRODUCT_MESSAGES.promoBelowPrice).nullable().default(null),
    shippingCost: euros(PRODUCT_MESSAGES.shippingPositive).default(0),
    stockQuantity: z
      .number({ error: PRODUCT_MESSAGES.stockPositive })
      .int(PRODUCT_MESSAGES.stockPositive)
      .max(1_000_000, PRODUCT_MESSAGES.amountTooHigh)
      .default(0),
    infiniteStock: z.boolean().default(false),
    isOnPromotion: z.boolean().default(false),
    category: optionalText(100),
    subcategory: optionalText(100),
    brand: optionalText(100),
    tags: z.array(text(50)).max(30).nullable().default(null),
    deliveryTime: optionalText(100),
    size: optionalText(100),
    color: optionalText(100),
    weight: z
      .number({ error: PRODUCT_MESSAGES.weightPositive })
      .min(0, PRODUCT_MESSAGES.weightPositive)
      .max(100_000, PRODUCT_MESSAGES.amountTooHigh)
      .nullable()
      .default(null),
    /** The combined list of the form: the first is main_image, the rest additional_images. */
    images: z
      .array(z.string().regex(PRODUCT_IMAGE_URL, PRODUCT_MESSAGES.imageInvalid))
      .max(MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES.tooManyImages)
      .default([]),
    isAvailable: z.boolean().default(true),
    isVisibleInShop: z.boolean().default(true),
    /** Reg. 528/2012: the product type of a biocide, null for anything else. */
    biocideType: z.enum(BIOCIDE_TYPE_CODES, PRODUCT_MESSAGES.biocideTypeInvalid).nullable().default(null),
    /** Sold only to holders of a Certibiocide of `certibiocideCategory`. */
    professionalOnly: z.boolean().default(false),
    certibiocideCategory: z
      .enum(CERTIBIOCIDE_CATEGORY_CODES, PRODUCT_MESSAGES.certibiocideInvalid)
      .nullable()
      .default(null),
    /** The marketing authorisation (AMM) number of a biocide, printed on reports and the register. */
    ammNumber: optionalText(AMM_NUMBER_MAX),
    /** The antidote the label names (safety advice of a visit). */
    antidote: optionalText(ANTIDOTE_MAX),
    /** Hours before treated rooms may be used again, from the label; null: none stated. */
    reentryDelayHours: z
      .number({ error: PRODUCT_MESSAGES.reentryDelayInvalid })
      .int(PRODUCT_MESSAGES.reentryDelayInvalid)
      .min(0, PRODUCT_MESSAGES.reentryDelayInvalid)
      .max(720, PRODUCT_MESSAGES.reentryDelayInvalid)
      .nullable()
      .default(null),
    /** An anticoagulant rodenticide: its use opens a treatment episode (inspections, 35 days). */
    anticoagulantRodenticide: z.boolean().default(false),
    /** CLP art. 48(2): what a distance sale shows before purchase. */
    hazardPictograms: z.array(z.enum(GHS_PICTOGRAM_CODES, PRODUCT_MESSAGES.hazardInvalid)).max(9).default([]),
    signalWord: z.enum(SIGNAL_WORDS, PRODUCT_MESSAGES.hazardInvalid).nullable().default(null),
    hazardStatements: z.array(z.enum(HAZARD_CODES, PRODUCT_MESSAGES.hazardInvalid)).max(40).default([]),
    precautionaryStatements: z
      .array(z.enum(PRECAUTIONARY_CODES, PRODUCT_MESSAGES.hazardInvalid))
      .max(40)
      .default([]),
    safetyDataSheet: z
      .string()
      .regex(PRODUCT_DOCUMENT_URL, PRODUCT_MESSAGES.documentInvalid)
      .nullable()
      .default(null),
    labelImage: z.string().regex(PRODUCT_IMAGE_URL, PRODUCT_MESSAGES.imageInvalid).nullable().default(null),
    /** Pre-packed quantity: the unit price is computed from it. */
    netQuantity: z
      .number({ error: PRODUCT_MESSAGES.netQuantityPositive })
      .gt(0, PRODUCT_MESSAGES.netQuantityPositive)
      .max(100_000, PRODUCT_MESSAGES.amountTooHigh)
      .nullable()
      .default(null),
    netUnit: z.enum(NET_UNIT_CODES, PRODUCT_MESSAGES.netQuantityNeedsUnit).nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.isOnPromotion && discountForbidden(p.biocideType)) {
      ctx.addIssue({ code: 'custom', path: ['isOnPromotion'], message: PRODUCT_MESSAGES.noDiscountBiocide });
    }
    // A promo price kept on a TP14/TP18 would never apply: refused too, with the reason (issue 35).
    if (p.promoPrice !== null && discountForbidden(p.biocideType)) {
      ctx.addIssue({ code: 'custom', path: ['promoPrice'], message: PRODUCT_MESSAGES.noDiscountBiocide });
    }
    if (p.biocideType) {
      for (const field of ['title', 'miniDescription', 'description'] as const) {
        const claim = forbiddenClaim(p[field]);
        if (claim)
          ctx.addIssue({ code: 'custom', path: [field], message: PRODUCT_MESSAGES.forbiddenClaim(claim) });
      }
    }
    if (p.professionalOnly && !p.biocideType) {
      ctx.addIssue({
        code: 'custom',
        path: ['biocideType'],
        message: PRODUCT_MESSAGES.professionalNeedsBiocide,
      });
    }
    if (p.professionalOnly && !p.certibiocideCategory) {
      ctx.addIssue({
        code: 'custom',
        path: ['certibiocideCategory'],
        message: PRODUCT_MESSAGES.professionalNeedsCategory,
      });
    }
    if (p.professionalOnly && !p.ammNumber) {
      ctx.addIssue({ code: 'custom', path: ['ammNumber'], message: PRODUCT_MESSAGES.professionalNeedsAmm });
    }
    if (p.anticoagulantRodenticide && p.biocideType !== 'TP14') {
      ctx.addIssue({
        code: 'custom',
        path: ['anticoagulantRodenticide'],
        message: PRODUCT_MESSAGES.anticoagulantNeedsTp14,
      });
    }
    if ((p.netQuantity === null) !== (p.netUnit === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [p.netQuantity === null ? 'netQuantity' : 'netUnit'],
        message: PRODUCT_MESSAGES.netQuantityNeedsUnit,
      });
    }
    if (p.promoPrice !== null && p.promoPrice >= p.price) {
      ctx.addIssue({ code: 'custom', path: ['promoPrice'], message: PRODUCT_MESSAGES.promoBelowPrice });
    }
    if (!p.infiniteStock && p.stockQuantity < 0) {
      ctx.addIssue({ code: 'custom', path: ['stockQuantity'], message: PRODUCT_MESSAGES.stockPositive });
    }
    if (p.title && !productSlug(p)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: PRODUCT_MESSAGES.slugInvalid });
    }
  });

export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;

/** The form's fields as the owner types them (back-office.md §2, in the spec's order). */
export interface ProductFormValues {
  title: string;
  slug: string;
  miniDescription: string;
  description: string;
  price: string;
  promoPrice: string;
  shippingCost: string;
  stockQuantity: string;
  infiniteStock: boolean;
  isOnPromotion: boolean;
  category: string;
  subcategory: string;
  brand: string;
  tags: string;
  deliveryTime: string;
  size: string;
  color: string;
  weight: string;
  images: string[];
  isAvailable: boolean;
  isVisibleInShop: boolean;
  /** '' when the product is not a biocide. */
  biocideType: string;
  professionalOnly: boolean;
  certibiocideCategory: string;
  ammNumber: string;
  antidote: string;
  reentryDelayHours: string;
  anticoagulantRodenticide: boolean;
  hazardPictograms: string[];
  signalWord: string;
  hazardStatements: string[];
  precautionaryStatements: string[];
  safetyDataSheet: string;
  labelImage: string;
  netQuantity: string;
  netUnit: string;
}

/** The spec's defaults for a new product. */
export const emptyProductForm: ProductFormValues = {
  title: '',
  slug: '',
  miniDescription: '',
  description: '',
  price: '0',
  promoPrice: '',
  shippingCost: '0',
  stockQuantity: '0',
  infiniteStock: false,
  isOnPromotion: false,
  category: '',
  subcategory: '',
  brand: '',
  tags: '',
  deliveryTime: '',
  size: '',
  color: '',
  weight: '',
  images: [],
  isAvailable: true,
  isVisibleInShop: true,
  biocideType: '',
  professionalOnly: false,
  certibiocideCategory: '',
  ammNumber: '',
  antidote: '',
  reentryDelayHours: '',
  anticoagulantRodenticide: false,
  hazardPictograms: [],
  signalWord: '',
  hazardStatements: [],
  precautionaryStatements: [],
  safetyDataSheet: '',
  labelImage: '',
  netQuantity: '',
  netUnit: '',
};

/** A decimal as people type it ("12,90" or "12.90"); NaN when it is not one. */
export function parseDecimal(value: string): number {
  const trimmed = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A number as a form field shows it to be typed over (« 5,99 », « 20 »): parseDecimal reads it back. */
export const typedDecimal = (n: number): string => String(n).replace('.', ',');

/** Cents as euros typed in a form (« 5,99 », « 50 »), and back with typedCents. */
export const typedEuros = (cents: number): string => typedDecimal(cents / 100);

/** Typed euros into cents, to the nearest cent: an unreadable number stays NaN and fails with its message. */
export const typedCents = (text: string): number => Math.round(parseDecimal(text) * 100);

/** Tags typed as "a, b, c": split on commas, trimmed, empties removed; null when none. */
export function parseTags(value: string): string[] | null {
  const tags = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return tags.length ? tags : null;
}

/**
 * The spec's parsing rules (§5): an unreadable price, stock or shipping cost becomes 0; a blank
 * promo price or weight becomes null. What it returns is then checked by productSchema.
 */
export function parseProductForm(values: ProductFormValues): ProductInput {
  const orZero = (v: string) => {
    const n = parseDecimal(v);
    return Number.isNaN(n) ? 0 : n;
  };
  const orNull = (v: string) => (v.trim() === '' ? null : parseDecimal(v));
  return {
    title: values.title,
    slug: values.slug,
    miniDescription: values.miniDescription,
    description: values.description,
    price: orZero(values.price),
    promoPrice: orNull(values.promoPrice),
    shippingCost: orZero(values.shippingCost),
    stockQuantity: Math.trunc(orZero(values.stockQuantity)),
    infiniteStock: values.infiniteStock,
    isOnPromotion: values.isOnPromotion,
    category: values.category,
    subcategory: values.subcategory,
    brand: values.brand,
    tags: parseTags(values.tags),
    deliveryTime: values.deliveryTime,
    size: values.size,
    color: values.color,
    weight: orNull(values.weight),
    images: values.images,
    isAvailable: values.isAvailable,
    isVisibleInShop: values.isVisibleInShop,
    biocideType: (values.biocideType || null) as ProductInput['biocideType'],
    professionalOnly: values.professionalOnly,
    certibiocideCategory: (values.certibiocideCategory || null) as ProductInput['certibiocideCategory'],
    ammNumber: values.ammNumber,
    antidote: values.antidote,
    reentryDelayHours: orNull(values.reentryDelayHours),
    anticoagulantRodenticide: values.anticoagulantRodenticide,
    hazardPictograms: values.hazardPictograms as ProductInput['hazardPictograms'],
    signalWord: (values.signalWord || null) as ProductInput['signalWord'],
    hazardStatements: values.hazardStatements as ProductInput['hazardStatements'],
    precautionaryStatements: values.precautionaryStatements as ProductInput['precautionaryStatements'],
    safetyDataSheet: values.safetyDataSheet || null,
    labelImage: values.labelImage || null,
    netQuantity: orNull(values.netQuantity),
    netUnit: (values.netUnit || null) as ProductInput['netUnit'],
  };
}

const toCents = (euros: number) => Math.round(euros * 100);
const euroText = (cents: number | null) => (cents === null ? '' : String(cents / 100));

/** What the database keeps: cents, the slug decided, main image and additional images apart. */
export interface ProductRecord {
  title: string;
  slug: string;
  miniDescription: string;
  description: string;
  priceCents: number;
  promoPriceCents: number | null;
  shippingCostCents: number;
  stockQuantity: number;
  infiniteStock: boolean;
  isOnPromotion: boolean;
  category: string | null;
  subcategory: string | null;
  brand: string | null;
  tags: string[];
  deliveryTime: string | null;
  size: string | null;
  color: string | null;
  weightKg: number | null;
  mainImage: string | null;
  additionalImages: string[];
  isAvailable: boolean;
  isVisibleInShop: boolean;
  biocideType: string | null;
  professionalOnly: boolean;
  certibiocideCategory: string | null;
  ammNumber: string | null;
  antidote: string | null;
  reentryDelayHours: number | null;
  anticoagulantRodenticide: boolean;
  hazardPictograms: string[];
  signalWord: string | null;
  hazardStatements: string[];
  precautionaryStatements: string[];
  safetyDataSheet: string | null;
  labelImage: string | null;
  netQuantity: number | null;
  netUnit: string | null;
}

export function toProductRecord(p: Product): ProductRecord {
  return {
    title: p.title,
    slug: productSlug(p),
    miniDescription: p.miniDescription,
    description: p.description,
    priceCents: toCents(p.price),
    promoPriceCents: p.promoPrice === null ? null : toCents(p.promoPrice),
    shippingCostCents: toCents(p.shippingCost),
    // With unlimited stock the quantity is not asked for: keep what was there, never below zero.
    stockQuantity: Math.max(0, p.stockQuantity),
    infiniteStock: p.infiniteStock,
    isOnPromotion: p.isOnPromotion,
    category: p.category,
    subcategory: p.subcategory,
    brand: p.brand,
    tags: p.tags ?? [],
    deliveryTime: p.deliveryTime,
    size: p.size,
    color: p.color,
    weightKg: p.weight,
    mainImage: p.images[0] ?? null,
    additionalImages: p.images.slice(1),
    isAvailable: p.isAvailable,
    isVisibleInShop: p.isVisibleInShop,
    biocideType: p.biocideType,
    // Only a biocide is reserved to professionals; its category goes with it.
    professionalOnly: p.professionalOnly,
    certibiocideCategory: p.professionalOnly ? p.certibiocideCategory : null,
    ammNumber: p.ammNumber,
    antidote: p.antidote,
    reentryDelayHours: p.reentryDelayHours,
    anticoagulantRodenticide: p.anticoagulantRodenticide,
    hazardPictograms: p.hazardPictograms,
    signalWord: p.signalWord,
    hazardStatements: p.hazardStatements,
    precautionaryStatements: p.precautionaryStatements,
    safetyDataSheet: p.safetyDataSheet,
    labelImage: p.labelImage,
    netQuantity: p.netQuantity,
    netUnit: p.netUnit,
  };
}

/** The form prefilled from a stored product (editing). */
export function productFormValues(r: ProductRecord): ProductFormValues {
  return {
    title: r.title,
    slug: r.slug,
    miniDescription: r.miniDescription,
    description: r.description,
    price: euroText(r.priceCents),
    promoPrice: euroText(r.promoPriceCents),
    shippingCost: euroText(r.shippingCostCents),
    stockQuantity: String(r.stockQuantity),
    infiniteStock: r.infiniteStock,
    isOnPromotion: r.isOnPromotion,
    category: r.category ?? '',
    subcategory: r.subcategory ?? '',
    brand: r.brand ?? '',
    tags: r.tags.join(', '),
    deliveryTime: r.deliveryTime ?? '',
    size: r.size ?? '',
    color: r.color ?? '',
    weight: r.weightKg === null ? '' : String(r.weightKg),
    images: r.mainImage ? [r.mainImage, ...r.additionalImages] : [...r.additionalImages],
    isAvailable: r.isAvailable,
    isVisibleInShop: r.isVisibleInShop,
    biocideType: r.biocideType ?? '',
    professionalOnly: r.professionalOnly,
    certibiocideCategory: r.certibiocideCategory ?? '',
    ammNumber: r.ammNumber ?? '',
    antidote: r.antidote ?? '',
    reentryDelayHours: r.reentryDelayHours === null ? '' : String(r.reentryDelayHours),
    anticoagulantRodenticide: r.anticoagulantRodenticide,
    hazardPictograms: [...r.hazardPictograms],
    signalWord: r.signalWord ?? '',
    hazardStatements: [...r.hazardStatements],
    precautionaryStatements: [...r.precautionaryStatements],
    safetyDataSheet: r.safetyDataSheet ?? '',
    labelImage: r.labelImage ?? '',
    netQuantity: r.netQuantity === null ? '' : String(r.netQuantity),
    netUnit: r.netUnit ?? '',
  };
}

/**
 * The back-office's product search as LIKE patterns: up to 5 words, each to be found in the title,
 * the category or the brand; LIKE's own wildcards typed by the admin match literally.
 */
export function productSearchPatterns(search: string): string[] {
  return search
    .trim()
    .toLocaleLowerCase('fr-FR')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Client-side search of the loaded list: title, category or brand, case-insensitive. */
export function matchesProductSearch(
  p: { title: string; category: string | null; brand: string | null },
  query: string,
): boolean {
  const q = query.trim().toLocaleLowerCase('fr');
  if (!q) return true;
  return [p.title, p.category, p.brand].some((f) => f?.toLocaleLowerCase('fr').includes(q));
}

export type ProductStatusLabel = 'Visible' | 'Masqué' | 'Non disponible';

/**
 * The back-office's Statut badge: "Masqué" when the shop does not show the product, "Non disponible"
 * when it shows it but does not sell it (switched off "Disponible à la vente"), "Visible" otherwise.
 */
export function productStatusLabel(p: {
  isVisibleInShop: boolean;
  isAvailable: boolean;
}): ProductStatusLabel {
  if (!p.isVisibleInShop) return 'Masqué';
  return p.isAvailable ? 'Visible' : 'Non disponible';
}

/** A category's name, as the categories list and the product dialog check it. */
export const CATEGORY_MESSAGES = {
  required: 'Le nom de la catégorie est requis',
  taken: 'Cette catégorie existe déjà.',
  unknown: "Cette catégorie n'existe pas : ajoutez-la d'abord dans la liste des catégories.",
  notFound: 'Catégorie introuvable.',
  /** Deleting a category that products still use: they would lose it silently. */
  notEmpty: (name: string, products: number) =>
    `Impossible de supprimer « ${name} » : ${products} produit${products > 1 ? 's l’utilisent' : ' l’utilise'}. Fusionnez-la dans une autre catégorie, ou changez la catégorie de ces produits.`,
} as const;

export const categoryNameSchema = z
  .string()
  .trim()
  .min(1, CATEGORY_MESSAGES.required)
  .max(CATEGORY_NAME_MAX, tooLongMessage(CATEGORY_NAME_MAX));
