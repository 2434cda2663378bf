/**
 * The invoice of an intervention, from its sealed report (issue 37 point 5,
 * docs/decisions/039-invoice-from-report.md), and the off-premises payment ban, pure.
 *
 * The devis is the contract: the invoice bills the accepted devis's lines with their VAT rates, and
 * prints the time actually spent on site (VisitArrived → VisitFinished, counted as the tariffs say)
 * beside the devis's estimate; the tariffs publish no rule for extra time, so none is billed. A
 * devis product line is billed when the report records a treatment with that product; a product
 * applied that the devis does not price is not billed. Each line names the report events it comes
 * from (their stream versions), kept in the snapshot.
 *
 * Sources: C. conso. L221-10 (no payment of any kind before the end of the 7th day after an
 * off-premises contract, except urgent work the consumer expressly asked for, L221-28 8°); CGI art.
 * 242 nonies A (mentions; « Prestation de services »), art. 269 2 c (VAT on services is due on
 * receipt unless the firm opted for debits: no such option is recorded, so none is printed).
 */
import { includedTaxCents } from '../catalog/pricing.js';
import { addDays } from '../dashboard/periods.js';
import { DomainError } from '../errors.js';
import {
  type DocumentSnapshot,
  dueTerms,
  type InterventionSource,
  type LineSource,
  type Numbered,
  PAYMENT_DUE_DAYS,
  type ShopContact,
  sellerSnapshot,
} from '../invoices/document.js';
import type { SellerIdentity } from '../invoices/identity.js';
import { frenchDay } from '../site/dates.js';
import { parisDay } from '../site/time-zone.js';
import { billedMinutes, type DevisSnapshot, hoursLabel, OFF_PREMISES_PAYMENT_BAN_DAYS } from './devis.js';
import type { ContractSummary } from './devis-decider.js';
import type { InterventionEvent } from './events.js';
import type { Tariffs } from './tariffs.js';

/** An event of the stream with its version and time, as the builder reads it. */
export type VersionedEvent = InterventionEvent & { version: number; at: string };

const invalid = (code: string, message: string) => new DomainError('invalid', code, message);

export const INVOICE_MESSAGES = {
  noReport: 'Le rapport d’intervention doit être scellé avant de facturer.',
  noDevis: 'Aucun devis envoyé : la facture reprend les lignes du devis.',
  already: (number: string) => `Cette intervention a déjà la facture ${number}.`,
  lost: 'Une intervention perdue ne peut pas être facturée.',
} as const;

// --- The payment ban (L221-10) --------------------------------------------------------------------

export interface PaymentRule {
  mode: InterventionSource['conclusionMode'];
  /** The first Paris day a payment may be received; null: no ban. */
  allowedFrom: string | null;
  urgentException: string | null;
}

/**
 * When payment may be received under the contract: at a distance, at once; off premises, from the
 * day after `paymentBanUntil` (signed day + 7: the seven days run from the day after the signature,
 * so the first allowed day is the 8th), unless the customer's written urgent request was recorded;
 * mode unknown (no signature recorded), the strictest reading: as if signed off premises on the
 * visit's day, the latest day the contract can have been concluded, and no exception.
 */
export function paymentRule(contract: ContractSummary | null, visitDay: string): PaymentRule {
  if (contract?.mode === 'a_distance')
    return { mode: 'a_distance', allowedFrom: null, urgentException: null };
  if (contract?.mode === 'hors_etablissement') {
    if (contract.urgentException)
      return { mode: 'hors_etablissement', allowedFrom: null, urgentException: contract.urgentException };
    const until =
      contract.paymentBanUntil ?? addDays(contract.at.slice(0, 10), OFF_PREMISES_PAYMENT_BAN_DAYS);
    return { mode: 'hors_etablissement', allowedFrom: addDays(until, 1), urgentException: null };
  }
  return {
    mode: 'inconnu',
    allowedFrom: addDays(visitDay, OFF_PREMISES_PAYMENT_BAN_DAYS + 1),
    urgentException: null,
  };
}

export const paymentBannedMessage = (allowedFrom: string, mode: PaymentRule['mode']) =>
  mode === 'inconnu'
    ? `Aucun paiement ne peut être reçu avant le ${frenchDay(allowedFrom)} : le mode de conclusion du contrat n’est pas enregistré, la règle du contrat hors établissement s’applique (article L221-10 du Code de la consommation).`
    : `Aucun paiement ne peut être reçu avant le ${frenchDay(allowedFrom)} : contrat conclu hors établissement (article L221-10 du Code de la consommation).`;

/** Refuses a payment dated (Paris day) before the first day the law allows. */
export function checkPaymentDay(
  invoice: Pick<InterventionSource, 'paymentAllowedFrom' | 'conclusionMode'>,
  day: string,
): void {
  const from = invoice.paymentAllowedFrom;
  if (from && day < from) {
    throw new DomainError('invalid', 'PAYMENT_BANNED', paymentBannedMessage(from, invoice.conclusionMode), {
      field: 'day',
      allowedFrom: from,
    });
  }
}

