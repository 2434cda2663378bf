import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidays, isFrenchPublicHoliday } from '../site/public-holidays.js';
import { parisDay } from '../site/time-zone.js';
import {
  addMonths,
  billingPeriods,
  chatelWindow,
  contractYear,
  nonRenewalDeadline,
  onWorkingDay,
  plannedVisitDays,
  termEnd,
} from './calendar.js';
import { type ContractInput, consumerRulesApply, contractInputSchema } from './contract.js';
import {
  type ContractEvent,
  type ContractState,
  chatelNoticeDue,
  decide,
  duePeriods,
  evolve,
  freeTermination,
  refundsOwed,
  terminationEndsOn,
  visitLate,
} from './decider.js';

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

const input = (over: Partial<ContractInput> = {}): ContractInput =>
  contractInputSchema.parse({
    siteId: '0b6f3a38-3c1e-4a43-9d6b-0c2a1f1f1f1f',
    customer: {
      name: 'Claire Martin',
      email: 'claire@example.fr',
      street: '3 rue des Lilas',
      zipCode: '27000',
      city: 'Évreux',
    },
    customerKind: 'particulier',
    conclusionMode: 'a_distance',
    signedOnline: true,
    pests: ['rongeurs'],
    visitsPerYear: 4,
    yearlyPriceExclCents: 48_000,
    billingRhythm: 'quarterly',
    startDate: '2026-01-01',
    termMonths: 12,
    tacitRenewal: true,
    noticeMonths: 1,
    ...over,
  });

let version = 0;
function fold(events: ContractEvent[], state: ContractState | null = null): ContractState {
  let s = state;
  for (const e of events) {
    version += 1;
    s = evolve(s, e, { streamId: 'c1', version, at: '2025-12-15T10:00:00.000Z' });
  }
  return s as ContractState;
}
const signed = (over: Partial<ContractInput> = {}) =>
  fold(
    decide(
      { type: 'Sign', input: input(over), number: 'CT-2025-000001', vatRate: 20, consumerRules: true },
      null,
    ),
  );

