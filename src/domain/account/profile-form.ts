import { formatPhone } from '../common/phone.js';
import type { ProfileData } from './profile.js';

/**
 * A stored profile as the profile form edits it (the customer's own, and the admin's customer
 * dialog): every field a string, blanks for what is not given, the phone in its French display.
 * Apart from profile.ts so that a page shows the form without loading zod.
 */
export function profileFormValues(p: ProfileData): Record<keyof ProfileData, string> {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone ? formatPhone(p.phone) : '',
    dateOfBirth: p.dateOfBirth ?? '',
    address: p.address ?? '',
    postalCode: p.postalCode ?? '',
    city: p.city ?? '',
    country: p.country,
    companyName: p.companyName ?? '',
    siren: p.siren ?? '',
    vatNumber: p.vatNumber ?? '',
  };
}
