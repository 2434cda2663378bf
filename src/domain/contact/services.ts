// Contact form constants, kept free of zod so the landing page shows the form without loading it.

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
