import { describe, expect, it } from 'vitest';
import { interventionRequested } from '../../../tests/support/decider.js';
import { DomainError } from '../errors.js';
import { decide, evolve, type InterventionState } from './decider.js';
import type { InterventionEvent } from './events.js';
import {
  certificateProblem,
  inspectionOverdue,
  nextInspection,
  openEpisode,
  proposedInspectionDays,
  RECOMMENDATION_LIBRARY,
  type TreatmentApplicator,
  type TreatmentProduct,
  type VisitCommand,
} from './visit-decider.js';

const TECH = 'tech-1';
const OTHER = 'tech-2';
const A1 = 'a1a1a1a1-0000-4000-8000-000000000001';
const A2 = 'a1a1a1a1-0000-4000-8000-000000000002';

let state: InterventionState;
let version = 0;
const apply = (s: InterventionState | null, e: InterventionEvent, at: string) =>
  evolve(s, e, { streamId: 'i1', version: ++version, at });

function fresh(): InterventionState {
  version = 0;
  let s = apply(
    null,
    interventionRequested({ service: 'deratisation', urgency: 'semaine' }),
    '2026-10-30T09:00:00.000Z',
  );
  for (const [id, tech, start] of [
    [A1, TECH, '2026-11-02T08:00:00.000Z'],
    [A2, OTHER, '2026-11-03T08:00:00.000Z'],
  ] as const)
    s = apply(
      s,
      {
        type: 'AppointmentBooked',
        data: {
          appointmentId: id,
          technicianId: tech,
          startsAt: start,
          endsAt: start.replace('T08', 'T09'),
          sequence: 0,
        },
      },
      '2026-10-30T10:00:00.000Z',
    );
  return s;
}

let counter = 0;
type Rest<T> = T extends unknown ? Omit<T, 'clientEventId' | 'appointmentId' | 'at' | 'now' | 'by'> : never;
const cmd = (
  c: Rest<VisitCommand>,
  at: string,
  over: Partial<Pick<VisitCommand, 'clientEventId' | 'appointmentId' | 'by' | 'now'>> = {},
) =>
  ({
    clientEventId: `ce-${++counter}`,
    appointmentId: A1,
    at,
    now: at,
    by: { userId: TECH, role: 'technician' },
    ...c,
    ...over,
  }) as VisitCommand;

/** Decides and folds; returns the new events. */
function run(command: VisitCommand) {
  const events = decide(command, state);
  for (const e of events) state = apply(state, e, command.now);
  return events;
}
const errorOf = (f: () => unknown): DomainError => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
};

const certificate = { number: 'CB-2023-001', category: 'nuisibles' as const, expiresOn: '2028-06-30' };
const applicator = (over: Partial<TreatmentApplicator> = {}): TreatmentApplicator => ({
  technicianId: TECH,
  name: 'Julien Martin',
  certificate,
  ...over,
});
const RAT_BAIT: TreatmentProduct = {
  id: 'p-rat',
  title: 'Raticide pâte brodifacoum',
  ammNumber: 'FR-2019-0042',
  biocideType: 'TP14',
  professionalOnly: true,
  certibiocideCategory: 'nuisibles',
  antidote: 'Vitamine K1',
  reentryDelayHours: null,
  anticoagulantRodenticide: true,
};
const GEL: TreatmentProduct = {
  ...RAT_BAIT,
  id: 'p-gel',
  title: 'Gel cafards',
  ammNumber: '',
  professionalOnly: false,
  certibiocideCategory: null,
  anticoagulantRodenticide: false,
};
const treat = (at: string, over: Partial<Extract<VisitCommand, { type: 'RecordTreatment' }>> = {}) =>
  cmd(
    {
      type: 'RecordTreatment',
      product: RAT_BAIT,
      applicator: applicator(),
      quantity: 150,
      unit: 'g',
      method: 'Postes d’appâtage sécurisés',
      zone: 'Réserve',
      target: 'Rats bruns',
      species: 'rats',
      ...over,
    } as Rest<VisitCommand>,
    at,
  );
