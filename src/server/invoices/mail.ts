/** The mail that carries an issued invoice or credit note, queued in the issuing transaction. */
import { formatEuros } from '../../domain/catalog/pricing.js';
import {
  type DocumentSnapshot,
  documentDate,
  paymentBanMention,
  sourceMention,
} from '../../domain/invoices/document.js';
import type { Tx } from '../db/client.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';

export const documentFilename = (doc: Pick<DocumentSnapshot, 'kind' | 'number'>) =>
  `${doc.kind === 'invoice' ? 'facture' : 'avoir'}-${doc.number}.pdf`;

/**
 * `orderUrl` is the source's signed link (an order's /commande/{token}, an intervention's
 * /devis/{token}): a guest has no account to download from, so every document mail points there.
 * An intervention's invoice under the off-premises payment ban (L221-10) asks for nothing before
 * the first allowed day: the mail states that day and never says « à payer » before it.
 */
export async function queueDocumentMail(
  tx: Tx,
  doc: DocumentSnapshot,
  pdf: Buffer,
  orderUrl: string,
): Promise<boolean> {
  const invoice = doc.kind === 'invoice';
  const source = sourceMention(doc);
  const of = source.charAt(0).toLowerCase() + source.slice(1);
  const ban = invoice ? paymentBanMention(doc) : null;
  const content = renderMail({
    subject: invoice ? `Votre facture ${doc.number} (${of})` : `Votre avoir ${doc.number} (${of})`,
    greeting: `Bonjour ${doc.customer.name},`,
    shopName: doc.seller.tradeName,
    blocks: [
      {
        kind: 'paragraph',
        text: invoice
          ? `Vous trouverez ci-joint la facture ${doc.number} du ${documentDate(doc.issuedAt)} de votre ${of}, d'un montant de ${formatEuros(doc.totalInclCents)} TTC.`
          : `Vous trouverez ci-joint l'avoir ${doc.number} du ${documentDate(doc.issuedAt)} sur la facture ${doc.cites?.number ?? ''}, d'un montant de ${formatEuros(doc.totalInclCents)} TTC.`,
      },
      ...(ban ? [{ kind: 'paragraph' as const, text: ban }] : []),
      {
        kind: 'paragraph',
        text: doc.contract
          ? `Vous pouvez aussi ${invoice ? 'la' : 'le'} retrouver depuis la page de votre contrat :`
          : doc.intervention
            ? `Vous pouvez aussi ${invoice ? 'la' : 'le'} retrouver depuis la page de votre devis :`
            : `Vous pouvez aussi ${invoice ? 'la' : 'le'} télécharger à tout moment depuis la page de votre commande :`,
      },
      {
        kind: 'action',
        label: doc.contract ? 'Voir mon contrat' : doc.intervention ? 'Voir mon devis' : 'Voir ma commande',
        url: orderUrl,
      },
    ],
  });
  return await enqueueMail(tx, {
    dedupeKey: `${doc.kind}:${doc.number}`,
    kind: doc.kind === 'invoice' ? 'invoice' : 'credit-note',
    to: doc.customer.email,
    ...content,
    attachments: [{ filename: documentFilename(doc), contentType: 'application/pdf', content: pdf }],
  });
}
