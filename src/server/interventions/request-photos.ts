import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTACT_RATE_LIMIT } from '../../domain/contact/services.js';
import { MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES } from '../../domain/interventions/request.js';
import { clientIp, type Services } from '../context.js';
import { replyJson, requireRequest } from '../http/staff-gate.js';
import { receiveImage } from '../images/upload.js';
import { hit } from '../limits/abuse.js';

/**
 * POST /api/demande/photos: a visitor's photo for a « Demande d'intervention » (issue 36), sent
 * before the request itself, which then names it by id. No session: the gate is the method, our
 * own pages (origin) and a per-address limit of as many photos as the requests the contact limit
 * allows; then the product images' pipeline (bytes sniffed, 10 MB, pixels bounded, EXIF dropped,
 * WebP widths). A photo no request names is swept with the other unused images after a day.
 */
export const REQUEST_PHOTO_PATH = '/api/demande/photos';

/** Photos per client address per window: a full set for each request the contact limit allows. */
export const REQUEST_PHOTO_LIMIT = {
  max: MAX_REQUEST_PHOTOS * CONTACT_RATE_LIMIT.max,
  windowSeconds: 60 * 60,
} as const;

export async function handleRequestPhotoUpload(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!requireRequest(services, req, res, { methods: ['POST'] })) return;
  const ip = clientIp(req, services.config.TRUSTED_PROXIES);
  const limit = await hit(
    services.sql,
    `request-photo:${ip}`,
    REQUEST_PHOTO_LIMIT.max,
    REQUEST_PHOTO_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    res.setHeader('Retry-After', String(limit.retryAfter));
    res.setHeader('Connection', 'close');
    return replyJson(res, 429, 'REQUEST_PHOTO_RATE_LIMITED', REQUEST_PHOTO_MESSAGES.rateLimited);
  }
  await receiveImage(services, req, res);
}
