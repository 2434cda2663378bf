import { describe, expect, it } from 'vitest';
import { GHS_PICTOGRAMS, HAZARD_STATEMENTS, hazardInfo, PRECAUTIONARY_STATEMENTS } from './hazards.js';

describe('CLP statements and pictograms in French', () => {
  it('has the nine pictograms of annex V with their French names', () => {
    expect(Object.keys(GHS_PICTOGRAMS)).toEqual([
      'GHS01',
      'GHS02',
      'GHS03',
      'GHS04',
      'GHS05',
      'GHS06',
      'GHS07',
      'GHS08',
      'GHS09',
    ]);
    expect(GHS_PICTOGRAMS.GHS06).toBe('Tête de mort sur deux tibias');
  });

  it('words the statements as annexes III and IV do', () => {
    expect(HAZARD_STATEMENTS.H410).toBe(
      'Très toxique pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
    );
    expect(HAZARD_STATEMENTS.H222).toBe('Aérosol extrêmement inflammable.');
    expect(PRECAUTIONARY_STATEMENTS.P102).toBe('Tenir hors de portée des enfants.');
  });

  /*
   * The French consolidated text of Reg. (EC) 1272/2008 (EUR-Lex, version of 1 September 2025),
   * annexes III and IV, for every code the demo catalogue uses and those once worded otherwise
   * here. "…" and "<…>" are the parts the supplier fills in or leaves out.
   */
  const OFFICIAL: Record<string, string> = {
    H222: 'Aérosol extrêmement inflammable.',
    H229: 'Récipient sous pression: peut éclater sous l’effet de la chaleur.',
    H302: "Nocif en cas d'ingestion.",
    H312: 'Nocif par contact cutané.',
    H317: 'Peut provoquer une allergie cutanée.',
    H332: 'Nocif par inhalation.',
    H336: 'Peut provoquer somnolence ou vertiges.',
    H373: "Risque présumé d'effets graves pour les organes <ou indiquer tous les organes affectés, s'ils sont connus> à la suite d'expositions répétées ou d'une exposition prolongée <indiquer la voie d'exposition s'il est formellement prouvé qu'aucune autre voie d'exposition ne conduit au même danger>.",
    H410: 'Très toxique pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
    H412: 'Nocif pour les organismes aquatiques, entraîne des effets néfastes à long terme.',
    P102: 'Tenir hors de portée des enfants.',
    P103: 'Lire l’étiquette avant utilisation.',
    P210: 'Tenir à l’écart de la chaleur, des surfaces chaudes, des étincelles, des flammes nues et de toute autre source d’inflammation. Ne pas fumer.',
    P211: 'Ne pas vaporiser sur une flamme nue ou sur toute autre source d’ignition.',
    P251: 'Ne pas perforer, ni brûler, même après usage.',
    P260: 'Ne pas respirer les poussières/fumées/gaz/brouillards/vapeurs/aérosols.',
    P261: 'Éviter de respirer les poussières/fumées/gaz/brouillards/vapeurs/aérosols.',
    P273: 'Éviter le rejet dans l’environnement.',
    P280: 'Porter des gants de protection/des vêtements de protection/un équipement de protection des yeux/du visage.',
    'P301+P310': 'EN CAS D’INGESTION: Appeler immédiatement un CENTRE ANTIPOISON/un médecin/…',
    'P301+P330+P331': "EN CAS D'INGESTION: Rincer la bouche. NE PAS faire vomir.",
    'P302+P352': 'EN CAS DE CONTACT AVEC LA PEAU: Laver abondamment à l’eau/…',
    'P305+P351+P338':
      "EN CAS DE CONTACT AVEC LES YEUX: Rincer avec précaution à l'eau pendant plusieurs minutes. Enlever les lentilles de contact si la victime en porte et si elles peuvent être facilement enlevées. Continuer à rincer.",
    P391: 'Recueillir le produit répandu.',
    P405: 'Garder sous clef.',
    'P410+P412':
      'Protéger du rayonnement solaire. Ne pas exposer à une température supérieure à 50 °C/122 °F.',
    P501: 'Éliminer le contenu/récipient dans …',
  };

  /** Whether our text is the official one, its optional "<…>" parts left out and its "…" filled. */
  function matchesOfficial(ours: string, official: string): boolean {
    const norm = (t: string) =>
      t
        .replace(/'/g, '’')
        .replace(/\s*<[^>]*>/g, '')
        .replace(/\s+/g, ' ');
    const [before, after = ''] = norm(official).split('…') as [string, string?];
    const text = norm(ours);
    if (!norm(official).includes('…')) return text === norm(official);
    // "/…" offers further choices: the listed ones may stand alone, ending the sentence.
    const stem = before.replace(/\/$/, '');
    return text.startsWith(stem) && text.endsWith(after) && text.length > stem.length;
  }

  it('words every statement of the demo catalogue as the French annexes do', () => {
    const ours: Record<string, string> = { ...HAZARD_STATEMENTS, ...PRECAUTIONARY_STATEMENTS };
    const wrong = Object.entries(OFFICIAL).filter(([code, text]) => !matchesOfficial(ours[code] ?? '', text));
    expect(wrong.map(([code]) => code)).toEqual([]);
  });

  it('shows what a product declares, unknown codes dropped, nothing when nothing is declared', () => {
    const info = hazardInfo({
      hazardPictograms: ['GHS08', 'GHS99'],
      signalWord: 'Attention',
      hazardStatements: ['H373'],
      precautionaryStatements: ['P102'],
    });
    expect(info?.pictograms).toEqual([{ code: 'GHS08', name: 'Danger pour la santé' }]);
    expect(info?.signalWord).toBe('Attention');
    expect(info?.hazards[0]?.code).toBe('H373');
    expect(
      hazardInfo({
        hazardPictograms: [],
        signalWord: null,
        hazardStatements: [],
        precautionaryStatements: [],
      }),
    ).toBeNull();
  });
});
