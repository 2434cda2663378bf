/**
 * What the technician's phone sends for each visit command (ADR 037): one schema shared by the
 * day screen's forms, its offline queue and the `visits.record` procedure. Only what a person
 * types: the product's facts, the applicator and their certificate are read by the server.
 */
import { z } from 'zod';
import { DEVICE_CAPTURES_MAX, DEVICE_LABEL_MAX } from '../common/limits.js';
import { uuidInput } from '../security/ids.js';
import { SITE_HAZARDS, VISIT_LABEL_MAX, VISIT_PHOTOS_MAX, VISIT_TEXT_MAX } from './visit-decider.js';
import {
  deviceKinds,
  deviceStates,
  INFESTATION_LEVELS,
  RODENT_SPECIES,
  TREATMENT_UNITS,
} from './visit-events.js';

const uuid = uuidInput;
const label = (message: string) => z.string().trim().min(1, message).max(VISIT_LABEL_MAX);
const longText = z.string().trim().max(VISIT_TEXT_MAX, `${VISIT_TEXT_MAX} caractères au plus.`);

const base = {
  interventionId: uuid('Intervention introuvable.'),
  appointmentId: uuid('Rendez-vous introuvable.'),
  /** Drawn once on the phone: the same action sent twice is recorded once. */
  clientEventId: uuid('Identifiant d’action invalide.'),
  /** When it was done, by the phone's clock. */
  at: z.iso.datetime({ offset: true, error: 'Heure invalide.' }),
};

export const observationFields = z.object({
  pest: label('Indiquez le nuisible observé.'),
  zone: label('Indiquez la zone.'),
  level: z.enum(INFESTATION_LEVELS, 'Choisissez le niveau d’infestation.'),
  evidence: longText.default(''),
  /** Images of the pipeline (uploaded first, EXIF dropped): their ids. */
  photoIds: z
    .array(uuid('Photo introuvable.'))
    .max(VISIT_PHOTOS_MAX, `Au plus ${VISIT_PHOTOS_MAX} photos.`)
    .default([]),
});

export const treatmentFields = z.object({
  productId: uuid('Choisissez le produit.'),
  quantity: z.number('Indiquez la quantité.').positive('Indiquez une quantité positive.').max(100_000),
  unit: z.enum(TREATMENT_UNITS, 'Choisissez l’unité.'),
  method: label('Indiquez la méthode.'),
  zone: label('Indiquez la zone traitée.'),
  target: label('Indiquez la cible.'),
  species: z.enum(RODENT_SPECIES).nullable().default(null),
});

export const adviceFields = z.object({
  reentryDelayHours: z.number().int('Le délai se compte en heures.').min(0).max(720).nullable().default(null),
  ventilation: longText.default(''),
  /** The product whose label gives the antidote (read by the server). */
  productId: uuid('Produit introuvable.').nullable().default(null),
});

export const deviceCheckFields = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Indiquez le repère du dispositif (ex. P12).')
    .max(DEVICE_LABEL_MAX, `${DEVICE_LABEL_MAX} caractères au plus.`),
  kind: z.enum(deviceKinds, 'Choisissez le type de dispositif.'),
  state: z.enum(deviceStates, 'Choisissez l’état du dispositif.'),
  consumptionPercent: z
    .number('Indiquez la consommation en %.')
    .int('La consommation se compte en % entiers.')
    .min(0, 'La consommation va de 0 à 100 %.')
    .max(100, 'La consommation va de 0 à 100 %.')
    .nullable()
    .default(null),
  reason: z.string().trim().max(VISIT_LABEL_MAX, `${VISIT_LABEL_MAX} caractères au plus.`).default(''),
  captures: z
    .number('Indiquez un nombre de captures.')
    .int('Indiquez un nombre entier de captures.')
    .min(0, 'Indiquez un nombre de captures positif.')
    .max(DEVICE_CAPTURES_MAX, `${DEVICE_CAPTURES_MAX} captures au plus.`)
    .nullable()
    .default(null),
  note: longText.default(''),
});

export const visitInputSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('DepartVisit') }),
  z.object({ ...base, type: z.literal('ArriveVisit') }),
  z.object({ ...base, type: z.literal('FinishVisit') }),
  z.object({ ...base, type: z.literal('RecordObservation'), ...observationFields.shape }),
  z.object({ ...base, type: z.literal('RecordTreatment'), ...treatmentFields.shape }),
  z.object({ ...base, type: z.literal('GiveSafetyAdvice'), ...adviceFields.shape }),
  z.object({
    ...base,
    type: z.literal('AddRecommendation'),
    libraryId: z.string().trim().max(60).nullable().default(null),
    text: longText.default(''),
  }),
  z.object({
    ...base,
    type: z.literal('AddCustomerRemark'),
    text: longText.min(1, 'Indiquez la remarque du client.'),
  }),
  z.object({
    ...base,
    type: z.literal('WriteRodenticideAnalysis'),
    text: longText.min(1, 'Indiquez l’analyse.'),
  }),
  z.object({ ...base, type: z.literal('RemoveRodenticideBaits'), note: longText.default('') }),
  z
    .object({
      ...base,
      type: z.literal('RecordDeviceCheck'),
      ...deviceCheckFields.shape,
      /** A site's device by its id or its label's code (the server reads its label and kind). */
      device: z.string().trim().max(36).nullable().default(null),
    })
    // The phone's message before the queue; the decider holds the rule (DEVICE_*_REQUIRED/INVALID).
    .superRefine((v, ctx) => {
      if (v.state === 'consomme' && v.consumptionPercent === null)
        ctx.addIssue({
          code: 'custom',
          path: ['consumptionPercent'],
          message: 'Indiquez la consommation en %.',
        });
      if (v.state === 'inaccessible' && !v.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Indiquez pourquoi il est inaccessible.' });
    }),
]);
export type VisitInput = z.input<typeof visitInputSchema>;
export type ParsedVisitInput = z.output<typeof visitInputSchema>;

export const ACCESS_NOTES_MAX = 1000;
export const siteNotesSchema = z.object({
  interventionId: uuid('Intervention introuvable.'),
  accessNotes: z.string().trim().max(ACCESS_NOTES_MAX, `${ACCESS_NOTES_MAX} caractères au plus.`),
  hazards: z.array(z.enum(Object.keys(SITE_HAZARDS) as [keyof typeof SITE_HAZARDS])).max(3),
});
export type SiteNotesInput = z.input<typeof siteNotesSchema>;
