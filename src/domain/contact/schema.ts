import { z } from 'zod';

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
  name: requiredText('Veuillez indiquer votre nom.', 120, 'Le nom ne doit pas dépasser 120 caractères.'),
  email: z
    .string()
    .trim()
    .min(1, 'Veuillez indiquer votre adresse email.')
    .max(200, "L'adresse email est trop longue.")
    .pipe(z.email('Veuillez indiquer une adresse email valide.')),
  phone: z
    .string()
    .trim()
    .min(1, 'Veuillez indiquer votre numéro de téléphone.')
    .max(30, 'Le numéro de téléphone est trop long.')
    .regex(/^[+()\d\s.-]{6,30}$/, 'Veuillez indiquer un numéro de téléphone valide.'),
  service: z.enum(CONTACT_SERVICES, 'Veuillez choisir un service.'),
  message: z.string().trim().max(2000, 'Le message ne doit pas dépasser 2000 caractères.').default(''),
  website: z.string().max(500).optional(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
