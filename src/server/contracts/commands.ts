/**
 * Yearly contract commands (docs/decisions/044-yearly-contracts.md): each runs through the log's
 * generic command path (log/stream-commands.ts) with the contract decider. Invoices take their
 * number from the documents' FA series and render with the one PDF and Factur-X writer, stored and
 * mailed by the invoices module; the Chatel notice and the termination's acknowledgement are queued
 * in the transaction of their event. The outbox sweep runs `sweepContracts`: renewals, planning,
 * the notices and the invoices due, each idempotent (the decider returns nothing when done).
 */
import { randomUUID } from 'node:crypto';
import { formatEuros } from '../../domain/catalog/pricing.js';
import { addMonths } from '../../domain/contracts/calendar.js';
import {
  CONTRACT_MESSAGES,
  type ContractInput,
  consumerRulesApply,
  contractNotFound,
} from '../../domain/contracts/contract.js';
import {
  type ContractCommand,
  type ContractEvent,
  type ContractState,
  decide,
  duePeriods,
  evolve,
  refundsOwed,
} from '../../domain/contracts/decider.js';
import { buildContractInvoice } from '../../domain/contracts/invoice.js';
import { addDays } from '../../domain/dashboard/periods.js';
import { DomainError } from '../../domain/errors.js';
import { devisLineVatRate } from '../../domain/interventions/devis.js';
import type { SiteType } from '../../domain/interventions/labels.js';
import {
  buildCreditNote,
  type DocumentSnapshot,
  documentSnapshotSchema,
} from '../../domain/invoices/document.js';
import { toId } from '../../domain/security/ids.js';
import { frenchCalendarDate, frenchDay } from '../../domain/site/dates.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql, Tx } from '../db/client.js';
import type { AppointmentMailing } from '../interventions/appointments.js';
import { bookAppointment, type SlotInput } from '../interventions/appointments.js';
import { openIntervention } from '../interventions/commands.js';
import { type DocumentClock, documentSeller, storeDocument, takeNumber } from '../invoices/issue.js';
import { renderDocumentPdf, sha256 } from '../invoices/pdf.js';
import {
  appendStreamCommand,
  handleStreamCommand,
  readModelStream,
  type StreamMeta,
} from '../log/stream-commands.js';
import { logger } from '../logger.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';
import { moneyDayClosed } from '../orders/closed-days.js';
import { readSite } from '../sites/queries.js';
import { siteLinkUrl } from '../sites/site-link.js';
import { contractLinkUrl } from './contract-link.js';
import { contractModel, nextContractNumber } from './model.js';

export function checkContractId(id: string): string {
  const valid = toId(id);
  if (!valid) throw contractNotFound();
  return valid;
}

export const runContract = (
  sql: Sql,
  id: string,
  meta: StreamMeta,
  decideWith: (state: ContractState | null, tx: Tx) => ContractEvent[] | Promise<ContractEvent[]>,
  inTransaction?: (tx: Tx, state: ContractState) => Promise<void>,
) =>
  handleStreamCommand<ContractState, ContractEvent>(sql, contractModel, id, meta, decideWith, inTransaction);

/** A contract command inside a transaction the caller holds (log/stream-commands.ts appendStreamCommand). */
const runContractIn = (tx: Tx, id: string, meta: StreamMeta, command: ContractCommand) =>
  appendStreamCommand<ContractState, ContractEvent>(tx, contractModel, id, meta, (state) => {
    if (!state) throw contractNotFound();
    return decide(command, state);
  });

export async function readContract(sql: Tx, id: string): Promise<ContractState | null> {
  const valid = toId(id);
  return valid ? (await readModelStream(sql, contractModel, valid)).state : null;
}

/** Applies a command to a state in memory (a command that follows another in the same append). */
const then = (state: ContractState, events: ContractEvent[], command: ContractCommand) => {
  let s = state;
  for (const [i, e] of events.entries())
    s = evolve(s, e, { streamId: s.id, version: s.version + i + 1, at: s.updatedAt });
  return decide(command, s);
};

/**
 * « Nouveau contrat »: the number, the VAT rate from the site's facts (a dwelling of more than two
 * years: 10 %, else 20 %), the L221-3 test, and the first year's planned visits, in one append.
 */
