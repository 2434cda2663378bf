import { ORIGIN_REFUSED_CODE } from '../security/origin.js';
import { INVALID_TEXT_CODE } from '../security/text.js';
import { WEAK_PASSWORD_CODE } from './password.js';

/**
 * better-auth answers with English error codes; people read French. Unknown codes fall back to the
 * generic message rather than showing English text.
 */
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou mot de passe incorrect',
  INVALID_PASSWORD: 'Email ou mot de passe incorrect',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Email ou mot de passe incorrect',
  USER_NOT_FOUND: 'Email ou mot de passe incorrect',
  USER_ALREADY_EXISTS: 'Un compte existe déjà avec cet email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Un compte existe déjà avec cet email',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 8 caractères',
  PASSWORD_TOO_LONG: 'Le mot de passe ne doit pas dépasser 128 caractères',
  INVALID_EMAIL: 'Adresse email invalide',
  EMAIL_NOT_VERIFIED: 'Veuillez confirmer votre email avant de vous connecter',
  INVALID_TOKEN: 'Ce lien de réinitialisation est invalide ou a expiré',
  TOKEN_EXPIRED: 'Ce lien de réinitialisation est invalide ou a expiré',
  FAILED_TO_CREATE_USER: 'Impossible de créer le compte',
  FAILED_TO_CREATE_SESSION: 'Impossible de vous connecter pour le moment',
  // better-auth's own origin check (ours answers first, with the address to use).
  INVALID_ORIGIN:
    'Cette page a été ouverte depuis une adresse non autorisée. Ouvrez le site depuis son adresse officielle.',
};

export const RATE_LIMITED_MESSAGE = 'Trop de tentatives, réessayez dans quelques minutes';
export const GENERIC_AUTH_MESSAGE = 'Une erreur est survenue';

/** Our own sign-up checks answer with this code and an already French message. */
export const FRENCH_MESSAGE_CODE = 'INVALID_INPUT';

/** Codes whose message the server already wrote in French for people (see src/server/http/guards.ts). */
const FRENCH_CODES = new Set([
  FRENCH_MESSAGE_CODE,
  ORIGIN_REFUSED_CODE,
  INVALID_TEXT_CODE,
  'PAYLOAD_TOO_LARGE',
  'LENGTH_REQUIRED',
  'MALFORMED_PATH',
  'ACCOUNT_THROTTLED',
  WEAK_PASSWORD_CODE,
]);

export function authErrorMessage(status: number, body: { code?: string; message?: string } | null): string {
  const code = body?.code;
  if (code && FRENCH_CODES.has(code) && body?.message) return body.message;
  if (status === 429) return RATE_LIMITED_MESSAGE;
  if (code && messages[code]) return messages[code];
  return GENERIC_AUTH_MESSAGE;
}
