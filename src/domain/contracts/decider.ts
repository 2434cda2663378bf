/**
 * The contract stream (docs/decisions/044-yearly-contracts.md): its events, its folded state and
 * the decider, pure. One stream per contract in the one event log (ADR 032); its invoices are
 * `InvoiceIssued` events of the same name and shape as an order's and an intervention's, so the
 * register, the ZIP export and the documents' audit read them with no second path.
 */
import { z } from 'zod';
import { addDays, daysBetween } from '../dashboard/periods.js';
import { DomainError } from '../errors.js';
import { documentSnapshotSchema } from '../invoices/document.js';
import {
  BILLING_RHYTHMS,
  type BillingPeriod,
  billingPeriods,
  chatelWindow,
  contractYear,
  type DayPeriod,
  isInWindow,
  nonRenewalDeadline,
  plannedVisitDays,
  termEnd,
} from './calendar.js';
import {
  CONCLUSION_MODES,
  CONTRACT_MESSAGES,
  CONTRACT_PESTS,
  type ContractCustomer,
  type ContractInput,
  CUSTOMER_KINDS,
  contractCustomerSchema,
  contractNotFound,
  ERASED_CUSTOMER,
} from './contract.js';
import {
  CONTRACT_MONEY_EVENT_SCHEMAS,
  type ContractMoneyCommand,
  type ContractMovement,
  decideMoney,
  evolveMoney,
} from './money.js';

export const CONTRACT_SCHEMA_VERSION = 1;

const personalRef = z.object({ subjectId: z.string(), recordId: z.string(), commitment: z.string() });

export const CONTRACT_EVENT_SCHEMAS = {
  ContractSigned: z.object({
    number: z.string(),
    customerId: z.string().nullable(),
    siteId: z.string(),
    /** Personal: kept in its record (ADR 020), put back when read. */
    customer: z.object(contractCustomerSchema.shape).extend({
      phone: z.string(),
      companyName: z.string(),
      siren: z.string(),
    }),
    customerKind: z.enum(CUSTOMER_KINDS),
    headcount: z.number().int().nullable(),
    activity: z.string(),
    withinMainActivity: z.boolean().nullable(),
    /** Whether the consumer rules of renewal apply (L221-3 test at signature; unknown: they do). */
    consumerRules: z.boolean(),
    conclusionMode: z.enum(CONCLUSION_MODES),
    signedOnline: z.boolean(),
    pests: z.array(z.enum(CONTRACT_PESTS)),
    zones: z.array(z.string()),
    visitsPerYear: z.number().int().positive(),
    deviceBaseline: z.record(z.string(), z.number().int()),
    yearlyPriceExclCents: z.number().int().positive(),
    vatRate: z.number(),
    billingRhythm: z.enum(BILLING_RHYTHMS),
    startDate: z.string(),
    termMonths: z.number().int().positive(),
    tacitRenewal: z.boolean(),
    noticeMonths: z.number().int().nonnegative(),
  }),
  /** The planned visits of a contract year (« à confirmer » until an appointment is booked). */
  ContractVisitsPlanned: z.object({ yearIndex: z.number().int().nonnegative(), days: z.array(z.string()) }),
  /** A planned visit turned into an intervention (its appointment booked through the intervention). */
  ContractVisitConfirmed: z.object({ day: z.string(), interventionId: z.string() }),
  /** A period's invoice (the document carries the contract year and period it bills). */
  InvoiceIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
  /**
   * A credit note (avoir) on one of the contract's invoices: what a termination leaves invoiced
   * after the last day it covers (refundsOwed). Same name and shape as an order's.
   */
  CreditNoteIssued: z.object({ document: documentSnapshotSchema, pdfSha256: z.string() }),
  /** The Chatel notice (L215-1) queued: the deadline it states, when, to whom. */
  ChatelNoticeSent: z.object({
    renewalDay: z.string(),
    deadline: z.string(),
    sentOn: z.string(),
    to: z.string(),
  }),
  /** Tacit renewal: the contract runs one more term. */
  ContractRenewed: z.object({ renewals: z.number().int().positive(), from: z.string(), until: z.string() }),
  ContractTerminated: z.object({
    by: z.enum(['customer', 'owner']),
    online: z.boolean(),
    requestedOn: z.string(),
    /** The last day the contract covers. */
    endsOn: z.string(),
    /** Free of charge at any time: the Chatel notice of the last renewal was not sent in time. */
    free: z.boolean(),
    reason: z.string(),
  }),
  /** The money of the invoices and credit notes (money.ts, ADR 046): the till's own event names. */
  ...CONTRACT_MONEY_EVENT_SCHEMAS,
} as const;

