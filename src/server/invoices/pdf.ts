/**
 * The PDF of an invoice or credit note, rendered from its snapshot alone: PDF/A-3b with the fonts
 * embedded (DejaVu Sans, kept in assets/fonts), the Factur-X XML attached, and every date inside
 * the file taken from the snapshot, so the same snapshot gives the same bytes on every render
 * (docs/decisions/019-invoices.md).
 */
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { formatEuros, formatVatRate } from '../../domain/catalog/pricing.js';
import { timeMention } from '../../domain/interventions/invoice.js';
import {
  contractPeriodMention,
  type DocumentSeller,
  type DocumentSnapshot,
  documentDate,
  LATE_PENALTY_MENTION,
  NO_EARLY_DISCOUNT_MENTION,
  netUnitPrice,
  OPERATION_LABELS,
  paymentBanMention,
  RECOVERY_FEE_MENTION,
  sellerHeaderLines,
  settlementMention,
  sourceMention,
} from '../../domain/invoices/document.js';
import { FACTURX_FILENAME, facturXml } from '../../domain/invoices/factur-x.js';
import { VAT_EXEMPT_MENTION } from '../../domain/invoices/identity.js';
import { type FontStyle, fontRuns, primaryFonts } from './fonts.js';

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

const unitEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

/**
 * A new A4 PDF/A-3b in the documents' fonts (fonts.ts), dated from the document (the same document
 * gives the same bytes), with `write`: text in the style's fonts. Invoices, credit notes and devis
 * (interventions/devis-pdf.ts) are all rendered through it.
 */
export function startPdf(info: {
  title: string;
  author: string;
  at: Date;
  /** Portrait unless told (the biocide register's wide table is landscape). */
  layout?: 'portrait' | 'landscape';
}) {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: info.layout ?? 'portrait',
    margin: 48,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Creator: 'Hygiène - Anti-nuisibles 27',
      Producer: 'Hygiène - Anti-nuisibles 27',
      CreationDate: info.at,
      ModDate: info.at,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const registered = new Set<string>();
  const register = (f: { name: string; bytes: Buffer }) => {
    if (registered.has(f.name)) return;
    pdf.registerFont(f.name, f.bytes);
    registered.add(f.name);
  };
  for (const f of primaryFonts()) register(f);

  /**
   * Writes text in the style's fonts: one run per font able to print it (fonts.ts), chained with
   * pdfkit's `continued` so that wrapping and alignment apply to the whole text.
   */
  const write = (
    style: FontStyle,
    text: string,
    options: PDFKit.Mixins.TextOptions = {},
    at?: { x: number; y: number },
  ) => {
    const runs = fontRuns(style, text, register);
    runs.forEach((run, i) => {
      pdf.font(run.font);
      const o = { ...options, continued: i < runs.length - 1 };
      if (i === 0 && at) pdf.text(run.text, at.x, at.y, o);
      else pdf.text(run.text, o);
    });
  };
  /**
   * A table of `cols` from the current line: writes the header row in bold and the rule under it;
   * the returned function writes one row, as tall as its tallest cell.
   */
  const table = (cols: TableColumn[], left: number, width: number) => {
    const row = (cells: string[], bold = false) => {
      const top = pdf.y;
      let bottom = top;
      cells.forEach((cell, i) => {
        const col = cols[i];
        if (!col) return;
        pdf.fontSize(8.5).fillColor('#000000');
        write(bold ? 'bold' : 'body', cell, { width: col.w, align: col.align }, { x: col.x, y: top });
        bottom = Math.max(bottom, pdf.y);
      });
      pdf.y = bottom + 3;
    };
    row(
      cols.map((col) => col.title),
      true,
    );
    pdf
      .moveTo(left, pdf.y - 1)
      .lineTo(left + width, pdf.y - 1)
      .strokeColor('#999999')
      .stroke();
    return row;
  };
  /**
   * A document read top to bottom (a report, the inspector's folder): `ensure` starts a new page when
   * fewer than `space` points are left, `heading` keeps `headingKeep` points with it, `body` writes
   * a paragraph, `rows` a table of items (or a paragraph saying there are none), all across the
   * page's width inside its 48-point margins.
   */
  const flow = (style: {
    headingKeep: number;
    headingGap: number;
    headingSize: number;
    headingAfter: number;
    bodySize: number;
  }) => {
    const left = 48;
    const width = pdf.page.width - 96;
    const ensure = (space: number) => {
      if (pdf.y > pdf.page.height - 48 - space) pdf.addPage();
    };
    const heading = (text: string) => {
      ensure(style.headingKeep);
      pdf.text('', left, pdf.y + style.headingGap);
      pdf.fontSize(style.headingSize).fillColor('#000000');
      write('bold', text, { width });
      pdf.y += style.headingAfter;
    };
    const body = (text: string) => {
      ensure(24);
      pdf.fontSize(style.bodySize).fillColor('#000000');
      write('body', text, { width });
    };
    /**
     * A table of `columns` (see ColumnSpec; `gap` points between two), a row per item (`keep`
     * points kept with each), or `none` when there are none.
     */
    const rows = <T>(
      items: readonly T[],
      { gap, columns }: { gap: number; columns: readonly ColumnSpec[] },
      cells: (item: T) => string[],
      { keep, none }: { keep: number; none?: string },
    ) => {
      if (items.length === 0) {
        if (none) body(none);
        return;
      }
      const row = table(tableColumns(columns, gap, left, width), left, width);
      for (const item of items) {
        ensure(keep);
        row(cells(item));
      }
    };
    return { left, width, ensure, heading, body, rows };
  };
  return { pdf, write, table, flow, done };
}

