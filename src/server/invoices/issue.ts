/**
 * Issuing invoices and credit notes: each is an event of the order's stream (InvoiceIssued,
 * CreditNoteIssued) appended through the order store, in the caller's transaction, with its number
 * taken from the series' counter row in that same transaction, its PDF rendered from the snapshot,
 * stored, hashed into the event, and mailed through the outbox. A rollback anywhere gives the
 * number back: the series stays gapless (docs/decisions/019-invoices.md).
 *
 * The order commands reach it through the decision port the app wires once
 * (issueDocumentsOnDecisions below, orders/after-decision.ts): after every decision that may make a
 * document due, in its transaction, issueDocumentsAfterChange issues what it implies.
 */
import { DomainError } from '../../domain/errors.js';
import {
  buildCreditNote,
  buildInvoice,
  type CreditRequest,
  type DocumentSnapshot,
  documentNumber,
  documentSeries,
  type Numbered,
  refundCreditRequest,
} from '../../domain/invoices/document.js';
import { missingIdentityFields, missingIdentityMessage } from '../../domain/invoices/identity.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { type Actor, parseOrderEvent } from '../../domain/orders/events.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import type { Sql, Tx } from '../db/client.js';
import { nextInSeries } from '../db/number-counters.js';
import { mailTransaction } from '../mail/outbox.js';
import { onOrderDecided } from '../orders/after-decision.js';
import { commitDecision, foldStored, type OrderRead } from '../orders/commit.js';
import type { OrderUrl } from '../orders/order-link.js';
import { readStream, type StoredEvent } from '../orders/store.js';
import { readSettings } from '../settings/store.js';
import { readIdentity } from './identity.js';
import { queueDocumentMail } from './mail.js';
import { renderDocumentPdf, sha256 } from './pdf.js';

export interface Issued {
  number: string;
  document: DocumentSnapshot;
  pdfSha256: string;
}

const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'Commande introuvable.');

/** The one clock documents are dated with: the database's, read once the series is locked. */
export type DocumentClock = (tx: Tx) => Promise<Date>;

export const databaseClock: DocumentClock = async (tx) => {
  const [row] = await tx<{ now: Date }[]>`select clock_timestamp() as now`;
  if (!row) throw new Error('clock not read');
  return row.now;
};

/**
 * The next number of the series, from its counter row. Issuers of one prefix queue on a lock held
 * until the caller's transaction ends, then read ONE clock: the series' Paris year and the issue
 * time are the same instant (FA-2026 is never dated 2027), and numbers and dates rise together.
 */
