import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError, isDomainError } from '../../domain/errors.js';
import { UUID_PATTERN } from '../../domain/security/ids.js';
import { type Services, sessionUser } from '../context.js';
import type { Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { readBody, TooLarge } from './upload.js';

/*
 * Safety data sheets (CLP art. 48(2), REACH art. 31): PDFs uploaded by an admin, trusted by their
 * bytes (a PDF header and trailer), bounded in size, kept in the database so every instance serves
 * them, and served immutable at /documents/<uuid> like the images.
 */

export const DOCUMENT_UPLOAD_PATH = '/api/admin/documents';
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_PATH = new RegExp(`^/documents/(${UUID_PATTERN})$`);

export const DOCUMENT_MESSAGES = {
  notAPdf: "Le fichier n'est pas un PDF valide.",
  tooBig: 'Le fichier dépasse la taille maximale de 10 Mo.',
  empty: 'Le fichier est vide.',
} as const;

/** A PDF starts with "%PDF-1." or "%PDF-2." and ends (trailing whitespace aside) with "%%EOF". */
export function checkPdf(bytes: Buffer): void {
  if (bytes.length === 0) throw new DomainError('invalid', 'DOCUMENT_EMPTY', DOCUMENT_MESSAGES.empty);
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    throw new DomainError('invalid', 'DOCUMENT_TOO_LARGE', DOCUMENT_MESSAGES.tooBig);
  }
  const head = bytes.subarray(0, 8).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(head) || !tail.includes('%%EOF')) {
    throw new DomainError('invalid', 'NOT_A_PDF', DOCUMENT_MESSAGES.notAPdf);
  }
}

export async function storeDocument(sql: Tx, bytes: Buffer, name: string | null) {
  checkPdf(bytes);
  const [row] = await sql<{ id: string }[]>`
    insert into documents (original_name, bytes, data) values (${name}, ${bytes.length}, ${bytes})
    returning id`;
  return { id: row!.id, url: `/documents/${row!.id}` };
}

export async function documentExists(sql: Tx, url: string): Promise<boolean> {
  const id = DOCUMENT_PATH.exec(url)?.[1];
  if (!id) return false;
  const [row] = await sql`select 1 from documents where id = ${id}`;
  return Boolean(row);
}

export async function readDocument(sql: Tx, id: string) {
  const [row] = await sql<{ contentType: string; data: Buffer }[]>`
    select content_type, data from documents where id = ${id}`;
  return row ?? null;
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** POST /api/admin/documents: one PDF as an application/octet-stream body, admins only. */
export async function handleDocumentUpload(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return reply(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Méthode non autorisée' });
  }
  const user = await sessionUser(services, req.headers);
  if (!user) return reply(res, 401, { code: 'UNAUTHORIZED', message: 'Vous devez être connecté.' });
  if (user.role !== 'admin') {
    return reply(res, 403, { code: 'FORBIDDEN', message: "Vous n'avez pas les droits d'administration." });
  }
  if (!req.headers['content-type']?.startsWith('application/octet-stream')) {
    return reply(res, 415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: DOCUMENT_MESSAGES.notAPdf });
  }
  let body: Buffer;
  try {
    body = await readBody(req, MAX_DOCUMENT_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) {
      res.setHeader('Connection', 'close');
      return reply(res, 413, { code: 'DOCUMENT_TOO_LARGE', message: DOCUMENT_MESSAGES.tooBig });
    }
    throw error;
  }
  let name: string | null = null;
  try {
    const header = req.headers['x-file-name'];
    name = typeof header === 'string' ? decodeURIComponent(header).slice(0, 255) : null;
  } catch {
    name = null;
  }
  try {
    return reply(res, 201, await storeDocument(services.sql, body, name));
  } catch (error) {
    if (isDomainError(error)) return reply(res, 422, { code: error.code, message: error.message });
    logger.error('Document upload failed', error);
    return reply(res, 500, { code: 'INTERNAL', message: 'Une erreur est survenue' });
  }
}

/** GET /documents/<uuid>: the PDF, immutable (ids are never reused). */
export async function serveDocument(services: Services, id: string, res: ServerResponse) {
  const doc = await readDocument(services.sql, id);
  if (!doc) {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.setHeader('Content-Type', doc.contentType);
  res.setHeader('Content-Disposition', 'inline; filename="fiche-de-donnees-de-securite.pdf"');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.end(doc.data);
}
