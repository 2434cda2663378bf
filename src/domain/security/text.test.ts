import { describe, expect, it } from 'vitest';
import { normalizeId } from './ids.js';
import { hasUncleanText, isCleanText } from './text.js';

describe('text hygiene', () => {
  it('accepts ordinary French text, emoji included', () => {
    expect(isCleanText('Hélène Dupré-Lefèvre, 12 rue de l’Église 🐝')).toBe(true);
  });
  it('refuses a NUL byte and lone surrogates, anywhere in an input', () => {
    expect(isCleanText('a\u0000b')).toBe(false);
    expect(isCleanText('a\uD800b')).toBe(false);
    expect(isCleanText('a\uDC00')).toBe(false);
    expect(hasUncleanText({ lines: [{ note: 'ok' }, { note: 'x\u0000' }] })).toBe(true);
    expect(hasUncleanText({ 'k\uD800': 1 })).toBe(true);
    expect(hasUncleanText({ a: ['b', 3, null, { c: 'd' }] })).toBe(false);
  });
  it('normalises ids to the stored lower-case form', () => {
    expect(normalizeId(' 0F8FAD5B-D9CB-469F-A165-70867728950E ')).toBe(
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });
});