export async function signContract(
  sql: Sql,
  input: ContractInput,
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  const id = randomUUID();
  const today = parisDay(new Date(meta.at));
  return await runContract(
    sql,
    id,
    meta,
    async (state, tx) => {
      const site = await readSite(tx, input.siteId);
      if (!site || site.archivedAt)
        throw new DomainError('invalid', 'SITE_UNKNOWN', 'Choisissez un site existant.', { field: 'siteId' });
      const { identity } = await documentSeller(tx).catch(() => ({ identity: { vatExempt: false } }));
      const signed = decide(
        {
          type: 'Sign',
          // The contract's customer account is the site's (the server's fact, not the form's).
          input: { ...input, customerId: site.customerId ?? input.customerId },
          number: await nextContractNumber(tx, new Date(meta.at)),
          vatRate: devisLineVatRate('service', site.siteType as SiteType, identity.vatExempt),
          consumerRules: consumerRulesApply(input),
        },
        state,
      );
      const first = evolve(null, signed[0] as ContractEvent, { streamId: id, version: 1, at: meta.at });
      return [...signed, ...decide({ type: 'PlanVisits', today }, first)];
    },
    async (tx, state) => {
      const site = await readSite(tx, state.siteId);
      const mail = renderMail({
        shopName: mailing.settings.shopName,
        subject: `Votre contrat ${state.number}`,
        greeting: `Bonjour ${state.customer.name},`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Votre contrat d’entretien ${state.number} est enregistré : ${state.visitsPerYear} visite${state.visitsPerYear > 1 ? 's' : ''} par an à partir du ${frenchDay(state.startDate)}, pour ${formatEuros(state.yearlyPriceExclCents)} HT par an.`,
          },
          {
            kind: 'paragraph',
            text: `Sur la page de votre contrat, vous retrouvez les prochaines visites prévues et vos factures${state.signedOnline ? ', et vous pouvez le résilier en ligne' : ''}.`,
          },
          {
            kind: 'action',
            label: 'Voir mon contrat',
            url: contractLinkUrl(mailing.publicUrl, mailing.secret, state.id),
          },
          {
            kind: 'paragraph',
            text: `Sur la page de votre site${site ? ` « ${site.name} »` : ''}, vous retrouvez le plan des dispositifs, les rapports de nos visites, et vous pouvez nous signaler une observation entre deux visites.`,
          },
          {
            kind: 'action',
            label: 'Voir mon site',
            url: siteLinkUrl(mailing.publicUrl, mailing.secret, state.siteId),
          },
          {
            kind: 'note',
            text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
          },
        ],
      });
      await enqueueMail(tx, {
        ...mail,
        dedupeKey: `contract-signed:${state.id}`,
        kind: 'contract-signed',
        to: state.customer.email,
      });
    },
  );
}

// --- Planned visits ---------------------------------------------------------------------------------

const SERVICE_OF_PEST = {
  rongeurs: 'deratisation',
  blattes: 'cafards',
  punaises_de_lit: 'punaises',
} as const;

/**
 * « Confirmer » a planned visit: opens its intervention (source 'contract', the site and the
 * contract named) and records the link in the contract, then books the appointment through the
 * intervention's own command, on the slot's day (the planned day unless the owner replans it, as a
 * late visit must be). A refused slot leaves the intervention open, to plan from its page.
 */
export async function confirmPlannedVisit(
  sql: Sql,
  contractId: string,
  day: string,
  slot: Omit<SlotInput, 'day'> & { day?: string },
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  const id = checkContractId(contractId);
  const contract = await readContract(sql, id);
  if (!contract) throw contractNotFound();
  const visit = contract.visits.find((v) => v.day === day);
  if (!visit) throw new DomainError('invalid', 'VISIT_UNKNOWN', CONTRACT_MESSAGES.visitUnknown);
  if (visit.interventionId)
    throw new DomainError('conflict', 'VISIT_CONFIRMED', CONTRACT_MESSAGES.visitConfirmed);
  const site = await readSite(sql, contract.siteId);
  if (!site) throw contractNotFound();
  const pest = contract.pests.find((p) => p in SERVICE_OF_PEST) as keyof typeof SERVICE_OF_PEST | undefined;
  const interventionId = randomUUID();
  const position =
    contract.visits.filter((v) => v.yearIndex === visit.yearIndex).findIndex((v) => v.day === day) + 1;
  await openIntervention(
    sql,
    {
      name: contract.customer.companyName || contract.customer.name,
      email: contract.customer.email,
      phone: contract.customer.phone,
      service: pest ? SERVICE_OF_PEST[pest] : 'autre',
      siteType: site.siteType as SiteType,
      street: site.street,
      zipCode: site.zipCode,
      city: site.city,
      urgency: 'flexible',
      preferredSlots: [],
      message: `Visite ${position}/${contract.visitsPerYear} du contrat ${contract.number} prévue le ${frenchDay(day)} (${site.name}).`,
      callbackConsent: false,
    },
    {
      id: interventionId,
      meta,
      source: 'contract',
      customerId: contract.customerId,
      siteId: contract.siteId,
      serviceContractId: contract.id,
      inTransaction: async (tx) => {
        // The link in the contract's stream, in the request's transaction: never two interventions.
        await runContractIn(tx, id, meta, { type: 'ConfirmVisit', day, interventionId });
      },
    },
  );
  const booked = await bookAppointment(sql, interventionId, { ...slot, day: slot.day ?? day }, meta, mailing);
  return { interventionId, appointmentId: booked.appointmentId };
}

// --- Invoices ---------------------------------------------------------------------------------------

export interface InvoiceOptions {
  meta: StreamMeta;
  config: { PUBLIC_URL: string; AUTH_SECRET: string };
  clock?: DocumentClock;
}

/**
 * Issues the invoice of the first started period without one; null when none is due. In one
 * transaction: the FA number, the InvoiceIssued event, the stored PDF and the customer's mail.
 */
export async function issueNextContractInvoice(sql: Sql, contractId: string, options: InvoiceOptions) {
  const id = checkContractId(contractId);
  const today = parisDay(new Date(options.meta.at));
  let issued: { document: DocumentSnapshot; pdf: Buffer; pdfSha256: string } | null = null;
  await runContract(
    sql,
    id,
    options.meta,
    async (state, tx) => {
      issued = null;
      if (!state) throw contractNotFound();
      const period = duePeriods(state, today)[0];
      // Nothing due: no number taken (the series never skips one).
      if (!period) return [];
      const site = await readSite(tx, state.siteId);
      if (!site) throw contractNotFound();
      const { identity, shop } = await documentSeller(tx);
      const numbered = await takeNumber(tx, identity.invoicePrefix, options.clock);
      const document = buildContractInvoice({ contract: state, period, site, identity, shop, numbered });
      const pdf = await renderDocumentPdf(document);
      issued = { document, pdf, pdfSha256: sha256(pdf) };
      return decide({ type: 'IssueInvoice', document, pdfSha256: issued.pdfSha256 }, state);
    },
    async (tx) => {
      if (!issued) return;
      await storeDocument(
        tx,
        id,
        issued.document,
        issued.pdf,
        issued.pdfSha256,
        contractLinkUrl(options.config.PUBLIC_URL, options.config.AUTH_SECRET, id),
      );
    },
  );
  return (issued as { document: DocumentSnapshot } | null)?.document.number ?? null;
}

/** « Facturer la période »: every started period without an invoice; refused when there is none. */
export async function issueDueContractInvoices(sql: Sql, contractId: string, options: InvoiceOptions) {
  const numbers: string[] = [];
  // Bounded: at most a few years of monthly periods behind (a stopped server catching up).
  for (let i = 0; i < 120; i += 1) {
    const number = await issueNextContractInvoice(sql, contractId, options);
    if (!number) break;
    numbers.push(number);
  }
  return numbers;
}

// --- Chatel notice ----------------------------------------------------------------------------------

/** The Chatel mail (L215-1): a dedicated mail, the deadline in a visible box. */
export function chatelMail(
  state: ContractState,
  due: { renewalDay: string; deadline: string },
  mailing: AppointmentMailing,
) {
  const lastDayOfTerm = addDays(due.renewalDay, -1);
  const link = contractLinkUrl(mailing.publicUrl, mailing.secret, state.id);
  return renderMail({
    shopName: mailing.settings.shopName,
    subject: `Votre contrat ${state.number} : date limite pour refuser sa reconduction`,
    greeting: `Bonjour ${state.customer.name},`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Votre contrat d’entretien ${state.number} arrive au terme de sa période le ${frenchCalendarDate(lastDayOfTerm)}. Sauf refus de votre part, il sera reconduit tacitement le ${frenchCalendarDate(due.renewalDay)} pour ${state.termMonths} mois, aux mêmes conditions (${formatEuros(state.yearlyPriceExclCents)} HT par an).`,
      },
      {
        kind: 'box',
        title: 'Date limite pour refuser la reconduction :',
        lines: [frenchCalendarDate(due.deadline)],
      },
      {
        kind: 'paragraph',
        text: `Vous pouvez refuser la reconduction jusqu’à cette date incluse, sans frais ni justification${state.signedOnline ? ', en ligne depuis la page de votre contrat, par email ou par courrier' : ', par email ou par courrier'}. Passé ce délai, le contrat sera reconduit.`,
      },
      ...(state.signedOnline
        ? [{ kind: 'action' as const, label: 'Voir ou résilier mon contrat', url: link }]
        : []),
      {
        kind: 'note',
        text: 'Information prévue par l’article L215-1 du Code de la consommation : à défaut de cette information dans les délais, vous pouvez mettre fin gratuitement au contrat à tout moment à compter de sa reconduction.',
      },
      {
        kind: 'note',
        text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
      },
    ],
  });
}

