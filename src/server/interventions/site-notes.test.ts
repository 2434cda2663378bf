import { describe, expect, it } from 'vitest';
import { decryptNote, encryptNote } from './site-notes.js';

const SECRET = 'a-test-secret-of-the-right-length-0123456789';

describe('access notes at rest (AES-256-GCM, key from AUTH_SECRET)', () => {
  it('round-trips, and never stores the plain text', () => {
    const sealed = encryptNote(SECRET, 'Code portail 4821B');
    expect(sealed).not.toContain('4821B');
    expect(decryptNote(SECRET, sealed)).toBe('Code portail 4821B');
  });
  it('draws a fresh IV each time', () => {
    expect(encryptNote(SECRET, 'même texte')).not.toBe(encryptNote(SECRET, 'même texte'));
  });
  it('refuses an altered text and another key', () => {
    const sealed = encryptNote(SECRET, 'Clé chez la gardienne');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => decryptNote(SECRET, parts.join('.'))).toThrow();
    expect(() => decryptNote(`${SECRET}-other`, sealed)).toThrow();
  });
});
