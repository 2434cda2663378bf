/**
 * CLP (Reg. (EC) 1272/2008): the hazard pictograms of annex V, the signal words of art. 20 and the
 * hazard (H, EUH) and precautionary (P) statements of annexes III and IV, in their official French
 * wording. A faithful subset: the statements of the demo catalogue and of the common pest-control
 * and hygiene biocides (rodenticides, insecticides, disinfectants, aerosols); add codes here, word
 * for word from the annexes, when the catalogue needs more. A distance sale of a hazardous mixture
 * shows them before purchase (CLP art. 48(2)).
 *
 * Checked against the French consolidated text of the regulation as amended (EUR-Lex, version of
 * 1 September 2025, including the P103 of Reg. (EU) 2019/521). Where the annex leaves a part to the
 * supplier ("…", "<…>": organs, route of exposure, disposal place, substance name), the text below
 * fills it the usual way or leaves the optional part out; apostrophes are typographic throughout
 * (the official text mixes both forms).
 */

/** Annex V, part 2: the pictograms and their French names. */
export const GHS_PICTOGRAMS = {
  GHS01: 'Bombe explosant',
  GHS02: 'Flamme',
  GHS03: 'Flamme au-dessus d’un cercle',
  GHS04: 'Bouteille à gaz',
  GHS05: 'Corrosion',
  GHS06: 'Tête de mort sur deux tibias',
  GHS07: 'Point d’exclamation',
  GHS08: 'Danger pour la santé',
  GHS09: 'Environnement',
} as const;
export type GhsPictogram = keyof typeof GHS_PICTOGRAMS;
export const GHS_PICTOGRAM_CODES = Object.keys(GHS_PICTOGRAMS) as GhsPictogram[];

/** Art. 20: the signal word. */
export const SIGNAL_WORDS = ['Danger', 'Attention'] as const;
export type SignalWord = (typeof SIGNAL_WORDS)[number];

/** Annex III, parts 1 and 2 (French version). */
export const HAZARD_STATEMENTS = {
  H220: 'Gaz extrêmement inflammable.',
  H222: 'Aérosol extrêmement inflammable.',
  H223: 'Aérosol inflammable.',
  H224: 'Liquide et vapeurs extrêmement inflammables.',
  H225: 'Liquide et vapeurs très inflammables.',
  H226: 'Liquide et vapeurs inflammables.',
  H229: 'Récipient sous pression: peut éclater sous l’effet de la chaleur.',
  H290: 'Peut être corrosif pour les métaux.',
  H300: 'Mortel en cas d’ingestion.',
  H301: 'Toxique en cas d’ingestion.',
  H302: 'Nocif en cas d’ingestion.',
  H304: 'Peut être mortel en cas d’ingestion et de pénétration dans les voies respiratoires.',
  H311: 'Toxique par contact cutané.',
  H312: 'Nocif par contact cutané.',
  H314: 'Provoque de graves brûlures de la peau et de graves lésions des yeux.',
  H315: 'Provoque une irritation cutanée.',
  H317: 'Peut provoquer une allergie cutanée.',
  H318: 'Provoque de graves lésions des yeux.',
  H319: 'Provoque une sévère irritation des yeux.',
  H331: 'Toxique par inhalation.',
  H332: 'Nocif par inhalation.',
  H335: 'Peut irriter les voies respiratoires.',
  H336: 'Peut provoquer somnolence ou vertiges.',
  H360D: 'Peut nuire au fœtus.',
  H361d: 'Susceptible de nuire au fœtus.',
  H372: 'Risque avéré d’effets graves pour les organes à la suite d’expositions répétées ou d’une exposition prolongée.',
  H373: 'Risque présumé d’effets graves pour les organes à la suite d’expositions répétées ou d’une exposition prolongée.',
  H400: 'Très toxique pour les organismes aquatiques.',
  H410: 'Très toxique pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
  H411: 'Toxique pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
  H412: 'Nocif pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
  EUH066: 'L’exposition répétée peut provoquer dessèchement ou gerçures de la peau.',
  EUH208: 'Contient une substance sensibilisante. Peut produire une réaction allergique.',
  EUH210: 'Fiche de données de sécurité disponible sur demande.',
  EUH401:
    'Respectez les instructions d’utilisation pour éviter les risques pour la santé humaine et l’environnement.',
} as const;
export type HazardCode = keyof typeof HAZARD_STATEMENTS;
export const HAZARD_CODES = Object.keys(HAZARD_STATEMENTS) as HazardCode[];

