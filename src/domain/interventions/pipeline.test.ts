import { describe, expect, it } from 'vitest';
import {
  INTERVENTION_STATUSES,
  type InterventionStatus,
  type Stage,
  type StageEvent,
  stageAfter,
} from './pipeline.js';

const at = (status: InterventionStatus, before: Partial<Stage> = {}): Stage => ({
  status,
  statusBeforeScheduled: null,
  statusBeforeLost: null,
  ...before,
});
const EVENTS: StageEvent[] = [
  'devis_sent',
  'devis_signed',
  'devis_closed',
  'booked',
  'last_cancelled',
  'report_sealed',
  'invoiced',
  'lost',
  'reopened',
];

describe('stageAfter (the pipeline stage after an event)', () => {
  it.each([
    // [before, event, after]
    [at('requested'), 'devis_sent', at('quote_sent')],
    [at('quote_sent'), 'devis_sent', at('quote_sent')],
    [at('quote_sent'), 'devis_signed', at('accepted')],
    [at('requested'), 'booked', at('scheduled', { statusBeforeScheduled: 'requested' })],
    [at('accepted'), 'booked', at('scheduled', { statusBeforeScheduled: 'accepted' })],
    [
      at('scheduled', { statusBeforeScheduled: 'quote_sent' }),
      'devis_signed',
      at('scheduled', { statusBeforeScheduled: 'accepted' }),
    ],
    [at('scheduled', { statusBeforeScheduled: 'accepted' }), 'last_cancelled', at('accepted')],
    [at('scheduled', { statusBeforeScheduled: 'quote_sent' }), 'report_sealed', at('done')],
    [at('done'), 'invoiced', at('invoiced')],
    [at('quote_sent'), 'devis_closed', at('lost', { statusBeforeLost: 'requested' })],
    [at('lost', { statusBeforeLost: 'requested' }), 'reopened', at('requested')],
  ] as const)('%j then %s gives %j', (before, event, after) => {
    expect(stageAfter(before, event)).toEqual(after);
  });

  it('never takes « Réalisé » or « Facturé » back, whatever the event (but « Facturer »)', () => {
    for (const status of ['done', 'invoiced'] as const)
      for (const event of EVENTS) {
        const after = stageAfter(at(status), event);
        expect([status, 'invoiced'], `${status} then ${event}`).toContain(after.status);
      }
    // A devis signed after the report does not make it « Accepté » again.
    expect(stageAfter(at('done'), 'devis_signed').status).toBe('done');
    expect(stageAfter(at('done'), 'devis_sent').status).toBe('done');
    expect(stageAfter(at('done'), 'devis_closed').status).toBe('done');
  });

  it('keeps « Planifié » over any devis event but the closing one; a devis never goes back under it', () => {
    const scheduled = at('scheduled', { statusBeforeScheduled: 'accepted' });
    expect(stageAfter(scheduled, 'devis_sent')).toEqual(scheduled);
    expect(stageAfter(scheduled, 'booked')).toEqual(scheduled);
    expect(stageAfter(at('accepted'), 'devis_sent').status).toBe('accepted');
  });

  it('refused while an appointment stands: reopened « Planifié », the devis back at « Demande »', () => {
    const lost = stageAfter(at('scheduled', { statusBeforeScheduled: 'quote_sent' }), 'devis_closed');
    expect(lost).toEqual(at('lost', { statusBeforeLost: 'scheduled', statusBeforeScheduled: 'requested' }));
    expect(stageAfter(lost, 'reopened')).toEqual(at('scheduled', { statusBeforeScheduled: 'requested' }));
    // Its last appointment cancelled while lost: reopened where the devis is.
    expect(stageAfter(stageAfter(lost, 'last_cancelled'), 'reopened')).toEqual(at('requested'));
  });

  it('a report sealed while « Perdu » stays « Perdu », and reopens « Réalisé »', () => {
    for (const kept of ['requested', 'scheduled'] as const) {
      const lost = at('lost', { statusBeforeLost: kept, statusBeforeScheduled: 'quote_sent' });
      const sealed = stageAfter(lost, 'report_sealed');
      expect(sealed.status).toBe('lost');
      expect(stageAfter(sealed, 'reopened').status).toBe('done');
    }
  });

  it('« Perdu » only from an open stage; a second one changes nothing; reopening only from « Perdu »', () => {
    for (const status of INTERVENTION_STATUSES) {
      const after = stageAfter(at(status), 'lost');
      if (status === 'done' || status === 'invoiced' || status === 'lost') expect(after).toEqual(at(status));
      else expect(stageAfter(after, 'reopened')).toEqual(at(status));
      if (status !== 'lost') expect(stageAfter(at(status), 'reopened')).toEqual(at(status));
    }
  });
});