export type ContractEventType = keyof typeof CONTRACT_EVENT_SCHEMAS;
export const CONTRACT_EVENT_TYPES = Object.keys(CONTRACT_EVENT_SCHEMAS) as ContractEventType[];
export type ContractEvent = {
  [K in ContractEventType]: { type: K; data: z.infer<(typeof CONTRACT_EVENT_SCHEMAS)[K]> };
}[ContractEventType];
type Signed = Extract<ContractEvent, { type: 'ContractSigned' }>['data'];

/**
 * The types whose personal fields the log keeps in a record (ADR 020): the signature's customer,
 * the address a Chatel notice went to. The erasure nulls both.
 */
export const CONTRACT_PERSONAL_TYPES = ['ContractSigned', 'ChatelNoticeSent'] as const;

/** What the log stores of an event with personal fields: the data without them, and the reference. */
export function detachPersonal(event: ContractEvent, ref: z.infer<typeof personalRef>): unknown {
  if (event.type === 'ContractSigned') {
    const { customer: _, ...rest } = event.data;
    return { ...rest, personal: ref };
  }
  if (event.type === 'ChatelNoticeSent') {
    const { to: _, ...rest } = event.data;
    return { ...rest, personal: ref };
  }
  return event.data;
}

/**
 * A stored event read back, its personal fields put back from its record (null once erased: the
 * placeholder, « Client supprimé » and no address). A notice stored before its address moved to a
 * record still holds it inline and reads as stored.
 */
export function parseContractEvent(type: string, data: unknown, fields: unknown): ContractEvent {
  if (!Object.hasOwn(CONTRACT_EVENT_SCHEMAS, type)) throw new Error(`Unknown contract event type ${type}`);
  const t = type as ContractEventType;
  let value = data;
  if (data && typeof data === 'object' && 'personal' in data) {
    const { personal: _, ...rest } = data as Record<string, unknown>;
    if (t === 'ContractSigned') {
      const parsed = CONTRACT_EVENT_SCHEMAS.ContractSigned.shape.customer.safeParse(fields);
      if (parsed.success) value = { ...rest, customer: parsed.data };
      else {
        // Erased: the placeholder, which the typed identity's rules (an email, an address) refuse.
        const data = CONTRACT_EVENT_SCHEMAS.ContractSigned.omit({ customer: true }).parse(rest);
        return { type: t, data: { ...data, customer: { ...ERASED_CUSTOMER } } } as ContractEvent;
      }
    } else if (t === 'ChatelNoticeSent') {
      const to = (fields as { to?: unknown } | null)?.to;
      value = { ...rest, to: typeof to === 'string' ? to : ERASED_CUSTOMER.email };
    }
  }
  return { type: t, data: CONTRACT_EVENT_SCHEMAS[t].parse(value) } as ContractEvent;
}

export interface ContractInvoiceRef {
  number: string;
  yearIndex: number;
  periodIndex: number;
  from: string;
  to: string;
  totalInclCents: number;
  issuedAt: string;
}

/** A credit note of the contract: its number, the invoice it cites, its amount VAT included. */
export interface ContractCreditRef {
  number: string;
  cites: string;
  totalInclCents: number;
  issuedAt: string;
}

