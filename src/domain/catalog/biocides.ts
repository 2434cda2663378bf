/**
 * Biocides (Reg. (EU) 528/2012; C. env. L522-5-3, L522-18, R522-16-1, R522-16-2; arrêté of
 * 9 October 2013 as amended on 23 January 2023, "Certibiocide"): which product types the shop sells
 * and the sentence every advertisement of them carries. Three neighbours, each in the bundles that need it only: which types may
 * never be discounted or showcased (`discount-ban.ts`, in every page's cart), the claims an
 * advertisement may never make (`biocide-claims.ts`, the product dialog and the server), and who
 * may buy a professional-only product (`certibiocide.ts`).
 */

/** The product types (annex V of Reg. 528/2012) the shop sells, with their French labels. */
export const BIOCIDE_TYPES = {
  TP2: { label: 'TP2 – Désinfectants pour les surfaces', word: 'désinfectants' },
  TP3: { label: 'TP3 – Hygiène vétérinaire', word: 'désinfectants' },
  TP4: { label: 'TP4 – Surfaces en contact avec les denrées alimentaires', word: 'désinfectants' },
  TP8: { label: 'TP8 – Produits de protection du bois', word: 'produits de protection du bois' },
  TP14: { label: 'TP14 – Rodenticides', word: 'rodenticides' },
  TP18: { label: 'TP18 – Insecticides, acaricides', word: 'insecticides' },
  TP19: { label: 'TP19 – Répulsifs et appâts', word: 'répulsifs et appâts' },
  TP20: { label: 'TP20 – Lutte contre d’autres vertébrés', word: 'biocides' },
} as const;

export type BiocideType = keyof typeof BIOCIDE_TYPES;
export const BIOCIDE_TYPE_CODES = Object.keys(BIOCIDE_TYPES) as BiocideType[];

export const isBiocideType = (value: unknown): value is BiocideType =>
  typeof value === 'string' && Object.hasOwn(BIOCIDE_TYPES, value);

/**
 * Reg. 528/2012 art. 72(1): every advertisement of a biocide carries this sentence, clearly set
 * apart; "biocides" may be replaced by the product type.
 */
export function biocideSentence(type: string | null | undefined): string {
  const word = isBiocideType(type) ? BIOCIDE_TYPES[type].word : 'biocides';
  return `Utilisez les ${word} avec précaution. Avant toute utilisation, lisez l'étiquette et les informations concernant le produit.`;
}