const arrive = (at: string, appointmentId = A1) => cmd({ type: 'ArriveVisit' }, at, { appointmentId });

describe('the visit: order and who records', () => {
  it('records « Je pars », « Sur place », « Terminé » in order', () => {
    state = fresh();
    expect(run(cmd({ type: 'DepartVisit' }, '2026-11-02T07:40:00.000Z'))[0]?.type).toBe('VisitDeparted');
    expect(run(arrive('2026-11-02T08:05:00.000Z'))[0]).toMatchObject({
      type: 'VisitArrived',
      data: { technicianId: TECH, appointmentId: A1 },
    });
    expect(run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'))[0]?.type).toBe('VisitFinished');
    expect(state.visits[0]).toMatchObject({
      departedAt: '2026-11-02T07:40:00.000Z',
      arrivedAt: '2026-11-02T08:05:00.000Z',
      finishedAt: '2026-11-02T09:00:00.000Z',
    });
  });

  it('refuses a departure after the arrival, a second arrival, an end before the arrival', () => {
    state = fresh();
    expect(errorOf(() => run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'))).code).toBe(
      'VISIT_NOT_STARTED',
    );
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(errorOf(() => run(cmd({ type: 'DepartVisit' }, '2026-11-02T08:10:00.000Z'))).code).toBe(
      'VISIT_ALREADY_ARRIVED',
    );
    expect(errorOf(() => run(arrive('2026-11-02T08:10:00.000Z'))).code).toBe('VISIT_ALREADY_ARRIVED');
    expect(errorOf(() => run(cmd({ type: 'FinishVisit' }, '2026-11-02T08:00:00.000Z'))).code).toBe(
      'VISIT_ORDER',
    );
  });

  it('refuses an arrival stamped before the departure', () => {
    state = fresh();
    run(cmd({ type: 'DepartVisit' }, '2026-11-02T07:40:00.000Z'));
    expect(errorOf(() => run(arrive('2026-11-02T07:30:00.000Z'))).code).toBe('VISIT_ORDER');
  });

  it('refuses anything recorded before « Sur place » or after « Terminé »', () => {
    state = fresh();
    const remark = (at: string) => cmd({ type: 'AddCustomerRemark', text: 'Bruits la nuit' }, at);
    expect(errorOf(() => run(remark('2026-11-02T08:00:00.000Z'))).code).toBe('VISIT_NOT_STARTED');
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(run(remark('2026-11-02T08:06:00.000Z'))).toHaveLength(1);
    run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'));
    expect(errorOf(() => run(remark('2026-11-02T09:01:00.000Z'))).code).toBe('VISIT_FINISHED');
  });

  it('lets only the appointment’s technician (or an admin) record', () => {
    state = fresh();
    const e = errorOf(() =>
      run(
        cmd({ type: 'ArriveVisit' }, '2026-11-02T08:05:00.000Z', {
          by: { userId: OTHER, role: 'technician' },
        }),
      ),
    );
    expect(e.code).toBe('VISIT_NOT_ASSIGNED');
    expect(e.kind).toBe('forbidden');
    // The other technician's own appointment is theirs.
    const own = cmd({ type: 'ArriveVisit' }, '2026-11-03T08:05:00.000Z', {
      appointmentId: A2,
      by: { userId: OTHER, role: 'technician' },
    });
    expect(run(own)).toHaveLength(1);
  });

  it('lets an admin record for the technician, in the technician’s name', () => {
    state = fresh();
    const [e] = run(
      cmd({ type: 'ArriveVisit' }, '2026-11-02T08:05:00.000Z', { by: { userId: 'owner', role: 'admin' } }),
    );
    expect(e).toMatchObject({ data: { technicianId: TECH } });
  });

  it('refuses an appointment of another intervention, and a cancelled one', () => {
    state = fresh();
    expect(
      errorOf(() => run(cmd({ type: 'ArriveVisit' }, '2026-11-02T08:05:00.000Z', { appointmentId: 'nope' })))
        .code,
    ).toBe('APPOINTMENT_NOT_FOUND');
    state = apply(
      state,
      { type: 'AppointmentCancelled', data: { appointmentId: A1, reason: 'x', sequence: 1 } },
      '2026-11-01T10:00:00.000Z',
    );
    expect(errorOf(() => run(arrive('2026-11-02T08:05:00.000Z'))).code).toBe('APPOINTMENT_CANCELLED');
  });

  it('bounds the phone’s clock: not ahead of the server, not older than 72 hours', () => {
    state = fresh();
    const now = '2026-11-02T08:00:00.000Z';
    expect(errorOf(() => run(cmd({ type: 'ArriveVisit' }, '2026-11-02T08:11:00.000Z', { now }))).code).toBe(
      'VISIT_TIME_IN_FUTURE',
    );
    expect(errorOf(() => run(cmd({ type: 'ArriveVisit' }, '2026-10-30T07:59:00.000Z', { now }))).code).toBe(
      'VISIT_TIME_TOO_OLD',
    );
    expect(run(cmd({ type: 'ArriveVisit' }, '2026-11-02T08:09:00.000Z', { now }))).toHaveLength(1);
  });
});

describe('idempotency by clientEventId', () => {
  it('decides no event for an id already in the stream, even after the visit moved on', () => {
    state = fresh();
    const arrival = arrive('2026-11-02T08:05:00.000Z');
    expect(run(arrival)).toHaveLength(1);
    expect(run(arrival)).toEqual([]);
    run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'));
    expect(run(arrival)).toEqual([]);
    expect(state.clientEventIds).toContain(arrival.clientEventId);
    expect(state.visits).toHaveLength(1);
  });
});

describe('Certibiocide of the applicator', () => {
  it('records a professional product with its AMM, type and the certificate as it was', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    const [e] = run(treat('2026-11-02T08:30:00.000Z'));
    expect(e).toMatchObject({
      type: 'TreatmentRecorded',
      data: {
        productTitle: 'Raticide pâte brodifacoum',
        ammNumber: 'FR-2019-0042',
        biocideType: 'TP14',
        professionalOnly: true,
        applicator: { technicianId: TECH, certificate },
        rodenticide: { species: 'rats' },
      },
    });
  });

  it('refuses an expired certificate, naming its date; valid on its last day (Paris)', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    const lastDay = applicator({ certificate: { ...certificate, expiresOn: '2026-11-02' } });
    // 23:59 in Paris on 2 November (22:59 UTC): still its last day.
    expect(run(treat('2026-11-02T22:59:00.000Z', { applicator: lastDay }))).toHaveLength(1);
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    // 00:00 in Paris on 3 November (23:00 UTC on the 2nd): expired.
    const e = errorOf(() => run(treat('2026-11-02T23:00:00.000Z', { applicator: lastDay })));
    expect(e.code).toBe('CERTIBIOCIDE_EXPIRED');
    expect(e.kind).toBe('forbidden');
    expect(e.message).toContain('a expiré le 02/11/2026');
  });

  it('judges the certificate on the day the treatment was done, not the day the phone sent it', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    const lastDay = applicator({ certificate: { ...certificate, expiresOn: '2026-11-02' } });
    // Done at 23:50 in Paris on its last day, sent offline the next morning: recorded.
    const sentLater = {
      ...treat('2026-11-02T22:50:00.000Z', { applicator: lastDay }),
      now: '2026-11-03T07:00:00.000Z',
    };
    expect(run(sentLater)).toHaveLength(1);
  });

  it('refuses no certificate and a certificate of another category; accepts a non-professional product without one', () => {
    expect(certificateProblem(null, 'nuisibles', '2026-11-02')).toBe('none');
    expect(certificateProblem({ ...certificate, category: 'desinfectants' }, 'nuisibles', '2026-11-02')).toBe(
      'wrongCategory',
    );
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(
      errorOf(() => run(treat('2026-11-02T08:30:00.000Z', { applicator: applicator({ certificate: null }) })))
        .code,
    ).toBe('CERTIBIOCIDE_NONE');
    expect(
      errorOf(() =>
        run(
          treat('2026-11-02T08:30:00.000Z', {
            applicator: applicator({ certificate: { ...certificate, category: 'autres' } }),
          }),
        ),
      ).code,
    ).toBe('CERTIBIOCIDE_WRONGCATEGORY');
    expect(
      run(
        treat('2026-11-02T08:31:00.000Z', {
          product: GEL,
          species: null,
          applicator: applicator({ certificate: null }),
        }),
      ),
    ).toHaveLength(1);
  });

  it('refuses a professional product without an AMM number', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(
      errorOf(() => run(treat('2026-11-02T08:30:00.000Z', { product: { ...RAT_BAIT, ammNumber: ' ' } })))
        .code,
    ).toBe('TREATMENT_AMM_MISSING');
  });

  it('refuses an applicator other than the appointment’s technician', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(
      errorOf(() =>
        run(treat('2026-11-02T08:30:00.000Z', { applicator: applicator({ technicianId: OTHER }) })),
      ).code,
    ).toBe('TREATMENT_APPLICATOR');
  });
});

