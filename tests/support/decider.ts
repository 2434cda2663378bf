/**
 * The one given/when/then helper of the deciders' tests (issue 34: it was written three times):
 * given the events of a stream's history, when a command, then the events the decider decides, or
 * the typed error it refuses with (its code and its French message). Orders:
 *
 *   given(placed, paid).when(refund).thenEvents([...])
 *   given(placed).when(refund).thenError('REFUND_TOO_HIGH', 'Le remboursement (…) dépasse …')
 *   given(['2026-11-02T09:00:00.000Z', placed]).when(withdraw).decide()   (an event at its own time)
 *   const history = givenWith({ actor: admin }); history(placed).state
 *
 * Interventions: givenIntervention(interventionRequested(), booked, lost).when(cancel).thenError(…)
 *
 * Pure: the events are folded in memory (no database, no log), as the decider itself works.
 */
import { expect } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import {
  decide as decideIntervention,
  fold as foldIntervention,
  type InterventionCommand,
} from '../../src/domain/interventions/decider.js';
import type { InterventionEvent } from '../../src/domain/interventions/events.js';
import { decide, type EvolvingEvent, fold, type OrderCommand } from '../../src/domain/orders/decider.js';
import type { Actor, OrderEvent } from '../../src/domain/orders/events.js';

/** The order every decider test is about, unless it says another. */
export const TEST_ORDER_ID = 'a0000000-0000-4000-8000-000000000001';

/** An event of the history: alone (dated by `options.at`), or with its own time. */
export type Given = OrderEvent | readonly [at: string, event: OrderEvent];

export interface GivenOptions {
  streamId?: string;
  /** The time of the i-th event (0-based) when it carries none; by default 1, 2, 3… March 2026. */
  at?: (index: number) => string;
  actor?: Actor;
}

const defaultAt = (index: number) => `2026-03-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`;

/** What a decision refused: the typed error's code and message (Intl's no-break spaces as spaces). */
export interface Refusal {
  code: string;
  message: string;
}

/** Runs `decision` and returns the DomainError it throws; fails the test when it throws none. */
export function refusalOf(decision: () => unknown): Refusal {
  try {
    decision();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    return { code: e.code, message: e.message.replace(/[\u202f\u00a0]/g, ' ') };
  }
  throw new Error('the decision was not refused');
}

/** Given these events, with the stream, times and actor of `options`. */
export const givenWith =
  (options: GivenOptions) =>
  (...events: readonly Given[]) =>
    history(events, options);

/** Given these events (times 1, 2, 3… March 2026 unless an event carries its own). */
export const given = (...events: readonly Given[]) => history(events, {});

function history(events: readonly Given[], options: GivenOptions) {
  const recorded = events.map((entry, i): EvolvingEvent => {
    const [at, event] = isTimed(entry) ? entry : [options.at?.(i) ?? defaultAt(i), entry];
    return {
      ...event,
      streamId: options.streamId ?? TEST_ORDER_ID,
      version: i + 1,
      metadata: options.actor ? { at, actor: options.actor } : { at },
    };
  });
  const state = fold(recorded);
  return {
    /** The order as folded from the given events (null when none). */
    state,
    when: (command: OrderCommand) => then(() => decide(command, state)),
  };
}

/** A decision's checks: the events it decides, or the typed error it refuses with. */
function then<E>(decision: () => E[]) {
  return {
    /** The events decided (throws when the command is refused). */
    decide: decision,
    thenEvents: (expected: readonly E[]) => expect(decision()).toEqual(expected),
    /** The refusal, checked against `code` (and `message` when given), for further checks. */
    thenError: (code: string, message?: string): Refusal => {
      const refusal = refusalOf(decision);
      expect(refusal.code).toBe(code);
      if (message !== undefined) expect(refusal.message).toBe(message);
      return refusal;
    },
  };
}

const isTimed = <E>(entry: E | readonly [string, E]): entry is readonly [string, E] => Array.isArray(entry);

/** The intervention every intervention decider test is about. */
export const TEST_INTERVENTION_ID = 'b0000000-0000-4000-8000-000000000001';

type InterventionRequestedData = Extract<InterventionEvent, { type: 'InterventionRequested' }>['data'];

/**
 * A visitor's request from the site's form (wasps in an old house), the stream's first event; `over`
 * changes what a test is about (another service, another urgency).
 */
export const interventionRequested = (
  over: Partial<InterventionRequestedData> = {},
): Extract<InterventionEvent, { type: 'InterventionRequested' }> => ({
  type: 'InterventionRequested',
  data: {
    number: 'INT-2026-000001',
    source: 'form',
    customerId: null,
    service: 'guepe',
    siteType: 'logement_ancien',
    urgency: 'urgent',
    preferredSlots: [],
    photos: [],
    callbackConsent: null,
    contactRequestId: null,
    siteId: null,
    serviceContractId: null,
    requester: {
      name: 'Camille',
      email: 'c@example.fr',
      phone: '',
      street: '',
      zipCode: '',
      city: '',
      message: '',
    },
    ...over,
  },
});

/** Given these intervention events (times 1, 2, 3… March 2026 unless an event carries its own). */
export function givenIntervention(
  ...events: readonly (InterventionEvent | readonly [string, InterventionEvent])[]
) {
  const state = foldIntervention(
    events.map((entry, i) => {
      const [at, event] = isTimed(entry) ? entry : [defaultAt(i), entry];
      return { ...event, streamId: TEST_INTERVENTION_ID, version: i + 1, at };
    }),
  );
  return {
    /** The intervention as folded from the given events (null when none). */
    state,
    when: (command: InterventionCommand) => then(() => decideIntervention(command, state)),
  };
}
