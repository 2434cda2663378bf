/**
 * Reading contracts (docs/decisions/044-yearly-contracts.md): the back-office list and page, the
 * planned visits to confirm, and the customer's view (on /compte and on the signed link). The
 * figures that depend on today (status, next visit, next invoice, the notice window, what a
 * termination now would give) are the domain's functions of the folded state.
 */
import { chatelWindow } from '../../domain/contracts/calendar.js';
import {
  type ContractState,
  type ContractTerms,
  chatelOwed,
  currentDeadline,
  currentTermEnd,
  freeTermination,
  lastDay,
  nextPeriod,
  statusOn,
  terminationEndsOn,
  visitLate,
} from '../../domain/contracts/decider.js';
import {
  contractBalance,
  creditMoney,
  creditRefundLabel,
  invoiceMoney,
  invoicePaymentLabel,
} from '../../domain/contracts/money.js';
import { DomainError } from '../../domain/errors.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Tx } from '../db/client.js';
import { personalColumn } from '../orders/personal-records.js';
import { listSites } from '../sites/queries.js';
import { contractIdFromToken } from './contract-link.js';
import { foldContractRows, type StoredContractRow } from './model.js';

/** Every contract's folded state in one read (the list, the sweep), optionally some ids only. */
export async function foldContracts(sql: Tx, ids?: readonly string[]): Promise<Map<string, ContractState>> {
  const rows = await sql<StoredContractRow[]>`
    select e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at, ${personalColumn(sql, 'e')}
      from events e join service_contracts c on c.id = e.stream_id
     where ${ids ? sql`c.id = any(${ids as string[]}::uuid[])` : sql`true`}
     order by e.stream_id, e.version`;
  return foldContractRows(rows);
}

const nextVisitOf = (s: ContractState, today: string) =>
  s.visits.find((v) => v.day >= today && v.day <= (lastDay(s) ?? '9999')) ?? null;

/** What the list needs of a contract: its terms, who, where, and its next planned visit. */
type ListedContract = ContractTerms & {
  id: string;
  number: string;
  customerName: string;
  siteId: string;
  nextVisit: { yearIndex: number; day: string; interventionId: string | null } | null;
  /** What its invoices still owe and its credit notes still give back (ADR 046). */
  owedCents: number;
  toRefundCents: number;
};

const listedOf = (s: ContractState, today: string): ListedContract => ({
  ...s,
  ...contractBalance(s),
  customerName: s.customer.companyName || s.customer.name,
  nextVisit: nextVisitOf(s, today),
});

/** What the lists and pages show of a contract today. */
export function contractSummary(
  s: ListedContract,
  site: { name: string; street: string; zipCode: string; city: string } | null,
  today: string,
) {
  const deadline = currentDeadline(s);
  const next = nextPeriod(s, today);
  return {
    id: s.id,
    number: s.number,
    customerName: s.customerName,
    siteId: s.siteId,
    siteName: site?.name ?? '',
    status: statusOn(s, today),
    startDate: s.startDate,
    termEnd: currentTermEnd(s),
    lastDay: lastDay(s),
    deadline,
    nextVisit: s.nextVisit,
    nextInvoice: next ? { from: next.from, to: next.to, amountExclCents: next.amountExclCents } : null,
    notice: chatelOwed(s)
      ? {
          window: chatelWindow(deadline),
          sent: s.notices.find((n) => n.renewalDay === currentTermEnd(s)) ?? null,
        }
      : null,
    yearlyPriceExclCents: s.yearlyPriceExclCents,
    billingRhythm: s.billingRhythm,
    visitsPerYear: s.visitsPerYear,
    owedCents: s.owedCents,
    toRefundCents: s.toRefundCents,
  };
}