export interface ContractState extends Omit<Signed, 'customer'> {
  id: string;
  customer: ContractCustomer;
  signedAt: string;
  renewals: number;
  /** Every planned visit, oldest first; `interventionId` once confirmed. */
  visits: { yearIndex: number; day: string; interventionId: string | null }[];
  plannedYears: number[];
  invoices: ContractInvoiceRef[];
  credits: ContractCreditRef[];
  /** Payments received on the invoices, refunds given on the credit notes (money.ts). */
  payments: ContractMovement[];
  refunds: ContractMovement[];
  /** Each invoice's and credit note's VAT split, by number: a payment or refund follows it. */
  documentVat: Record<string, { rate: number; totalInclCents: number }[]>;
  notices: { renewalDay: string; deadline: string; sentOn: string; to: string }[];
  terminated: Extract<ContractEvent, { type: 'ContractTerminated' }>['data'] | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function evolve(
  state: ContractState | null,
  event: ContractEvent,
  meta: { streamId: string; version: number; at: string },
): ContractState {
  if (event.type === 'ContractSigned') {
    return {
      ...event.data,
      id: meta.streamId,
      signedAt: meta.at,
      renewals: 0,
      visits: [],
      plannedYears: [],
      invoices: [],
      credits: [],
      payments: [],
      refunds: [],
      documentVat: {},
      notices: [],
      terminated: null,
      version: meta.version,
      createdAt: meta.at,
      updatedAt: meta.at,
    };
  }
  if (!state) throw new Error(`${event.type} before ContractSigned`);
  const s: ContractState = { ...state, version: meta.version, updatedAt: meta.at };
  const vatOf = (d: { number: string; vat: { rate: number; totalInclCents: number }[] }) => ({
    ...s.documentVat,
    [d.number]: d.vat.map((v) => ({ rate: v.rate, totalInclCents: v.totalInclCents })),
  });
  switch (event.type) {
    case 'ContractVisitsPlanned':
      return {
        ...s,
        plannedYears: [...s.plannedYears, event.data.yearIndex],
        visits: [
          ...s.visits,
          ...event.data.days.map((day) => ({ yearIndex: event.data.yearIndex, day, interventionId: null })),
        ].sort((a, b) => a.day.localeCompare(b.day)),
      };
    case 'ContractVisitConfirmed':
      return {
        ...s,
        visits: s.visits.map((v) =>
          v.day === event.data.day && !v.interventionId
            ? { ...v, interventionId: event.data.interventionId }
            : v,
        ),
      };
    case 'InvoiceIssued': {
      const d = event.data.document;
      const c = d.contract;
      if (!c) return s;
      return {
        ...s,
        documentVat: vatOf(d),
        invoices: [
          ...s.invoices,
          {
            number: d.number,
            yearIndex: c.yearIndex,
            periodIndex: c.periodIndex,
            from: c.periodFrom,
            to: c.periodTo,
            totalInclCents: d.totalInclCents,
            issuedAt: d.issuedAt,
          },
        ],
      };
    }
    case 'CreditNoteIssued': {
      const d = event.data.document;
      if (!d.cites) return s;
      return {
        ...s,
        documentVat: vatOf(d),
        credits: [
          ...s.credits,
          {
            number: d.number,
            cites: d.cites.number,
            totalInclCents: d.totalInclCents,
            issuedAt: d.issuedAt,
          },
        ],
      };
    }
    case 'ChatelNoticeSent':
      return { ...s, notices: [...s.notices, event.data] };
    case 'ContractRenewed':
      return { ...s, renewals: event.data.renewals };
    case 'ContractTerminated':
      return { ...s, terminated: event.data };
    case 'PaymentRecorded':
    case 'RefundRecorded':
      return evolveMoney(s, event);
  }
}

// --- What the calendar says of a state -------------------------------------------------------------

/**
 * The part of a state the calendar reads: the terms, the invoices and notices, the termination.
 * The contracts' read row keeps all of it (model.ts), so the list computes from the row what the
 * page computes from the fold, with the same functions.
 */
export type ContractTerms = Pick<
  ContractState,
  | 'startDate'
  | 'termMonths'
  | 'renewals'
  | 'noticeMonths'
  | 'tacitRenewal'
  | 'terminated'
  | 'consumerRules'
  | 'billingRhythm'
  | 'visitsPerYear'
  | 'yearlyPriceExclCents'
  | 'invoices'
  | 'notices'
>;

/** The day after the current term (the next renewal, or the end). */
export const currentTermEnd = (s: ContractTerms) => termEnd(s.startDate, s.termMonths, s.renewals);

/** The non-renewal deadline of the current term. */
export const currentDeadline = (s: ContractTerms) => nonRenewalDeadline(currentTermEnd(s), s.noticeMonths);

/** The last day the contract covers, when known (terminated, or a term without tacit renewal). */
export function lastDay(s: ContractTerms): string | null {
  if (s.terminated) return s.terminated.endsOn;
  return s.tacitRenewal ? null : addDays(currentTermEnd(s), -1);
}

export type ContractStatus = 'upcoming' | 'active' | 'ending' | 'ended';
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  upcoming: 'À venir',
  active: 'En cours',
  ending: 'Résiliation programmée',
  ended: 'Terminé',
};

