/**
 * The invoices and credit notes of the signed order page (/commande/{token}): the list, and the
 * download of one PDF as issued. No account: the token (an HMAC of the order id,
 * orders/order-link.ts) is the right, and it reaches that one order's documents only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '../../domain/errors.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { startDownload } from '../http/download.js';
import { replyError, requireRequest } from '../http/staff-gate.js';
import { orderIdFromToken } from '../orders/order-link.js';
import { type DocumentFile, isHeld, orderDocumentPdf, orderDocuments } from './queries.js';

/** GET ?token=&number=: one document of the token's order. */
export const SIGNED_ORDER_DOCUMENT_PATH = '/api/commande/document.pdf';

const DOCUMENT_NUMBER = /^[A-Z0-9-]{1,40}$/;

const invalidLink = () =>
  new DomainError('not_found', 'ORDER_NOT_FOUND', 'Ce lien de commande est invalide ou a expiré.');

function tokenOrder(secret: string, token: string): string {
  const orderId = token.length <= 100 ? orderIdFromToken(secret, token) : null;
  if (!orderId) throw invalidLink();
  return orderId;
}

/** The token's order's documents, with the invoice's status (empty before any is issued). */
export async function signedOrderDocuments(sql: Tx, secret: string, token: string) {
  const orderId = tokenOrder(secret, token);
  // Under legal hold (the customer's data erased), listed but not downloadable: the page says so.
  const held = await isHeld(sql, orderId);
  return (await orderDocuments(sql, orderId)).map((d) => ({ ...d, held }));
}

/** The PDF of `number` when it is a document of the token's order; else not found. */
export async function signedOrderDocumentPdf(
  sql: Tx,
  secret: string,
  token: string,
  number: string,
): Promise<DocumentFile> {
  const orderId = tokenOrder(secret, token);
  if (!DOCUMENT_NUMBER.test(number))
    throw new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');
  return await orderDocumentPdf(sql, orderId, number);
}

/**
 * « Télécharger la facture » on the signed order page: the gate's method and origin rule, then
 * the token. The stored PDF is read whole (tens of kilobytes, no connection held while it is
 * sent), so it is answered at once rather than streamed.
 */
export async function handleSignedOrderDocument(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!requireRequest(services, req, res, { methods: ['GET'] })) return;
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  try {
    const file = await signedOrderDocumentPdf(
      services.sql,
      services.config.AUTH_SECRET,
      params.get('token') ?? '',
      params.get('number') ?? '',
    );
    const pdf = Buffer.from(file.base64, 'base64');
    startDownload(res, 'application/pdf', file.filename);
    res.setHeader('Content-Length', String(pdf.length));
    res.end(pdf);
  } catch (error) {
    if (error instanceof DomainError) replyError(res, error);
    else throw error;
  }
}
