/**
 * The contact room's mails, through the outbox and the one layout: the shop's notice of each new
 * request (an emergency business reads its mail before its back-office), and the owner's answer by
 * email from the inbox.
 */
import { formatPhone } from '../../domain/common/phone.js';
import { CONTACT_SERVICE_LABELS, type ContactService } from '../../domain/contact/services.js';
import { notificationsWanted, type ShopSettings, shopIdentity } from '../../domain/settings/settings.js';
import type { Tx } from '../db/client.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';

export interface NewRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: ContactService;
  message: string;
}

/** The shop's mail for a new request: the service and the phone first, then a link to the inbox. */
export async function queueContactNotice(
  sql: Tx,
  request: NewRequest,
  settings: ShopSettings,
  publicUrl: string,
): Promise<boolean> {
  if (!notificationsWanted(settings).contactRequest) return false;
  const service = CONTACT_SERVICE_LABELS[request.service];
  const mail = renderMail({
    shopName: settings.shopName,
    subject: `Demande d'intervention : ${service} (${request.name})`,
    greeting: 'Bonjour,',
    blocks: [
      { kind: 'paragraph', text: `Nouvelle demande de ${request.name} : ${service}.` },
      {
        kind: 'table',
        title: 'À rappeler',
        rows: [
          { label: 'Service', value: service },
          { label: 'Téléphone', value: formatPhone(request.phone) },
          { label: 'Email', value: request.email },
        ],
      },
      ...(request.message ? [{ kind: 'paragraph' as const, text: `Message : ${request.message}` }] : []),
      {
        kind: 'action',
        label: 'Ouvrir les demandes de contact',
        url: `${publicUrl.replace(/\/$/, '')}/admin/contact`,
      },
      {
        kind: 'note',
        text: "Vous recevez ce message car les notifications de demandes d'intervention sont activées.",
      },
    ],
  });
  return await enqueueMail(sql, {
    ...mail,
    dedupeKey: `contact-request:${request.id}`,
    kind: 'shop-contact-request',
    to: settings.shopEmail,
    // « Répondre » in the shop's mailbox answers the person, not the shop's own sender address.
    replyTo: request.email,
  });
}

/**
 * The owner's answer to a request, sent to the visitor in the shop's frame, as the owner wrote it:
 * the form starts with the greeting, so the mail adds none of its own (what the owner sees is sent).
 */
export async function queueContactReply(
  sql: Tx,
  reply: { id: string; to: string; body: string },
  settings: ShopSettings,
): Promise<boolean> {
  const shop = shopIdentity(settings);
  const mail = renderMail({
    shopName: shop.name,
    subject: `Réponse à votre demande - ${shop.name}`,
    greeting: null,
    blocks: [
      ...reply.body
        .split(/\n{2,}/)
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'note', text: contactLine(shop) },
    ],
  });
  return await enqueueMail(sql, {
    ...mail,
    dedupeKey: `contact-reply:${reply.id}`,
    kind: 'contact-reply',
    to: reply.to,
  });
}