describe('anticoagulant rodenticide episode', () => {
  /** Opens an episode on 2 November 2026 (Paris) and returns to the next visits on A1. */
  function opened(species: 'rats' | 'souris' = 'rats') {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    run(treat('2026-11-02T08:30:00.000Z', { species }));
    run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'));
  }
  /** A later visit on the same appointment's technician: a new appointment. */
  function visitOn(day: string, time = '09:00:00.000Z') {
    const id = `a1a1a1a1-0000-4000-8000-${day.replaceAll('-', '').padStart(12, '0')}`;
    state = apply(
      state,
      {
        type: 'AppointmentBooked',
        data: {
          appointmentId: id,
          technicianId: TECH,
          startsAt: `${day}T08:00:00.000Z`,
          endsAt: `${day}T09:00:00.000Z`,
          sequence: 0,
        },
      },
      '2026-11-02T10:00:00.000Z',
    );
    const at = `${day}T${time}`;
    run(cmd({ type: 'ArriveVisit' }, at, { appointmentId: id }));
    return (c: VisitCommand) => ({ ...c, appointmentId: id });
  }

  it('opens with the first baiting and proposes 5-7 days for rats, then weekly', () => {
    opened('rats');
    const episode = openEpisode(state);
    expect(episode).toMatchObject({ openedOn: '2026-11-02', species: 'rats', closedOn: null });
    expect(episode && nextInspection(episode)).toEqual({ from: '2026-11-07', to: '2026-11-09' });
    expect(episode && proposedInspectionDays(episode)).toEqual(['2026-11-07', '2026-11-08', '2026-11-09']);
    expect(episode && inspectionOverdue(episode, '2026-11-09')).toBe(false);
    expect(episode && inspectionOverdue(episode, '2026-11-10')).toBe(true);
    visitOn('2026-11-08');
    const after = openEpisode(state);
    expect(after?.inspections).toEqual(['2026-11-08']);
    expect(after && nextInspection(after)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(after && inspectionOverdue(after, '2026-11-15')).toBe(false);
    expect(after && inspectionOverdue(after, '2026-11-16')).toBe(true);
  });

  it('proposes 2-3 days for mice', () => {
    opened('souris');
    const episode = openEpisode(state);
    expect(episode && proposedInspectionDays(episode)).toEqual(['2026-11-04', '2026-11-05']);
  });

  it('accepts a baiting on day 35 and refuses day 36 without a written analysis (Paris midnight)', () => {
    opened();
    // Day 35 is 7 December; 23:59 Paris (22:59 UTC) is still that day.
    const on35 = visitOn('2026-12-07', '22:50:00.000Z');
    expect(run(on35(treat('2026-12-07T22:59:00.000Z')))).toHaveLength(1);
    // 00:00 Paris on 8 December (23:00 UTC on the 7th): day 36.
    const e = errorOf(() => run(on35(treat('2026-12-07T23:00:00.000Z'))));
    expect(e.code).toBe('RODENTICIDE_ANALYSIS_REQUIRED');
    expect(e.message).toContain('02/11/2026');
    expect(e.message).toContain('07/12/2026');
  });

  it('continues past day 35 once the analysis is written', () => {
    opened();
    const on36 = visitOn('2026-12-08');
    expect(errorOf(() => run(on36(treat('2026-12-08T09:10:00.000Z')))).code).toBe(
      'RODENTICIDE_ANALYSIS_REQUIRED',
    );
    run(
      on36(
        cmd(
          { type: 'WriteRodenticideAnalysis', text: 'Consommation persistante : reprise justifiée.' },
          '2026-12-08T09:15:00.000Z',
        ),
      ),
    );
    expect(run(on36(treat('2026-12-08T09:20:00.000Z')))).toHaveLength(1);
  });

  it('closes with the baits removed; the next baiting opens a new episode', () => {
    opened();
    const later = visitOn('2026-11-08');
    run(
      later(
        cmd(
          { type: 'RemoveRodenticideBaits', note: 'Appâts et cadavres retirés' },
          '2026-11-08T09:30:00.000Z',
        ),
      ),
    );
    expect(openEpisode(state)).toBeNull();
    expect(state.rodenticideEpisodes[0]?.closedOn).toBe('2026-11-08');
    expect(
      errorOf(() => run(later(cmd({ type: 'RemoveRodenticideBaits', note: '' }, '2026-11-08T09:31:00.000Z'))))
        .code,
    ).toBe('RODENTICIDE_NO_EPISODE');
    run(later(treat('2026-11-08T09:40:00.000Z')));
    expect(state.rodenticideEpisodes).toHaveLength(2);
    expect(openEpisode(state)?.openedOn).toBe('2026-11-08');
  });

  it('requires the species for an anticoagulant, not for another product', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(errorOf(() => run(treat('2026-11-02T08:30:00.000Z', { species: null }))).code).toBe(
      'RODENTICIDE_SPECIES_REQUIRED',
    );
    run(treat('2026-11-02T08:31:00.000Z', { product: GEL, species: 'rats' }));
    expect(state.rodenticideEpisodes).toHaveLength(0);
  });
});

