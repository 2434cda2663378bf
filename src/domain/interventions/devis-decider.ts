/**
 * The devis part of the intervention decider (docs/decisions/035-devis.md), pure: which devis
 * commands a state allows and how their events fold. decider.ts delegates to it.
 */
import { DomainError } from '../errors.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import type { InterventionState } from './decider.js';
import {
  ACKNOWLEDGEMENT_WORDING,
  type ConclusionMode,
  DEVIS_MESSAGES,
  type DevisSnapshot,
  devisIsValidOn,
  EXPRESS_REQUEST_WORDING,
  paymentBanUntil,
} from './devis.js';
import type { InterventionEvent } from './events.js';
import { type InterventionStatus, stageAfter } from './pipeline.js';

/** The current devis, as the state keeps it (the full snapshot is in its DevisSent event). */
export interface DevisSummary {
  number: string;
  version: number;
  hash: string;
  validUntil: string;
  totalInclCents: number;
  sentAt: string;
  email: string;
  customerName: string;
}

/** The contract once a devis is signed: how it was concluded is recorded, never guessed. */
export interface ContractSummary {
  number: string;
  mode: ConclusionMode;
  signerName: string;
  at: string;
  /** Off premises: no payment before the end of this day (L221-10), unless `urgentException`. */
  paymentBanUntil: string | null;
  urgentException: string | null;
  expressRequest: boolean;
  acknowledgement: boolean;
}

export const SIGNER_NAME_MAX = 120;
export const URGENT_WORDS_MAX = 2000;

export type DevisCommand =
  | { type: 'SendDevis'; devis: DevisSnapshot; hash: string; pdfSha256: string }
  | {
      type: 'AcceptDevis';
      number: string;
      hash: string;
      signerName: string;
      code: { sentTo: string; sentAt: string; checkedAt: string };
      ip: string;
      userAgent: string;
      expressRequest: boolean;
      acknowledgement: boolean;
      at: string;
    }
  | {
      type: 'RecordOffPremisesSignature';
      number: string;
      signerName: string;
      signedOn: string;
      urgentWords: string | null;
      expressRequest: boolean;
      acknowledgement: boolean;
      at: string;
    }
  | { type: 'RefuseDevis'; number: string; reason: string }
  | { type: 'ExpireDevis'; at: string };

export const DEVIS_COMMAND_TYPES = [
  'SendDevis',
  'AcceptDevis',
  'RecordOffPremisesSignature',
  'RefuseDevis',
  'ExpireDevis',
] as const;

const invalid = (code: string, message: string) => new DomainError('invalid', code, message);

/**
 * The devis's own stage. An appointment booked before the devis is signed puts the pipeline at
 * « Planifié » and keeps the stage it left in `statusBeforeScheduled`: that is where the devis is.
 */
export const devisStage = (
  s: Pick<InterventionState, 'status' | 'statusBeforeScheduled'>,
): InterventionStatus => (s.status === 'scheduled' ? (s.statusBeforeScheduled ?? 'requested') : s.status);

/** The current devis, open to a signature: sent, not replaced, not closed. */
function openDevis(state: InterventionState, number: string): DevisSummary {
  const d = state.devis;
  if (!d || devisStage(state) !== 'quote_sent') throw invalid('DEVIS_NOT_OPEN', DEVIS_MESSAGES.notOpen);
  if (d.number !== number) throw invalid('DEVIS_NOT_CURRENT', DEVIS_MESSAGES.notCurrent);
  return d;
}

function signer(name: string) {
  const n = name.trim().replace(/\s+/g, ' ');
  if (n.length < 2 || n.length > SIGNER_NAME_MAX) throw invalid('SIGNER_NAME', DEVIS_MESSAGES.name);
  return n;
}

