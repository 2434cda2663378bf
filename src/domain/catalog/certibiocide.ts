/**
 * Who may buy a biocide reserved to professionals (arrêté of 9 October 2013, as amended on
 * 23 January 2023, "Certibiocide"): the certificate categories, the check and its French refusals.
 */

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
 * The same refusals as the back-office's « Nouvelle commande » says them to the owner (issue 35:
 * the owner read the customer's « Connectez-vous à votre compte »): which product, and why.
 */
export const PROFESSIONAL_ONLY_STAFF_MESSAGES: Record<
  Exclude<CertificateRefusal, 'cart'>,
  (title: string) => string
> = {
  guest: (title) =>
    `« ${title} » est réservé aux professionnels titulaires du Certibiocide : il ne peut pas être vendu sans compte client. Choisissez le compte professionnel du client, ou retirez ce produit.`,
  private: (title) =>
    `« ${title} » est réservé aux professionnels titulaires du Certibiocide : le compte choisi est celui d'un particulier (ni société ni SIREN). Retirez ce produit.`,
  noCertificate: (title) =>
    `« ${title} » est réservé aux professionnels titulaires du Certibiocide : ce client n'a pas renseigné son certificat (numéro, catégorie et date de fin de validité).`,
  expired: (title) =>
    `« ${title} » est réservé aux professionnels titulaires du Certibiocide : le certificat de ce client a expiré.`,
  wrongCategory: (title) =>
    `« ${title} » est réservé aux professionnels titulaires du Certibiocide : le certificat de ce client n'est pas de la catégorie requise.`,
};

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
  return certificateProblem(buyer.certificate, requiredCategory, today);
}

/**
 * A certificate's validity on a Paris day (YYYY-MM-DD): `expiresOn` is its last valid day, so a
 * certificate expiring that day is valid. The one expiry rule of the shop, the visit's treatments
 * (interventions/visit-decider.ts) and the sealed report (interventions/report.ts).
 */
export const certificateValidOn = (expiresOn: string, day: string) => day <= expiresOn;

/**
 * A certificate on a day (YYYY-MM-DD, Paris): none on file, expired, or not of the category the
 * product requires; null when valid. The one rule of the shop's sales (certificateRefusal), of the
 * visit's treatments (interventions/visit-decider.ts) and of the firm's own treatments' register
 * (interventions/treatment-register.ts).
 */
export function certificateProblem(
  c: { number: string; category: string; expiresOn: string } | null | undefined,
  requiredCategory: string | null,
  day: string,
): 'noCertificate' | 'expired' | 'wrongCategory' | null {
  if (!c?.number.trim() || !isCertibiocideCategory(c.category) || !c.expiresOn) return 'noCertificate';
  if (!certificateValidOn(c.expiresOn, day)) return 'expired';
  if (requiredCategory && c.category !== requiredCategory) return 'wrongCategory';
  return null;
}

/** A certificate's category as the registers print it (its label, or as stored when unknown). */
export const certificateCategoryLabel = (category: string) =>
  isCertibiocideCategory(category) ? CERTIBIOCIDE_CATEGORIES[category].label : category;