describe('advice, recommendations, remarks, observations', () => {
  it('records each and refuses empty ones in French', () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
    const at = '2026-11-02T08:40:00.000Z';
    expect(
      run(
        cmd(
          {
            type: 'GiveSafetyAdvice',
            reentryDelayHours: 12,
            ventilation: 'Aérer 30 min',
            antidote: 'Vitamine K1',
            productId: 'p-rat',
          },
          at,
        ),
      ),
    ).toHaveLength(1);
    expect(
      errorOf(() =>
        run(
          cmd(
            {
              type: 'GiveSafetyAdvice',
              reentryDelayHours: null,
              ventilation: ' ',
              antidote: '',
              productId: null,
            },
            at,
          ),
        ),
      ).code,
    ).toBe('ADVICE_EMPTY');
    const lib = RECOMMENDATION_LIBRARY[0];
    expect(run(cmd({ type: 'AddRecommendation', libraryId: lib.id, text: 'ignored' }, at))[0]).toMatchObject({
      data: { libraryId: lib.id, text: lib.text },
    });
    expect(
      errorOf(() => run(cmd({ type: 'AddRecommendation', libraryId: null, text: '  ' }, at))).message,
    ).toBe('Indiquez la recommandation.');
    expect(
      errorOf(() =>
        run(
          cmd(
            {
              type: 'RecordObservation',
              pest: 'Rats',
              zone: 'Cave',
              level: 'énorme',
              evidence: '',
              photos: [],
            },
            at,
          ),
        ),
      ).code,
    ).toBe('OBSERVATION_LEVEL_INVALID');
    run(
      cmd(
        {
          type: 'RecordObservation',
          pest: 'Rats',
          zone: 'Cave',
          level: 'forte',
          evidence: 'Crottes fraîches',
          photos: [],
        },
        at,
      ),
    );
    expect(state.visits[0]).toMatchObject({
      observations: [{ pest: 'Rats', level: 'forte' }],
      advice: [{ reentryDelayHours: 12 }],
    });
  });
});