export function statusOn(s: ContractTerms, today: string): ContractStatus {
  const last = lastDay(s);
  if (last && today > last) return 'ended';
  if (s.terminated) return 'ending';
  return today < s.startDate ? 'upcoming' : 'active';
}

/**
 * Whether the contract still runs on `today`: not past its last day, whether it renews, is to
 * come, or is terminated with days still covered (its visits and its last periods' invoices are
 * still due). While it runs its customer's account is not erased (ADR 046): an erased customer's
 * contract goes dormant (sweepContracts), which must not happen to days still covered.
 */
export const contractRuns = (c: { lastDay: string | null }, today: string) =>
  c.lastDay === null || today <= c.lastDay;

/** Whether `day` is covered: from the start to the last day (open-ended while it renews). */
const covers = (s: ContractTerms, day: string) => {
  const last = lastDay(s);
  return day >= s.startDate && (!last || day <= last) && day < currentTermEnd(s);
};

/** The contract years whose visits are due to be planned by `today` (a year is planned 60 days ahead). */
export function yearsToPlan(s: ContractState, today: string): number[] {
  const years: number[] = [];
  for (let k = 0; ; k += 1) {
    const year = contractYear(s.startDate, k);
    if (!covers(s, year.from) || addDays(year.from, -60) > today) break;
    if (!s.plannedYears.includes(k)) years.push(k);
  }
  return years;
}

/** The planned days of a contract year that the contract covers. */
export function visitDaysOfYear(s: ContractState, yearIndex: number): string[] {
  const year = contractYear(s.startDate, yearIndex);
  return plannedVisitDays(year, s.visitsPerYear).filter((d) => covers(s, d));
}

/**
 * A planned visit whose day is past (Paris days: from the midnight after it) and still not
 * confirmed: shown « En retard » so the owner replans it, never left « À confirmer ».
 */
export const visitLate = (v: { day: string; interventionId: string | null }, today: string) =>
  v.interventionId === null && v.day < today;

export interface DuePeriod extends BillingPeriod {
  yearIndex: number;
}

/** Every billing period of the covered years with its contract year (past, present and the next ones). */
export function periodsOf(s: ContractTerms, untilDay: string): DuePeriod[] {
  const periods: DuePeriod[] = [];
  for (let k = 0; ; k += 1) {
    const year: DayPeriod = contractYear(s.startDate, k);
    if (year.from > untilDay || !covers(s, year.from)) break;
    for (const p of billingPeriods(year, s.billingRhythm, s.visitsPerYear, s.yearlyPriceExclCents))
      if (covers(s, p.from)) periods.push({ ...p, yearIndex: k });
  }
  return periods;
}

const invoiced = (s: ContractTerms, p: { yearIndex: number; index: number }) =>
  s.invoices.some((i) => i.yearIndex === p.yearIndex && i.periodIndex === p.index);

/** The periods started by `today` without an invoice: an invoice is due when its period starts. */
export const duePeriods = (s: ContractTerms, today: string): DuePeriod[] =>
  periodsOf(s, today).filter((p) => p.from <= today && !invoiced(s, p));

/** The next period to invoice after today, if any (shown in the lists). */
export const nextPeriod = (s: ContractTerms, today: string): DuePeriod | null =>
  periodsOf(s, addDays(today, 400)).find((p) => p.from > today && !invoiced(s, p)) ?? null;

/** Whether the Chatel notice of the current term is owed: consumer rules, tacit renewal, not ended. */
export const chatelOwed = (s: ContractTerms) => s.consumerRules && s.tacitRenewal && !s.terminated;

