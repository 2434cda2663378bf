import { biocideSentence } from '../../domain/catalog/biocides.js';
import { formatEuros, formatShipping } from '../../domain/catalog/pricing.js';
import { HYGIENE_NOTICE, REFUND_DAYS, WITHDRAWAL_DAYS } from '../../domain/legal/cgv.js';
import { WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from '../../domain/legal/withdrawal-form.js';
import type { CustomerDetails } from '../../domain/orders/events.js';
import { WITHDRAWAL_TEXTS } from '../../domain/orders/withdrawal.js';
import { paymentInstructionLines } from '../../domain/settings/payment-instructions.js';
import type { ShopIdentity } from '../../domain/settings/settings.js';
import type { Tx } from '../db/client.js';
import { contactLine, type MailBlock, renderMail } from '../mail/layout.js';
import { enqueueMail, type QueuedMail } from '../mail/outbox.js';
import { foldStored } from './commit.js';
import { placedOrder } from './place.js';
import { readStream } from './store.js';

/** What the confirmation mail needs from a placed order. */
export interface ConfirmedOrder {
  id: string;
  orderNumber: string;
  items: {
    title: string;
    quantity: number;
    unitPriceCents: number;
    totalPriceCents: number;
    /** A biocide's type: the mail carries its sentence (Reg. 528/2012 art. 72). */
    biocideType?: string;
  }[];
  subtotalCents: number;
  shippingCostCents: number;
  taxCents: number;
  totalAmountCents: number;
  deliveryMethod: 'delivery' | 'pickup';
  customer: CustomerDetails;
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

/**
 * The pre-contract information the mail repeats (issue 26): the signed link to the order and its
 * withdrawal function, the withdrawal period, the hygiene exception stated before delivery, and
 * the model withdrawal form (annex to R221-1).
 */
function withdrawalBlocks(contact: ShopContact, orderUrl: string): MailBlock[] {
  return [
    {
      kind: 'paragraph' as const,
      text: 'Suivez votre commande et, si vous le souhaitez, renoncez-y en ligne :',
    },
    { kind: 'action' as const, label: 'Voir ma commande', url: orderUrl },
    {
      kind: 'paragraph',
      text: `Droit de rétractation : vous disposez de ${WITHDRAWAL_DAYS} jours à compter de la réception de votre commande pour vous rétracter, sans avoir à donner de motif, avec le bouton « ${WITHDRAWAL_TEXTS.button} » de la page de votre commande ou avec le formulaire ci-dessous. Nous vous remboursons dans les ${REFUND_DAYS} jours suivant votre rétractation, par le même moyen de paiement.`,
    },
    { kind: 'note', text: HYGIENE_NOTICE },
    { kind: 'steps', title: WITHDRAWAL_FORM_TITLE, items: withdrawalFormLines(contact) },
  ];
}

/**
 * The French order confirmation mail, queued once per order, whoever placed it (the shop's
 * checkout, « Nouvelle commande » in the back-office, the sweep): always with the signed order
 * link, the customer's only way to withdraw online and download the documents without an account.
 */
export function orderConfirmationMail(
  order: ConfirmedOrder,
  contact: ShopContact,
  links: { orderUrl: string },
): QueuedMail {
  const { customer } = order;
  const delivery =
    order.deliveryMethod === 'delivery'
      ? `Livraison (${formatShipping(order.shippingCostCents).toLocaleLowerCase('fr-FR')}) : ${customer.address}, ${customer.zipCode} ${customer.city}`
      : 'Retrait en boutique (samedi uniquement)';
  const content = renderMail({
    subject: `Confirmation de votre commande ${order.orderNumber}`,
    greeting: `Bonjour ${customer.firstName} ${customer.lastName},`,
    shopName: contact.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Merci pour votre commande ! Nous l'avons bien reçue sous le numéro ${order.orderNumber}.`,
      },
      {
        kind: 'table',
        title: 'Votre commande',
        rows: [
          ...order.items.map((i) => ({
            label: `${i.title} × ${i.quantity}`,
            value: formatEuros(i.totalPriceCents),
            detail: `${formatEuros(i.unitPriceCents)} l'unité`,
          })),
          { label: 'Sous-total', value: formatEuros(order.subtotalCents) },
          {
            label: order.deliveryMethod === 'delivery' ? 'Livraison' : 'Retrait en boutique',
            value: formatShipping(order.shippingCostCents),
          },
        ],
        total: { label: 'Total', value: formatEuros(order.totalAmountCents) },
      },
      { kind: 'note', text: `dont TVA : ${formatEuros(order.taxCents)}` },
      // One sentence per biocide type ordered, set apart under the amounts.
      ...[
        ...new Set(order.items.flatMap((i) => (i.biocideType ? [biocideSentence(i.biocideType)] : []))),
      ].map((text) => ({ kind: 'note' as const, text })),
      { kind: 'paragraph', text: delivery },
      { kind: 'steps', title: 'Prochaines étapes', items: nextSteps(order.deliveryMethod) },
      // The payment instructions the CGV (article 5) and /compte promise by email (issue 35).
      ...(contact.payment
        ? [
            {
              kind: 'steps' as const,
              title: 'Instructions de paiement',
              items: paymentInstructionLines(contact.payment, {
                reference: order.orderNumber,
                postalAddress: contact.address ? `${contact.name}, ${contact.address}` : '',
              }),
            },
          ]
        : []),
      ...withdrawalBlocks(contact, links.orderUrl),
      { kind: 'note', text: contactLine(contact) },
      ...(contact.address ? [{ kind: 'note' as const, text: `${contact.name}, ${contact.address}` }] : []),
    ],
  });

  return {
    dedupeKey: `order-confirmation:${order.id}`,
    kind: 'order-confirmation',
    to: customer.email,
    ...content,
  };
}

/** Queues the confirmation of a placed order (a second call for the same order does nothing). */
export async function queueOrderConfirmation(
  sql: Tx,
  order: ConfirmedOrder,
  contact: ShopContact,
  links: { orderUrl: string },
): Promise<boolean> {
  return await enqueueMail(sql, orderConfirmationMail(order, contact, links));
}

/**
 * The order is committed before its mail is queued (placeOrder owns its transaction), so a crash in
 * between would lose the mail: this sweep, run by the outbox worker, queues the confirmation of any
 * recent order that has none. Orders younger than `graceSeconds` are left to the request itself.
 */
export async function queueMissedConfirmations(
  sql: Tx,
  contact: ShopContact,
  options: { graceSeconds?: number; lookbackHours?: number; orderUrl: (orderId: string) => string },
): Promise<number> {
  const { graceSeconds = 60, lookbackHours = 48, orderUrl } = options;
  const missed = await sql<{ id: string }[]>`
    select o.id from orders o
     where o.created_at < now() - make_interval(secs => ${graceSeconds})
       and o.created_at > now() - make_interval(hours => ${lookbackHours})
       and not exists (select 1 from mail_outbox m where m.dedupe_key = 'order-confirmation:' || o.id::text)
       -- An erased customer is never written to again: their order's record is gone, and with it
       -- their confirmation (the erasure deleted it from the outbox).
       and not exists (select 1 from personal_records r
                        where r.stream_id = o.id and r.event_type = 'OrderPlaced' and r.erased_at is not null)
     order by o.created_at
     limit 100`;
  let queued = 0;
  for (const { id } of missed) {
    const state = foldStored(await readStream(sql, id));
    if (!state || state.deleted) continue;
    if (await queueOrderConfirmation(sql, placedOrder(state), contact, { orderUrl: orderUrl(id) }))
      queued += 1;
  }
  return queued;
}
