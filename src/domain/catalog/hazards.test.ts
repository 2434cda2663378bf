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
