import { DomainError } from '../errors.js';

/** The back-office pipeline's columns (issue 36): one status per intervention, from its log. */
export const INTERVENTION_STATUSES = [
  'requested',
  'quote_sent',
  'accepted',
  'scheduled',
  'done',
  'invoiced',
  'lost',
] as const;
export type InterventionStatus = (typeof INTERVENTION_STATUSES)[number];

export const INTERVENTION_STATUS_LABELS: Record<InterventionStatus, string> = {
  requested: 'Demandes',
  quote_sent: 'Devis envoyés',
  accepted: 'Acceptés',
  scheduled: 'Planifiés',
  done: 'Réalisés',
  invoiced: 'Facturés',
  lost: 'Perdus',
};

/** One intervention's status, as a badge says it (singular). */
export const INTERVENTION_STATUS_BADGES: Record<InterventionStatus, string> = {
  requested: 'Demande',
  quote_sent: 'Devis envoyé',
  accepted: 'Accepté',
  scheduled: 'Planifié',
  done: 'Réalisé',
  invoiced: 'Facturé',
  lost: 'Perdu',
};

/**
 * Where an intervention is in its pipeline: its status, the stage « Planifié » covers (where the
 * devis is, ADR 036) and the stage « Perdu » covers (where a reopening goes back to).
 */
export interface Stage {
  status: InterventionStatus;
  statusBeforeScheduled: InterventionStatus | null;
  statusBeforeLost: InterventionStatus | null;
}

/** What an event does to the stage, whatever its details (the fold maps each event to one). */
export type StageEvent =
  | 'devis_sent'
  | 'devis_signed'
  /** Refused or expired (ADR 035): « Perdu », and the devis goes back to « Demande ». */
  | 'devis_closed'
  | 'booked'
  /** The last active appointment cancelled (ADR 036): back to where the devis is. */
  | 'last_cancelled'
  | 'report_sealed'
  | 'invoiced'
  | 'lost'
  | 'reopened';

/** The forward order of the open stages; « Perdu » is beside it, over the stage it keeps. */
const ORDER: readonly InterventionStatus[] = [
  'requested',
  'quote_sent',
  'accepted',
  'scheduled',
  'done',
  'invoiced',
];
const later = (a: InterventionStatus, b: InterventionStatus) =>
  ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
const realised = (s: InterventionStatus) => s === 'done' || s === 'invoiced';

/**
 * The one rule of the pipeline (issue 37): the stage after an event, given the stage before. The
 * stage never goes back, except where the model says: cancelling the last appointment (back to
 * the devis's stage, ADR 036), a refused or expired devis (« Perdu », reopened at « Demande » or
 * under « Planifié » while an appointment stands, ADR 035) and a reopening (to the kept stage).
 * Under « Perdu » an event moves the kept stage: a report sealed while lost reopens « Réalisé ».
 * The decider no longer takes such events (`interventionLost`), but streams written before it
 * hold them, and their replay must fold them as they were appended.
 */
export function stageAfter(before: Stage, event: StageEvent): Stage {
  // Only the stage: callers spread the result over their whole state.
  const s: Stage = {
    status: before.status,
    statusBeforeScheduled: before.statusBeforeScheduled,
    statusBeforeLost: before.statusBeforeLost,
  };
  if (event === 'reopened')
    return s.status === 'lost'
      ? { ...s, status: s.statusBeforeLost ?? 'requested', statusBeforeLost: null }
      : s;
  if (event === 'lost')
    return s.status === 'lost' || realised(s.status)
      ? s
      : { ...s, status: 'lost', statusBeforeLost: s.status };
  if (event === 'invoiced')
    return { status: 'invoiced', statusBeforeScheduled: null, statusBeforeLost: null };
  if (s.status === 'lost') {
    if (event === 'devis_closed') return s;
    const kept = stageAfter(
      { ...s, status: s.statusBeforeLost ?? 'requested', statusBeforeLost: null },
      event,
    );
    return { ...kept, status: 'lost', statusBeforeLost: kept.status };
  }
  if (realised(s.status)) return s;
  switch (event) {
    case 'devis_sent':
    case 'devis_signed': {
      const to = event === 'devis_sent' ? 'quote_sent' : 'accepted';
      return s.status === 'scheduled'
        ? { ...s, statusBeforeScheduled: later(s.statusBeforeScheduled ?? 'requested', to) }
        : { ...s, status: later(s.status, to) };
    }
    case 'devis_closed':
      return s.status === 'scheduled'
        ? { status: 'lost', statusBeforeLost: 'scheduled', statusBeforeScheduled: 'requested' }
        : { ...s, status: 'lost', statusBeforeLost: 'requested' };
    case 'booked':
      return s.status === 'scheduled' ? s : { ...s, status: 'scheduled', statusBeforeScheduled: s.status };
    case 'last_cancelled':
      return s.status === 'scheduled'
        ? { ...s, status: s.statusBeforeScheduled ?? 'requested', statusBeforeScheduled: null }
        : s;
    case 'report_sealed':
      return { ...s, status: 'done', statusBeforeScheduled: null };
  }
}

/**
 * What « Perdu » allows (docs/decisions/049-lost-interventions.md): the intervention is closed
 * until the owner reopens it. It takes its reopening and the owner's notes, and nothing that acts
 * on the customer, the technician's day or the money: no devis, appointment (booked, moved,
 * confirmed, cancelled), visit, report, addendum, invoice or payment. Marking it lost again keeps
 * its own message.
 */
export const COMMANDS_WHILE_LOST = ['Reopen', 'AddNote', 'MarkLost'] as const;
export const LOST_MESSAGE = 'Cette intervention est perdue : rouvrez-la d’abord.';
export const interventionLost = () => new DomainError('invalid', 'INTERVENTION_LOST', LOST_MESSAGE);
export const takenWhileLost = (command: { type: string }) =>
  (COMMANDS_WHILE_LOST as readonly string[]).includes(command.type);
