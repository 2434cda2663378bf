import { describe, expect, it } from 'vitest';
import { orderStatusView } from '../orders/status';
import { frenchCalendarDate, frenchDateTime, frenchLongDate, shortDate, shortDateTime } from '../site/dates';
import { authErrorMessage, RATE_LIMITED_MESSAGE } from './auth-errors';
import { profileSchema, signUpSchema } from './profile';

describe('order status view', () => {
  it('gives the spec labels and colours, and the raw value in grey for an unknown status', () => {
    expect(
      ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'toString', 'en_cours'].map(
        (status) => orderStatusView(status),
      ),
    ).toEqual([
      { label: 'En attente', tone: 'yellow' },
      { label: 'Confirmée', tone: 'blue' },
      { label: 'En préparation', tone: 'orange' },
      { label: 'Expédiée', tone: 'purple' },
      { label: 'Livrée', tone: 'green' },
      { label: 'Annulée', tone: 'red' },
      { label: 'toString', tone: 'grey' },
      { label: 'en_cours', tone: 'grey' },
    ]);
  });

  it('writes French long dates', () => {
    expect(frenchLongDate('2026-11-21T12:00:00')).toBe('21 novembre 2026');
  });

  it('writes every date in the shop’s time (Paris), whatever the time zone of the machine', () => {
    // An order's history said 15:02 beside a list saying 16:02: the history used the viewer's zone.
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(frenchDateTime('2026-11-25T15:02:00Z')).toBe('25 novembre 2026 à 16:02');
      expect(shortDateTime('2026-11-25T15:02:00Z')).toBe('25/11/2026 16:02');
      expect(frenchLongDate('2026-11-25T23:30:00Z')).toBe('26 novembre 2026');
      expect(shortDate('2026-07-01T22:15:00Z')).toBe('02/07/2026');
      // A date of birth is a calendar day: the same in every zone.
      expect(frenchCalendarDate('1980-03-01')).toBe('1 mars 1980');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('auth error messages', () => {
  it('maps better-auth codes to French and never shows English', () => {
    expect(
      authErrorMessage(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    ).toBe('Email ou mot de passe incorrect');
    expect(authErrorMessage(422, { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe(
      'Un compte existe déjà avec cet email',
    );
    expect(authErrorMessage(400, { code: 'PASSWORD_TOO_SHORT' })).toBe(
      'Le mot de passe doit contenir au moins 8 caractères',
    );
    expect(authErrorMessage(429, { message: 'Too many requests. Please try again later.' })).toBe(
      RATE_LIMITED_MESSAGE,
    );
    expect(authErrorMessage(500, { code: 'SOMETHING_NEW', message: 'Internal' })).toBe(
      'Une erreur est survenue',
    );
    expect(authErrorMessage(400, { code: 'INVALID_INPUT', message: 'Le prénom est obligatoire' })).toBe(
      'Le prénom est obligatoire',
    );
  });
});

describe('profile schema', () => {
  const base = { firstName: 'Jeanne', lastName: 'Dupont' };
  it('turns blanks into null, defaults the country, and drops unknown keys such as role', () => {
    expect(profileSchema.parse({ ...base, phone: ' ', postalCode: '', role: 'admin' })).toEqual({
      ...base,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
      country: 'France',
      dateOfBirth: null,
      companyName: null,
      siren: null,
      vatNumber: null,
    });
  });
  it('accepts French and international phone numbers', () => {
    for (const phone of [
      '06 12 34 56 78',
      '0612345678',
      '+33 6 12 34 56 78',
      '02.32.00.00.00',
      '+44 20 7946 0958',
    ]) {
      expect(profileSchema.safeParse({ ...base, phone }).success, phone).toBe(true);
    }
    for (const phone of ['12345', '06 12 34', 'abc']) {
      expect(profileSchema.safeParse({ ...base, phone }).success, phone).toBe(false);
    }
  });
  it('requires 5 digits for a postal code when one is given', () => {
    expect(profileSchema.safeParse({ ...base, postalCode: '27000' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...base, postalCode: '2700A' }).error?.issues[0]?.message).toBe(
      'Le code postal doit contenir 5 chiffres',
    );
  });
  it('checks sign-up fields with French messages', () => {
    const result = signUpSchema.safeParse({
      firstName: '',
      lastName: 'x'.repeat(51),
      email: 'a@b',
      password: '1234567',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Le prénom est obligatoire',
      'Le nom ne doit pas dépasser 50 caractères',
      'Adresse email invalide',
      'Le mot de passe doit contenir au moins 8 caractères',
    ]);
  });
});
