/**
 * « Télécharger le dossier (PDF) » (docs/decisions/045-inspector-folder.md): the folder as one PDF
 * through the documents' writer (invoices/pdf.ts `startPdf`): cover, protocol, the plan with its
 * devices drawn on it, the devices, the products with their safety data sheets, the applicators'
 * certificates and the reports. The sealed report PDFs and the safety data sheets the shop holds
 * are attached as they are (embedded files), so the inspector keeps the originals.
 */
import sharp from 'sharp';
import { printedShortCode } from '../../domain/interventions/report.js';
import { DEVICE_KINDS } from '../../domain/interventions/visit-events.js';
import { frenchCalendarDate, frenchDay, frenchLongDate } from '../../domain/site/dates.js';
import type { Tx } from '../db/client.js';
import { DOCUMENT_PATH, readDocument } from '../images/documents.js';
import { readImageVariant } from '../images/images.js';
import { IMAGE_WIDTHS } from '../images/process.js';
import { readIdentity } from '../invoices/identity.js';
import { startPdf } from '../invoices/pdf.js';
import type { SiteFolder } from './folder.js';

export const folderFilename = (siteName: string, day: string) =>
  `dossier-${
    siteName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'site'
  }-${day}.pdf`;

const sdsFilename = (ammNumber: string, title: string) =>
  `fds-${`${title}-${ammNumber}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.pdf`;

/** The plan's largest stored variant as PNG (pdfkit reads PNG and JPEG, the images are WebP). */
async function planPng(sql: Tx, imageId: string): Promise<Buffer | null> {
  for (const width of [...IMAGE_WIDTHS].reverse()) {
    const variant = await readImageVariant(sql, imageId, width);
    if (variant) return await sharp(variant.data).png().toBuffer();
  }
  return null;
}

export async function renderFolderPdf(
  sql: Tx,
  folder: SiteFolder & { label: string },
  options: { publicUrl: string; at: Date },
): Promise<Buffer> {
  const { identity } = await readIdentity(sql);
  const seller = identity.legalName || 'L’entreprise';
  const doc = startPdf({ title: `Dossier nuisibles – ${folder.site.name}`, author: seller, at: options.at });
  const { pdf, write, done } = doc;
  // A heading keeps its table's header and first rows with it.
  const { left, width, ensure, heading, body, rows } = doc.flow({
    headingKeep: 110,
    headingGap: 12,
    headingSize: 12,
    headingAfter: 4,
    bodySize: 9.5,
  });
  const base = options.publicUrl.replace(/\/$/, '');

  // Cover.
  pdf.fontSize(11).fillColor('#333333');
  write('body', seller, { width }, { x: left, y: 72 });
  pdf.fontSize(22).fillColor('#000000');
  write('bold', 'Dossier de lutte contre les nuisibles', { width }, { x: left, y: 200 });
  pdf.moveDown(0.6);
  pdf.fontSize(16);
  write('bold', folder.site.name, { width });
  pdf.fontSize(11);
  write('body', `${folder.site.street}, ${folder.site.zipCode} ${folder.site.city}`, { width });
  write('body', folder.site.siteType, { width });
  pdf.moveDown(1.5);
  write('body', `Édité le ${frenchCalendarDate(folder.madeOn)}`, { width });
  write('body', `Lien : ${folder.label}`, { width });
  pdf.moveDown(1.5);
  pdf.fontSize(9.5).fillColor('#333333');
  write(
    'body',
    'Ce dossier rassemble le protocole de lutte, le plan des dispositifs, les fiches de données de sécurité des produits appliqués, les certificats des applicateurs et les rapports d’intervention scellés du site. Les rapports et les fiches de données de sécurité sont joints à ce PDF en pièces jointes ; chaque rapport se vérifie en ligne avec son code.',
    { width },
  );

  // Protocol.
  pdf.addPage();
  pdf.text('', left, 48);
  heading('Protocole');
  body(`Nuisibles ciblés : ${folder.pests.length ? folder.pests.join(', ') : 'non précisé'}`);
  body(`Visites : ${folder.visitFrequency || 'selon les demandes (aucun contrat en cours)'}`);
  body(`Zones : ${folder.zones.length ? folder.zones.join(', ') : 'aucune zone définie'}`);
  body(`Dispositifs en place : ${folder.devices.length}`);
  pdf.moveDown(0.4);
  body(folder.protocol || 'Aucun protocole rédigé pour ce site.');

  // The plan, its devices drawn at their place.
  heading('Plan des dispositifs');
  const png = folder.plan ? await planPng(sql, folder.plan.imageId) : null;
  if (folder.plan && png) {
    const scale = Math.min(width / folder.plan.width, 420 / folder.plan.height);
    const w = folder.plan.width * scale;
    const h = folder.plan.height * scale;
    ensure(h + 20);
    const top = pdf.y;
    pdf.image(png, left, top, { width: w, height: h });
    pdf.rect(left, top, w, h).lineWidth(0.5).strokeColor('#999999').stroke();
    for (const d of folder.devices) {
      if (d.x === null || d.y === null) continue;
      const cx = left + d.x * w;
      const cy = top + d.y * h;
      pdf.circle(cx, cy, 5).fillAndStroke('#dc2626', '#ffffff');
      pdf.fontSize(7).fillColor('#000000');
      write('bold', d.label, { width: 40, lineBreak: false }, { x: cx + 6, y: cy - 4 });
    }
    pdf.text('', left, top + h + 6);
    pdf.fontSize(8.5).fillColor('#333333');
    write('body', `Plan version ${folder.plan.version} du ${frenchLongDate(folder.plan.uploadedAt)}`, {
      width,
    });
  } else body('Aucun plan n’a été déposé pour ce site.');

  heading('Dispositifs');
  rows(
    folder.devices,
    { gap: 4, columns: [['Repère', 60], ['Type', 170], ['Zone', 180], ['Code']] },
    (d) => [d.label, DEVICE_KINDS[d.kind], d.zoneName ?? '—', d.code],
    { keep: 16, none: 'Aucun dispositif en place.' },
  );

  heading('Produits appliqués et fiches de données de sécurité');
  rows(
    folder.products,
    {
      gap: 4,
      columns: [
        ['Produit', 170],
        ['N° AMM', 70],
        ['Type', 60],
        ['Dernière application', 80],
        ['Fiche de données de sécurité'],
      ],
    },
    (p) => [
      p.title,
      p.ammNumber,
      p.biocideType,
      frenchDay(p.lastAppliedOn),
      p.safetyDataSheet ? `Jointe (${sdsFilename(p.ammNumber, p.title)})` : 'Non fournie par la boutique',
    ],
    { keep: 16, none: 'Aucun produit biocide appliqué sur ce site.' },
  );

  heading('Certificats des applicateurs (Certibiocide)');
  rows(
    folder.certificates,
    {
      gap: 4,
      columns: [
        ['Applicateur', 120],
        ['N° de certificat', 100],
        ['Catégorie', 150],
        ['Valide jusqu’au', 70],
        ['Aujourd’hui'],
      ],
    },
    (c) => [
      c.name,
      c.number ?? 'Non renseigné',
      c.category ?? '—',
      c.validUntil ? frenchDay(c.validUntil) : '—',
      c.validToday ? 'Valide' : 'Non valide',
    ],
    { keep: 16, none: 'Aucun applicateur de produit biocide sur ce site.' },
  );

  heading('Rapports d’intervention');
  rows(
    folder.reports,
    {
      gap: 4,
      columns: [['Rapport', 100], ['Date', 110], ['Code de vérification', 90], ['Vérification en ligne']],
    },
    (r) => [
      r.number,
      frenchLongDate(r.issuedAt),
      printedShortCode(r.verificationCode),
      `${base}/verifier/${r.verificationCode}`,
    ],
    { keep: 16, none: 'Aucun rapport scellé pour ce site.' },
  );

  // The originals, attached: the sealed reports as issued and the safety data sheets.
  const numbers = folder.reports.map((r) => r.number);
  const reports = await sql<{ number: string; pdf: Buffer }[]>`
    select d.number, d.pdf from report_documents d join interventions i on i.id = d.intervention_id
     where i.site_id = ${folder.site.id} and d.number = any(${numbers}::text[]) order by d.number`;
  for (const r of reports)
    pdf.file(Buffer.from(r.pdf), {
      name: `rapport-${r.number}.pdf`,
      type: 'application/pdf',
      description: `Rapport d’intervention ${r.number} (scellé)`,
      creationDate: options.at,
      modifiedDate: options.at,
    });
  for (const p of folder.products) {
    const id = p.safetyDataSheet ? DOCUMENT_PATH.exec(p.safetyDataSheet)?.[1] : null;
    const sheet = id ? await readDocument(sql, id) : null;
    if (sheet)
      pdf.file(Buffer.from(sheet.data), {
        name: sdsFilename(p.ammNumber, p.title),
        type: 'application/pdf',
        description: `Fiche de données de sécurité : ${p.title} (AMM ${p.ammNumber})`,
        creationDate: options.at,
        modifiedDate: options.at,
      });
  }
  pdf.end();
  return await done;
}
