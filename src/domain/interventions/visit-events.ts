/**
 * The visit and report events of an intervention's stream (issue 37): spread into
 * INTERVENTION_EVENT_SCHEMAS (events.ts), so they are chained, verified and replayed with the rest.
 *
 * Every event typed on the technician's phone carries `clientEventId`, a UUID the phone draws
 * once: the append refuses a second event with the same id in the stream (idempotent replays of
 * the offline queue). Times are UTC instants (ISO); `at` is when the technician did it (the phone's
 * clock, kept beside the append time), days are Paris days (YYYY-MM-DD).
 *
 * The treatment copies what it relied on at the time (the product's AMM, type, category; the
 * applicator's certificate): the register and the report read the event, never today's catalogue.
 */
import { z } from 'zod';

const photo = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() });
const typed = { clientEventId: z.string(), appointmentId: z.string(), at: z.string() };

export const INFESTATION_LEVELS = ['aucune', 'faible', 'moyenne', 'forte'] as const;
export const TREATMENT_UNITS = ['g', 'kg', 'mL', 'L', 'unité'] as const;
export const RODENT_SPECIES = ['souris', 'rats'] as const;

/** The devices a technician checks (part 3 will place them on a site plan; today a label as typed). */
export const DEVICE_KINDS = {
  poste_appatage: 'Poste d’appâtage',
  plaque_glu: 'Plaque de glu',
  desinsectiseur: 'Désinsectiseur',
  piege_pheromones: 'Piège à phéromones',
} as const;
export type DeviceKind = keyof typeof DEVICE_KINDS;
/** A device's state at the check: a consumption % only with « consommé », a reason with « inaccessible ». */
export const DEVICE_STATES = {
  intact: 'Intact',
  consomme: 'Consommé',
  remplace: 'Remplacé',
  manquant: 'Manquant',
  inaccessible: 'Inaccessible',
} as const;
export type DeviceState = keyof typeof DEVICE_STATES;
export const deviceKinds = Object.keys(DEVICE_KINDS) as [DeviceKind, ...DeviceKind[]];
export const deviceStates = Object.keys(DEVICE_STATES) as [DeviceState, ...DeviceState[]];

/** The applicator as the treatment saw them on its day. */
const applicator = z.object({
  technicianId: z.string(),
  name: z.string(),
  /** Null: none on file (then no professional-only product could be recorded). */
  certificate: z.object({ number: z.string(), category: z.string(), expiresOn: z.string() }).nullable(),
});

export const VISIT_EVENT_SCHEMAS = {
  /** « Je pars » */
  VisitDeparted: z.object({ ...typed, technicianId: z.string() }),
  /** « Sur place » */
  VisitArrived: z.object({ ...typed, technicianId: z.string() }),
  /** « Terminé » */
  VisitFinished: z.object({ ...typed, technicianId: z.string() }),
  ObservationRecorded: z.object({
    ...typed,
    pest: z.string(),
    zone: z.string(),
    level: z.enum(INFESTATION_LEVELS),
    evidence: z.string(),
    photos: z.array(photo),
  }),
  TreatmentRecorded: z.object({
    ...typed,
    productId: z.string(),
    productTitle: z.string(),
    /** The product's AMM (marketing authorisation) number, as the catalogue had it that day. */
    ammNumber: z.string(),
    biocideType: z.string(),
    professionalOnly: z.boolean(),
    certibiocideCategory: z.string().nullable(),
    quantity: z.number().positive(),
    unit: z.enum(TREATMENT_UNITS),
    method: z.string(),
    zone: z.string(),
    target: z.string(),
    applicator,
    /** An anticoagulant rodenticide baiting: it opens (or continues) the episode. */
    rodenticide: z.object({ species: z.enum(RODENT_SPECIES) }).nullable(),
  }),
  SafetyAdviceGiven: z.object({
    ...typed,
    /** Hours before the treated rooms may be used again; null: none. */
    reentryDelayHours: z.number().int().nonnegative().nullable(),
    ventilation: z.string(),
    /** The antidote named by the product's label, when there is one. */
    antidote: z.string(),
    productId: z.string().nullable(),
  }),
  RecommendationAdded: z.object({ ...typed, libraryId: z.string().nullable(), text: z.string() }),
  CustomerRemarkAdded: z.object({ ...typed, text: z.string() }),
  /** Past 35 days an anticoagulant episode continues only on a written analysis. */
  RodenticideAnalysisWritten: z.object({ ...typed, text: z.string() }),
  /** A bait station, glue board, insect killer or pheromone trap checked on site (by its label). */
  DeviceChecked: z.object({
    ...typed,
    /** The site's device (site_devices) when the intervention has a site; null for a free label. */
    deviceId: z.string().nullable().default(null),
    label: z.string(),
    kind: z.enum(deviceKinds),
    state: z.enum(deviceStates),
    /** 0-100, with « consommé » only; null otherwise. */
    consumptionPercent: z.number().int().nullable(),
    /** Why it could not be checked: with « inaccessible » only, '' otherwise. */
    reason: z.string(),
    /** Captures counted (glue boards, traps); null: not counted. */
    captures: z.number().int().nullable(),
    note: z.string(),
  }),
  /** Baits and carcasses removed: the episode closes. */
  RodenticideBaitsRemoved: z.object({ ...typed, note: z.string() }),
} as const;

export type VisitEventType = keyof typeof VISIT_EVENT_SCHEMAS;
export type VisitEvent = {
  [K in VisitEventType]: { type: K; data: z.infer<(typeof VISIT_EVENT_SCHEMAS)[K]> };
}[VisitEventType];

export const isVisitEvent = (event: { type: string }): event is VisitEvent =>
  Object.hasOwn(VISIT_EVENT_SCHEMAS, event.type);
