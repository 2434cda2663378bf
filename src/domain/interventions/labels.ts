// The request form's constants, kept free of zod so the landing page shows the form without loading it.

export const SITE_TYPES = [
  'logement_ancien',
  'logement_neuf',
  'parties_communes',
  'commerce',
  'restauration',
  'exterieur',
] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_TYPE_LABELS: Record<SiteType, string> = {
  logement_ancien: 'Logement de plus de 2 ans',
  logement_neuf: 'Logement neuf (moins de 2 ans)',
  parties_communes: "Parties communes d'immeuble",
  commerce: 'Commerce',
  restauration: 'Restauration',
  exterieur: 'Extérieur (jardin, terrain)',
};

export const URGENCIES = ['flexible', 'semaine', 'urgent'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = {
  flexible: 'Pas urgent',
  semaine: 'Dans la semaine',
  urgent: 'Urgent (sous 24 à 48 h)',
};

export const PREFERRED_SLOTS = ['matin', 'apres-midi', 'samedi'] as const;
export type PreferredSlot = (typeof PREFERRED_SLOTS)[number];
export const PREFERRED_SLOT_LABELS: Record<PreferredSlot, string> = {
  matin: 'En semaine, le matin (8 h - 12 h)',
  'apres-midi': "En semaine, l'après-midi (14 h - 18 h)",
  samedi: 'Le samedi matin',
};

/**
 * The consent to be called back, recorded with its exact words and time (cold calls need prior
 * consent from 11 August 2026, loi n° 2025-594). The server records these words, never the client's.
 */
export const CALLBACK_CONSENT_WORDING =
  'J’accepte d’être rappelé(e) par téléphone au sujet de cette demande.';

/** Photos a visitor may join to a request (issue 36), each through the image pipeline. */
export const MAX_REQUEST_PHOTOS = 4;

export const REQUEST_PHOTO_MESSAGES = {
  tooMany: `Vous pouvez joindre ${MAX_REQUEST_PHOTOS} photos au plus.`,
  unknown: "Une photo n'a pas été reçue : retirez-la et ajoutez-la de nouveau.",
  rateLimited: 'Trop de photos envoyées depuis votre adresse. Réessayez dans une heure ou appelez-nous.',
} as const;
