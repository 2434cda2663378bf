/**
 * The one phone rule: French numbers as people write them (06 12 34 56 78, 0612345678,
 * +33 6 12 34 56 78, 0033 6 ...) and international numbers in E.164 form (+44 20 7946 0958).
 * Stored normalised to E.164; shown in the French national form when French. Zod-free.
 */

export const PHONE_MAX = 30;
export const PHONE_MESSAGE = 'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)';

/** The number in E.164 (+33612345678), or null when it is not a valid phone number. */
export function normalizePhone(input: string): string | null {
  if (input.length > PHONE_MAX) return null;
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  if (/^0[1-9]\d{8}$/.test(international)) return `+33${international.slice(1)}`;
  if (international.startsWith('+33')) return /^\+33[1-9]\d{8}$/.test(international) ? international : null;
  // E.164: a country code (no leading 0) and at most 15 digits in all; 9 at least, to catch typos.
  return /^\+[1-9]\d{8,14}$/.test(international) ? international : null;
}

export const isPhone = (input: string): boolean => normalizePhone(input) !== null;

/** For display: 06 12 34 56 78 for a French number, the E.164 form otherwise. */
export function formatPhone(stored: string): string {
  const e164 = normalizePhone(stored);
  if (!e164) return stored;
  if (e164.startsWith('+33')) return `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1 ');
  return e164;
}