describe('calendar', () => {
  it('adds months, a missing day falling on the month’s last', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-10', -3)).toBe('2025-12-10');
  });

  it('spreads the visits evenly over the contract year, on weekdays only', () => {
    const year = contractYear('2026-01-01', 0);
    expect(year).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    const days = plannedVisitDays(year, 6);
    expect(days).toHaveLength(6);
    for (const d of days) expect([0, 6]).not.toContain(weekday(d));
    // 2026-01-01 is a Thursday but New Year's Day: the Friday; every two months or so after.
    expect(days[0]).toBe('2026-01-02');
    const gaps = days.slice(1).map((d, i) => (Date.parse(d) - Date.parse(days[i] as string)) / 86_400_000);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(58);
    for (const g of gaps) expect(g).toBeLessThanOrEqual(64);
    // A slice starting on a Saturday moves to the Monday.
    expect(plannedVisitDays({ from: '2026-01-03', to: '2027-01-02' }, 1)).toEqual(['2026-01-05']);
    // The last day of the year on a Saturday goes back to the Friday rather than leave the year.
    expect(plannedVisitDays({ from: '2026-10-31', to: '2026-10-31' }, 1)).toEqual(['2026-10-30']);
  });

  it('never plans a visit on a public holiday nor on a Sunday: the next working day', () => {
    // Easter Monday 2027 is 29 March: a slice starting on it goes to Tuesday 30.
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(frenchPublicHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-08',
      '2027-05-17',
      '2027-07-14',
      '2027-08-15',
      '2027-11-01',
      '2027-11-11',
      '2027-12-25',
    ]);
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(plannedVisitDays(contractYear('2027-03-29', 0), 1)).toEqual(['2027-03-30']);
    // 1 May 2027 is a Saturday: Monday 3 May. 1 May 2022 a Sunday: Monday 2 May. 1 May 2026 a Friday: Monday 4.
    expect(plannedVisitDays(contractYear('2027-05-01', 0), 1)).toEqual(['2027-05-03']);
    expect(plannedVisitDays(contractYear('2022-05-01', 0), 1)).toEqual(['2022-05-02']);
    expect(plannedVisitDays(contractYear('2026-05-01', 0), 1)).toEqual(['2026-05-04']);
    // Ascension (Thursday 6 May 2027): the Friday. 8 May 2027, a Saturday: Monday 10.
    expect(plannedVisitDays(contractYear('2027-05-06', 0), 1)).toEqual(['2027-05-07']);
    expect(plannedVisitDays(contractYear('2027-05-08', 0), 1)).toEqual(['2027-05-10']);
    // Christmas 2027 (Saturday) at the end of a period: back to Friday 24, not out of the period.
    expect(onWorkingDay('2027-12-25', { from: '2027-01-01', to: '2027-12-26' })).toBe('2027-12-24');
    // A whole year of weekly visits: none on a holiday, a Saturday or a Sunday, no two on one day.
    const weekly = plannedVisitDays(contractYear('2027-01-01', 0), 52);
    expect(new Set(weekly).size).toBe(52);
    for (const d of weekly) {
      expect([0, 6]).not.toContain(weekday(d));
      expect(isFrenchPublicHoliday(d)).toBe(false);
    }
  });

  it('shows a planned visit late from the Paris midnight after its day, until it is confirmed', () => {
    const visit = { day: '2027-01-04', interventionId: null };
    // Winter (UTC+1): 23:59 in Paris on the 4th is not late; midnight is.
    expect(visitLate(visit, parisDay(new Date('2027-01-04T22:59:59Z')))).toBe(false);
    expect(visitLate(visit, parisDay(new Date('2027-01-04T23:00:00Z')))).toBe(true);
    // Summer (UTC+2).
    const july = { day: '2027-07-05', interventionId: null };
    expect(visitLate(july, parisDay(new Date('2027-07-05T21:59:59Z')))).toBe(false);
    expect(visitLate(july, parisDay(new Date('2027-07-05T22:00:00Z')))).toBe(true);
    // Confirmed: never late.
    expect(visitLate({ ...visit, interventionId: 'i-1' }, '2027-02-01')).toBe(false);
  });

  it('bills each rhythm with periods whose cents add up exactly to the yearly price', () => {
    const year = contractYear('2026-01-01', 0);
    for (const rhythm of ['per_visit', 'monthly', 'quarterly', 'yearly'] as const) {
      for (const price of [100_000, 100_001, 99_999, 7]) {
        const periods = billingPeriods(year, rhythm, 6, price);
        expect(periods.reduce((s, p) => s + p.amountExclCents, 0)).toBe(price);
        expect(periods[0]?.from).toBe(year.from);
        expect(periods.at(-1)?.to).toBe(year.to);
        // Contiguous: each period starts the day after the previous one ends.
        for (let i = 1; i < periods.length; i += 1)
          expect(Date.parse(periods[i]!.from) - Date.parse(periods[i - 1]!.to)).toBe(86_400_000);
      }
    }
    const quarterly = billingPeriods(year, 'quarterly', 6, 100_001);
    expect(quarterly.map((p) => [p.from, p.to, p.amountExclCents])).toEqual([
      ['2026-01-01', '2026-03-31', 25_000],
      ['2026-04-01', '2026-06-30', 25_000],
      ['2026-07-01', '2026-09-30', 25_000],
      ['2026-10-01', '2026-12-31', 25_001],
    ]);
    expect(billingPeriods(year, 'monthly', 6, 100_000)).toHaveLength(12);
    expect(billingPeriods(year, 'per_visit', 6, 100_000)).toHaveLength(6);
  });

  it('places the non-renewal deadline and the Chatel window (3 months to 1 month before it)', () => {
    const renewal = termEnd('2026-01-01', 12, 0);
    expect(renewal).toBe('2027-01-01');
    const deadline = nonRenewalDeadline(renewal, 1);
    expect(deadline).toBe('2026-12-01');
    expect(nonRenewalDeadline(renewal, 0)).toBe('2026-12-31');
    expect(chatelWindow(deadline)).toEqual({ from: '2026-09-01', to: '2026-11-01' });
  });
});

describe('L221-3: who gets the consumer rules', () => {
  const pro = { customerKind: 'professionnel' as const, conclusionMode: 'hors_etablissement' as const };
  it('a private customer always', () => {
    expect(
      consumerRulesApply({
        customerKind: 'particulier',
        headcount: null,
        withinMainActivity: null,
        conclusionMode: 'en_etablissement',
      }),
    ).toBe(true);
  });
  it('a small business off premises outside its main activity; unknown facts count as applying', () => {
    expect(consumerRulesApply({ ...pro, headcount: 5, withinMainActivity: false })).toBe(true);
    expect(consumerRulesApply({ ...pro, headcount: 6, withinMainActivity: false })).toBe(false);
    expect(consumerRulesApply({ ...pro, headcount: 3, withinMainActivity: true })).toBe(false);
    expect(
      consumerRulesApply({
        ...pro,
        headcount: 3,
        withinMainActivity: false,
        conclusionMode: 'en_etablissement',
      }),
    ).toBe(false);
    expect(consumerRulesApply({ ...pro, headcount: null, withinMainActivity: false })).toBe(true);
    expect(consumerRulesApply({ ...pro, headcount: null, withinMainActivity: null })).toBe(true);
    expect(consumerRulesApply({ ...pro, headcount: 4, withinMainActivity: null })).toBe(true);
  });
  it('one known fact outside the article excludes it, whatever is not known', () => {
    // A restaurant of 40 employees: not a small business, whether or not pests are its trade.
    expect(consumerRulesApply({ ...pro, headcount: 40, withinMainActivity: null })).toBe(false);
    expect(consumerRulesApply({ ...pro, headcount: null, withinMainActivity: true })).toBe(false);
    expect(
      consumerRulesApply({ ...pro, headcount: null, withinMainActivity: null, conclusionMode: 'a_distance' }),
    ).toBe(false);
  });
});

