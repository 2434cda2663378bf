import { describe, expect, it } from 'vitest';
import { certibiocideExpiredWarning } from './certibiocide-warning';

describe('the warning of an expired Certibiocide (issue 35)', () => {
  it('is given from the day after the last valid day, in French with the date', () => {
    expect(certibiocideExpiredWarning('2026-11-27', '2026-11-28')).toBe(
      "Ce certificat a expiré le 27/11/2026 : les produits réservés aux professionnels ne peuvent pas vous être vendus tant qu'il n'est pas renouvelé.",
    );
  });
  it('is not given on the last valid day, after it, or for a blank date', () => {
    expect(certibiocideExpiredWarning('2026-11-28', '2026-11-28')).toBeNull();
    expect(certibiocideExpiredWarning('2027-01-01', '2026-11-28')).toBeNull();
    expect(certibiocideExpiredWarning('', '2026-11-28')).toBeNull();
  });
});
