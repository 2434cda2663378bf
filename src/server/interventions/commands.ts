/**
 * Intervention commands: each runs through the log's generic command path
 * (log/stream-commands.ts) with the intervention decider (domain/interventions/decider.ts).
 */
import { randomUUID } from 'node:crypto';
import { decide, type InterventionState, interventionNotFound } from '../../domain/interventions/decider.js';
import type {
  InterventionEvent,
  InterventionSource,
  RequestPhoto,
} from '../../domain/interventions/events.js';
import { CALLBACK_CONSENT_WORDING, type InterventionRequest } from '../../domain/interventions/request.js';
import { toId } from '../../domain/security/ids.js';
import type { Sql, Tx } from '../db/client.js';
import { handleStreamCommand, type StreamMeta } from '../log/stream-commands.js';
import { interventionModel, nextInterventionNumber } from './model.js';

/** The request's fields; its photos come as checked RequestPhoto in the options. */
export type RequestFields = Omit<InterventionRequest, 'website' | 'photos'>;

/**
 * Opens an intervention from a request: a number of the year, the requester's fields in their
 * personal record, the consent to be called back with the server's own words and time.
 */
export async function openIntervention(
  sql: Sql,
  // An old inbox item has no site type (its form never asked); every form request has one.
  request: Omit<RequestFields, 'siteType'> & { siteType: RequestFields['siteType'] | null },
  options: {
    meta: StreamMeta;
    source: InterventionSource;
    customerId: string | null;
    photos?: RequestPhoto[];
    contactRequestId?: string | null;
    /** The site the work is done at, and the yearly contract a planned visit belongs to. */
    siteId?: string | null;
    serviceContractId?: string | null;
    /** Notes recorded with the request, in the same append (an old inbox item's calls and answers). */
    notes?: string[];
    /** Runs in the request's transaction (the old inbox row's move, the shop's notice). */
    inTransaction?: (tx: Tx, state: InterventionState) => Promise<void>;
    id?: string;
  },
) {
  const id = options.id ?? randomUUID();
  const { meta } = options;
  return await handleStreamCommand(
    sql,
    interventionModel,
    id,
    meta,
    async (state, tx) => [
      ...decide(
        {
          type: 'Request',
          data: {
            number: await nextInterventionNumber(tx, new Date(meta.at)),
            source: options.source,
            customerId: options.customerId,
            service: request.service,
            siteType: request.siteType,
            urgency: request.urgency,
            preferredSlots: request.preferredSlots,
            photos: options.photos ?? [],
            callbackConsent: request.callbackConsent
              ? { wording: CALLBACK_CONSENT_WORDING, at: meta.at }
              : null,
            contactRequestId: options.contactRequestId ?? null,
            siteId: options.siteId ?? null,
            serviceContractId: options.serviceContractId ?? null,
            requester: {
              name: request.name,
              email: request.email,
              phone: request.phone,
              street: request.street,
              zipCode: request.zipCode,
              city: request.city,
              message: request.message,
            },
          },
        },
        state,
      ),
      ...(options.notes ?? []).map((note) => ({ type: 'InterventionNoteAdded' as const, data: { note } })),
    ],
    options.inTransaction,
  );
}

function checkId(id: string): string {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
}

type ExistingCommand = Exclude<Parameters<typeof decide>[0], { type: 'Request' }>;

/** A command on an existing intervention (a note, « Perdu » with its reason, a reopening). */
export async function runInterventionCommand(
  sql: Sql,
  id: string,
  command: ExistingCommand,
  meta: StreamMeta,
) {
  return await handleStreamCommand<InterventionState, InterventionEvent>(
    sql,
    interventionModel,
    checkId(id),
    meta,
    (state) => decide(command, state),
  );
}
