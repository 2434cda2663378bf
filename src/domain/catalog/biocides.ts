/**
 * Biocides (Reg. (EU) 528/2012; C. env. L522-5-3, L522-18, R522-16-1, R522-16-2; arrêté of
 * 9 October 2013 as amended on 23 January 2023, "Certibiocide"): which product types the shop sells,
 * which of them may never be discounted nor advertised to the public, the sentence every
 * advertisement carries, the claims it may never make, and who may buy a professional-only product.
 */

/** The product types (annex V of Reg. 528/2012) the shop sells, with their French labels. */
export const BIOCIDE_TYPES = {
  TP2: { label: 'TP2 – Désinfectants pour les surfaces', word: 'désinfectants' },
  TP3: { label: 'TP3 – Hygiène vétérinaire', word: 'désinfectants' },
  TP4: { label: 'TP4 – Surfaces en contact avec les denrées alimentaires', word: 'désinfectants' },
  TP8: { label: 'TP8 – Produits de protection du bois', word: 'produits de protection du bois' },
  TP14: { label: 'TP14 – Rodenticides', word: 'rodenticides' },
  TP18: { label: 'TP18 – Insecticides, acaricides', word: 'insecticides' },
  TP19: { label: 'TP19 – Répulsifs et appâts', word: 'répulsifs' },
  TP20: { label: 'TP20 – Lutte contre d’autres vertébrés', word: 'biocides' },
} as const;

export type BiocideType = keyof typeof BIOCIDE_TYPES;
export const BIOCIDE_TYPE_CODES = Object.keys(BIOCIDE_TYPES) as BiocideType[];

export const isBiocideType = (value: unknown): value is BiocideType =>
  typeof value === 'string' && Object.hasOwn(BIOCIDE_TYPES, value);

/**
 * C. env. L522-18 and R522-16-1: no discount, rebate, free unit or equivalent practice on TP14
 * and TP18 products, for any buyer; L522-5-3 and R522-16-2: no advertising of them to the public
 * (no promotional placement, no promo badge, no best-sellers showcase).
 */
export const NO_DISCOUNT_TYPES: ReadonlySet<BiocideType> = new Set<BiocideType>(['TP14', 'TP18']);

/** Whether a product of this type may carry a reduction (and be shown in a promotional place). */
export const discountForbidden = (type: string | null | undefined): boolean =>
  isBiocideType(type) && NO_DISCOUNT_TYPES.has(type);

/**
 * Reg. 528/2012 art. 72(1): every advertisement of a biocide carries this sentence, clearly set
 * apart; "biocides" may be replaced by the product type.
 */
export function biocideSentence(type: string | null | undefined): string {
  const word = isBiocideType(type) ? BIOCIDE_TYPES[type].word : 'biocides';
  return `Utilisez les ${word} avec précaution. Avant toute utilisation, lisez l'étiquette et les informations concernant le produit.`;
}

/**
 * Reg. 528/2012 art. 72(3): an advertisement shall in no event mention "biocidal product with
 * low risk", "non-toxic", "harmless", "natural", "environmentally friendly", "animal friendly" or
 * any similar indication. Matched accent- and case-insensitively, as words.
 */
export const FORBIDDEN_CLAIMS = [
  'biocide à faible risque',
  'produit à faible risque',
  'non toxique',
  'non-toxique',
  'sans danger',
  'inoffensif',
  'inoffensive',
  'naturel',
  'naturelle',
  'écologique',
  'respectueux de l’environnement',
  'respectueuse de l’environnement',
  'respectueux des animaux',
  'bio',
] as const;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .toLowerCase();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CLAIM_PATTERNS = FORBIDDEN_CLAIMS.map((claim) => ({
  claim,
  pattern: new RegExp(`(^|[^a-z0-9])${escapeRegExp(fold(claim)).replace(/[ -]/g, '[\\s-]+')}s?($|[^a-z0-9])`),
}));

/** The first forbidden claim the text makes, or null. */
export function forbiddenClaim(text: string): string | null {
  const folded = fold(text);
  return CLAIM_PATTERNS.find(({ pattern }) => pattern.test(folded))?.claim ?? null;
}

