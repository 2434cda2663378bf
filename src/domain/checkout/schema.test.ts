import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutForm } from '../../../tests/support/orders';
import { profileSchema } from '../account/profile';
import { checkoutFormSchema, hasMissingFields, placeOrderInputSchema, refusedFormNotice } from './schema';

const guest = checkoutForm;

const fieldErrors = (input: unknown) => {
  const result = checkoutFormSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('checkout form schema', () => {
  it('accepts a complete delivery form and trims it', () => {
    const result = checkoutFormSchema.parse({ ...guest, firstName: '  Marie ' });
    expect(result.firstName).toBe('Marie');
  });

  it('requires the address fields only for delivery', () => {
    const pickup = { ...guest, address: '', city: '', zipCode: '', deliveryMethod: 'pickup' };
    expect(checkoutFormSchema.safeParse(pickup).success).toBe(true);
    expect(fieldErrors({ ...pickup, deliveryMethod: 'delivery' })).toEqual({
      address: ["L'adresse est obligatoire pour la livraison"],
      city: ['La ville est obligatoire pour la livraison'],
      zipCode: ['Le code postal est obligatoire pour la livraison'],
    });
  });

  it('checks email, phone and 5-digit postal code with French messages', () => {
    expect(fieldErrors({ ...guest, email: 'marie@' }).email).toEqual(['Adresse email invalide']);
    expect(fieldErrors({ ...guest, phone: '12345' }).phone).toEqual([
      'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)',
    ]);
    expect(fieldErrors({ ...guest, zipCode: '2700' }).zipCode).toEqual([
      'Le code postal doit contenir 5 chiffres',
    ]);
    for (const phone of ['0612345678', '+33 6 12 34 56 78', '02.32.12.34.56', '0033612345678']) {
      expect(checkoutFormSchema.parse({ ...guest, phone }).phone).toMatch(/^\+33[1-9]\d{8}$/);
    }
    // The profile accepts international numbers, and checkout pre-fills from the profile: same rule.
    expect(checkoutFormSchema.parse({ ...guest, phone: '+44 20 7946 0958' }).phone).toBe('+442079460958');
    expect(profileSchema.parse({ firstName: 'A', lastName: 'B', phone: '+44 20 7946 0958' }).phone).toBe(
      '+442079460958',
    );
  });

  it('names the required fields that are empty', () => {
    expect(fieldErrors({ ...guest, firstName: ' ', lastName: '' })).toMatchObject({
      firstName: ['Le prénom est obligatoire'],
      lastName: ['Le nom est obligatoire'],
    });
  });

  it('spots missing fields as the spec notice requires', () => {
    expect(hasMissingFields(guest)).toBe(false);
    expect(hasMissingFields({ ...guest, city: '' })).toBe(true);
    expect(hasMissingFields({ ...guest, city: '', deliveryMethod: 'pickup' })).toBe(false);
    expect(hasMissingFields({ ...guest, phone: '  ' })).toBe(true);
  });
});

describe('place order input', () => {
  const input = {
    ...guest,
    lines: [{ productId: '11111111-1111-4111-8111-111111111111', quantity: 2 }],
    idempotencyKey: '6f1c1a8e-8d55-4d3c-9e0e-2f5b2b7f6a10',
    shownTotal: { totalAmountCents: 2980, taxCents: 497 },
  };

  it('drops any price, total or status a client adds', () => {
    const parsed = placeOrderInputSchema.parse({
      ...input,
      totalAmountCents: 1,
      status: 'delivered',
      lines: [{ ...input.lines[0], unitPriceCents: 1 }],
    });
    expect(parsed).not.toHaveProperty('totalAmountCents');
    expect(parsed).not.toHaveProperty('status');
    expect(parsed.lines[0]).toEqual({ productId: input.lines[0]?.productId, quantity: 2 });
  });

  it('refuses empty carts, bad quantities and repeated products', () => {
    expect(placeOrderInputSchema.safeParse({ ...input, lines: [] }).success).toBe(false);
    expect(
      placeOrderInputSchema.safeParse({ ...input, lines: [{ ...input.lines[0], quantity: 0 }] }).success,
    ).toBe(false);
    expect(
      placeOrderInputSchema.safeParse({ ...input, lines: [{ ...input.lines[0], quantity: 1.5 }] }).success,
    ).toBe(false);
    expect(
      placeOrderInputSchema.safeParse({ ...input, lines: [input.lines[0], input.lines[0]] }).success,
    ).toBe(false);
  });
});

describe('the notice of a refused checkout form (walk defect 10)', () => {
  it('asks to fill the fields only when one is empty, and to correct them otherwise', () => {
    expect(refusedFormNotice({ ...guest, deliveryMethod: 'delivery', phone: '' })).toBe(
      'Veuillez remplir tous les champs obligatoires',
    );
    expect(
      refusedFormNotice({ ...guest, deliveryMethod: 'delivery', email: 'marie@', zipCode: '2700' }),
    ).toBe('Veuillez corriger les champs signalés en rouge');
  });
});