/** Annex IV, part 1 (French version). */
export const PRECAUTIONARY_STATEMENTS = {
  P101: 'En cas de consultation d’un médecin, garder à disposition le récipient ou l’étiquette.',
  P102: 'Tenir hors de portée des enfants.',
  P103: 'Lire l’étiquette avant utilisation.',
  P210: 'Tenir à l’écart de la chaleur, des surfaces chaudes, des étincelles, des flammes nues et de toute autre source d’inflammation. Ne pas fumer.',
  P211: 'Ne pas vaporiser sur une flamme nue ou sur toute autre source d’ignition.',
  P251: 'Ne pas perforer, ni brûler, même après usage.',
  P260: 'Ne pas respirer les poussières/fumées/gaz/brouillards/vapeurs/aérosols.',
  P261: 'Éviter de respirer les poussières/fumées/gaz/brouillards/vapeurs/aérosols.',
  P262: 'Éviter tout contact avec les yeux, la peau ou les vêtements.',
  P264: 'Se laver les mains soigneusement après manipulation.',
  P270: 'Ne pas manger, boire ou fumer en manipulant ce produit.',
  P273: 'Éviter le rejet dans l’environnement.',
  P280: 'Porter des gants de protection/des vêtements de protection/un équipement de protection des yeux/du visage.',
  'P301+P310': 'EN CAS D’INGESTION: Appeler immédiatement un CENTRE ANTIPOISON/un médecin.',
  'P301+P330+P331': 'EN CAS D’INGESTION: Rincer la bouche. NE PAS faire vomir.',
  'P302+P352': 'EN CAS DE CONTACT AVEC LA PEAU: Laver abondamment à l’eau.',
  'P303+P361+P353':
    'EN CAS DE CONTACT AVEC LA PEAU (ou les cheveux): Enlever immédiatement tous les vêtements contaminés. Rincer la peau à l’eau [ou se doucher].',
  'P305+P351+P338':
    'EN CAS DE CONTACT AVEC LES YEUX: Rincer avec précaution à l’eau pendant plusieurs minutes. Enlever les lentilles de contact si la victime en porte et si elles peuvent être facilement enlevées. Continuer à rincer.',
  'P308+P313': 'EN CAS d’exposition prouvée ou suspectée: consulter un médecin.',
  P310: 'Appeler immédiatement un CENTRE ANTIPOISON/un médecin.',
  P391: 'Recueillir le produit répandu.',
  P405: 'Garder sous clef.',
  'P410+P412': 'Protéger du rayonnement solaire. Ne pas exposer à une température supérieure à 50 °C/122 °F.',
  P501: 'Éliminer le contenu/récipient dans un point de collecte des déchets dangereux ou spéciaux.',
} as const;
export type PrecautionaryCode = keyof typeof PRECAUTIONARY_STATEMENTS;
export const PRECAUTIONARY_CODES = Object.keys(PRECAUTIONARY_STATEMENTS) as PrecautionaryCode[];

export const isGhsPictogram = (v: string): v is GhsPictogram => Object.hasOwn(GHS_PICTOGRAMS, v);
export const isHazardCode = (v: string): v is HazardCode => Object.hasOwn(HAZARD_STATEMENTS, v);
export const isPrecautionaryCode = (v: string): v is PrecautionaryCode =>
  Object.hasOwn(PRECAUTIONARY_STATEMENTS, v);

/** What a product page shows of a hazardous mixture, or null when it declares no hazard. */
export interface HazardInfo {
  pictograms: { code: GhsPictogram; name: string }[];
  signalWord: SignalWord | null;
  hazards: { code: HazardCode; text: string }[];
  precautions: { code: PrecautionaryCode; text: string }[];
}

export function hazardInfo(p: {
  hazardPictograms: readonly string[];
  signalWord: string | null;
  hazardStatements: readonly string[];
  precautionaryStatements: readonly string[];
}): HazardInfo | null {
  const pictograms = p.hazardPictograms.filter(isGhsPictogram).map((code) => ({
    code,
    name: GHS_PICTOGRAMS[code],
  }));
  const hazards = p.hazardStatements.filter(isHazardCode).map((code) => ({
    code,
    text: HAZARD_STATEMENTS[code],
  }));
  const precautions = p.precautionaryStatements.filter(isPrecautionaryCode).map((code) => ({
    code,
    text: PRECAUTIONARY_STATEMENTS[code],
  }));
  const signalWord = (SIGNAL_WORDS as readonly string[]).includes(p.signalWord ?? '')
    ? (p.signalWord as SignalWord)
    : null;
  if (!pictograms.length && !hazards.length && !precautions.length && !signalWord) return null;
  return { pictograms, signalWord, hazards, precautions };
}