/** The notice of the current term, when it is due today (inside its window and not yet sent). */
export function chatelNoticeDue(
  s: ContractState,
  today: string,
): { renewalDay: string; deadline: string } | null {
  if (!chatelOwed(s)) return null;
  const renewalDay = currentTermEnd(s);
  const deadline = nonRenewalDeadline(renewalDay, s.noticeMonths);
  if (!isInWindow(today, chatelWindow(deadline))) return null;
  if (s.notices.some((n) => n.renewalDay === renewalDay)) return null;
  return { renewalDay, deadline };
}

/**
 * The free termination right (L215-1 al. 3): the contract was tacitly renewed while the notice of
 * the term that ended was not sent inside its window; the customer may then end it at any time.
 */
export function freeTermination(s: ContractState): boolean {
  if (!s.consumerRules || !s.tacitRenewal || s.renewals === 0) return false;
  const renewalDay = termEnd(s.startDate, s.termMonths, s.renewals - 1);
  const window = chatelWindow(nonRenewalDeadline(renewalDay, s.noticeMonths));
  return !s.notices.some((n) => n.renewalDay === renewalDay && isInWindow(n.sentOn, window));
}

/**
 * The last day a termination asked on `today` leaves covered: free termination (L215-1), today; by
 * the deadline, the end of the current term; after it, the end of the next term (the contract
 * renews once more).
 */
export function terminationEndsOn(s: ContractState, today: string): { endsOn: string; free: boolean } {
  if (freeTermination(s)) return { endsOn: today, free: true };
  const end = currentTermEnd(s);
  if (!s.tacitRenewal || today <= nonRenewalDeadline(end, s.noticeMonths))
    return { endsOn: addDays(end, -1), free: false };
  return { endsOn: addDays(termEnd(s.startDate, s.termMonths, s.renewals + 1), -1), free: false };
}

/** What a termination leaves to refund on one invoice: its share after the last day covered. */
export interface RefundOwed {
  invoice: ContractInvoiceRef;
  /** VAT included, in cents: the invoice's total times the days after the end over its days. */
  amountCents: number;
}

/**
 * What the terminated contract invoiced for the days after its last day: per invoice whose period
 * runs past it and not yet credited, its total pro rata of the days left (rounded to the cent, as
 * the invoices' amounts). Per-visit billing owes nothing: its invoices follow the visits done.
 */
export function refundsOwed(s: ContractState): RefundOwed[] {
  if (!s.terminated || s.billingRhythm === 'per_visit') return [];
  const endsOn = s.terminated.endsOn;
  return s.invoices.flatMap((invoice) => {
    if (invoice.to <= endsOn || s.credits.some((c) => c.cites === invoice.number)) return [];
    const from = invoice.from > endsOn ? invoice.from : addDays(endsOn, 1);
    const amountCents = Math.round(
      (invoice.totalInclCents * daysBetween(from, invoice.to)) / daysBetween(invoice.from, invoice.to),
    );
    return amountCents > 0 ? [{ invoice, amountCents }] : [];
  });
}

/** Whether the contract renews today (tacitly, on the day after its term). */
export const renewalDue = (s: ContractState, today: string) =>
  s.tacitRenewal && today >= currentTermEnd(s) && (!s.terminated || s.terminated.endsOn >= currentTermEnd(s));

// --- Commands -----------------------------------------------------------------------------------------

export type ContractCommand =
  | { type: 'Sign'; input: ContractInput; number: string; vatRate: number; consumerRules: boolean }
  | { type: 'PlanVisits'; today: string }
  | { type: 'ConfirmVisit'; day: string; interventionId: string }
  | { type: 'IssueInvoice'; document: z.infer<typeof documentSnapshotSchema>; pdfSha256: string }
  | { type: 'IssueCreditNote'; document: z.infer<typeof documentSnapshotSchema>; pdfSha256: string }
  | { type: 'SendChatelNotice'; today: string; to: string }
  | { type: 'Renew'; today: string }
  | { type: 'Terminate'; by: 'customer' | 'owner'; online: boolean; today: string; reason: string }
  | ContractMoneyCommand;