/**
 * Sends the Chatel notice when it is due today: the ChatelNoticeSent event and the queued mail in
 * one transaction (a second run finds the notice in the stream and sends nothing).
 */
export async function sendChatelNoticeIfDue(
  sql: Sql,
  contractId: string,
  meta: StreamMeta,
  mailing: AppointmentMailing,
) {
  const today = parisDay(new Date(meta.at));
  const handled = await runContract(
    sql,
    contractId,
    meta,
    (state) => {
      if (!state) throw contractNotFound();
      return decide({ type: 'SendChatelNotice', today, to: state.customer.email }, state);
    },
    async (tx, state) => {
      const notice = state.notices.at(-1);
      if (!notice) return;
      const mail = chatelMail(state, notice, mailing);
      const queued = await enqueueMail(tx, {
        ...mail,
        dedupeKey: `contract-chatel:${state.id}:${notice.renewalDay}`,
        kind: 'contract-chatel',
        to: notice.to,
      });
      // No address to send to (an erased customer): the notice is not recorded either.
      if (!queued)
        throw new DomainError('conflict', 'NOTICE_NOT_QUEUED', 'Avis non envoyé : aucune adresse.');
    },
  );
  return handled.events.length > 0;
}

// --- Termination ------------------------------------------------------------------------------------