// --- The invoice ------------------------------------------------------------------------------------

/** Minutes between two instants, rounded to the minute (never negative). */
const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));

/** The time on site of a visit: its first arrival to the last end after it. */
export function timeOnSite(events: readonly VersionedEvent[], appointmentId: string) {
  const ofVisit = events.filter(
    (e) => 'appointmentId' in e.data && (e.data as { appointmentId: string }).appointmentId === appointmentId,
  );
  const arrived = ofVisit.find((e) => e.type === 'VisitArrived');
  const finished = arrived
    ? ofVisit.filter((e) => e.type === 'VisitFinished' && e.version > arrived.version).at(-1)
    : undefined;
  const departed = ofVisit.find((e) => e.type === 'VisitDeparted');
  if (!arrived || !finished || arrived.type !== 'VisitArrived' || finished.type !== 'VisitFinished')
    return { arrived: arrived ?? null, finished: null, departed: departed ?? null, minutes: null };
  return {
    arrived,
    finished,
    departed: departed ?? null,
    minutes: minutesBetween(arrived.data.at, finished.data.at),
  };
}

const source = (e: { version: number; type: string }): LineSource => ({ version: e.version, type: e.type });

export interface InterventionInvoiceInput {
  interventionId: string;
  interventionNumber: string;
  status: string;
  contract: ContractSummary | null;
  /** The invoice already issued, if any. */
  invoiceNumber: string | null;
  events: readonly VersionedEvent[];
  tariffs: Pick<Tariffs, 'timeCounting' | 'minimumMinutes'>;
  identity: SellerIdentity;
  shop: ShopContact;
  numbered: Numbered;
}

/** Refuses what cannot be invoiced, before a number is taken (the series never skips one). */
export function invoiceableReport(input: Omit<InterventionInvoiceInput, 'numbered' | 'identity' | 'shop'>) {
  if (input.invoiceNumber)
    throw new DomainError('conflict', 'ALREADY_INVOICED', INVOICE_MESSAGES.already(input.invoiceNumber));
  if (input.status === 'lost') throw invalid('INTERVENTION_LOST', INVOICE_MESSAGES.lost);
  const report = input.events.filter((e) => e.type === 'ReportSealed').at(-1);
  if (report?.type !== 'ReportSealed') throw invalid('REPORT_NOT_SEALED', INVOICE_MESSAGES.noReport);
  const sent = input.events.flatMap((e) => (e.type === 'DevisSent' ? [e.data.devis] : []));
  const devis = (input.contract && sent.find((d) => d.number === input.contract?.number)) || sent.at(-1);
  if (!devis) throw invalid('NO_DEVIS', INVOICE_MESSAGES.noDevis);
  return { report, devis };
}

/** A devis line as an invoice line: the devis's amounts and rate, the report events it comes from. */
function invoiceLine(
  l: DevisSnapshot['lines'][number],
  sources: LineSource[],
  vatExempt: boolean,
): DocumentSnapshot['lines'][number] {
  // Time lines are billed as one line carrying the devis's time (the document's quantity is a count).
  const timed = l.unit === 'min';
  const quantity = timed ? 1 : l.quantity;
  const description = timed ? `${l.label} : ${hoursLabel(l.quantity)} (temps prévu au devis)` : l.label;
  const vatRate = vatExempt ? 0 : l.vatRate;
  return {
    description,
    quantity,
    unitPriceExclCents: Math.round(l.totalExclCents / quantity),
    discountCents: 0,
    vatRate,
    totalExclCents: l.totalExclCents,
    totalInclCents: l.totalExclCents + (vatExempt ? 0 : l.vatCents),
    sources,
  };
}

/** Totals per rate: the lines' own rounded amounts summed (as the devis did), highest rate first. */
function totalsOf(lines: DocumentSnapshot['lines']) {
  const byRate = new Map<number, { baseCents: number; totalInclCents: number }>();
  for (const l of lines) {
    const t = byRate.get(l.vatRate) ?? { baseCents: 0, totalInclCents: 0 };
    byRate.set(l.vatRate, {
      baseCents: t.baseCents + l.totalExclCents,
      totalInclCents: t.totalInclCents + l.totalInclCents,
    });
  }
  const vat = [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, t]) => ({ rate, ...t, vatCents: t.totalInclCents - t.baseCents }));
  return {
    vat,
    totalExclCents: vat.reduce((s, v) => s + v.baseCents, 0),
    totalVatCents: vat.reduce((s, v) => s + v.vatCents, 0),
    totalInclCents: vat.reduce((s, v) => s + v.totalInclCents, 0),
  };
}