describe('the pipeline stage of a visit', () => {
  const sealedEvent = (appointmentId: string) =>
    ({
      type: 'ReportSealed',
      data: { number: `RI-2026-${appointmentId.slice(-6)}`, appointmentId, customer: null },
    }) as unknown as InterventionEvent;
  it('« Terminé » leaves it « Planifié »; the sealed report makes it « Réalisé »; an invoice stays « Facturé »', () => {
    state = fresh();
    const at = '2026-11-02T08:05:00.000Z';
    run(cmd({ type: 'ArriveVisit' } as Rest<VisitCommand>, at));
    run(cmd({ type: 'FinishVisit' } as Rest<VisitCommand>, '2026-11-02T09:00:00.000Z'));
    expect(state.status).toBe('scheduled');
    state = apply(state, sealedEvent(A1), '2026-11-02T09:10:00.000Z');
    expect(state.status).toBe('done');
    expect(state.statusBeforeScheduled).toBeNull();
    // A follow-up visit's report after the invoice does not take the stage back.
    state = apply({ ...state, status: 'invoiced' }, sealedEvent(A2), '2026-11-03T09:10:00.000Z');
    expect(state.status).toBe('invoiced');
  });
});

describe('device checks (bait stations, glue boards, insect killers, pheromone traps)', () => {
  const AT = '2026-11-02T08:20:00.000Z';
  const check = (over: Record<string, unknown> = {}, extra: Parameters<typeof cmd>[2] = {}) =>
    cmd(
      {
        type: 'RecordDeviceCheck',
        label: ' P12 ',
        kind: 'poste_appatage',
        state: 'intact',
        consumptionPercent: null,
        reason: '',
        captures: null,
        note: '',
        ...over,
      } as Rest<VisitCommand>,
      AT,
      extra,
    );
  const onSite = () => {
    state = fresh();
    run(arrive('2026-11-02T08:05:00.000Z'));
  };

  it('records a check by the device’s label, folded into the visit', () => {
    onSite();
    const [e] = run(
      check({ state: 'consomme', consumptionPercent: 40, captures: 2, note: 'Appât grignoté' }),
    );
    expect(e).toMatchObject({
      type: 'DeviceChecked',
      data: { label: 'P12', kind: 'poste_appatage', state: 'consomme', consumptionPercent: 40, captures: 2 },
    });
    expect(state.visits[0]?.deviceChecks).toHaveLength(1);
  });

  it('takes a consumption % only with « consommé », an integer from 0 to 100', () => {
    onSite();
    expect(errorOf(() => run(check({ state: 'consomme' }))).code).toBe('DEVICE_CONSUMPTION_INVALID');
    expect(errorOf(() => run(check({ state: 'consomme', consumptionPercent: 101 }))).code).toBe(
      'DEVICE_CONSUMPTION_INVALID',
    );
    expect(errorOf(() => run(check({ state: 'consomme', consumptionPercent: -1 }))).code).toBe(
      'DEVICE_CONSUMPTION_INVALID',
    );
    expect(errorOf(() => run(check({ state: 'consomme', consumptionPercent: 12.5 }))).code).toBe(
      'DEVICE_CONSUMPTION_INVALID',
    );
    expect(errorOf(() => run(check({ state: 'intact', consumptionPercent: 10 }))).code).toBe(
      'DEVICE_CONSUMPTION_UNEXPECTED',
    );
    expect(run(check({ state: 'consomme', consumptionPercent: 100 }))).toHaveLength(1);
    expect(run(check({ state: 'consomme', consumptionPercent: 0 }))).toHaveLength(1);
    expect(state.visits[0]?.deviceChecks).toHaveLength(2);
  });

  it('requires a reason with « inaccessible », and only then', () => {
    onSite();
    expect(errorOf(() => run(check({ state: 'inaccessible', reason: '  ' }))).code).toBe(
      'DEVICE_REASON_REQUIRED',
    );
    expect(errorOf(() => run(check({ state: 'manquant', reason: 'Local fermé' }))).code).toBe(
      'DEVICE_REASON_UNEXPECTED',
    );
    expect(run(check({ state: 'inaccessible', reason: 'Local fermé à clé' }))[0]?.data).toMatchObject({
      reason: 'Local fermé à clé',
    });
  });

  it('requires a short label, a known kind and state, a whole count of captures', () => {
    onSite();
    expect(errorOf(() => run(check({ label: ' ' }))).code).toBe('DEVICE_LABEL_REQUIRED');
    expect(errorOf(() => run(check({ label: 'P'.repeat(21) }))).code).toBe('DEVICE_LABEL_TOO_LONG');
    expect(errorOf(() => run(check({ kind: 'nasse' }))).code).toBe('DEVICE_KIND_INVALID');
    expect(errorOf(() => run(check({ state: 'cassé' }))).code).toBe('DEVICE_STATE_INVALID');
    expect(errorOf(() => run(check({ captures: -1 }))).code).toBe('DEVICE_CAPTURES_INVALID');
    expect(errorOf(() => run(check({ captures: 1.5 }))).code).toBe('DEVICE_CAPTURES_INVALID');
    expect(state.visits[0]?.deviceChecks).toHaveLength(0);
  });

  it('is recorded once when the phone sends it twice', () => {
    onSite();
    const c = check({ state: 'remplace' });
    expect(run(c)).toHaveLength(1);
    expect(run(c)).toEqual([]);
    expect(state.visits[0]?.deviceChecks).toHaveLength(1);
  });

  it('is recorded only by the assigned technician, on site', () => {
    state = fresh();
    expect(errorOf(() => run(check())).code).toBe('VISIT_NOT_STARTED');
    run(arrive('2026-11-02T08:05:00.000Z'));
    expect(errorOf(() => run(check({}, { by: { userId: OTHER, role: 'technician' } }))).code).toBe(
      'VISIT_NOT_ASSIGNED',
    );
    run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'));
    expect(errorOf(() => run(check({}, { now: '2026-11-02T09:05:00.000Z' }))).code).toBe('VISIT_FINISHED');
  });

  it('takes a site device’s check after « Terminé » until the report is sealed (ADR 043)', () => {
    onSite();
    run(cmd({ type: 'FinishVisit' }, '2026-11-02T09:00:00.000Z'));
    const late = (extra: Record<string, unknown> = {}) =>
      check(
        { deviceId: 'dev-12', state: 'inaccessible', reason: 'Local fermé', ...extra },
        {
          now: '2026-11-02T09:05:00.000Z',
        },
      );
    // A free label keeps the rule: nothing after « Terminé ».
    expect(errorOf(() => run(check({}, { now: '2026-11-02T09:05:00.000Z' }))).code).toBe('VISIT_FINISHED');
    expect(errorOf(() => run(late({ reason: '' }))).code).toBe('DEVICE_REASON_REQUIRED');
    expect(run(late())[0]?.data).toMatchObject({ deviceId: 'dev-12', state: 'inaccessible' });
    state = { ...state, reports: [{ appointmentId: A1 } as InterventionState['reports'][number]] };
    expect(errorOf(() => run(late())).code).toBe('VISIT_FINISHED');
  });
});
