import { z } from 'zod';

/** The services a visitor can ask about (visitor-site.md §3), with the labels the form shows. */
export const CONTACT_SERVICES = ['deratisation', 'frelon', 'guepe', 'punaises', 'cafards', 'autre'] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

export const CONTACT_SERVICE_LABELS: Record<ContactService, string> = {
  deratisation: 'Dératisation (rats, souris)',
  frelon: 'Nid de frelons',
  guepe: 'Nid de guêpes',
  punaises: 'Punaises de lit',
  cafards: 'Cafards / blattes',
  autre: 'Autre demande',
};

/** At most this many requests per address in the window below: a person never reaches it, a robot does. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Vous avez envoyé plusieurs demandes en peu de temps. Merci de patienter quelques minutes ou de nous appeler directement.';

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
