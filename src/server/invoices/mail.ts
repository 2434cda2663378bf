/** The mail that carries an issued invoice or credit note, queued in the issuing transaction. */
import { formatEuros } from '../../domain/catalog/pricing.js';
import { type DocumentSnapshot, documentDate } from '../../domain/invoices/document.js';
import type { Tx } from '../db/client.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';

export const documentFilename = (doc: Pick<DocumentSnapshot, 'kind' | 'number'>) =>
  `${doc.kind === 'invoice' ? 'facture' : 'avoir'}-${doc.number}.pdf`;

export async function queueDocumentMail(tx: Tx, doc: DocumentSnapshot, pdf: Buffer): Promise<boolean> {
  const invoice = doc.kind === 'invoice';
  const content = renderMail({
    subject: invoice
      ? `Votre facture ${doc.number} (commande ${doc.orderNumber})`
      : `Votre avoir ${doc.number} (commande ${doc.orderNumber})`,
    greeting: `Bonjour ${doc.customer.name},`,
    shopName: doc.seller.tradeName,
    blocks: [
      {
        kind: 'paragraph',
        text: invoice
          ? `Vous trouverez ci-joint la facture ${doc.number} du ${documentDate(doc.issuedAt)} de votre commande ${doc.orderNumber}, d'un montant de ${formatEuros(doc.totalInclCents)} TTC.`
          : `Vous trouverez ci-joint l'avoir ${doc.number} du ${documentDate(doc.issuedAt)} sur la facture ${doc.cites?.number ?? ''}, d'un montant de ${formatEuros(doc.totalInclCents)} TTC.`,
      },
      {
        kind: 'note',
        text: 'Vous pouvez aussi la télécharger à tout moment depuis votre compte, rubrique Mes commandes.',
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