const conflict = (code: string, message: string) => new DomainError('conflict', code, message);

export function decide(command: ContractCommand, state: ContractState | null): ContractEvent[] {
  if (command.type === 'Sign') {
    if (state) throw conflict('CONTRACT_EXISTS', 'Ce contrat existe déjà.');
    const { siteId, customerId, customer, ...rest } = command.input;
    return [
      {
        type: 'ContractSigned',
        data: {
          ...rest,
          number: command.number,
          customerId,
          siteId,
          customer,
          deviceBaseline: Object.fromEntries(
            Object.entries(rest.deviceBaseline).filter(([, n]) => (n ?? 0) > 0),
          ) as Record<string, number>,
          vatRate: command.vatRate,
          consumerRules: command.consumerRules,
        },
      },
    ];
  }
  if (!state) throw contractNotFound();
  switch (command.type) {
    case 'RecordPayment':
    case 'RecordRefund':
      return decideMoney(command, state);
    case 'PlanVisits':
      return yearsToPlan(state, command.today).map((yearIndex) => ({
        type: 'ContractVisitsPlanned',
        data: { yearIndex, days: visitDaysOfYear(state, yearIndex) },
      }));
    case 'ConfirmVisit': {
      const visit = state.visits.find((v) => v.day === command.day);
      if (!visit) throw new DomainError('invalid', 'VISIT_UNKNOWN', CONTRACT_MESSAGES.visitUnknown);
      if (visit.interventionId) throw conflict('VISIT_CONFIRMED', CONTRACT_MESSAGES.visitConfirmed);
      return [
        {
          type: 'ContractVisitConfirmed',
          data: { day: command.day, interventionId: command.interventionId },
        },
      ];
    }
    case 'IssueInvoice': {
      const c = command.document.contract;
      if (!c) throw new Error('a contract invoice carries its period');
      if (invoiced(state, { yearIndex: c.yearIndex, index: c.periodIndex })) return [];
      return [{ type: 'InvoiceIssued', data: { document: command.document, pdfSha256: command.pdfSha256 } }];
    }
    case 'IssueCreditNote': {
      const cited = command.document.cites?.number;
      const owed = refundsOwed(state).find((r) => r.invoice.number === cited);
      // Only what a termination left owed, once per invoice (a second run records nothing).
      if (!owed || command.document.kind !== 'credit_note') return [];
      if (command.document.totalInclCents !== owed.amountCents)
        throw new Error('a contract credit note carries the amount owed');
      return [
        { type: 'CreditNoteIssued', data: { document: command.document, pdfSha256: command.pdfSha256 } },
      ];
    }
    case 'SendChatelNotice': {
      const due = chatelNoticeDue(state, command.today);
      if (!due) return [];
      return [{ type: 'ChatelNoticeSent', data: { ...due, sentOn: command.today, to: command.to } }];
    }
    case 'Renew': {
      if (!renewalDue(state, command.today)) return [];
      const from = currentTermEnd(state);
      const renewals = state.renewals + 1;
      return [
        {
          type: 'ContractRenewed',
          data: { renewals, from, until: addDays(termEnd(state.startDate, state.termMonths, renewals), -1) },
        },
      ];
    }
    case 'Terminate': {
      if (state.terminated) throw conflict('CONTRACT_TERMINATED', CONTRACT_MESSAGES.ended);
      if (command.by === 'customer' && command.online && !state.signedOnline)
        throw new DomainError('forbidden', 'NOT_SIGNED_ONLINE', CONTRACT_MESSAGES.notOnline);
      const reason = command.reason.trim();
      if (command.by === 'owner' && !reason)
        throw new DomainError('invalid', 'REASON_REQUIRED', CONTRACT_MESSAGES.reason, { field: 'reason' });
      const { endsOn, free } = terminationEndsOn(state, command.today);
      return [
        {
          type: 'ContractTerminated',
          data: {
            by: command.by,
            online: command.online,
            requestedOn: command.today,
            endsOn: endsOn < state.startDate ? addDays(state.startDate, -1) : endsOn,
            free,
            reason: reason.slice(0, 500),
          },
        },
      ];
    }
  }
}
