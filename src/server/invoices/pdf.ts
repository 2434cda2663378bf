/**
 * The PDF of an invoice or credit note, rendered from its snapshot alone: PDF/A-3b with the fonts
 * embedded (DejaVu Sans, kept in assets/fonts), the Factur-X XML attached, and every date inside
 * the file taken from the snapshot, so the same snapshot gives the same bytes on every render
 * (docs/decisions/019-invoices.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatEuros } from '../../domain/catalog/pricing.js';
import {
  type DocumentSnapshot,
  documentDate,
  LATE_PENALTY_MENTION,
  NO_EARLY_DISCOUNT_MENTION,
  OPERATION_LABELS,
  RECOVERY_FEE_MENTION,
} from '../../domain/invoices/document.js';
import { FACTURX_FILENAME, facturXml } from '../../domain/invoices/factur-x.js';
import { VAT_EXEMPT_MENTION } from '../../domain/invoices/identity.js';
import { projectRoot } from '../paths.js';

// Subsets of DejaVu Sans (Latin, punctuation, €: assets/fonts/README.md), read once.
let fonts: { body: Buffer; bold: Buffer } | null = null;
const loadFonts = () => {
  fonts ??= {
    body: readFileSync(path.join(projectRoot, 'assets/fonts/DejaVuSans.ttf')),
    bold: readFileSync(path.join(projectRoot, 'assets/fonts/DejaVuSans-Bold.ttf')),
  };
  return fonts;
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Factur-X's XMP extension (Factur-X 1.0.07 §6.2.2): how a reader finds the XML and its profile. */
const FACTURX_XMP = `
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>fx</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
    </rdf:Seq></pdfaSchema:property>
  </rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>`;

const euros = (cents: number) => formatEuros(cents);
const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