/**
 * A column of a flowing document's table (startPdf's flow `rows`): its title, its width (none: what
 * the others leave), its alignment (left unless told), and its own gap before it when not the table's.
 */
export type ColumnSpec = readonly [title: string, w?: number, align?: 'left' | 'right', gapBefore?: number];

/** Places `specs` across `width` from `left`, each after the one before it and `gap` points apart. */
function tableColumns(specs: readonly ColumnSpec[], gap: number, left: number, width: number): TableColumn[] {
  const gapBefore = (i: number) => (i === 0 ? 0 : (specs[i]?.[3] ?? gap));
  const fixed = specs.reduce((sum, [, w], i) => sum + (w ?? 0) + gapBefore(i), 0);
  const rest = specs.findIndex(([, w]) => w === undefined);
  let offset = 0;
  return specs.map(([title, w, align = 'left'], i) => {
    offset += gapBefore(i);
    // After the column that takes the rest, a column is placed from the right edge.
    const x = rest >= 0 && i > rest ? left + width - (fixed - offset) : left + offset;
    offset += w ?? 0;
    return { title, x, w: w ?? width - fixed, align };
  });
}

/** A column of a document's table (startPdf's `table`). */
export interface TableColumn {
  title: string;
  x: number;
  w: number;
  align: 'left' | 'right';
}

type StartedPdf = ReturnType<typeof startPdf>;

/**
 * The head of a money document (invoice, credit note, devis): the seller on the left, the kind in
 * capitals and the number on the right. Returns the right column's text options, for the lines
 * each document adds under its number.
 */
export function documentHead(doc: StartedPdf, seller: DocumentSeller, kind: string, number: string) {
  const { pdf, write } = doc;
  const left = 48;
  const width = pdf.page.width - 96;
  pdf.fontSize(13).fillColor('#000000');
  write('bold', seller.tradeName || seller.legalName, { width: 300 }, { x: left, y: 48 });
  pdf.fontSize(9);
  for (const line of sellerHeaderLines(seller)) write('body', line, { width: 300 });
  const right = { width: width - 312, align: 'right' as const };
  pdf.fontSize(18);
  write('bold', kind, right, { x: 360, y: 48 });
  pdf.fontSize(9.5);
  write('body', `N° ${number}`, right);
  return right;
}