/** The invoice a contract credit note cites, as issued (the snapshot in its InvoiceIssued event). */
async function contractInvoice(tx: Tx, contractId: string, number: string): Promise<DocumentSnapshot> {
  const [row] = await tx<{ document: unknown }[]>`
    select data -> 'document' as document from events
     where stream_id = ${contractId}::uuid and type = 'InvoiceIssued'
       and data #>> '{document,number}' = ${number}`;
  if (!row) throw new Error(`contract invoice ${number} not found`);
  return documentSnapshotSchema.parse(row.document);
}

/**
 * The credit notes (AV series) of what a termination leaves invoiced after its last day
 * (refundsOwed), built by the invoices module's one builder, with their events; in the
 * termination's transaction, so a rollback gives the numbers back.
 */
async function terminationCredits(
  tx: Tx,
  state: ContractState,
  clock: DocumentClock | undefined,
): Promise<{ events: ContractEvent[]; issued: IssuedDocument[] }> {
  const owed = refundsOwed(state);
  if (owed.length === 0) return { events: [], issued: [] };
  const { identity, shop } = await documentSeller(tx);
  const events: ContractEvent[] = [];
  const issued: IssuedDocument[] = [];
  let s = state;
  for (const { invoice, amountCents } of owed) {
    const document = buildCreditNote({
      orderId: state.id,
      invoice: await contractInvoice(tx, state.id, invoice.number),
      identity,
      shop,
      numbered: await takeNumber(tx, identity.creditNotePrefix, clock),
      creditedCents: 0,
      request: {
        amountCents,
        reason: `Résiliation du contrat ${state.number} au ${frenchDay(state.terminated?.endsOn ?? '')} : période non couverte`,
      },
    });
    const pdf = await renderDocumentPdf(document);
    const pdfSha256 = sha256(pdf);
    const decided = decide({ type: 'IssueCreditNote', document, pdfSha256 }, s);
    for (const [i, e] of decided.entries())
      s = evolve(s, e, { streamId: s.id, version: s.version + i + 1, at: s.updatedAt });
    events.push(...decided);
    issued.push({ document, pdf, pdfSha256 });
  }
  return { events, issued };
}

