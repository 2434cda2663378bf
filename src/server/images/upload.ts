import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDomainError } from '../../domain/errors.js';
import { hasUncleanText } from '../../domain/security/text.js';
import type { Services } from '../context.js';
import { type GateRole, requireRole } from '../http/staff-gate.js';
import { logger } from '../logger.js';
import { storeImage } from './images.js';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from './process.js';

/**
 * POST /api/admin/images: one image per request, its bytes as the body
 * (Content-Type: application/octet-stream, the file name in X-File-Name, URI-encoded).
 * Answers 201 { id, url, width, height }, or an error status with { code, message } in French.
 *
 * A binary body keeps the upload out of tRPC's JSON limits and lets the size limit cut the
 * stream at 10 MB. Requiring application/octet-stream also means a cross-site form cannot post
 * here without a CORS preflight, which this server never grants.
 */
export const IMAGE_UPLOAD_PATH = '/api/admin/images';
/** The same pipeline for the visit's photos: an admin or a technician (ADR 037). */
export const VISIT_PHOTO_UPLOAD_PATH = '/api/visit/photos';

function reply(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export class TooLarge extends Error {}

/** The body, or TooLarge as soon as it passes `limit` bytes (declared or received). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reject(new TooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export const handleImageUpload = (services: Services, req: IncomingMessage, res: ServerResponse) =>
  gatedUpload(services, req, res, 'admin');
export const handleVisitPhotoUpload = (services: Services, req: IncomingMessage, res: ServerResponse) =>
  gatedUpload(services, req, res, 'field');

async function gatedUpload(services: Services, req: IncomingMessage, res: ServerResponse, gate: GateRole) {
  // The one gate: POST, our own pages, an admin session (a technician's too for the visit's photos).
  if (!(await requireRole(services, req, res, gate, { methods: ['POST'] }))) return;
  await receiveImage(services, req, res);
}

/**
 * The upload itself, once the caller's gate passed (an admin or technician here; a visitor's request
 * photos in interventions/request-photos.ts): octet-stream only, 10 MB, the pipeline, 201 { id, url, ... }.
 */
export async function receiveImage(services: Services, req: IncomingMessage, res: ServerResponse) {
  if (!req.headers['content-type']?.startsWith('application/octet-stream')) {
    return reply(res, 415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: IMAGE_MESSAGES.notAnImage });
  }
  let body: Buffer;
  try {
    body = await readBody(req, MAX_UPLOAD_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) {
      res.setHeader('Connection', 'close');
      return reply(res, 413, { code: 'IMAGE_TOO_LARGE', message: IMAGE_MESSAGES.tooBig });
    }
    throw error;
  }
  let name: string | null = null;
  try {
    const header = req.headers['x-file-name'];
    name = typeof header === 'string' ? decodeURIComponent(header).slice(0, 255) : null;
    // A name is only a label: one with a NUL byte or a lone surrogate (a%00b.jpg) is dropped,
    // never stored (it gave a 500, issue 23 finding 10).
    if (name !== null && hasUncleanText(name)) name = null;
  } catch {
    name = null;
  }
  try {
    const image = await storeImage(services.sql, body, name);
    return reply(res, 201, image);
  } catch (error) {
    if (isDomainError(error)) {
      return reply(res, error.kind === 'rate_limited' ? 503 : 422, {
        code: error.code,
        message: error.message,
      });
    }
    logger.error('Image upload failed', error);
    return reply(res, 500, { code: 'INTERNAL', message: 'Une erreur est survenue' });
  }
}