describe('the contract stream', () => {
  it('plans the first year’s visits, then bills each started period once', () => {
    let s = signed({ startDate: '2026-01-01' });
    s = fold(decide({ type: 'PlanVisits', today: '2025-12-15' }, s), s);
    expect(s.visits.map((v) => v.day)).toEqual(plannedVisitDays(contractYear('2026-01-01', 0), 4));
    expect(decide({ type: 'PlanVisits', today: '2025-12-16' }, s)).toEqual([]);
    expect(duePeriods(s, '2025-12-31')).toEqual([]);
    expect(duePeriods(s, '2026-01-01').map((p) => p.index)).toEqual([0]);
    expect(duePeriods(s, '2026-04-01').map((p) => p.index)).toEqual([0, 1]);
  });

  it('owes the Chatel notice inside its window only, once', () => {
    const s = signed();
    // Deadline 2026-12-01: window 2026-09-01 .. 2026-11-01.
    expect(chatelNoticeDue(s, '2026-08-31')).toBeNull();
    expect(chatelNoticeDue(s, '2026-09-01')).toEqual({ renewalDay: '2027-01-01', deadline: '2026-12-01' });
    expect(chatelNoticeDue(s, '2026-11-01')).not.toBeNull();
    expect(chatelNoticeDue(s, '2026-11-02')).toBeNull();
    const sent = fold(
      decide({ type: 'SendChatelNotice', today: '2026-09-01', to: 'claire@example.fr' }, s),
      s,
    );
    expect(sent.notices).toHaveLength(1);
    expect(decide({ type: 'SendChatelNotice', today: '2026-09-02', to: 'x' }, sent)).toEqual([]);
    // Not owed to a contract without tacit renewal, or when the consumer rules do not apply.
    expect(chatelNoticeDue(signed({ tacitRenewal: false }), '2026-09-01')).toBeNull();
    expect(chatelNoticeDue({ ...s, consumerRules: false }, '2026-09-01')).toBeNull();
  });

  it('gives the free termination right when the notice was not sent in time before the renewal', () => {
    const s = signed();
    const renewed = fold(decide({ type: 'Renew', today: '2027-01-01' }, s), s);
    expect(renewed.renewals).toBe(1);
    expect(freeTermination(renewed)).toBe(true);
    expect(terminationEndsOn(renewed, '2027-02-10')).toEqual({ endsOn: '2027-02-10', free: true });
    // Sent in the window: no free right; after the deadline the contract runs to its next term.
    const noticed = fold(decide({ type: 'SendChatelNotice', today: '2026-10-15', to: 'c' }, s), s);
    const renewed2 = fold(decide({ type: 'Renew', today: '2027-01-01' }, noticed), noticed);
    expect(freeTermination(renewed2)).toBe(false);
    expect(terminationEndsOn(renewed2, '2027-02-10')).toEqual({ endsOn: '2027-12-31', free: false });
    expect(terminationEndsOn(renewed2, '2028-01-10')).toEqual({ endsOn: '2028-12-31', free: false });
    // By the deadline: the end of the current term.
    expect(terminationEndsOn(s, '2026-12-01')).toEqual({ endsOn: '2026-12-31', free: false });
    expect(terminationEndsOn(s, '2026-12-02')).toEqual({ endsOn: '2027-12-31', free: false });
  });

  it('refuses the online termination of a contract not signed online, with a French message', () => {
    const s = signed({ signedOnline: false });
    expect(() =>
      decide({ type: 'Terminate', by: 'customer', online: true, today: '2026-03-01', reason: '' }, s),
    ).toThrow(/n’a pas été souscrit en ligne/);
    const online = signed();
    const [event] = decide(
      { type: 'Terminate', by: 'customer', online: true, today: '2026-03-01', reason: '' },
      online,
    );
    expect(event?.type).toBe('ContractTerminated');
  });

  it('stops billing and planning after the last day', () => {
    let s = signed({ billingRhythm: 'monthly' });
    s = fold(
      decide({ type: 'Terminate', by: 'owner', online: false, today: '2026-03-01', reason: 'Fermeture' }, s),
      s,
    );
    expect(s.terminated?.endsOn).toBe('2026-12-31');
    const periods = duePeriods(s, '2027-06-01');
    expect(periods).toHaveLength(12);
    expect(decide({ type: 'Renew', today: '2027-01-01' }, s)).toEqual([]);
  });
});

