import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.js';

const owner = { email: 'claire.fontaine@example.fr', firstName: 'Claire', lastName: 'Fontaine' };
const strong = { score: 4, warning: null };
const weak = { score: 1, warning: 'Ce mot de passe est très utilisé.' };

describe('password rule', () => {
  it('accepts a password the estimator finds hard to guess', () => {
    expect(passwordProblem('Cheval-Agrafe-Pommier-27', owner, strong)).toBeNull();
  });
  it('says why a guessable password is refused, in French', () => {
    expect(passwordProblem('password', owner, weak)).toBe(
      'Mot de passe trop facile à deviner. Ce mot de passe est très utilisé. Allongez-le, par exemple avec une phrase de plusieurs mots.',
    );
  });
  it('refuses the email, its local part or the name, whatever the estimate', () => {
    for (const p of ['claire.fontaine@example.fr', 'Claire.Fontaine', 'FONTAINE', 'clairefontaine']) {
      expect(passwordProblem(p, owner, strong)).toMatch(/reprend votre adresse email ou votre nom/);
    }
  });
  it('accepts a passphrase of 64 characters or more on its length', () => {
    const phrase = 'les abeilles de la ferme normande butinent le colza au printemps !';
    expect(passwordProblem(phrase, owner, { score: 2, warning: null })).toBeNull();
    expect(passwordProblem('a'.repeat(70), owner, { score: 0, warning: null })).not.toBeNull();
  });
});