/** A money document's « Client » block, on the right under its head: its lines, the empty ones left out. */
export function documentCustomer(doc: StartedPdf, lines: readonly (string | null | undefined)[]) {
  const { pdf, write } = doc;
  const width = pdf.page.width - 96;
  pdf.fontSize(10);
  write('bold', 'Client', {}, { x: 330, y: Math.max(pdf.y, 190) });
  pdf.fontSize(9.5);
  for (const line of lines) if (line?.trim()) write('body', line, { width: width - 282 });
}

/**
 * Closes a money document's table of lines with a rule, then writes its totals: per VAT rate, then
 * HT, TVA and TTC (`inclLabel`), and the mention of a seller exempt from VAT. `keep`: the points
 * kept with the totals (a new page when fewer are left).
 */
export function documentTotals(
  doc: StartedPdf,
  totals: Pick<DocumentSnapshot, 'vat' | 'totalExclCents' | 'totalVatCents' | 'totalInclCents'>,
  options: { vatExempt: boolean; inclLabel?: string; keep?: number },
) {
  const { pdf, write } = doc;
  const left = 48;
  const width = pdf.page.width - 96;
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .strokeColor('#999999')
    .stroke();
  pdf.y += 8;
  if (options.keep !== undefined && pdf.y > pdf.page.height - 48 - options.keep) pdf.addPage();
  const tx = left + 250;
  const totalRow = (label: string, value: string, bold = false) => {
    const top = pdf.y;
    pdf.fontSize(9);
    write(bold ? 'bold' : 'body', label, { width: 140 }, { x: tx, y: top });
    write(bold ? 'bold' : 'body', value, { width: width - 390, align: 'right' }, { x: tx + 140, y: top });
  };
  for (const v of totals.vat) {
    totalRow(`Base HT à ${formatVatRate(v.rate)}`, formatEuros(v.baseCents));
    totalRow(`TVA à ${formatVatRate(v.rate)}`, formatEuros(v.vatCents));
  }
  totalRow('Total HT', formatEuros(totals.totalExclCents), true);
  totalRow('Total TVA', formatEuros(totals.totalVatCents), true);
  totalRow(options.inclLabel ?? 'Total TTC', formatEuros(totals.totalInclCents), true);
  if (options.vatExempt) totalRow(VAT_EXEMPT_MENTION, '');
}