interface IssuedDocument {
  document: DocumentSnapshot;
  pdf: Buffer;
  pdfSha256: string;
}

/**
 * « Résilier »: the ContractTerminated event, the credit notes of what was invoiced past its last
 * day (a free termination, L215-1), their PDFs and mails and the acknowledgement, in one transaction.
 */
export async function terminateContract(
  sql: Sql,
  contractId: string,
  input: { by: 'customer' | 'owner'; online: boolean; reason: string },
  meta: StreamMeta,
  mailing: AppointmentMailing,
  clock?: DocumentClock,
) {
  const id = checkContractId(contractId);
  const today = parisDay(new Date(meta.at));
  let credits: IssuedDocument[] = [];
  return await runContract(
    sql,
    id,
    meta,
    async (state, tx) => {
      credits = [];
      if (!state) throw contractNotFound();
      const terminated = decide({ type: 'Terminate', ...input, today }, state);
      const after = evolve(state, terminated[0] as ContractEvent, {
        streamId: id,
        version: state.version + 1,
        at: meta.at,
      });
      const issued = await terminationCredits(tx, after, clock);
      credits = issued.issued;
      return [...terminated, ...issued.events];
    },
    async (tx, state) => {
      const t = state.terminated;
      if (!t) return;
      const link = contractLinkUrl(mailing.publicUrl, mailing.secret, state.id);
      for (const c of credits) await storeDocument(tx, id, c.document, c.pdf, c.pdfSha256, link);
      const mail = renderMail({
        shopName: mailing.settings.shopName,
        subject: `Résiliation de votre contrat ${state.number}`,
        greeting: `Bonjour ${state.customer.name},`,
        blocks: [
          {
            kind: 'paragraph',
            text:
              t.by === 'customer'
                ? `Nous accusons réception de la résiliation de votre contrat ${state.number}, demandée le ${frenchDay(t.requestedOn)}${t.online ? ' en ligne' : ''}.`
                : `Votre contrat ${state.number} est résilié à la date du ${frenchDay(t.requestedOn)}.`,
          },
          {
            kind: 'box',
            title: 'Dernier jour couvert par le contrat :',
            lines: [frenchCalendarDate(t.endsOn)],
          },
          ...(t.free
            ? [
                {
                  kind: 'paragraph' as const,
                  text: 'Cette résiliation est sans frais (article L215-1 du Code de la consommation) : les sommes versées pour la période qui suit seront remboursées sous 30 jours.',
                },
              ]
            : []),
          {
            kind: 'action',
            label: 'Voir mon contrat',
            url: contractLinkUrl(mailing.publicUrl, mailing.secret, state.id),
          },
          {
            kind: 'note',
            text: contactLine({ email: mailing.settings.shopEmail, phone: mailing.settings.shopPhone }),
          },
        ],
      });
      await enqueueMail(tx, {
        ...mail,
        dedupeKey: `contract-terminated:${state.id}`,
        kind: 'contract-terminated',
        to: state.customer.email,
      });
    },
  );
}

// --- Money ------------------------------------------------------------------------------------------

export interface ContractPaymentInput {
  invoiceNumber: string;
  amountCents: number;
  method: string;
  /** The Paris day the money was received. */
  day: string;
  reference?: string | null;
}

export interface ContractRefundInput {
  creditNoteNumber: string;
  amountCents: number;
  method: string;
}

/**
 * A money command on the contract's stream (ADR 046): the closures' lock in shared mode (a
 * closure takes it exclusively: no movement lands in a day while it is being closed) and whether
 * the movement's day is closed, read in the command's transaction, as every money command does
 * (orders/money.ts, interventions/invoice.ts); then the pure decider.
 */
const runContractMoney = (
  sql: Sql,
  contractId: string,
  day: string,
  meta: StreamMeta,
  command: (dayClosed: boolean) => ContractCommand,
) =>
  runContract(sql, checkContractId(contractId), meta, async (state, tx) => {
    if (!state) throw contractNotFound();
    return decide(command(await moneyDayClosed(tx, day)), state);
  });

