/**
 * Issuing invoices and credit notes: each is an event of the order's stream (InvoiceIssued,
 * CreditNoteIssued) appended through the order store, in the caller's transaction, with its number
 * taken from the series' counter row in that same transaction, its PDF rendered from the snapshot,
 * stored, hashed into the event, and mailed through the outbox. A rollback anywhere gives the
 * number back: the series stays gapless (docs/decisions/019-invoices.md).
 *
 * Entry points for the payment and refund commands (issue 24): call `issueInvoice` in the
 * transaction that makes the order fully paid, and `issueCreditNote` in the one that refunds.
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
} from '../../domain/invoices/document.js';
import { missingIdentityFields, missingIdentityMessage } from '../../domain/invoices/identity.js';
import type { OrderState } from '../../domain/orders/decider.js';
import { type Actor, parseOrderEvent } from '../../domain/orders/events.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import type { Tx } from '../db/client.js';
import { commitDecision, foldStored } from '../orders/commit.js';
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

/**
 * The next number of the series, from its counter row: the row stays locked until the caller's
 * transaction ends, so concurrent issues are numbered in commit order, and the issue time is read
 * after the lock so that numbers and dates rise together.
 */
async function takeNumber(tx: Tx, prefix: string): Promise<Numbered> {
  const series = documentSeries(prefix, new Date());
  const [row] = await tx<{ lastNumber: number; issuedAt: Date }[]>`
    insert into invoice_counters (series, last_number) values (${series}, 1)
    on conflict (series) do update set last_number = invoice_counters.last_number + 1
    returning last_number, clock_timestamp() as issued_at`;
  if (!row) throw new Error('invoice counter not returned');
  return {
    series,
    sequence: row.lastNumber,
    number: documentNumber(series, row.lastNumber),
    issuedAt: row.issuedAt.toISOString(),
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

async function seller(tx: Tx) {
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
  stored: StoredEvent[],
  type: 'InvoiceIssued' | 'CreditNoteIssued',
  document: DocumentSnapshot,
  actor: Actor,
): Promise<Issued> {
  const pdf = await renderDocumentPdf(document);
  const pdfSha256 = sha256(pdf);
  await commitDecision(
    tx,
    orderId,
    stored,
    [{ type, data: { document, pdfSha256 } }],
    meta(actor, document.issuedAt),
    [],
  );
  await tx`
    insert into invoice_documents (number, order_id, kind, pdf, sha256)
    values (${document.number}, ${orderId}, ${document.kind}, ${pdf}, ${pdfSha256})`;
  await queueDocumentMail(tx, document, pdf);
  return { number: document.number, document, pdfSha256 };
}

/** When the order was paid in full: the time of its last change to "paid", from the log. */
function paidAt(stored: readonly StoredEvent[]): string | null {
  const paid = stored.filter(
    (e) => e.type === 'OrderPaymentStatusChanged' && (e.data as { to: string }).to === 'paid',
  );
  return paid.at(-1)?.metadata.at ?? null;
}

/**
 * Issues the order's invoice in `tx`. Refused for an order already invoiced, deleted, cancelled,
 * or when the seller's identity misses a mandatory mention (the message names the fields).
 */
export async function issueInvoice(tx: Tx, orderId: string, actor: Actor): Promise<Issued> {
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
  const { identity, shop } = await seller(tx);
  const numbered = await takeNumber(tx, identity.invoicePrefix);
  const document = buildInvoice({ order, identity, shop, numbered, paidAt: paidAt(stored) });
  return await append(tx, orderId, stored, 'InvoiceIssued', document, actor);
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
  const { identity, shop } = await seller(tx);
  const numbered = await takeNumber(tx, identity.creditNotePrefix);
  const document = buildCreditNote({
    invoice,
    identity,
    shop,
    numbered,
    creditedCents: order.creditedCents ?? 0,
    request,
  });
  return await append(tx, orderId, stored, 'CreditNoteIssued', document, actor);
}

/**
 * What a committed order change implies for its documents (called in the change's transaction):
 * fully paid and not invoiced, the invoice; refunded or cancelled with an invoice not yet wholly
 * credited, a credit note for the rest. An automatic invoice waits (nothing is issued, nothing
 * fails) while the seller's identity is incomplete: "Émettre la facture" then says what is missing.
 */
export async function issueDocumentsAfterChange(tx: Tx, orderId: string, actor: Actor): Promise<void> {
  const stored = await readStream(tx, orderId);
  const order = foldStored(stored);
  if (!order || order.deleted) return;
  if (order.invoice) {
    // Every refund of an invoiced order gets its credit note (avoir) for what it gave back, and a
    // cancellation credits whatever of the invoice is left (CGI art. 289: never an edited invoice).
    const credited = order.creditedCents ?? 0;
    const remaining = order.invoice.totalInclCents - credited;
    if (remaining <= 0) return;
    if (order.status === 'cancelled') {
      await issueCreditNote(tx, orderId, { reason: 'Annulation de la commande' }, actor);
    } else if (order.refundedCents > credited) {
      const amountCents = Math.min(order.refundedCents - credited, remaining);
      const reason = amountCents === remaining ? 'Remboursement intégral' : 'Remboursement partiel';
      await issueCreditNote(tx, orderId, { amountCents, reason }, actor);
    }
    return;
  }
  if (order.paymentStatus === 'paid' && order.status !== 'cancelled') {
    const { identity } = await readIdentity(tx);
    if (missingIdentityFields(identity).length > 0) return;
    await issueInvoice(tx, orderId, actor);
  }
}