export async function takeNumber(
  tx: Tx,
  prefix: string,
  clock: DocumentClock = databaseClock,
): Promise<Numbered> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`document-series:${prefix}`}, 0))`;
  const issuedAt = await clock(tx);
  const series = documentSeries(prefix, issuedAt);
  const sequence = await nextInSeries(tx, series);
  return {
    series,
    sequence,
    number: documentNumber(series, sequence),
    issuedAt: issuedAt.toISOString(),
  };
}

async function loadOrder(tx: Tx, orderId: string): Promise<{ stored: StoredEvent[]; order: OrderState }> {
  // Locks the stream's head so that two issues for one order run one after the other.
  await tx`select 1 from event_streams where stream_id = ${orderId}::uuid for update`;
  const stored = await readStream(tx, orderId);
  const order = foldStored(stored);
  if (!order) throw notFound();
  return { stored, order };
}

/** The seller as documents print it: refused while a mandatory mention is missing (named). */
export async function documentSeller(tx: Tx) {
  const { identity } = await readIdentity(tx);
  const missing = missingIdentityFields(identity);
  if (missing.length > 0) {
    throw new DomainError('invalid', 'SELLER_IDENTITY_INCOMPLETE', missingIdentityMessage(missing), {
      missing,
    });
  }
  const { settings } = await readSettings(tx);
  return { identity, shop: shopIdentity(settings) };
}

const meta = (actor: Actor, at: string) => ({ actor, at, requestId: `invoice:${at}` });

async function append(
  tx: Tx,
  orderId: string,
  read: OrderRead,
  type: 'InvoiceIssued' | 'CreditNoteIssued',
  document: DocumentSnapshot,
  actor: Actor,
  orderUrl: OrderUrl,
): Promise<Issued> {
  const pdf = await renderDocumentPdf(document);
  const pdfSha256 = sha256(pdf);
  await commitDecision(
    tx,
    orderId,
    read,
    [{ type, data: { document, pdfSha256 } }],
    meta(actor, document.issuedAt),
    [],
  );
  await storeDocument(tx, orderId, document, pdf, pdfSha256, orderUrl(orderId));
  return { number: document.number, document, pdfSha256 };
}

/**
 * After a document's event is appended, in its transaction: the PDF as issued (served as stored,
 * its hash in the event) and the customer's mail with the source's signed link. Orders and
 * interventions alike (`streamId` is the document's stream).
 */
export async function storeDocument(
  tx: Tx,
  streamId: string,
  document: DocumentSnapshot,
  pdf: Buffer,
  pdfSha256: string,
  linkUrl: string,
): Promise<void> {
  await tx`
    insert into invoice_documents (number, order_id, kind, pdf, sha256)
    values (${document.number}, ${streamId}, ${document.kind}, ${pdf}, ${pdfSha256})`;
  await queueDocumentMail(tx, document, pdf, linkUrl);
}

/**
 * Issues the order's invoice in `tx`. Refused for an order already invoiced, deleted, cancelled,
 * or when the seller's identity misses a mandatory mention (the message names the fields).
 */
export async function issueInvoice(
  tx: Tx,
  orderId: string,
  actor: Actor,
  orderUrl: OrderUrl,
  clock: DocumentClock = databaseClock,
): Promise<Issued> {
  const { stored, order } = await loadOrder(tx, orderId);
  if (order.deleted) throw new DomainError('conflict', 'ORDER_DELETED', 'Cette commande a été supprimée.');
  if (order.invoice) {
    throw new DomainError(
      'conflict',
      'ALREADY_INVOICED',
      `Cette commande a déjà la facture ${order.invoice.number}.`,
    );
  }
  if (order.status === 'cancelled') {
    throw new DomainError('conflict', 'ORDER_CANCELLED', 'Une commande annulée ne peut pas être facturée.');
  }
  const { identity, shop } = await documentSeller(tx);
  const numbered = await takeNumber(tx, identity.invoicePrefix, clock);
  const document = buildInvoice({ order, identity, shop, numbered });
  return await append(tx, orderId, { stored, state: order }, 'InvoiceIssued', document, actor, orderUrl);
}

/** « Émettre la facture »: the order's invoice in a transaction of its own, its mail queued with it. */
export async function issueInvoiceNow(sql: Sql, orderId: string, actor: Actor, orderUrl: OrderUrl) {
  return await mailTransaction(sql, (tx) => issueInvoice(tx, orderId, actor, orderUrl));
}

/** The invoice snapshot of an order, from its stream. */
function invoiceOf(stored: readonly StoredEvent[]): DocumentSnapshot | null {
  const event = stored.find((e) => e.type === 'InvoiceIssued');
  if (!event) return null;
  const parsed = parseOrderEvent({
    type: event.type,
    data: event.data,
    schemaVersion: event.metadata.schemaVersion,
  });
  return parsed.type === 'InvoiceIssued' ? parsed.data.document : null;
}

/**
 * Issues a credit note (avoir) on the order's invoice in `tx`: the given lines, or an amount, or
 * (neither) everything the invoice still carries. Refused when the order has no invoice or the
 * credit would exceed what remains.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: string,
  request: CreditRequest,
  actor: Actor,
  orderUrl: OrderUrl,
  clock: DocumentClock = databaseClock,
): Promise<Issued> {
  const { stored, order } = await loadOrder(tx, orderId);
  const invoice = invoiceOf(stored);
  if (!invoice) {
    throw new DomainError(
      'conflict',
      'NOT_INVOICED',
      "Cette commande n'a pas de facture : aucun avoir à émettre.",
    );
  }
  const { identity, shop } = await documentSeller(tx);
  const build = (numbered: Numbered) =>
    buildCreditNote({
      orderId,
      invoice,
      identity,
      shop,
      numbered,
      creditedCents: order.creditedCents ?? 0,
      request,
    });
  // Refused requests throw before a number is taken: the series never skips one.
  build({ number: '', series: '', sequence: 1, issuedAt: invoice.issuedAt });
  const document = build(await takeNumber(tx, identity.creditNotePrefix, clock));
  return await append(tx, orderId, { stored, state: order }, 'CreditNoteIssued', document, actor, orderUrl);
}

/**
 * What a committed order change implies for its documents (called in the change's transaction):
 * fully paid and not invoiced, the invoice; refunded or cancelled with an invoice not yet wholly
 * credited, a credit note for the rest. An automatic invoice waits (nothing is issued, nothing
 * fails) while the seller's identity is incomplete: "Émettre la facture" then says what is missing.
 */
export async function issueDocumentsAfterChange(
  tx: Tx,
  orderId: string,
  actor: Actor,
  orderUrl: OrderUrl,
): Promise<void> {
  const stored = await readStream(tx, orderId);
  const order = foldStored(stored);
  if (!order || order.deleted) return;
  if (order.invoice) {
    // Every refund of an invoiced order gets its credit note (avoir) for what it gave back, and a
    // cancellation credits whatever of the invoice is left (CGI art. 289: never an edited invoice).
    // Refunds are credited in the ledger's order, each by its own itemised credit note; what
    // earlier credit notes covered (older lump ones included) is skipped, a refund half covered is
    // credited for its rest by amount.
    let credited = order.creditedCents ?? 0;
    let covered = credited;
    for (const refund of order.ledger.refunds) {
      const remaining = order.invoice.totalInclCents - credited;
      if (remaining <= 0) return;
      if (covered >= refund.amountCents) {
        covered -= refund.amountCents;
        continue;
      }
      const itemised = refundCreditRequest(order, refund);
      const total = refund.amountCents - covered;
      const byAmount: CreditRequest = {
        amountCents: Math.min(total, remaining),
        reason: itemised.reason,
        ...(itemised.refund ? { refund: itemised.refund } : {}),
      };
      const request = covered > 0 || total > remaining ? byAmount : itemised;
      covered = 0;
      const issued = await issueCreditNote(tx, orderId, request, actor, orderUrl).catch((error: unknown) => {
        // Lines the invoice cannot carry (an older invoice, a rounding): the refund is still credited.
        if (error instanceof DomainError && error.code === 'INVALID_CREDIT_NOTE' && request !== byAmount)
          return issueCreditNote(tx, orderId, byAmount, actor, orderUrl);
        throw error;
      });
      credited += issued.document.totalInclCents;
    }
    if (order.status === 'cancelled' && order.invoice.totalInclCents - credited > 0) {
      await issueCreditNote(tx, orderId, { reason: 'Annulation de la commande' }, actor, orderUrl);
    }
    return;
  }
  if (order.paymentStatus === 'paid' && order.status !== 'cancelled') {
    const { identity } = await readIdentity(tx);
    if (missingIdentityFields(identity).length > 0) return;
    await issueInvoice(tx, orderId, actor, orderUrl);
  }
}

/**
 * Wires the order decision port (orders/after-decision.ts) to the documents: after every order
 * decision that may make one due, in its transaction, issueDocumentsAfterChange. Called once where
 * the app is composed (app.ts); returns what undoes it.
 */
export const issueDocumentsOnDecisions = (orderUrl: OrderUrl): (() => void) =>
  onOrderDecided((tx, orderId, actor) => issueDocumentsAfterChange(tx, orderId, actor, orderUrl));

/** A paid order still waiting for its invoice (Paramètres › Facturation was incomplete when paid). */
export interface AwaitingInvoice {
  id: string;
  orderNumber: string;
  customerName: string;
  totalAmountCents: number;
  createdAt: string;
}

/**
 * The orders issueDocumentsAfterChange would invoice but could not: paid, not cancelled, without an
 * InvoiceIssued in their stream. Listed in the back-office (« Factures ») so none is forgotten.
 */
export async function ordersAwaitingInvoice(sql: Tx): Promise<AwaitingInvoice[]> {
  const rows = await sql<(Omit<AwaitingInvoice, 'createdAt'> & { createdAt: Date })[]>`
    select o.id, o.order_number, trim(coalesce(o.shipping_address ->> 'firstName', '') || ' ' || coalesce(o.shipping_address ->> 'lastName', '')) as customer_name,
           o.total_amount_cents, o.created_at
      from orders o
     where o.payment_status = 'paid' and o.status <> 'cancelled'
       and not exists (select 1 from events e where e.stream_id = o.id and e.type = 'InvoiceIssued')
     order by o.created_at, o.id
     limit 500`;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Once the seller's identity is complete: each waiting order gets its invoice, one transaction per
 * order (the same rule as after a payment, issueDocumentsAfterChange, decides). Returns the numbers.
 */
export async function issueAwaitingInvoices(sql: Sql, actor: Actor, orderUrl: OrderUrl): Promise<string[]> {
  const { identity } = await readIdentity(sql);
  if (missingIdentityFields(identity).length > 0) return [];
  const numbers: string[] = [];
  for (const order of await ordersAwaitingInvoice(sql)) {
    const issued = await mailTransaction(sql, async (tx) => {
      await issueDocumentsAfterChange(tx, order.id, actor, orderUrl);
      const [row] = await tx<{ number: string }[]>`
        select data #>> '{document,number}' as number from events
         where stream_id = ${order.id} and type = 'InvoiceIssued'`;
      return row?.number ?? null;
    });
    if (issued) numbers.push(issued);
  }
  return numbers;
}
