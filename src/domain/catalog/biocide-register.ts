import { csvLine } from '../orders/admin-list.js';
import { exportFileName, frenchDay, shortDateTime } from '../site/dates.js';
import { BIOCIDE_TYPES, isBiocideType } from './biocides.js';
import { certificateCategoryLabel } from './certibiocide.js';

/**
 * The "Registre des ventes de biocides": each sale of a biocide, from the order log's OrderPlaced
 * events (the log is the evidence), with the buyer's Certibiocide for products reserved to
 * professionals (arrêté of 9 October 2013: the certificate number goes into the seller's
 * register). CSV for a spreadsheet in French settings, like the orders CSV.
 */

export const BIOCIDE_REGISTER_HEADER = [
  'Date',
  'Commande',
  'Acheteur',
  'Email',
  'Produit',
  'Type de produit',
  'Réservé aux professionnels',
  'Quantité',
  'N° Certibiocide',
  'Catégorie du certificat',
  'Validité du certificat',
];

export interface RegisterSale {
  orderNumber: string;
  at: Date | string;
  customer: { firstName: string; lastName: string; email: string };
  lines: { title: string; quantity: number; biocideType?: string; professionalOnly?: true }[];
  certibiocide?: { number: string; category: string; expiresOn: string };
}

/** A biocide type as the registers print it: « TP14 – Rodenticides », or as stored when unknown. */
export const biocideTypeLabel = (type: string) => (isBiocideType(type) ? BIOCIDE_TYPES[type].label : type);

/** A YYYY-MM-DD day as the registers print it (« 31/12/2026 »); anything else as stored. */
export const registerDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? frenchDay(day) : day);

/** One CSV line per biocide line of the order; nothing for an order without a biocide. */
export function biocideRegisterLines(sale: RegisterSale): string {
  const c = sale.certibiocide;
  return sale.lines
    .filter((l) => l.biocideType)
    .map((l) =>
      csvLine([
        shortDateTime(sale.at),
        sale.orderNumber,
        `${sale.customer.firstName} ${sale.customer.lastName}`.trim(),
        sale.customer.email,
        l.title,
        biocideTypeLabel(l.biocideType ?? ''),
        l.professionalOnly ? 'Oui' : 'Non',
        l.quantity,
        c?.number ?? '',
        c ? certificateCategoryLabel(c.category) : '',
        c ? registerDay(c.expiresOn) : '',
      ]),
    )
    .join('');
}

/** « registre-biocides-2026-11-23.csv », the Paris day (at 00:30 in Paris, not yesterday's UTC date). */
export const biocideRegisterFileName = (now: Date) => exportFileName('registre-biocides', 'csv', now);