export async function renderDocumentPdf(doc: DocumentSnapshot): Promise<Buffer> {
  const issued = new Date(doc.issuedAt);
  const title = `${doc.kind === 'invoice' ? 'Facture' : 'Avoir'} ${doc.number}`;
  const started = startPdf({ title, author: doc.seller.legalName, at: issued });
  const { pdf, write, table, done } = started;
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
  const small = (text: string, options: PDFKit.Mixins.TextOptions = {}) => {
    pdf.fontSize(8.5).fillColor('#333333');
    write('body', text, options);
  };

  // Header: seller on the left, document on the right.
  const right = documentHead(started, s, doc.kind === 'invoice' ? 'FACTURE' : 'AVOIR', doc.number);
  write('body', `Date : ${documentDate(doc.issuedAt)}`, right);
  write('body', `${sourceMention(doc)} du ${documentDate(doc.saleDate)}`, right);
  const source = doc.intervention;
  if (source) {
    write('body', `Devis ${source.devisNumber}`, right);
    write('body', `Rapport d'intervention ${source.reportNumber}`, right);
  } else if (doc.contract) write('body', contractPeriodMention(doc.contract), right);
  else if (doc.deliveryDate) write('body', `Livrée le ${documentDate(doc.deliveryDate)}`, right);

  // Customer.
  const c = doc.customer;
  documentCustomer(started, [
    c.business?.companyName,
    c.name,
    c.billingAddress?.line,
    c.billingAddress && `${c.billingAddress.zipCode} ${c.billingAddress.city}`,
    c.business && `SIREN ${c.business.siren}`,
    c.business?.vatNumber && `TVA intracommunautaire : ${c.business.vatNumber}`,
    c.email,
  ]);
  if (c.deliveryAddress) {
    pdf.moveDown(0.3);
    write('bold', 'Adresse de livraison');
    write('body', `${c.deliveryAddress.line}, ${c.deliveryAddress.zipCode} ${c.deliveryAddress.city}`);
  }
  pdf.text('', left, pdf.y + 6);
  small(`Catégorie de l'opération : ${OPERATION_LABELS[doc.operationCategory]}`, { width });
  if (source) {
    const site = source.siteAddress;
    small(
      `Lieu d'intervention : ${site.line}, ${site.zipCode} ${site.city} – réalisée le ${documentDate(source.visitDay)}`,
      {
        width,
      },
    );
    small(timeMention(source), { width });
  }
  if (doc.contract) {
    const site = doc.contract.siteAddress;
    small(`Lieu des prestations : ${site.line}, ${site.zipCode} ${site.city}`, { width });
    if (doc.contract.vatCertification) small(doc.contract.vatCertification, { width });
  }
  if (doc.cites) {
    pdf.fontSize(10).fillColor('#000000');
    write('bold', `Avoir sur la facture ${doc.cites.number} du ${documentDate(doc.cites.issuedAt)}`, {
      width,
    });
    if (doc.reason) small(`Motif : ${doc.reason}`, { width });
  }

  // Lines.
  const y = pdf.y + 14;
  const cols = [
    { title: 'Désignation', x: left, w: 200, align: 'left' as const },
    { title: 'Qté', x: left + 200, w: 30, align: 'right' as const },
    { title: 'P.U. HT', x: left + 232, w: 62, align: 'right' as const },
    { title: 'Remise', x: left + 296, w: 46, align: 'right' as const },
    { title: 'TVA', x: left + 344, w: 40, align: 'right' as const },
    { title: 'Total HT', x: left + 386, w: 62, align: 'right' as const },
    { title: 'Total TTC', x: left + 450, w: width - 450, align: 'right' as const },
  ];
  pdf.y = y;
  const row = table(cols, left, width);
  for (const l of doc.lines) {
    if (pdf.y > pdf.page.height - 200) pdf.addPage();
    row([
      l.description,
      String(l.quantity),
      // The price the XML carries (BT-146): quantity × price gives the line's total to the cent.
      unitEuros.format(Number(netUnitPrice(l))),
      l.discountCents ? formatEuros(l.discountCents) : '—',
      formatVatRate(l.vatRate),
      formatEuros(l.totalExclCents),
      formatEuros(l.totalInclCents),
    ]);
  }

  // Totals per rate, then the document's totals.
  documentTotals(started, doc, {
    vatExempt: s.vatExempt,
    inclLabel: doc.kind === 'invoice' ? 'Total TTC' : 'Total TTC remboursé',
  });

  // Terms and legal mentions.
  pdf.text('', left, pdf.y + 16);
  small(`Conditions de paiement : ${doc.paymentTerms}`, { width });
  const ban = paymentBanMention(doc);
  if (ban) small(ban, { width });
  const settled = settlementMention(doc);
  if (settled) small(settled, { width });
  if (source?.vatCertification)
    small(`Attestation du client signée avec le devis ${source.devisNumber} : ${source.vatCertification}`, {
      width,
    });
  small(NO_EARLY_DISCOUNT_MENTION, { width });
  if (c.business) {
    small(LATE_PENALTY_MENTION, { width });
    small(RECOVERY_FEE_MENTION, { width });
  }
  pdf.end();
  return await done;
}
