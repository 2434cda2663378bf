/**
 * Phrases of English validators (zod's defaults, HTML constraint messages of an English browser,
 * better-auth's) that must never reach a person on this French site. The unit test of zod's French
 * messages and the back-office's e2e text check both fail on any of them.
 */
export const ENGLISH_VALIDATOR_PHRASES: readonly RegExp[] = [
  /\bInvalid input\b/i,
  /\binvalid (?:type|value|option|string|number|email|date)\b/i,
  /\bexpected\b/i,
  /\breceived\b/i,
  /\bRequired\b/,
  /\bmust be\b/i,
  /\bmust have\b/i,
  /\bmust contain\b/i,
  /\bToo (?:small|big)\b/i,
  /\bUnrecognized key/i,
  /\bPlease (?:fill|enter|select|match)\b/i,
  /\bString must\b/i,
];

/** The English validator phrases found in a text, each with a little context. */
export function englishValidatorPhrases(text: string): string[] {
  return ENGLISH_VALIDATOR_PHRASES.flatMap((pattern) => {
    const m = pattern.exec(text);
    return m ? [text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ')] : [];
  });
}
