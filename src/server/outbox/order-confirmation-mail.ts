import { formatEuros, formatShipping } from '../../domain/catalog/pricing.js';
import type { ShopIdentity } from '../../domain/settings/settings.js';
import type { Tx } from '../db/client.js';
import { escapeHtml } from '../mail/layout.js';
import { foldStored } from '../orders/commit.js';
import { placedOrder } from '../orders/place.js';
import { readStream } from '../orders/store.js';
import { enqueueMail, type QueuedMail } from './mail-outbox.js';

/** What the confirmation mail needs from a placed order. */
export interface ConfirmedOrder {
  id: string;
  orderNumber: string;
  items: { title: string; quantity: number; unitPriceCents: number; totalPriceCents: number }[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  deliveryMethod: 'delivery' | 'pickup';
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    zipCode: string;
  };
}

/** The shop as its settings name it (Général tab): shown in every mail. */
export type ShopContact = ShopIdentity;

/** The three next steps the confirmation page announces (visitor-site.md §2, /confirmation). */
export function nextSteps(deliveryMethod: 'delivery' | 'pickup'): string[] {
  return [
    'Vous recevez cet email de confirmation (sous 24h au plus tard).',
    'Nous vous contactons pour organiser le paiement et la livraison.',
    deliveryMethod === 'delivery'
      ? 'Votre commande est livrée à votre adresse.'
      : 'Vous retirez votre commande en boutique, le samedi.',
  ];
}

/** How to reach the shop, without the phone when the settings have none. */
export const contactLine = (shop: ShopIdentity) =>
  shop.phone
    ? `Une question ? Appelez-nous au ${shop.phone} ou écrivez-nous à ${shop.email}.`
    : `Une question ? Écrivez-nous à ${shop.email}.`;

/** The French order confirmation mail, queued once per order. */
export function orderConfirmationMail(order: ConfirmedOrder, contact: ShopContact): QueuedMail {
  const { customer } = order;
  const subject = `Confirmation de votre commande ${order.orderNumber}`;
  const delivery =
    order.deliveryMethod === 'delivery'
      ? `Livraison (${formatShipping(order.shippingCostCents).toLocaleLowerCase('fr-FR')}) : ${customer.address}, ${customer.zipCode} ${customer.city}`
      : 'Retrait en boutique (samedi uniquement)';
  const lines = order.items.map(
    (i) =>
      `- ${i.title} × ${i.quantity} : ${formatEuros(i.totalPriceCents)} (${formatEuros(i.unitPriceCents)} l'unité)`,
  );
  const steps = nextSteps(order.deliveryMethod);
  const text = [
    `Bonjour ${customer.firstName} ${customer.lastName},`,
    '',
    `Merci pour votre commande ! Nous l'avons bien reçue sous le numéro ${order.orderNumber}.`,
    '',
    'Votre commande :',
    ...lines,
    `Sous-total : ${formatEuros(order.subtotalCents)}`,
    `${order.deliveryMethod === 'delivery' ? 'Livraison' : 'Retrait en boutique'} : ${formatShipping(order.shippingCostCents)}`,
    `Total : ${formatEuros(order.totalAmountCents)} (dont TVA : ${formatEuros(order.taxCents)})`,
    '',
    delivery,
    '',
    'Prochaines étapes :',
    ...steps.map((s, n) => `${n + 1}. ${s}`),
    '',
    contactLine(contact),
    '',
    contact.name,
    ...(contact.address ? [contact.address] : []),
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5ebe7';
  const html = `<!doctype html>
<html lang="fr"><body style="margin:0;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1f5132;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(contact.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>Bonjour ${escapeHtml(customer.firstName)} ${escapeHtml(customer.lastName)},</p>
<p>Merci pour votre commande ! Nous l'avons bien reçue sous le numéro <strong>${escapeHtml(order.orderNumber)}</strong>.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:16px 0">
${order.items
  .map(
    (i) =>
      `<tr><td style="${cell}">${escapeHtml(i.title)} × ${i.quantity}</td><td align="right" style="${cell}">${escapeHtml(formatEuros(i.totalPriceCents))}</td></tr>`,
  )
  .join('\n')}
<tr><td style="${cell}">${order.deliveryMethod === 'delivery' ? 'Livraison' : 'Retrait en boutique'}</td><td align="right" style="${cell}">${escapeHtml(formatShipping(order.shippingCostCents))}</td></tr>
<tr><td style="padding:8px 0;font-weight:bold">Total</td><td align="right" style="padding:8px 0;font-weight:bold">${escapeHtml(formatEuros(order.totalAmountCents))}</td></tr>
<tr><td style="padding:0 0 8px;font-size:13px;color:#5b6b61">dont TVA</td><td align="right" style="padding:0 0 8px;font-size:13px;color:#5b6b61">${escapeHtml(formatEuros(order.taxCents))}</td></tr>
</table>
<p>${escapeHtml(delivery)}</p>
<p style="font-weight:bold;margin-bottom:4px">Prochaines étapes :</p>
<ol style="margin-top:0;padding-left:20px">${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>
<p style="font-size:13px;color:#5b6b61">${escapeHtml(contactLine(contact))}</p>
</td></tr></table></td></tr></table></body></html>`;

  return {
    dedupeKey: `order-confirmation:${order.id}`,
    kind: 'order-confirmation',
    to: customer.email,
    subject,
    text,
    html,
  };
}

/** Queues the confirmation of a placed order (a second call for the same order does nothing). */
export async function queueOrderConfirmation(
  sql: Tx,
  order: ConfirmedOrder,
  contact: ShopContact,
): Promise<boolean> {
  return await enqueueMail(sql, orderConfirmationMail(order, contact));
}

/**
 * The order is committed before its mail is queued (placeOrder owns its transaction), so a crash in
 * between would lose the mail: this sweep, run by the outbox worker, queues the confirmation of any
 * recent order that has none. Orders younger than `graceSeconds` are left to the request itself.
 */
export async function queueMissedConfirmations(
  sql: Tx,
  contact: ShopContact,
  options: { graceSeconds?: number; lookbackHours?: number } = {},
): Promise<number> {
  const { graceSeconds = 60, lookbackHours = 48 } = options;
  const missed = await sql<{ id: string }[]>`
    select o.id from orders o
     where o.created_at < now() - make_interval(secs => ${graceSeconds})
       and o.created_at > now() - make_interval(hours => ${lookbackHours})
       and not exists (select 1 from mail_outbox m where m.dedupe_key = 'order-confirmation:' || o.id::text)
     order by o.created_at
     limit 100`;
  let queued = 0;
  for (const { id } of missed) {
    const state = foldStored(await readStream(sql, id));
    if (!state || state.deleted) continue;
    if (await queueOrderConfirmation(sql, placedOrder(state), contact)) queued += 1;
  }
  return queued;
}