/** « Enregistrer un paiement » on one of the contract's invoices. */
export function recordContractPayment(
  sql: Sql,
  contractId: string,
  input: ContractPaymentInput,
  meta: StreamMeta,
) {
  const today = parisDay(new Date(meta.at));
  const paymentId = randomUUID();
  return runContractMoney(sql, contractId, input.day, meta, (dayClosed) => ({
    type: 'RecordPayment',
    invoiceNumber: input.invoiceNumber,
    paymentId,
    amountCents: input.amountCents,
    method: input.method,
    day: input.day,
    reference: input.reference ?? null,
    today,
    dayClosed,
  }));
}

/** « Enregistrer le remboursement » of one of the contract's credit notes, dated today. */
export function recordContractRefund(
  sql: Sql,
  contractId: string,
  input: ContractRefundInput,
  meta: StreamMeta,
) {
  const today = parisDay(new Date(meta.at));
  const refundId = randomUUID();
  return runContractMoney(sql, contractId, today, meta, (dayClosed) => ({
    type: 'RecordRefund',
    creditNoteNumber: input.creditNoteNumber,
    refundId,
    amountCents: input.amountCents,
    method: input.method,
    today,
    dayClosed,
  }));
}

// --- The sweep --------------------------------------------------------------------------------------

const systemMeta = (at: string, what: string): StreamMeta => ({
  actor: { kind: 'system', name: 'contracts' },
  at,
  requestId: `contracts:${what}:${at}`,
});

/**
 * The renewals due today (a server stopped across two terms catches up), then the contract years
 * whose visits are due to be planned, in one append; nothing when both are done.
 */
export async function renewAndPlan(sql: Sql, contractId: string, meta: StreamMeta) {
  const today = parisDay(new Date(meta.at));
  return await runContract(sql, contractId, meta, (s) => {
    if (!s) throw contractNotFound();
    const events: ContractEvent[] = [];
    let state = s;
    for (
      let r = decide({ type: 'Renew', today }, state);
      r.length > 0;
      r = decide({ type: 'Renew', today }, state)
    ) {
      events.push(...r);
      state = evolve(state, r[0] as ContractEvent, {
        streamId: s.id,
        version: state.version + 1,
        at: meta.at,
      });
    }
    return [...events, ...then(s, events, { type: 'PlanVisits', today })];
  });
}

/**
 * One round over the contracts still running (or ended within the last year): the renewals due,
 * the next year's visits, the Chatel notice in its window, the invoices of started periods. Each
 * step is one command per contract and does nothing when already done, whatever instance runs it.
 */
export async function sweepContracts(
  sql: Sql,
  mailing: AppointmentMailing & { config: InvoiceOptions['config'] },
  options: { now?: Date; clock?: DocumentClock } = {},
) {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const today = parisDay(now);
  // A contract whose customer was erased (ADR 020) is dormant: no one to visit, notify or invoice.
  const ids = await sql<{ id: string }[]>`
    select c.id from service_contracts c
     where (c.last_day is null or c.last_day >= ${addMonths(today, -12)}::date)
       and not exists (select 1 from personal_records r
                        where r.stream_id = c.id and r.event_type = 'ContractSigned' and r.erased_at is not null)
     order by c.number`;
  const result = { renewed: 0, planned: 0, notices: 0, invoices: [] as string[] };
  for (const { id } of ids) {
    const renewed = await renewAndPlan(sql, id, systemMeta(at, 'renew'));
    result.renewed += renewed.events.filter((e) => e.type === 'ContractRenewed').length;
    result.planned += renewed.events.filter((e) => e.type === 'ContractVisitsPlanned').length;
    const noticed = await sendChatelNoticeIfDue(sql, id, systemMeta(at, 'chatel'), mailing).catch((error) => {
      logger.error(`Contract ${id}: Chatel notice not sent`, error);
      return false;
    });
    if (noticed) result.notices += 1;
    const state = renewed.state;
    if (state && duePeriods(state, today).length > 0) {
      const numbers = await issueDueContractInvoices(sql, id, {
        meta: systemMeta(at, 'invoice'),
        config: mailing.config,
        ...(options.clock ? { clock: options.clock } : {}),
      }).catch((error) => {
        // An incomplete seller identity waits (Paramètres › Facturation), as an order's invoice does.
        logger.warn(`Contract ${id}: invoice not issued (${error instanceof Error ? error.message : error})`);
        return [] as string[];
      });
      result.invoices.push(...numbers);
    }
  }
  return result;
}
