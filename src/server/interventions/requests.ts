/**
 * « Demande d'intervention » (issue 36): the contact form opens an intervention. Limited per client
 * address (the contact form's limit, counted in abuse_counters so every instance shares it); the
 * shop's notice goes through the outbox in the request's transaction.
 */

import { formatPhone } from '../../domain/common/phone.js';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  CONTACT_SERVICE_LABELS,
} from '../../domain/contact/schema.js';
import { DomainError } from '../../domain/errors.js';
import type { InterventionState } from '../../domain/interventions/decider.js';
import type { RequestPhoto } from '../../domain/interventions/events.js';
import {
  type InterventionRequest,
  REQUEST_PHOTO_MESSAGES,
  SITE_TYPE_LABELS,
  URGENCY_LABELS,
} from '../../domain/interventions/request.js';
import { notificationsWanted, type ShopSettings } from '../../domain/settings/settings.js';
import type { Sql, Tx } from '../db/client.js';
import { existingImageUrls, imageUrl } from '../images/images.js';
import { hit } from '../limits/abuse.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';
import { openIntervention } from './commands.js';

export async function receiveInterventionRequest(
  sql: Sql,
  input: InterventionRequest,
  who: { ip: string; userId: string | null; requestId: string; settings: ShopSettings; publicUrl: string },
  /** A customer's « Signaler une observation » (issue 38): its source, its site and the site's customer. */
  origin: { source: 'form' } | { source: 'sighting'; siteId: string; customerId: string | null } = {
    source: 'form',
  },
): Promise<{ ok: true }> {
  const { website, photos, ...request } = input;
  // A filled honeypot is a robot: the usual answer, nothing stored.
  if (website?.trim()) return { ok: true };
  const limit = await hit(
    sql,
    `intervention-request:${who.ip}`,
    CONTACT_RATE_LIMIT.max,
    CONTACT_RATE_LIMIT.windowMinutes * 60,
  );
  if (!limit.allowed)
    throw new DomainError('rate_limited', 'CONTACT_RATE_LIMITED', CONTACT_RATE_LIMIT_MESSAGE);
  await openIntervention(sql, request, {
    photos: await requestPhotos(sql, photos),
    meta: {
      actor: who.userId ? { kind: 'user', userId: who.userId } : { kind: 'guest' },
      at: new Date().toISOString(),
      requestId: who.requestId,
    },
    source: origin.source,
    customerId: origin.source === 'sighting' ? origin.customerId : who.userId,
    siteId: origin.source === 'sighting' ? origin.siteId : null,
    inTransaction: (tx, state) => queueRequestNotice(tx, state, who.settings, who.publicUrl),
  });
  return { ok: true };
}

/**
 * The photos as the request keeps them: each id must name an image the pipeline stored (sent first
 * to the request photos route), else nothing is recorded and the visitor is told to send it again.
 */
async function requestPhotos(sql: Sql, ids: readonly string[]): Promise<RequestPhoto[]> {
  if (ids.length === 0) return [];
  const stored = await existingImageUrls(sql, ids.map(imageUrl));
  if (ids.some((id) => !stored.has(imageUrl(id))))
    throw new DomainError('invalid', 'REQUEST_PHOTO_UNKNOWN', REQUEST_PHOTO_MESSAGES.unknown);
  return ids.map((id) => ({ id, url: `${imageUrl(id)}/1280.webp`, thumbUrl: `${imageUrl(id)}/320.webp` }));
}

/** The shop's mail for a new request: what, where, how urgent, the phone, and a link to the pipeline. */
async function queueRequestNotice(tx: Tx, s: InterventionState, settings: ShopSettings, publicUrl: string) {
  if (!notificationsWanted(settings).contactRequest) return;
  const service = CONTACT_SERVICE_LABELS[s.service];
  const r = s.requester;
  const mail = renderMail({
    shopName: settings.shopName,
    subject: `Demande d'intervention ${s.number} : ${service} (${r.name})`,
    greeting: 'Bonjour,',
    blocks: [
      { kind: 'paragraph', text: `Nouvelle demande de ${r.name} : ${service}.` },
      {
        kind: 'table',
        title: 'À rappeler',
        rows: [
          { label: 'Service', value: service },
          { label: 'Lieu', value: s.siteType ? SITE_TYPE_LABELS[s.siteType] : 'Non précisé' },
          { label: 'Adresse', value: `${r.street}, ${r.zipCode} ${r.city}` },
          { label: 'Urgence', value: URGENCY_LABELS[s.urgency] },
          { label: 'Téléphone', value: formatPhone(r.phone) },
          { label: 'Email', value: r.email },
          { label: 'Accepte d’être rappelé', value: s.callbackConsent ? 'Oui' : 'Non' },
          ...(s.photos.length > 0
            ? [{ label: 'Photos', value: `${s.photos.length} (dans le back-office)` }]
            : []),
        ],
      },
      ...(r.message ? [{ kind: 'paragraph' as const, text: `Message : ${r.message}` }] : []),
      {
        kind: 'action',
        label: 'Ouvrir les interventions',
        url: `${publicUrl.replace(/\/$/, '')}/admin/interventions`,
      },
      {
        kind: 'note',
        text: "Vous recevez ce message car les notifications de demandes d'intervention sont activées.",
      },
    ],
  });
  await enqueueMail(tx, {
    ...mail,
    dedupeKey: `intervention-request:${s.id}`,
    kind: 'shop-intervention-request',
    to: settings.shopEmail,
  });
}
