/**
 * The intervention decider (pure): `decide(command, state)` returns the events or throws a typed
 * French error; `evolve(state, event)` folds. The same fold builds the read table in the append's
 * transaction and in `orders:replay` (docs/decisions/032-event-log-beyond-orders.md).
 */

import type { ContactService } from '../contact/services.js';
import { DomainError } from '../errors.js';
import {
  type AppointmentCommand,
  type AppointmentState,
  decideAppointment,
  evolveAppointment,
  isAppointmentCommand,
} from './appointment-decider.js';
import { isAppointmentEvent } from './appointment-events.js';
import {
  type BillingCommand,
  decideBilling,
  evolveBilling,
  type InterventionInvoiceSummary,
  isBillingCommand,
  isBillingEvent,
} from './billing.js';
import {
  type ContractSummary,
  DEVIS_COMMAND_TYPES,
  type DevisCommand,
  type DevisSummary,
  decideDevis,
  evolveDevis,
  isDevisEvent,
} from './devis-decider.js';
import type { InterventionEvent, InterventionSource, Requester, RequestPhoto } from './events.js';
import type { PreferredSlot, SiteType, Urgency } from './labels.js';
import { type InterventionStatus, interventionLost, stageAfter, takenWhileLost } from './pipeline.js';
import {
  decideReport,
  evolveReport,
  isReportCommand,
  type ReportCommand,
  type ReportSummary,
} from './report-decider.js';
import { isReportEvent } from './report-events.js';
import {
  decideVisit,
  evolveVisit,
  isVisitCommand,
  type RodenticideEpisode,
  type VisitCommand,
  type VisitState,
} from './visit-decider.js';
import { isVisitEvent } from './visit-events.js';

export const NOTE_MAX = 2000;
export const LOST_REASON_MAX = 500;

