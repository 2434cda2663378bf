import { describe, expect, it } from 'vitest';
import { type ProfileData, profileSchema } from './profile';
import { profileFormValues } from './profile-form';

describe('the profile form values', () => {
  const stored: ProfileData[] = [
    {
      firstName: 'Alice',
      lastName: 'Martin',
      phone: '+33612345678',
      dateOfBirth: '1990-04-12',
      address: '12 rue de la Libération',
      postalCode: '27000',
      city: 'Évreux',
      country: 'France',
      companyName: 'Camping des Pommiers',
      siren: '552100554',
      vatNumber: 'FR40552100554',
    },
    {
      firstName: 'John',
      lastName: 'Smith',
      phone: '+442079460958',
      dateOfBirth: null,
      address: null,
      postalCode: null,
      city: null,
      country: 'Royaume-Uni',
      companyName: null,
      siren: null,
      vatNumber: null,
    },
  ];

  it('show the phone as customers write it and blanks for what is not given', () => {
    expect(profileFormValues(stored[0]!).phone).toBe('06 12 34 56 78');
    expect(profileFormValues(stored[1]!)).toMatchObject({ phone: '+442079460958', address: '', city: '' });
  });

  it('saved unchanged, give back the stored profile (opening and saving the form changes nothing)', () => {
    for (const profile of stored) {
      expect(profileSchema.parse(profileFormValues(profile))).toEqual(profile);
    }
  });
});
