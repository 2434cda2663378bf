import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone';

describe('the one phone rule', () => {
  it.each([
    ['06 12 34 56 78', '+33612345678'],
    ['0612345678', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['02 32 00 00 00', '+33232000000'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('accepts %s as %s', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it.each([
    '',
    '12345',
    '06 12 34 56',
    '00 12 34 56 78',
    '+33 06 12 34 56 78',
    '+0 123 456 789',
    '+1234567',
    '+1234567890123456',
    'téléphone',
    '06 12 34 56 78 90 12 34 56 78 90 12',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('shows French numbers in the national form and others as stored', () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});