export interface InterventionState {
  id: string;
  number: string;
  status: InterventionStatus;
  /** The status before « Perdu » (where a reopening goes back to). */
  statusBeforeLost: InterventionStatus | null;
  source: InterventionSource;
  customerId: string | null;
  /** The site (sites table) and the yearly contract, when the intervention has them. */
  siteId: string | null;
  serviceContractId: string | null;
  service: ContactService;
  siteType: SiteType | null;
  urgency: Urgency;
  preferredSlots: PreferredSlot[];
  photos: RequestPhoto[];
  callbackConsent: { wording: string; at: string } | null;
  contactRequestId: string | null;
  requester: Requester;
  lostReason: string | null;
  noteCount: number;
  /** The current devis (docs/decisions/035-devis.md), null before the first is sent. */
  devis: DevisSummary | null;
  /** The signed contract and how it was concluded, null before. */
  contract: ContractSummary | null;
  /** Appointments (ADR 036), in booking order, cancelled ones kept. */
  appointments: AppointmentState[];
  statusBeforeScheduled: InterventionStatus | null;
  /** The visits (issue 37, ADR 037), one per appointment that saw an event. */
  visits: VisitState[];
  /** Anticoagulant rodenticide episodes, the open one (if any) last. */
  rodenticideEpisodes: RodenticideEpisode[];
  /** The phone's ids of the stream's visit events (idempotent replays of the offline queue). */
  clientEventIds: string[];
  /** Sealed reports (issue 37, ADR 038), one per appointment, with their addenda. */
  reports: ReportSummary[];
  /** The invoice from the report (docs/decisions/039), null before « Facturer ». */
  invoice: InterventionInvoiceSummary | null;
  /** Received on the invoice so far, VAT included. */
  paidCents: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type InterventionCommand =
  | { type: 'Request'; data: Extract<InterventionEvent, { type: 'InterventionRequested' }>['data'] }
  | { type: 'AddNote'; note: string }
  | { type: 'MarkLost'; reason: string }
  | { type: 'Reopen' }
  | DevisCommand
  | AppointmentCommand
  | VisitCommand
  | ReportCommand
  | BillingCommand;

const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
export const interventionNotFound = () =>
  new DomainError('not_found', 'INTERVENTION_NOT_FOUND', 'Intervention introuvable.');

export function decide(command: InterventionCommand, state: InterventionState | null): InterventionEvent[] {
  if (command.type === 'Request') {
    if (state) throw new DomainError('conflict', 'INTERVENTION_EXISTS', 'Cette demande existe déjà.');
    return [{ type: 'InterventionRequested', data: command.data }];
  }
  if (!state) throw interventionNotFound();
  // « Perdu » takes only its reopening and notes (pipeline.ts). A visit command checks it itself,
  // after its replay and assignment checks: a resent offline action stays a harmless no-op.
  if (state.status === 'lost' && !takenWhileLost(command) && !isVisitCommand(command))
    throw interventionLost();
  if ((DEVIS_COMMAND_TYPES as readonly string[]).includes(command.type))
    return decideDevis(command as DevisCommand, state);
  if (isAppointmentCommand(command)) return decideAppointment(command, state);
  if (isVisitCommand(command)) return decideVisit(command, state);
  if (isReportCommand(command)) return decideReport(command, state);
  if (isBillingCommand(command)) return decideBilling(command, state);
  switch (command.type) {
    case 'AddNote': {
      const note = command.note.trim();
      if (!note) throw invalid('NOTE_EMPTY', 'Écrivez la note avant de l’enregistrer.');
      if (note.length > NOTE_MAX)
        throw invalid('NOTE_TOO_LONG', `La note ne doit pas dépasser ${NOTE_MAX} caractères.`);
      return [{ type: 'InterventionNoteAdded', data: { note } }];
    }
    case 'MarkLost': {
      const reason = command.reason.trim();
      if (!reason) throw invalid('LOST_REASON_REQUIRED', 'Indiquez pourquoi l’intervention est perdue.');
      if (reason.length > LOST_REASON_MAX)
        throw invalid('LOST_REASON_TOO_LONG', `Le motif ne doit pas dépasser ${LOST_REASON_MAX} caractères.`);
      if (state.status === 'lost')
        throw invalid('ALREADY_LOST', 'Cette intervention est déjà classée « Perdu ».');
      if (state.status === 'done' || state.status === 'invoiced')
        throw invalid('LOST_AFTER_DONE', 'Une intervention réalisée ne peut pas être classée « Perdu ».');
      return [{ type: 'InterventionLost', data: { reason } }];
    }
    case 'Reopen':
      if (state.status !== 'lost')
        throw invalid('NOT_LOST', 'Seule une intervention perdue peut être rouverte.');
      return [{ type: 'InterventionReopened', data: {} }];
    default:
      throw new Error(`Unknown intervention command ${command.type}`);
  }
}

export interface EvolvingMeta {
  streamId: string;
  version: number;
  at: string;
}

export function evolve(
  state: InterventionState | null,
  event: InterventionEvent,
  meta: EvolvingMeta,
): InterventionState {
  if (event.type === 'InterventionRequested') {
    const d = event.data;
    return {
      id: meta.streamId,
      number: d.number,
      status: 'requested',
      statusBeforeLost: null,
      source: d.source,
      customerId: d.customerId,
      siteId: d.siteId,
      serviceContractId: d.serviceContractId,
      service: d.service,
      siteType: d.siteType,
      urgency: d.urgency,
      preferredSlots: d.preferredSlots,
      photos: d.photos,
      callbackConsent: d.callbackConsent,
      contactRequestId: d.contactRequestId,
      requester: d.requester,
      lostReason: null,
      noteCount: 0,
      devis: null,
      contract: null,
      appointments: [],
      statusBeforeScheduled: null,
      visits: [],
      rodenticideEpisodes: [],
      clientEventIds: [],
      reports: [],
      invoice: null,
      paidCents: 0,
      version: meta.version,
      createdAt: meta.at,
      updatedAt: meta.at,
    };
  }
  if (!state) throw new Error(`${event.type} before InterventionRequested`);
  const next = { ...state, version: meta.version, updatedAt: meta.at };
  if (isDevisEvent(event)) return evolveDevis(next, event, meta.at);
  if (isAppointmentEvent(event)) return evolveAppointment(next, event, meta.at);
  if (isVisitEvent(event)) return evolveVisit(next, event);
  if (isReportEvent(event)) {
    const reported = evolveReport(next, event);
    // The sealed report is the realised fact (ADR 038): « Réalisé » (under « Perdu » when lost).
    return event.type === 'ReportSealed' ? { ...reported, ...stageAfter(state, 'report_sealed') } : reported;
  }
  if (isBillingEvent(event)) return evolveBilling(next, event);
  switch (event.type) {
    case 'InterventionNoteAdded':
      return { ...next, noteCount: state.noteCount + 1 };
    case 'InterventionLost':
      return { ...next, ...stageAfter(state, 'lost'), lostReason: event.data.reason };
    case 'InterventionReopened':
      return { ...next, ...stageAfter(state, 'reopened'), lostReason: null };
  }
}

export function fold(events: readonly (InterventionEvent & EvolvingMeta)[]): InterventionState | null {
  let state: InterventionState | null = null;
  for (const e of events) state = evolve(state, e, e);
  return state;
}
