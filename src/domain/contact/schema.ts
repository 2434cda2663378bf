import { z } from 'zod';
import { emailAddress, phoneNumber } from '../common/fields.js';
import { FULL_NAME_MAX, MESSAGE_MAX } from '../common/limits.js';
import { CONTACT_SERVICES } from './services.js';

export * from './services.js';

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string().trim().min(1, message).max(max, tooLong);

/**
 * The contact and quote request, shared by the form (checked before sending) and by the
 * `contact.send` procedure (checked again: the server trusts nothing). `website` is a honeypot:
 * hidden from people, filled by robots.
 */
export const contactRequestSchema = z.object({
  name: requiredText(
    'Veuillez indiquer votre nom.',
    FULL_NAME_MAX,
    `Le nom ne doit pas dépasser ${FULL_NAME_MAX} caractères.`,
  ),
  email: emailAddress(
    'Veuillez indiquer votre adresse email.',
    'Veuillez indiquer une adresse email valide.',
  ),
  phone: phoneNumber(
    'Veuillez indiquer votre numéro de téléphone.',
    'Veuillez indiquer un numéro de téléphone valide.',
  ),
  service: z.enum(CONTACT_SERVICES, 'Veuillez choisir un service.'),
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, `Le message ne doit pas dépasser ${MESSAGE_MAX} caractères.`)
    .default(''),
  website: z.string().max(500).optional(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** The inbox's follow-up of a request: "Noter un appel" or "Répondre par email". */
export const CONTACT_REPLY_MAX = 5000;
export const CONTACT_REPLY_KINDS = ['call', 'email'] as const;
export type ContactReplyKind = (typeof CONTACT_REPLY_KINDS)[number];

export const contactReplySchema = z.object({
  kind: z.enum(CONTACT_REPLY_KINDS, { error: 'Type de suivi inconnu' }),
  body: z
    .string()
    .trim()
    .min(1, 'Écrivez le texte avant de l’enregistrer.')
    .max(CONTACT_REPLY_MAX, `Le texte ne doit pas dépasser ${CONTACT_REPLY_MAX} caractères.`),
});
export type ContactReply = z.output<typeof contactReplySchema>;