export async function renderDocumentPdf(doc: DocumentSnapshot): Promise<Buffer> {
  const issued = new Date(doc.issuedAt);
  const title = `${doc.kind === 'invoice' ? 'Facture' : 'Avoir'} ${doc.number}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: title,
      Author: doc.seller.legalName,
      Creator: 'Hygiène - Anti-nuisibles 27',
      Producer: 'Hygiène - Anti-nuisibles 27',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const { body, bold } = loadFonts();
  pdf.registerFont('body', body);
  pdf.registerFont('bold', bold);
  pdf.appendXML(FACTURX_XMP);
  // `relationship` (AFRelationship, PDF/A-3) is supported by pdfkit 0.17 but missing from its types.
  pdf.file(Buffer.from(facturXml(doc), 'utf8'), {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X EN 16931',
    relationship: 'Alternative',
    creationDate: issued,
    modifiedDate: issued,
  } as PDFKit.Mixins.PDFAttachmentOptions);

  const s = doc.seller;
  const left = 48;
  const width = pdf.page.width - 96;
  const small = (text: string, options: PDFKit.Mixins.TextOptions = {}) =>
    pdf.font('body').fontSize(8.5).fillColor('#333333').text(text, options);

  // Header: seller on the left, document on the right.
  pdf
    .font('bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(s.tradeName || s.legalName, left, 48, { width: 300 });
  pdf.font('body').fontSize(9);
  for (const line of [
    s.legalName,
    `${s.legalForm}${s.shareCapital ? ` au capital de ${s.shareCapital}` : ''}`,
    s.address.line,
    `${s.address.zipCode} ${s.address.city}`,
    `SIREN ${s.siren}${s.siret ? ` – SIRET ${s.siret}` : ''}`,
    s.registry,
    s.vatExempt ? VAT_EXEMPT_MENTION : `TVA intracommunautaire : ${s.vatNumber}`,
    [s.email, s.phone].filter(Boolean).join(' – '),
  ]) {
    if (line.trim()) pdf.text(line, { width: 300 });
  }
  pdf
    .font('bold')
    .fontSize(18)
    .text(doc.kind === 'invoice' ? 'FACTURE' : 'AVOIR', 360, 48, { width: width - 312, align: 'right' });
  pdf.font('body').fontSize(9.5);
  pdf.text(`N° ${doc.number}`, { width: width - 312, align: 'right' });
  pdf.text(`Date : ${documentDate(doc.issuedAt)}`, { width: width - 312, align: 'right' });
  pdf.text(`Commande ${doc.orderNumber} du ${documentDate(doc.saleDate)}`, {
    width: width - 312,
    align: 'right',
  });

  // Customer.
  let y = Math.max(pdf.y, 190);
  const c = doc.customer;
  pdf.font('bold').fontSize(10).text('Client', 330, y);
  pdf.font('body').fontSize(9.5);
  const customerLines = [
    c.business?.companyName,
    c.name,
    c.billingAddress?.line,
    c.billingAddress && `${c.billingAddress.zipCode} ${c.billingAddress.city}`,
    c.business && `SIREN ${c.business.siren}`,
    c.business?.vatNumber && `TVA intracommunautaire : ${c.business.vatNumber}`,
    c.email,
  ];
  for (const line of customerLines) if (line?.trim()) pdf.text(line, { width: width - 282 });
  if (c.deliveryAddress) {
    pdf.moveDown(0.3).font('bold').text('Adresse de livraison');
    pdf
      .font('body')
      .text(`${c.deliveryAddress.line}, ${c.deliveryAddress.zipCode} ${c.deliveryAddress.city}`);
  }
  pdf.text('', left, pdf.y + 6);
  small(`Catégorie de l'opération : ${OPERATION_LABELS[doc.operationCategory]}`, { width });
  if (doc.cites) {
    pdf
      .font('bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(`Avoir sur la facture ${doc.cites.number} du ${documentDate(doc.cites.issuedAt)}`, { width });
    if (doc.reason) small(`Motif : ${doc.reason}`, { width });
  }

  // Lines.
  y = pdf.y + 14;
  const cols = [
    { title: 'Désignation', x: left, w: 200, align: 'left' as const },
    { title: 'Qté', x: left + 200, w: 30, align: 'right' as const },
    { title: 'P.U. HT', x: left + 232, w: 62, align: 'right' as const },
    { title: 'Remise', x: left + 296, w: 46, align: 'right' as const },
    { title: 'TVA', x: left + 344, w: 40, align: 'right' as const },
    { title: 'Total HT', x: left + 386, w: 62, align: 'right' as const },
    { title: 'Total TTC', x: left + 450, w: width - 450, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = pdf.y;
    let bottom = top;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      pdf
        .font(bold ? 'bold' : 'body')
        .fontSize(8.5)
        .fillColor('#000000')
        .text(cell, col.x, top, { width: col.w, align: col.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 3;
  };
  pdf.y = y;
  row(
    cols.map((col) => col.title),
    true,
  );
  pdf
    .moveTo(left, pdf.y - 1)
    .lineTo(left + width, pdf.y - 1)
    .strokeColor('#999999')
    .stroke();
  for (const l of doc.lines) {
    if (pdf.y > pdf.page.height - 200) pdf.addPage();
    row([
      l.description,
      String(l.quantity),
      euros(l.unitPriceExclCents),
      l.discountCents ? euros(l.discountCents) : '—',
      percent(l.vatRate),
      euros(l.totalExclCents),
      euros(l.totalInclCents),
    ]);
  }
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .strokeColor('#999999')
    .stroke();

  // Totals per rate, then the document's totals.
  pdf.y += 8;
  const tx = left + 250;
  const totalRow = (label: string, value: string, bold = false) => {
    const top = pdf.y;
    pdf
      .font(bold ? 'bold' : 'body')
      .fontSize(9)
      .text(label, tx, top, { width: 140 });
    pdf.text(value, tx + 140, top, { width: width - 390, align: 'right' });
  };
  for (const v of doc.vat) {
    totalRow(`Base HT à ${percent(v.rate)}`, euros(v.baseCents));
    totalRow(`TVA à ${percent(v.rate)}`, euros(v.vatCents));
  }
  totalRow('Total HT', euros(doc.totalExclCents), true);
  totalRow('Total TVA', euros(doc.totalVatCents), true);
  totalRow(doc.kind === 'invoice' ? 'Total TTC' : 'Total TTC remboursé', euros(doc.totalInclCents), true);
  if (s.vatExempt) totalRow(VAT_EXEMPT_MENTION, '');

  // Terms and legal mentions.
  pdf.text('', left, pdf.y + 16);
  small(`Conditions de paiement : ${doc.paymentTerms}`, { width });
  if (doc.paidAt && doc.kind === 'invoice') small(`Payée le ${documentDate(doc.paidAt)}.`, { width });
  small(NO_EARLY_DISCOUNT_MENTION, { width });
  if (c.business) {
    small(LATE_PENALTY_MENTION, { width });
    small(RECOVERY_FEE_MENTION, { width });
  }
  pdf.end();
  return await done;
}
