import { describe, expect, it } from 'vitest';
import { frenchSpaces } from './typography';

describe('frenchSpaces', () => {
  it('binds the space before high punctuation and inside guillemets', () => {
    expect(frenchSpaces('Dératisation : particuliers et professionnels')).toBe(
      'Dératisation\u00a0: particuliers et professionnels',
    );
    expect(frenchSpaces('Une urgence ? Appelez-nous ! « Vite »')).toBe(
      'Une urgence\u00a0? Appelez-nous\u00a0! «\u00a0Vite\u00a0»',
    );
  });

  it('leaves everything else alone', () => {
    expect(frenchSpaces('https://exemple.fr: 24h/24')).toBe('https://exemple.fr: 24h/24');
    expect(frenchSpaces('')).toBe('');
  });
});
