import { describe, expect, it } from 'vitest';
import {
  givenIntervention,
  interventionRequested,
  TEST_INTERVENTION_ID,
} from '../../../tests/support/decider.js';
import {
  REPORT_APPOINTMENT,
  reportAddendumCommand,
  reportSnapshot,
  sealReportCommand,
} from '../../../tests/support/report-snapshot.js';
import type { InterventionCommand } from './decider.js';
import type { InterventionEvent } from './events.js';
import { LOST_MESSAGE } from './pipeline.js';

/**
 * « Perdu » closes the intervention (docs/decisions/049-lost-interventions.md): it takes its
 * reopening and the owner's notes, and refuses every other command with one typed error. Each
 * refused command is first shown accepted on the same intervention before « Perdu », so each test
 * fails without the rule.
 */

const booked: InterventionEvent = {
  type: 'AppointmentBooked',
  data: {
    appointmentId: REPORT_APPOINTMENT,
    technicianId: 'tech-1',
    startsAt: '2026-12-01T08:00:00.000Z',
    endsAt: '2026-12-01T10:00:00.000Z',
    sequence: 0,
  },
};
const lost: InterventionEvent = { type: 'InterventionLost', data: { reason: 'Client injoignable' } };
const sealed = sealReportCommand(reportSnapshot());
// A report sealed while lost: the decider took it before this rule, so old streams hold one.
const sealedWhileLost: InterventionEvent = { type: 'ReportSealed', data: sealed.data };

const visit = {
  clientEventId: 'phone-1',
  appointmentId: REPORT_APPOINTMENT,
  by: { role: 'admin' as const, userId: 'owner' },
};
const reopened: InterventionEvent = { type: 'InterventionReopened', data: {} };

/** Each command, the events before « Perdu » and those appended while lost (by older code). */
const commands: [
  name: string,
  command: InterventionCommand,
  before: InterventionEvent[],
  whileLost: InterventionEvent[],
][] = [
  [
    'MoveAppointment',
    {
      type: 'MoveAppointment',
      appointmentId: REPORT_APPOINTMENT,
      technicianId: 'tech-1',
      slot: { startsAt: '2026-12-02T08:00:00.000Z', endsAt: '2026-12-02T10:00:00.000Z' },
      busy: [],
      bufferMinutes: 30,
    },
    [booked],
    [],
  ],
  [
    'CancelAppointment',
    { type: 'CancelAppointment', appointmentId: REPORT_APPOINTMENT, reason: 'Client absent' },
    [booked],
    [],
  ],
  [
    'ConfirmAppointment',
    { type: 'ConfirmAppointment', appointmentId: REPORT_APPOINTMENT, sequence: 0 },
    [booked],
    [],
  ],
  [
    'AskOtherSlot',
    { type: 'AskOtherSlot', appointmentId: REPORT_APPOINTMENT, sequence: 0, message: 'Plutôt l’après-midi.' },
    [booked],
    [],
  ],
  [
    'BookAppointment',
    {
      type: 'BookAppointment',
      appointmentId: 'appt-2',
      technicianId: 'tech-1',
      slot: { startsAt: '2026-12-03T08:00:00.000Z', endsAt: '2026-12-03T10:00:00.000Z' },
      busy: [],
      bufferMinutes: 30,
    },
    [],
    [],
  ],
  [
    'ArriveVisit',
    { type: 'ArriveVisit', ...visit, at: '2026-12-01T08:05:00.000Z', now: '2026-12-01T08:05:00.000Z' },
    [booked],
    [],
  ],
  ['SealReport', sealed, [booked], []],
  ['SealReportAddendum', reportAddendumCommand(1), [booked], [sealedWhileLost]],
  [
    'IssueInvoice',
    {
      type: 'IssueInvoice',
      // Only what the billing decider reads of the document: it comes from this intervention.
      document: { intervention: { number: 'INT-2026-000001' }, orderId: TEST_INTERVENTION_ID } as never,
      pdfSha256: 'f'.repeat(64),
    },
    [booked],
    [sealedWhileLost],
  ],
];

describe('an intervention « Perdu »', () => {
  it.each(commands)('refuses %s until it is reopened', (_, command, before, whileLost) => {
    const open = givenIntervention(interventionRequested(), ...before, ...whileLost);
    expect(open.when(command).decide()).not.toHaveLength(0);
    givenIntervention(interventionRequested(), ...before, lost, ...whileLost)
      .when(command)
      .thenError('INTERVENTION_LOST', LOST_MESSAGE);
    const again = givenIntervention(interventionRequested(), ...before, lost, ...whileLost, reopened);
    expect(again.when(command).decide()).not.toHaveLength(0);
  });

  it('takes its reopening and the owner’s notes; « Perdu » again keeps its own message', () => {
    const history = givenIntervention(interventionRequested(), booked, lost);
    history
      .when({ type: 'AddNote', note: 'Rappeler en mars.' })
      .thenEvents([{ type: 'InterventionNoteAdded', data: { note: 'Rappeler en mars.' } }]);
    history.when({ type: 'Reopen' }).thenEvents([reopened]);
    history.when({ type: 'MarkLost', reason: 'Encore' }).thenError('ALREADY_LOST');
  });
});
