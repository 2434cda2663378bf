/**
 * Password strength: one rule for sign-up, password reset and (later) customers created in the
 * back-office. The estimate itself (zxcvbn-ts with its French dictionaries) is computed by the
 * caller and passed in, so this stays pure and the dictionaries load only where they are used.
 */
export interface StrengthEstimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: number;
  /** The estimator's French explanation, when it has one. */
  warning: string | null;
}

export const WEAK_PASSWORD_CODE = 'WEAK_PASSWORD';
export const MIN_SCORE = 3;
/** A passphrase this long is accepted on its length, whatever the estimator thinks. */
export const PASSPHRASE_LENGTH = 64;

export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** The words of a person's identity that must not make up their password. */
export function personalWords(owner: PasswordOwner): string[] {
  const local = owner.email.split('@')[0] ?? '';
  return [owner.email, local, ...local.split(/[._+-]/), owner.firstName ?? '', owner.lastName ?? '']
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length >= 3);
}

/** Why the password is refused (French, for the person), or null when it is strong enough. */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  estimate: StrengthEstimate,
): string | null {
  const lower = password.toLowerCase();
  const simplified = lower.replace(/[^\p{L}\p{N}]/gu, '');
  const identity = personalWords(owner);
  if (identity.some((w) => simplified === w.replace(/[^\p{L}\p{N}]/gu, '') || lower === w)) {
    return 'Mot de passe refusé : il reprend votre adresse email ou votre nom. Choisissez autre chose.';
  }
  if (password.length >= PASSPHRASE_LENGTH && new Set(password).size >= 8) return null;
  if (estimate.score >= MIN_SCORE) return null;
  const why = estimate.warning ? ` ${estimate.warning.replace(/\.?$/, '.')}` : '';
  return `Mot de passe trop facile à deviner.${why} Allongez-le, par exemple avec une phrase de plusieurs mots.`;
}