/** The three Certibiocide certificates since 1 January 2024 (arrêté of 23 January 2023). */
export const CERTIBIOCIDE_CATEGORIES = {
  desinfectants: { label: 'Certibiocide désinfectants (TP2, TP3, TP4)', types: ['TP2', 'TP3', 'TP4'] },
  nuisibles: { label: 'Certibiocide nuisibles (TP14, TP18, TP20)', types: ['TP14', 'TP18', 'TP20'] },
  autres: { label: 'Certibiocide autres produits (TP8, TP15, TP21)', types: ['TP8', 'TP15', 'TP21'] },
} as const;

export type CertibiocideCategory = keyof typeof CERTIBIOCIDE_CATEGORIES;
export const CERTIBIOCIDE_CATEGORY_CODES = Object.keys(CERTIBIOCIDE_CATEGORIES) as CertibiocideCategory[];
export const isCertibiocideCategory = (value: unknown): value is CertibiocideCategory =>
  typeof value === 'string' && Object.hasOwn(CERTIBIOCIDE_CATEGORIES, value);

/** A customer's certificate as the profile keeps it. */
export interface Certibiocide {
  number: string;
  category: CertibiocideCategory;
  /** YYYY-MM-DD: the last day it is valid. */
  expiresOn: string;
}

export const PROFESSIONAL_ONLY_MESSAGES = {
  guest:
    'Ce produit est réservé aux professionnels titulaires du Certibiocide. Connectez-vous à votre compte et renseignez votre certificat dans votre profil, ou appelez la boutique.',
  private:
    "Ce produit est réservé aux clients professionnels titulaires du Certibiocide : votre compte est celui d'un particulier, un certificat ne suffit pas. Si vous achetez pour une entreprise, renseignez le nom de la société et son SIREN dans votre profil (Mon compte) ; sinon, appelez la boutique.",
  noCertificate:
    'Ce produit est réservé aux professionnels titulaires du Certibiocide. Renseignez votre numéro, sa catégorie et sa date de fin de validité dans votre profil (Mon compte), ou appelez la boutique.',
  expired:
    'Votre Certibiocide a expiré : ce produit réservé aux professionnels ne peut pas vous être vendu. Mettez à jour votre certificat dans votre profil, ou appelez la boutique.',
  cart: 'Réservé aux professionnels titulaires du Certibiocide : la commande demande un compte client professionnel (société et SIREN) avec un certificat valide de la bonne catégorie, renseignés dans votre profil. Sinon, appelez la boutique.',
  wrongCategory:
    "Votre Certibiocide n'est pas de la catégorie requise pour ce produit réservé aux professionnels. Appelez la boutique pour en parler.",
} as const;

export type CertificateRefusal = keyof typeof PROFESSIONAL_ONLY_MESSAGES;

/**
 * Arrêté of 9 October 2013, art. 9: a biocide reserved to professionals is sold only to a
 * professional holding a valid certificate of the category the product requires: a signed-in
 * business customer ("Professionnel": company name and SIREN in the profile, `business`), with
 * the certificate's number, category and last day. `today` is YYYY-MM-DD (Paris).
 */
export function certificateRefusal(
  buyer: { signedIn: boolean; business: boolean; certificate: Certibiocide | null },
  requiredCategory: string | null,
  today: string,
): CertificateRefusal | null {
  if (!buyer.signedIn) return 'guest';
  if (!buyer.business) return 'private';
  const c = buyer.certificate;
  if (!c?.number.trim() || !isCertibiocideCategory(c.category) || !c.expiresOn) return 'noCertificate';
  if (c.expiresOn < today) return 'expired';
  if (requiredCategory && c.category !== requiredCategory) return 'wrongCategory';
  return null;
}

/**
 * C. env. L522-5-3, R522-16-2: no advertising of TP14 and TP18 to the public. A promotional
 * placement (home teaser, "meilleures ventes", any list ranked by sales shown to visitors) takes
 * only the products this returns true for; the product page and the plain catalogue stay.
 */
export const mayBeShowcased = (product: { biocideType?: string | null }): boolean =>
  !discountForbidden(product.biocideType);
