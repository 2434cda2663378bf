/**
 * « Facturer » and « Enregistrer un paiement » on an intervention (issue 37 point 5,
 * docs/decisions/039-invoice-from-report.md). Both run through the one command path of the
 * intervention's stream; the invoice takes its number from the documents' series (FA, the orders'
 * one), renders with the one PDF and Factur-X writer, and is stored and mailed by the invoices room.
 * The payment takes the closures' lock in shared mode and reads whether its day is closed, as an
 * order's payment does (orders/money.ts), then the pure decider applies the L221-10 ban.
 */
import { randomUUID } from 'node:crypto';
import { decide, type InterventionState, interventionNotFound } from '../../domain/interventions/decider.js';
import type { InterventionEvent } from '../../domain/interventions/events.js';
import { buildInterventionInvoice, invoiceableReport } from '../../domain/interventions/invoice.js';
import type { DocumentSnapshot } from '../../domain/invoices/document.js';
import { toId } from '../../domain/security/ids.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { Sql } from '../db/client.js';
import { type DocumentClock, documentSeller, storeDocument, takeNumber } from '../invoices/issue.js';
import { renderDocumentPdf, sha256 } from '../invoices/pdf.js';
import { handleStreamCommand, readModelStream, type StreamMeta } from '../log/stream-commands.js';
import { moneyDayClosed } from '../orders/money.js';
import { devisLinkUrl } from './devis.js';
import { interventionModel } from './model.js';
import { readTariffs } from './tariffs.js';

function checkId(id: string): string {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
}

/**
 * Turns the sealed report into the intervention's invoice: in one transaction the FA number, the
 * InvoiceIssued event (status « Facturé »), the stored PDF and the customer's mail.
 */
export async function invoiceIntervention(
  sql: Sql,
  interventionId: string,
  options: {
    meta: StreamMeta;
    config: { PUBLIC_URL: string; AUTH_SECRET: string };
    /** The documents' clock (tests date an invoice). */
    clock?: DocumentClock;
  },
) {
  const id = checkId(interventionId);
  let issued: { document: DocumentSnapshot; pdf: Buffer; pdfSha256: string } | null = null;
  const handled = await handleStreamCommand<InterventionState, InterventionEvent>(
    sql,
    interventionModel,
    id,
    options.meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      const { events } = await readModelStream(tx, interventionModel, id);
      const { tariffs } = await readTariffs(tx);
      const source = {
        interventionId: id,
        interventionNumber: state.number,
        status: state.status,
        contract: state.contract,
        invoiceNumber: state.invoice?.number ?? null,
        events,
        tariffs,
      };
      // Refused before a number is taken: the series never skips one.
      invoiceableReport(source);
      const { identity, shop } = await documentSeller(tx);
      const numbered = await takeNumber(tx, identity.invoicePrefix, options.clock);
      const document = buildInterventionInvoice({ ...source, identity, shop, numbered });
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
        devisLinkUrl(options.config, id),
      );
    },
  );
  const done = issued as { document: DocumentSnapshot } | null;
  return { number: done?.document.number ?? null, state: handled.state };
}

export interface InterventionPaymentInput {
  amountCents: number;
  method: string;
  /** The Paris day the money was received. */
  day: string;
  reference?: string | null;
}

/** Records a payment on the intervention's invoice (refused before the day the law allows). */
export async function recordInterventionPayment(
  sql: Sql,
  interventionId: string,
  input: InterventionPaymentInput,
  meta: StreamMeta,
) {
  const id = checkId(interventionId);
  const today = parisDay(new Date(meta.at));
  const paymentId = randomUUID();
  return await handleStreamCommand<InterventionState, InterventionEvent>(
    sql,
    interventionModel,
    id,
    meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      // The closures' lock, shared: no payment lands in a day while it is being closed.
      const dayClosed = await moneyDayClosed(tx, input.day);
      return decide(
        {
          type: 'RecordPayment',
          paymentId,
          amountCents: input.amountCents,
          method: input.method,
          day: input.day,
          reference: input.reference ?? null,
          today,
          dayClosed,
        },
        state,
      );
    },
  );
}
