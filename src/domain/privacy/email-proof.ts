/**
 * The fresh proof of an account's email (third probe, finding 1; docs/decisions/033-...). Sign-up
 * needs no verified email, so an account's email proves nothing about the guest orders and contact
 * requests sent with it: anyone could sign up with a guest's address. Export and erasure reach
 * those only while a code mailed to the address was confirmed minutes ago (RGPD art. 12(6): the
 * controller may ask for what confirms the requester's identity); otherwise only what the account
 * created itself. A guest keeps the per-order link.
 */
import { z } from 'zod';

/** How long a mailed code may be typed, and how long a confirmed proof counts. */
export const PROOF_CODE_MINUTES = 15;
export const PROOF_FRESH_MINUTES = 15;
/** Wrong codes before the code is spent (six digits: one chance in 200,000 at most). */
export const PROOF_MAX_ATTEMPTS = 5;

export const EMAIL_PROOF_MESSAGES = {
  code: 'Saisissez les 6 chiffres du code reçu par e-mail.',
  wrongCode: 'Code incorrect. Vérifiez le dernier e-mail reçu ou demandez un nouveau code.',
  expired: 'Ce code a expiré ou a déjà trop servi : demandez un nouveau code.',
  tooManyMails: 'Trop de codes demandés pour cette adresse. Réessayez dans une heure.',
} as const;

export const emailProofCodeSchema = z.object({
  code: z
    .string({ error: EMAIL_PROOF_MESSAGES.code })
    .trim()
    .regex(/^\d{6}$/, EMAIL_PROOF_MESSAGES.code),
});

/** Whether a proof row still proves `email` at `now`. */
export function proofIsFresh(
  proof: { email: string; confirmedAt: Date | null; expiresAt: Date } | null,
  email: string,
  now: Date,
): boolean {
  return (
    proof !== null &&
    proof.confirmedAt !== null &&
    proof.email.trim().toLowerCase() === email.trim().toLowerCase() &&
    proof.expiresAt.getTime() > now.getTime()
  );
}
