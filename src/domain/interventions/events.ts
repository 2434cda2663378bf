/**
 * The intervention log's event types (docs/decisions/032-event-log-beyond-orders.md): one stream
 * per intervention in the same `events` table as orders. Each type is declared once, here.
 */
import { z } from 'zod';
import { CONTACT_SERVICES } from '../contact/services.js';
import { APPOINTMENT_EVENT_SCHEMAS } from './appointment-events.js';
import { BILLING_EVENT_SCHEMAS } from './billing.js';
import { devisSnapshotSchema } from './devis.js';
import { PREFERRED_SLOTS, SITE_TYPES, URGENCIES } from './labels.js';
import { REPORT_EVENT_SCHEMAS } from './report-events.js';
import { VISIT_EVENT_SCHEMAS } from './visit-events.js';

/** The shape version written into every intervention event's metadata (`schemaVersion`). */
export const INTERVENTION_SCHEMA_VERSION = 1;

/** What the log keeps of a personal record: a reference and a salted commitment (ADR 020). */
const personalRef = z.object({ subjectId: z.string(), recordId: z.string(), commitment: z.string() });

/** The requester's personal fields, kept in their record outside the chain. */
export const requesterSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  zipCode: z.string(),
  city: z.string(),
  message: z.string(),
});
export type Requester = z.infer<typeof requesterSchema>;

export const ERASED_REQUESTER: Requester = {
  name: 'Client supprimé',
  email: '',
  phone: '',
  street: '',
  zipCode: '',
  city: '',
  message: '',
};

/** 'contract': a visit planned by a yearly contract; 'sighting': reported by the customer between visits. */
export const INTERVENTION_SOURCES = ['form', 'inbox', 'admin', 'contract', 'sighting'] as const;
export type InterventionSource = (typeof INTERVENTION_SOURCES)[number];

const photo = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() });
export type RequestPhoto = z.infer<typeof photo>;

/** Data as events carry it once read (the personal fields put back, or the erased placeholder). */
export const INTERVENTION_EVENT_SCHEMAS = {
  InterventionRequested: z.object({
    number: z.string(),
    source: z.enum(INTERVENTION_SOURCES),
    customerId: z.string().nullable(),
    service: z.enum(CONTACT_SERVICES),
    /** Null only for an old inbox item (source 'inbox'): its form never asked; the devis asks. */
    siteType: z.enum(SITE_TYPES).nullable(),
    urgency: z.enum(URGENCIES),
    preferredSlots: z.array(z.enum(PREFERRED_SLOTS)),
    photos: z.array(photo),
    /** Null: not given. Else the exact words shown and when they were accepted. */
    callbackConsent: z.object({ wording: z.string(), at: z.string() }).nullable(),
    /** The old inbox item this request was made from (migration), if any. */
    contactRequestId: z.string().nullable(),
    /** The site (sites table) the work is done at, when known; older events have none. */
    siteId: z.string().nullable().default(null),
    /** The yearly contract (contrat 3D) this visit belongs to, if any. */
    serviceContractId: z.string().nullable().default(null),
    requester: requesterSchema,
  }),
  InterventionNoteAdded: z.object({ note: z.string() }),
  InterventionLost: z.object({ reason: z.string() }),
  InterventionReopened: z.object({}),
  // The devis (docs/decisions/035-devis.md): sent whole and hashed; each version its own event.
  DevisSent: z.object({ devis: devisSnapshotSchema, hash: z.string(), pdfSha256: z.string() }),
  /** Accepted at a distance on the signed link: the evidence of the simple electronic signature. */
  DevisAccepted: z.object({
    number: z.string(),
    hash: z.string(),
    mode: z.literal('a_distance'),
    signerName: z.string(),
    code: z.object({
      sentTo: z.string(),
      sentAt: z.string(),
      checkedAt: z.string(),
      result: z.literal('ok'),
    }),
    ip: z.string(),
    userAgent: z.string(),
    /** The exact words ticked, or null when not ticked. */
    expressRequest: z.string().nullable(),
    acknowledgement: z.string().nullable(),
  }),
  /** A devis signed at the customer's home, recorded by the owner (L221-10 payment ban). */
  DevisSignedOffPremises: z.object({
    number: z.string(),
    hash: z.string(),
    mode: z.literal('hors_etablissement'),
    signerName: z.string(),
    signedOn: z.string(),
    paymentBanUntil: z.string(),
    /** The customer's own written request for urgent work (L221-10, L221-28 8°), word for word. */
    urgentException: z.object({ customerWords: z.string() }).nullable(),
    expressRequest: z.string().nullable(),
    acknowledgement: z.string().nullable(),
  }),
  DevisRefused: z.object({ number: z.string(), reason: z.string() }),
  DevisExpired: z.object({ number: z.string(), validUntil: z.string() }),
  ...APPOINTMENT_EVENT_SCHEMAS,
  ...VISIT_EVENT_SCHEMAS,
  ...REPORT_EVENT_SCHEMAS,
  ...BILLING_EVENT_SCHEMAS,
} as const;

export type InterventionEventType = keyof typeof INTERVENTION_EVENT_SCHEMAS;
export const INTERVENTION_EVENT_TYPES = Object.keys(INTERVENTION_EVENT_SCHEMAS) as InterventionEventType[];
export const isInterventionEventType = (type: string): type is InterventionEventType =>
  Object.hasOwn(INTERVENTION_EVENT_SCHEMAS, type);

export type InterventionEvent = {
  [K in InterventionEventType]: { type: K; data: z.infer<(typeof INTERVENTION_EVENT_SCHEMAS)[K]> };
}[InterventionEventType];

/** Events whose personal fields leave the chain for a personal record: which key holds them. */
export const INTERVENTION_PERSONAL_KEY = { InterventionRequested: 'requester' } as const;

/** Splits a requested event's data into what the log stores and the personal fields. */
export function detachRequester(
  data: Extract<InterventionEvent, { type: 'InterventionRequested' }>['data'],
  ref: z.infer<typeof personalRef>,
) {
  const { requester, ...rest } = data;
  return { stored: { ...rest, personal: ref }, fields: requester };
}

/**
 * A stored event read back: validated against its schema, the requester put back from its record
 * (`fields`; null once erased gives the placeholder). Anything that does not fit is refused.
 */
export function parseInterventionEvent(type: string, data: unknown, fields: unknown): InterventionEvent {
  if (!isInterventionEventType(type)) throw new Error(`Unknown intervention event type ${type}`);
  let value = data;
  if (type === 'InterventionRequested' && data && typeof data === 'object' && 'personal' in data) {
    const { personal: _, ...rest } = data as Record<string, unknown>;
    const parsed = requesterSchema.safeParse(fields);
    value = { ...rest, requester: parsed.success ? parsed.data : ERASED_REQUESTER };
  }
  return { type, data: INTERVENTION_EVENT_SCHEMAS[type].parse(value) } as InterventionEvent;
}

export const personalRefOfIntervention = (data: unknown) => {
  if (!data || typeof data !== 'object' || !('personal' in data)) return null;
  const parsed = personalRef.safeParse((data as { personal: unknown }).personal);
  return parsed.success ? parsed.data : null;
};