/** The invoice of an intervention as issued now, from its stream and the seller at this moment. */
export function buildInterventionInvoice(input: InterventionInvoiceInput): DocumentSnapshot {
  const { report, devis } = invoiceableReport(input);
  const covered = input.events.filter((e) => e.version <= report.data.coveredThroughVersion);
  const time = timeOnSite(covered, report.data.appointmentId);
  const visitAt = time.arrived?.data.at ?? report.at;
  const visitDay = parisDay(new Date(visitAt));
  const treatments = covered.filter((e) => e.type === 'TreatmentRecorded');
  const vatExempt = input.identity.vatExempt;
  const lines: DocumentSnapshot['lines'] = [];
  for (const l of devis.lines) {
    let sources: LineSource[];
    switch (l.kind) {
      case 'product': {
        // Billed only when applied: the report's treatments with this product (the devis prints its title).
        const applied = treatments.filter(
          (t) => t.type === 'TreatmentRecorded' && t.data.productTitle === l.label,
        );
        if (applied.length === 0) continue;
        sources = applied.map(source);
        break;
      }
      case 'travel':
        sources = [time.departed, time.arrived].flatMap((e) => (e ? [source(e)] : []));
        break;
      default:
        sources =
          l.unit === 'min'
            ? [time.arrived, time.finished].flatMap((e) => (e ? [source(e)] : []))
            : treatments.map(source);
    }
    // Every line names at least the sealed report it was billed from.
    lines.push(invoiceLine(l, [...sources, source(report)], vatExempt));
  }
  const t = totalsOf(lines);
  const rule = paymentRule(input.contract, visitDay);
  const issueDay = parisDay(new Date(input.numbered.issuedAt));
  const thirtieth = addDays(issueDay, PAYMENT_DUE_DAYS);
  const dueDate = rule.allowedFrom && rule.allowedFrom > thirtieth ? rule.allowedFrom : thirtieth;
  const c = devis.customer;
  return {
    kind: 'invoice',
    ...input.numbered,
    orderId: input.interventionId,
    orderNumber: input.interventionNumber,
    saleDate: visitAt,
    intervention: {
      devisNumber: devis.number,
      reportNumber: report.data.number,
      conclusionMode: rule.mode,
      siteAddress: devis.site.address,
      visitDay,
      estimatedMinutes: devis.estimatedMinutes,
      actualMinutes: time.minutes,
      actualCountedMinutes: time.minutes === null ? null : billedMinutes(time.minutes, input.tariffs),
      paymentAllowedFrom: rule.allowedFrom,
      urgentException: rule.urgentException,
      vatCertification: lines.some((l) => l.vatRate === 10) ? devis.vatCertification : null,
    },
    contract: null,
    seller: sellerSnapshot(input.identity, input.shop),
    customer: {
      name: c.name,
      email: c.email,
      billingAddress: c.address.line || c.address.city ? c.address : null,
      deliveryAddress: null,
      business: c.business
        ? { companyName: c.business.companyName, siren: c.business.siren, vatNumber: '' }
        : null,
    },
    operationCategory: 'services',
    lines,
    ...t,
    paymentTerms: rule.allowedFrom
      ? `Paiement à réception, à compter du ${frenchDay(rule.allowedFrom)} et au plus tard le ${frenchDay(dueDate)}.`
      : dueTerms(dueDate),
    paidAt: null,
    paymentMethods: [],
    prepaidCents: 0,
    dueDate,
    deliveryDate: visitDay,
    cites: null,
    reason: null,
  };
}

/** The time block an intervention's invoice prints: actual time beside the devis's estimate. */
export function timeMention(i: InterventionSource): string {
  const estimate = `temps prévu au devis ${hoursLabel(i.estimatedMinutes)}`;
  if (i.actualMinutes === null) return `Temps sur place non relevé ; ${estimate}. Facturé selon le devis.`;
  return `Temps passé sur place : ${hoursLabel(i.actualMinutes)} (compté ${hoursLabel(i.actualCountedMinutes ?? i.actualMinutes)}) ; ${estimate}. Facturé selon le devis.`;
}

// --- Payments ---------------------------------------------------------------------------------------

/**
 * A payment split over the invoice's VAT rates in proportion to their totals (the closures sum VAT
 * per rate: each movement carries one rate), the last rate taking the rounding.
 */
export function paymentShares(
  vat: readonly { rate: number; totalInclCents: number }[],
  amountCents: number,
): { rate: number; amountCents: number; vatCents: number }[] {
  const rates = vat.filter((v) => v.totalInclCents > 0);
  const total = rates.reduce((s, v) => s + v.totalInclCents, 0);
  let left = amountCents;
  return rates
    .map((v, i) => {
      const share = i === rates.length - 1 ? left : Math.round((amountCents * v.totalInclCents) / total);
      left -= share;
      return { rate: v.rate, amountCents: share, vatCents: includedTaxCents(share, v.rate) };
    })
    .filter((s) => s.amountCents > 0);
}
