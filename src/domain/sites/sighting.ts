/**
 * « Signaler une observation » (issue 38 point 3): a customer tells what they saw at one of their
 * sites between visits, in which zone, with photos if they have some. It becomes a request in
 * Interventions (source « sighting »). The contact fields are the request form's own.
 */
import { z } from 'zod';
import { interventionRequestSchema } from '../interventions/request.js';
import { uuidInput } from '../security/ids.js';

export const SIGHTING_TEXT_MAX = 2000;

export const sightingSchema = interventionRequestSchema
  .pick({ name: true, email: true, phone: true, photos: true })
  .extend({
    siteId: uuidInput('Site introuvable.'),
    zoneId: uuidInput('Choisissez la zone du site.').nullable(),
    what: z
      .string()
      .trim()
      .min(1, 'Décrivez ce que vous avez observé.')
      .max(SIGHTING_TEXT_MAX, `La description ne doit pas dépasser ${SIGHTING_TEXT_MAX} caractères.`),
  });
export type SightingInput = z.input<typeof sightingSchema>;
export type Sighting = z.output<typeof sightingSchema>;

/** The request's message, as the owner reads it in Interventions. */
export const sightingMessage = (siteName: string, zoneName: string | null, what: string) =>
  `Observation signalée depuis l’espace client, site « ${siteName} »${zoneName ? `, zone « ${zoneName} »` : ''} : ${what}`;