export function decideDevis(command: DevisCommand, state: InterventionState): InterventionEvent[] {
  switch (command.type) {
    case 'SendDevis': {
      if (devisStage(state) !== 'requested' && devisStage(state) !== 'quote_sent')
        throw invalid(
          'DEVIS_NOT_ALLOWED',
          'Un devis ne peut être envoyé qu’à une demande ou pour remplacer un devis envoyé.',
        );
      // Immutable once sent: a change is a new version, numbered, that names the one it replaces.
      const expected = (state.devis?.version ?? 0) + 1;
      if (command.devis.version !== expected || command.devis.replaces !== (state.devis?.number ?? null))
        throw invalid('DEVIS_VERSION', 'Ce devis ne suit pas la dernière version envoyée.');
      if (command.devis.lines.length === 0)
        throw invalid('DEVIS_EMPTY', 'Ajoutez au moins une ligne au devis.');
      return [
        {
          type: 'DevisSent',
          data: { devis: command.devis, hash: command.hash, pdfSha256: command.pdfSha256 },
        },
      ];
    }
    case 'AcceptDevis': {
      const d = openDevis(state, command.number);
      if (command.hash !== d.hash) throw invalid('DEVIS_HASH', DEVIS_MESSAGES.hashChanged);
      if (!devisIsValidOn(d.validUntil, command.at))
        throw invalid('DEVIS_EXPIRED', DEVIS_MESSAGES.expired(d.validUntil));
      return [
        {
          type: 'DevisAccepted',
          data: {
            number: d.number,
            hash: d.hash,
            mode: 'a_distance',
            signerName: signer(command.signerName),
            code: { ...command.code, result: 'ok' },
            ip: command.ip,
            userAgent: command.userAgent.slice(0, 500),
            expressRequest: command.expressRequest ? EXPRESS_REQUEST_WORDING : null,
            acknowledgement: command.acknowledgement ? ACKNOWLEDGEMENT_WORDING : null,
          },
        },
      ];
    }
    case 'RecordOffPremisesSignature': {
      const d = openDevis(state, command.number);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(command.signedOn) || command.signedOn < parisDay(new Date(d.sentAt)))
        throw invalid(
          'SIGNED_ON',
          'Indiquez la date de signature (au plus tôt le jour de l’envoi du devis).',
        );
      if (command.signedOn > parisDay(new Date(command.at)))
        throw invalid('SIGNED_ON_FUTURE', 'La date de signature ne peut pas être dans le futur.');
      const words = command.urgentWords?.trim() ?? '';
      if (command.urgentWords !== null && !words)
        throw invalid('URGENT_WORDS', 'Recopiez la demande écrite du client pour l’intervention urgente.');
      if (words.length > URGENT_WORDS_MAX)
        throw invalid(
          'URGENT_WORDS_TOO_LONG',
          `La demande ne doit pas dépasser ${URGENT_WORDS_MAX} caractères.`,
        );
      return [
        {
          type: 'DevisSignedOffPremises',
          data: {
            number: d.number,
            hash: d.hash,
            mode: 'hors_etablissement',
            signerName: signer(command.signerName),
            signedOn: command.signedOn,
            paymentBanUntil: paymentBanUntil(command.signedOn),
            urgentException: words ? { customerWords: words } : null,
            expressRequest: command.expressRequest ? EXPRESS_REQUEST_WORDING : null,
            acknowledgement: command.acknowledgement ? ACKNOWLEDGEMENT_WORDING : null,
          },
        },
      ];
    }
    case 'RefuseDevis': {
      const d = openDevis(state, command.number);
      const reason = command.reason.trim().slice(0, 500);
      return [{ type: 'DevisRefused', data: { number: d.number, reason: reason || 'Sans motif indiqué.' } }];
    }
    case 'ExpireDevis': {
      const d = state.devis;
      if (!d || devisStage(state) !== 'quote_sent') throw invalid('DEVIS_NOT_OPEN', DEVIS_MESSAGES.notOpen);
      if (devisIsValidOn(d.validUntil, command.at))
        throw invalid('DEVIS_STILL_VALID', 'Ce devis est encore valable.');
      return [{ type: 'DevisExpired', data: { number: d.number, validUntil: d.validUntil } }];
    }
  }
}

type DevisEvent = Extract<
  InterventionEvent,
  { type: 'DevisSent' | 'DevisAccepted' | 'DevisSignedOffPremises' | 'DevisRefused' | 'DevisExpired' }
>;

export const isDevisEvent = (e: InterventionEvent): e is DevisEvent => e.type.startsWith('Devis');

/** Folds a devis event into the state (version and time already set by the caller). */
export function evolveDevis(state: InterventionState, event: DevisEvent, at: string): InterventionState {
  switch (event.type) {
    case 'DevisSent': {
      const d = event.data.devis;
      return {
        ...state,
        ...stageAfter(state, 'devis_sent'),
        devis: {
          number: d.number,
          version: d.version,
          hash: event.data.hash,
          validUntil: d.validUntil,
          totalInclCents: d.totalInclCents,
          sentAt: d.issuedAt,
          email: d.customer.email,
          customerName: d.customer.name,
        },
      };
    }
    case 'DevisAccepted':
    case 'DevisSignedOffPremises': {
      const e = event.data;
      return {
        ...state,
        ...stageAfter(state, 'devis_signed'),
        contract: {
          number: e.number,
          mode: e.mode,
          signerName: e.signerName,
          at: e.mode === 'hors_etablissement' ? e.signedOn : at,
          paymentBanUntil: e.mode === 'hors_etablissement' ? e.paymentBanUntil : null,
          urgentException:
            e.mode === 'hors_etablissement' ? (e.urgentException?.customerWords ?? null) : null,
          expressRequest: e.expressRequest !== null,
          acknowledgement: e.acknowledgement !== null,
        },
      };
    }
    case 'DevisRefused':
      return {
        ...state,
        // Reopened, the devis goes back to the request: a new version is needed.
        ...stageAfter(state, 'devis_closed'),
        lostReason: `Devis ${event.data.number} refusé : ${event.data.reason}`,
      };
    case 'DevisExpired':
      return {
        ...state,
        ...stageAfter(state, 'devis_closed'),
        lostReason: `Devis ${event.data.number} expiré (valable jusqu’au ${frenchDay(event.data.validUntil)}).`,
      };
  }
}