async function sitesOf(sql: Tx, ids: string[]) {
  const rows = await sql<{ id: string; name: string; street: string; zipCode: string; city: string }[]>`
    select id, name, street, zip_code, city from sites where id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * « Contrats »: every contract, the running ones first, by number. Read from the projection
 * (`service_contracts`, its next planned visit from `contract_visits`), which keeps every term
 * the summary reads; the replay rebuilds the same rows (replay.ts), so the list is the fold's.
 */
export async function listContracts(sql: Tx, today = parisDay(new Date())) {
  const rows = await sql<
    (ListedContract & { siteName: string; street: string; zipCode: string; city: string })[]
  >`
    select c.id, c.number, c.customer_name, c.site_id, to_char(c.start_date, 'YYYY-MM-DD') as start_date,
           c.term_months, c.renewals, c.notice_months, c.tacit_renewal, c.terminated, c.consumer_rules,
           c.billing_rhythm, c.visits_per_year, c.yearly_price_excl_cents, c.invoices, c.notices,
           c.owed_cents, c.to_refund_cents,
           s.name as site_name, s.street, s.zip_code, s.city,
           (select jsonb_build_object('yearIndex', v.year_index, 'day', to_char(v.day, 'YYYY-MM-DD'),
                                      'interventionId', v.intervention_id)
              from contract_visits v
             where v.contract_id = c.id and v.day >= ${today}::date
               and (c.last_day is null or v.day <= c.last_day)
             order by v.day limit 1) as next_visit
      from service_contracts c
      left join sites s on s.id = c.site_id`;
  const order = { active: 0, upcoming: 1, ending: 2, ended: 3 };
  // Numbers are one fixed-width series (CT-YYYY-NNNNNN): compared as plain strings.
  return rows
    .map(({ siteName, street, zipCode, city, ...c }) =>
      contractSummary(c, siteName === null ? null : { name: siteName, street, zipCode, city }, today),
    )
    .sort(
      (a, b) => order[a.status] - order[b.status] || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0),
    );
}

export const contractNotFoundError = () =>
  new DomainError('not_found', 'CONTRACT_NOT_FOUND', 'Contrat introuvable.');

/** The credit notes with what is left to give back and their row's words (« Remboursé »…). */
const creditsOf = (s: ContractState) =>
  s.credits.map((c) => {
    const money = creditMoney(s, c);
    return { ...c, ...money, refundLabel: creditRefundLabel(c, money) };
  });

/** A contract's page: everything of the state, its site, its visits with their interventions. */
export async function contractDetail(sql: Tx, id: string, today = parisDay(new Date())) {
  const s = (await foldContracts(sql, [id])).get(id);
  if (!s) throw contractNotFoundError();
  const site = (await sitesOf(sql, [s.siteId])).get(s.siteId) ?? null;
  const interventions = await sql<{ id: string; number: string; status: string }[]>`
    select id, number, status from interventions where service_contract_id = ${id}`;
  const byId = new Map(interventions.map((i) => [i.id, i]));
  const last = lastDay(s);
  return {
    ...contractSummary(listedOf(s, today), site, today),
    site,
    customer: s.customer,
    customerKind: s.customerKind,
    headcount: s.headcount,
    activity: s.activity,
    consumerRules: s.consumerRules,
    conclusionMode: s.conclusionMode,
    signedOnline: s.signedOnline,
    pests: s.pests,
    zones: s.zones,
    deviceBaseline: s.deviceBaseline,
    vatRate: s.vatRate,
    termMonths: s.termMonths,
    tacitRenewal: s.tacitRenewal,
    noticeMonths: s.noticeMonths,
    renewals: s.renewals,
    signedAt: s.signedAt,
    visits: s.visits
      .filter((v) => !last || v.day <= last)
      .map((v) => ({
        ...v,
        late: visitLate(v, today),
        intervention: v.interventionId ? (byId.get(v.interventionId) ?? null) : null,
      })),
    invoices: s.invoices.map((i) => {
      const money = invoiceMoney(s, i);
      return { ...i, ...money, paymentLabel: invoicePaymentLabel(money) };
    }),
    credits: creditsOf(s),
    notices: s.notices,
    terminated: s.terminated,
    termination: s.terminated ? null : terminationEndsOn(s, today),
    freeTermination: freeTermination(s),
  };
}

/**
 * The planned visits still to confirm between two days (the owner's planning), the past ones late.
 * When the days hold today, the late visits of the weeks before come too (their own day is before
 * `from`): a visit nobody confirmed must not drop out of sight once its week is over.
 */
export async function visitsToConfirm(sql: Tx, from: string, to: string, today = parisDay(new Date())) {
  const rows = await sql<
    {
      contractId: string;
      day: string;
      contractNumber: string;
      customerName: string;
      siteName: string;
      city: string;
    }[]
  >`
    select v.contract_id, to_char(v.day, 'YYYY-MM-DD') as day, c.number as contract_number,
           c.customer_name, s.name as site_name, s.city
      from contract_visits v
      join service_contracts c on c.id = v.contract_id
      join sites s on s.id = c.site_id
     where v.intervention_id is null
       and (v.day between ${from}::date and ${to}::date
            or (${today}::date between ${from}::date and ${to}::date and v.day < ${from}::date))
       and (c.last_day is null or v.day <= c.last_day)
     order by v.day, c.number
     limit 500`;
  return rows.map((r) => ({ ...r, late: visitLate({ day: r.day, interventionId: null }, today) }));
}

// --- The customer's view ----------------------------------------------------------------------------

export type ContractScope = { user: { id: string; email: string } } | { contractId: string };

/** The signed link's contract, or « Ce lien est invalide ou a expiré. ». */
export function contractLinkScope(secret: string, token: string): ContractScope {
  const contractId = contractIdFromToken(secret, token);
  if (!contractId) throw new DomainError('not_found', 'LINK_INVALID', 'Ce lien est invalide ou a expiré.');
  return { contractId };
}

/** The contracts in scope: an account's (its own or signed with its verified address), or the link's one. */
async function idsInScope(sql: Tx, scope: ContractScope): Promise<string[]> {
  // A contract whose customer was erased is under legal hold: the signed link gives nothing (ADR 020).
  if ('contractId' in scope) {
    const [row] = await sql<{ id: string }[]>`
      select c.id from service_contracts c
       where c.id = ${scope.contractId}
         and not exists (select 1 from personal_records r
                          where r.stream_id = c.id and r.event_type = 'ContractSigned' and r.erased_at is not null)`;
    return row ? [row.id] : [];
  }
  const rows = await sql<{ id: string }[]>`
    select c.id from service_contracts c
     where c.customer_id = ${scope.user.id}
        or (lower(c.customer_email) = ${scope.user.email.toLowerCase()}
            and exists (select 1 from users u where u.id = ${scope.user.id} and u.email_verified))
     order by c.number desc`;
  return rows.map((r) => r.id);
}

/** What the customer reads of their contracts: terms, next visits, invoices, the termination offer. */
export async function customerContracts(sql: Tx, scope: ContractScope, today = parisDay(new Date())) {
  const ids = await idsInScope(sql, scope);
  if (ids.length === 0) return [];
  const states = await foldContracts(sql, ids);
  const sites = await sitesOf(sql, [...new Set([...states.values()].map((s) => s.siteId))]);
  return ids.flatMap((id) => {
    const s = states.get(id);
    if (!s) return [];
    const summary = contractSummary(listedOf(s, today), sites.get(s.siteId) ?? null, today);
    const last = lastDay(s);
    return [
      {
        id: s.id,
        number: s.number,
        status: summary.status,
        siteName: summary.siteName,
        siteAddress: sites.get(s.siteId) ?? null,
        pests: s.pests,
        visitsPerYear: s.visitsPerYear,
        yearlyPriceExclCents: s.yearlyPriceExclCents,
        vatRate: s.vatRate,
        billingRhythm: s.billingRhythm,
        startDate: s.startDate,
        termMonths: s.termMonths,
        tacitRenewal: s.tacitRenewal,
        deadline: summary.deadline,
        termEnd: summary.termEnd,
        lastDay: last,
        nextVisits: s.visits
          .filter((v) => v.day >= today && (!last || v.day <= last))
          .slice(0, 4)
          .map((v) => v.day),
        invoices: s.invoices.map((i) => ({
          number: i.number,
          from: i.from,
          to: i.to,
          totalInclCents: i.totalInclCents,
          issuedAt: i.issuedAt,
        })),
        credits: creditsOf(s),
        signedOnline: s.signedOnline,
        terminated: s.terminated,
        /** What « Résilier mon contrat » would do today (null: not offered online). */
        termination: s.terminated || !s.signedOnline ? null : terminationEndsOn(s, today),
      },
    ];
  });
}

/** The contract in scope a customer acts on (refused as not found otherwise). */
export async function contractInScope(sql: Tx, scope: ContractScope, contractId: string) {
  const ids = await idsInScope(sql, scope);
  if (!ids.includes(contractId)) throw contractNotFoundError();
  return contractId;
}

/** The sites a new contract may name (not archived), by name. */
/** The sites a new contract may cover: the sites screen's own list (ADR 042), not archived. */
export async function contractSites(sql: Tx) {
  const rows = await listSites(sql, { search: '', archived: false, limit: 1000 });
  return rows.map((r) => ({ id: r.id, name: r.name, city: r.city, siteType: r.siteType }));
}
