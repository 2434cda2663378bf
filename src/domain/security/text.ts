/**
 * Text hygiene: the one rule every text a client sends goes through (tRPC inputs, better-auth
 * bodies). A NUL byte or a lone UTF-16 surrogate cannot be stored by PostgreSQL (or is an encoding
 * trick), so it is refused up front with a French message rather than failing deep inside as a 500.
 */
export const INVALID_TEXT_CODE = 'INVALID_TEXT';
export const INVALID_TEXT_MESSAGE =
  'Le texte envoyé contient des caractères invalides (caractère nul ou mal encodé). Retirez-les puis réessayez.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/** True when any string inside the value (object keys included) is not clean text. */
export function hasUncleanText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isCleanText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUncleanText(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (!isCleanText(key) || hasUncleanText(v, depth + 1)) return true;
  }
  return false;
}
