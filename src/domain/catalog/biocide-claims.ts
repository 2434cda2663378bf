/** The claims an advertisement of a biocide may never make (Reg. (EU) 528/2012 art. 72(3)). */

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
