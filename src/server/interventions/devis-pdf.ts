/**
 * The PDF of a devis, rendered from its snapshot alone through the invoices' renderer and fonts
 * (invoices/pdf.ts `startPdf`): the same snapshot gives the same bytes (docs/decisions/035-devis.md).
 */
import { formatEuros, formatVatRate } from '../../domain/catalog/pricing.js';
import { type DevisSnapshot, hoursLabel, lineQuantityLabel } from '../../domain/interventions/devis.js';
import { documentDate } from '../../domain/invoices/document.js';
import { frenchDay } from '../../domain/site/dates.js';
import { documentCustomer, documentHead, documentTotals, startPdf } from '../invoices/pdf.js';

export const devisFilename = (d: Pick<DevisSnapshot, 'number'>) => `devis-${d.number}.pdf`;

export async function renderDevisPdf(d: DevisSnapshot): Promise<Buffer> {
  const started = startPdf({
    title: `Devis ${d.number}`,
    author: d.seller.legalName,
    at: new Date(d.issuedAt),
  });
  const { pdf, write, table, done } = started;
  const s = d.seller;
  const left = 48;
  const width = pdf.page.width - 96;
  const ensure = (space: number) => {
    if (pdf.y > pdf.page.height - 48 - space) pdf.addPage();
  };
  const small = (text: string, options: PDFKit.Mixins.TextOptions = {}) => {
    ensure(30);
    pdf.fontSize(8.5).fillColor('#333333');
    write('body', text, { width, ...options });
  };
  const heading = (text: string) => {
    ensure(60);
    pdf.text('', left, pdf.y + 8);
    pdf.fontSize(10).fillColor('#000000');
    write('bold', text, { width });
  };

  const right = documentHead(started, s, 'DEVIS', d.number);
  if (d.version > 1) write('body', `Version ${d.version}, remplace le devis ${d.replaces ?? ''}`, right);
  write('body', `Date : ${documentDate(d.issuedAt)}`, right);
  write('body', `Valable jusqu'au ${frenchDay(d.validUntil)}`, right);
  write('body', `Intervention ${d.interventionNumber}`, right);

  const c = d.customer;
  documentCustomer(started, [
    c.business?.companyName,
    c.name,
    c.address.line,
    `${c.address.zipCode} ${c.address.city}`,
    c.business && `SIREN ${c.business.siren}`,
    c.email,
    c.phone,
  ]);
  pdf.text('', left, pdf.y + 6);
  pdf.fontSize(9.5).fillColor('#000000');
  write('bold', "Lieu de l'intervention", { width });
  write(
    'body',
    `${d.site.address.line}, ${d.site.address.zipCode} ${d.site.address.city} — ${d.site.label}`,
    {
      width,
    },
  );
  if (d.description) write('body', d.description, { width });
  write('body', `Durée estimée : ${hoursLabel(d.estimatedMinutes)}`, { width });
  small("Catégorie de l'opération : Prestation de services");

  const y = pdf.y + 12;
  const cols = [
    { title: 'Désignation', x: left, w: 206, align: 'left' as const },
    { title: 'Qté', x: left + 206, w: 44, align: 'right' as const },
    { title: 'P.U. HT', x: left + 252, w: 62, align: 'right' as const },
    { title: 'TVA', x: left + 316, w: 40, align: 'right' as const },
    { title: 'Total HT', x: left + 358, w: 64, align: 'right' as const },
    { title: 'Total TTC', x: left + 424, w: width - 424, align: 'right' as const },
  ];
  pdf.y = y;
  const row = table(cols, left, width);
  for (const l of d.lines) {
    ensure(40);
    row([
      l.label,
      lineQuantityLabel(l),
      `${formatEuros(l.unitExclCents)}${l.unit === 'min' ? ' / h' : ''}`,
      formatVatRate(l.vatRate),
      formatEuros(l.totalExclCents),
      formatEuros(l.totalInclCents),
    ]);
  }
  documentTotals(started, d, { vatExempt: s.vatExempt, keep: 120 });
  pdf.text('', left, pdf.y + 10);

  if (d.vatCertification) {
    heading('Attestation du client (TVA à 10 %)');
    small(d.vatCertification);
  }
  heading('Conditions');
  small(d.quoteFee);
  for (const line of d.tariffInfo) small(line);
  if (d.professionalNote) small(d.professionalNote);
  if (d.withdrawal) {
    heading('Droit de rétractation');
    for (const line of d.withdrawal.information) small(line);
    heading('Formulaire de rétractation');
    for (const line of d.withdrawal.modelForm) small(line);
  }
  heading('Bon pour accord');
  small(
    'Acceptation en ligne par le lien reçu par email (nom, code à usage unique, empreinte du devis), ou signature ci-dessous précédée de la mention « Bon pour accord ».',
  );
  pdf.end();
  return await done;
}
