import { describe, expect, it } from 'vitest';
import { isId, normalizeId, toId, uuidInput } from './ids.js';

describe('the id rule: lower-cased first, then checked as a uuid of any version', () => {
  it('accepts an upper-case id and names it in lower case', () => {
    expect(toId('A0000000-0000-0000-0000-000000000001')).toBe('a0000000-0000-0000-0000-000000000001');
    expect(toId(' 0F8FAD5B-D9CB-469F-A165-70867728950E ')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(uuidInput('Produit invalide').parse('A0000000-0000-0000-0000-000000000001')).toBe(
      'a0000000-0000-0000-0000-000000000001',
    );
  });

  it('accepts a version-0 id (the fixtures and the seed use them; z.uuid() would refuse it)', () => {
    expect(isId('a0000000-0000-0000-0000-000000000001')).toBe(true);
    expect(isId('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses what only a loose pattern took: 36 dashes or hex digits, misplaced dashes, other letters', () => {
    for (const bad of [
      '-'.repeat(36),
      'a'.repeat(36),
      'a0000000-0000-0000-0000-00000000000-1'.slice(0, 36),
      'a000000-00000-0000-0000-000000000001',
      'g0000000-0000-0000-0000-000000000001',
      'a0000000-0000-0000-0000-000000000001x',
      '',
    ]) {
      expect(isId(bad), bad).toBe(false);
    }
    expect(toId(42)).toBeNull();
    expect(toId(null)).toBeNull();
    expect(uuidInput('Produit invalide').safeParse('-'.repeat(36)).error?.issues[0]?.message).toBe(
      'Produit invalide',
    );
  });

  it('normalises without checking, for inputs that may name nothing', () => {
    expect(normalizeId('  ABC ')).toBe('abc');
  });
});