describe('the refund a termination owes (credit notes)', () => {
  const invoice = (from: string, to: string, totalInclCents: number, number = 'FA-2026-000001') => ({
    number,
    yearIndex: 0,
    periodIndex: 0,
    from,
    to,
    totalInclCents,
    issuedAt: `${from}T09:00:00.000Z`,
  });
  const ended = (
    endsOn: string,
    invoices: ContractState['invoices'],
    over: Partial<ContractInput> = {},
  ): ContractState => ({
    ...signed({ billingRhythm: 'yearly', ...over }),
    invoices,
    terminated: { by: 'customer', online: true, requestedOn: endsOn, endsOn, free: true, reason: '' },
  });
  const year = invoice('2026-01-01', '2026-12-31', 57_600);

  it('refunds the days after the last day, pro rata of the invoiced period', () => {
    // Ended the day after the period's start: 2026-01-03 to 2026-12-31 left, 363 of 365 days.
    expect(refundsOwed(ended('2026-01-02', [year]))).toEqual([
      { invoice: year, amountCents: Math.round((57_600 * 363) / 365) },
    ]);
    expect(Math.round((57_600 * 363) / 365)).toBe(57_284);
  });

  it('owes nothing when the contract ends on the last day of the period', () => {
    expect(refundsOwed(ended('2026-12-31', [year]))).toEqual([]);
  });

  it('rounds to the cent as the invoices do (half up)', () => {
    // 90 days (January to March 2026), 45 left: 12 345 × 45 / 90 = 6 172.5 → 6 173.
    const quarter = invoice('2026-01-01', '2026-03-31', 12_345);
    expect(refundsOwed(ended('2026-02-14', [quarter]))[0]?.amountCents).toBe(6_173);
  });

  it('refunds a period invoiced ahead in full, and nothing for per-visit billing', () => {
    const next = invoice('2027-01-01', '2027-12-31', 57_600, 'FA-2027-000001');
    expect(refundsOwed(ended('2026-12-31', [year, next]))).toEqual([{ invoice: next, amountCents: 57_600 }]);
    expect(refundsOwed(ended('2026-01-02', [year], { billingRhythm: 'per_visit' }))).toEqual([]);
    expect(refundsOwed({ ...ended('2026-01-02', [year]), terminated: null })).toEqual([]);
  });

  it('records one credit note per invoice, of the amount owed; a second termination is refused', () => {
    const s = ended('2026-01-02', [year]);
    const document = (totalInclCents: number) =>
      ({
        kind: 'credit_note',
        number: 'AV-2026-000001',
        issuedAt: '2026-01-02T10:00:00.000Z',
        totalInclCents,
        vat: [
          {
            rate: 20,
            baseCents: totalInclCents - Math.round(totalInclCents / 6),
            vatCents: Math.round(totalInclCents / 6),
            totalInclCents,
          },
        ],
        cites: { number: year.number, issuedAt: year.issuedAt },
      }) as Extract<Parameters<typeof decide>[0], { type: 'IssueCreditNote' }>['document'];
    expect(() => decide({ type: 'IssueCreditNote', document: document(100), pdfSha256: 'x' }, s)).toThrow();
    const events = decide({ type: 'IssueCreditNote', document: document(57_284), pdfSha256: 'x' }, s);
    expect(events.map((e) => e.type)).toEqual(['CreditNoteIssued']);
    const credited = fold(events, s);
    expect(credited.credits).toEqual([
      {
        number: 'AV-2026-000001',
        cites: year.number,
        totalInclCents: 57_284,
        issuedAt: '2026-01-02T10:00:00.000Z',
      },
    ]);
    expect(refundsOwed(credited)).toEqual([]);
    expect(decide({ type: 'IssueCreditNote', document: document(57_284), pdfSha256: 'x' }, credited)).toEqual(
      [],
    );
    expect(() =>
      decide({ type: 'Terminate', by: 'customer', online: true, today: '2026-01-03', reason: '' }, credited),
    ).toThrow(expect.objectContaining({ code: 'CONTRACT_TERMINATED' }));
  });
});
