import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishValidatorPhrases } from '../../../tests/support/english-phrases';
import { refundInput } from '../orders/money';
import './zod-fr';

/** The first message zod gives for this input. */
const message = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
};

describe("zod's messages in French", () => {
  it("the refund's « Autre montant » typed -5 says what to type, in French (issue 35)", () => {
    const refund = { lines: [], shipping: false, extraCents: Number.NaN, method: 'cash', reason: 'returned' };
    const text = message(refundInput, refund);
    expect(text).toBe('Saisissez un nombre (par exemple 12,50).');
    expect(englishValidatorPhrases(text)).toEqual([]);
  });

  // Every kind of issue a schema without its own message can raise.
  it.each<[string, z.ZodType, unknown, string]>([
    ['a missing field', z.object({ a: z.string() }), {}, 'Ce champ est obligatoire.'],
    ['a text for a number', z.number(), 'abc', 'Saisissez un nombre (par exemple 12,50).'],
    ['a fraction for a whole number', z.number().int(), 1.5, 'Saisissez un nombre entier.'],
    ['a number for a text', z.string(), 3, 'Saisissez un texte.'],
    ['a text for yes or no', z.boolean(), 'oui', 'Répondez par oui ou non.'],
    ['a choice outside the list', z.enum(['a', 'b']), 'c', 'Choisissez une des valeurs proposées.'],
    [
      'a text too long',
      z.string().max(1000),
      'x'.repeat(1001),
      'Ce texte est trop long (1\u202f000 caractères maximum).',
    ],
    ['an empty text', z.string().min(1), '', 'Ce champ est obligatoire.'],
    ['a number too small', z.number().min(0), -5, 'La valeur doit être au moins 0.'],
    ['a number not above', z.number().positive(), 0, 'La valeur doit être supérieure à 0.'],
    ['a number too big', z.number().max(10), 11, 'La valeur doit être au plus 10.'],
    ['too many items', z.array(z.string()).max(1), ['a', 'b'], "Trop d'éléments (1 au plus)."],
    ['a bad email', z.email(), 'marie@', 'Adresse email invalide.'],
    ['a bad id', z.uuid(), 'x', 'Identifiant invalide.'],
    ['a pattern not matched', z.string().regex(/^\d+$/), 'a', 'Format invalide.'],
    ['an unknown key', z.strictObject({}), { x: 1 }, 'Champ inattendu : x.'],
    ['a multiple', z.number().multipleOf(5), 3, 'La valeur doit être un multiple de 5.'],
  ])('%s', (_, schema, input, expected) => {
    const text = message(schema, input);
    expect(text).toBe(expected);
    expect(englishValidatorPhrases(text)).toEqual([]);
  });

  it("a schema's own message still wins", () => {
    expect(message(z.number().min(0, 'Le montant doit être positif.'), -1)).toBe(
      'Le montant doit être positif.',
    );
  });
});
