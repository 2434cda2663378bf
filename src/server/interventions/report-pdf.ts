/**
 * The PDF of a report (rapport d'intervention) and of its addenda, rendered from the snapshot alone
 * through the documents' renderer and fonts (invoices/pdf.ts `startPdf`, its table writer): the
 * same snapshot gives the same bytes (docs/decisions/038-sealed-reports.md). The drawn signatures
 * are the stored SVG path data, stroked as vectors; the QR code (the `qrcode` package's matrix,
 * drawn as squares) opens the public verification page, its short code printed under it.
 */
import QRCode from 'qrcode';
import {
  type AddendumSnapshot,
  type CertificateAtTheTime,
  printedShortCode,
  type ReportSnapshot,
  SIGNATURE_BOX,
  type Signature,
} from '../../domain/interventions/report.js';
import { DEVICE_KINDS, DEVICE_STATES } from '../../domain/interventions/visit-events.js';
import { documentDate } from '../../domain/invoices/document.js';
import { frenchDateTime, frenchDay } from '../../domain/site/dates.js';
import { parisWallTime } from '../../domain/site/wall-time.js';
import { startPdf } from '../invoices/pdf.js';

export const reportFilename = (number: string) => `rapport-${number}.pdf`;
export const addendumFilename = (reportNumber: string, addendum: number) =>
  `rapport-${reportNumber}-additif-${addendum}.pdf`;

const LEVELS: Record<string, string> = {
  aucune: 'Aucune',
  faible: 'Faible',
  moyenne: 'Moyenne',
  forte: 'Forte',
};
const time = (at: string | null) => (at ? parisWallTime(at).time.replace(':', ' h ') : '—');
const number = (n: number) => String(n).replace('.', ',');

export const certificateLabel = (c: CertificateAtTheTime | null) =>
  c
    ? `Certibiocide n° ${c.number}, catégorie ${c.category}, ${c.status === 'valid' ? 'valide' : 'expiré'} le jour de l'intervention (échéance ${frenchDay(c.expiresOn)})`
    : 'Certibiocide : non renseigné (aucun produit appliqué)';

type Pdf = ReturnType<typeof startPdf>;

/** The document's common frame: the seller, the title block, the QR code with the short code. */
function header(doc: Pdf, r: { title: string; lines: string[]; seller: ReportSnapshot['seller'] | null }) {
  const { pdf, write } = doc;
  const left = 48;
  const width = pdf.page.width - 96;
  if (r.seller) {
    const s = r.seller;
    pdf.fontSize(13).fillColor('#000000');
    write('bold', s.tradeName || s.legalName, { width: 280 }, { x: left, y: 48 });
    pdf.fontSize(9);
    for (const line of [
      s.legalName,
      s.address.line,
      `${s.address.zipCode} ${s.address.city}`,
      `SIREN ${s.siren}`,
      [s.email, s.phone].filter(Boolean).join(' – '),
    ])
      if (line.trim()) write('body', line, { width: 280 });
  }
  const right = { width: width - 312, align: 'right' as const };
  pdf.fontSize(13).fillColor('#000000');
  write('bold', r.title, { width: width - 272, align: 'right' }, { x: 320, y: 48 });
  pdf.fontSize(9.5);
  for (const line of r.lines) write('body', line, right);
}

/**
 * A QR code of `url` at (x, y), `size` points wide, on white: the `qrcode` package's matrix drawn
 * as squares. The reports' verification code and the site devices' labels (sites/labels-pdf.ts).
 */
export function drawQrCode(pdf: Pdf['pdf'], url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  pdf.save();
  pdf.rect(x, y, size, size).fill('#ffffff');
  pdf.fillColor('#000000');
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.data[row * modules.size + col])
        pdf.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.01, cell + 0.01);
  pdf.fill('#000000');
  pdf.restore();
}

/** The QR code of the verification page at (x, y), `size` points wide, the short code under it. */
function qr(doc: Pdf, url: string, code: string, x: number, y: number, size: number) {
  const { pdf, write } = doc;
  drawQrCode(pdf, url, x, y, size);
  pdf.fontSize(9).fillColor('#000000');
  write('bold', printedShortCode(code), { width: size, align: 'center' }, { x, y: y + size + 2 });
}

/** A drawn signature in a box: the stored strokes scaled into it, the signer's name and time below. */
function signatureBox(doc: Pdf, label: string, s: Signature | null, x: number, y: number, w: number) {
  const { pdf, write } = doc;
  const h = (w * SIGNATURE_BOX.height) / SIGNATURE_BOX.width;
  pdf.fontSize(9).fillColor('#000000');
  write('bold', label, { width: w }, { x, y });
  const top = y + 14;
  pdf.rect(x, top, w, h).lineWidth(0.5).strokeColor('#999999').stroke();
  if (s) {
    pdf.save();
    pdf.translate(x, top).scale(w / SIGNATURE_BOX.width);
    pdf.path(s.strokes).lineWidth(2).lineCap('round').lineJoin('round').strokeColor('#0b2a5b').stroke();
    pdf.restore();
  }
  pdf.fontSize(8.5).fillColor('#333333');
  write(
    'body',
    s ? `${s.name}, le ${frenchDateTime(s.signedAt)}` : 'Client absent',
    { width: w },
    {
      x,
      y: top + h + 3,
    },
  );
}

export async function renderReportPdf(r: ReportSnapshot, contentHash: string): Promise<Buffer> {
  const doc = startPdf({
    title: `Rapport d'intervention ${r.number}`,
    author: r.seller.legalName,
    at: new Date(r.issuedAt),
  });
  const { pdf, write, done } = doc;
  const { left, width, ensure, heading, body, rows } = doc.flow({
    headingKeep: 60,
    headingGap: 10,
    headingSize: 10.5,
    headingAfter: 2,
    bodySize: 9,
  });
  const v = r.visit;

  header(doc, {
    title: "RAPPORT D'INTERVENTION",
    seller: r.seller,
    lines: [
      `N° ${r.number}`,
      `Établi le ${documentDate(r.issuedAt)}`,
      `Intervention ${r.interventionNumber}`,
    ],
  });
  qr(doc, r.verificationUrl, r.shortCode, pdf.page.width - 48 - 84, 118, 84);

  let y = Math.max(pdf.y, 150);
  pdf.fontSize(10).fillColor('#000000');
  write('bold', 'Client', { width: 300 }, { x: left, y: y + 20 });
  pdf.fontSize(9.5);
  for (const line of [r.customer.name, r.customer.phone, r.customer.email])
    if (line.trim()) write('body', line, { width: 300 });
  pdf.moveDown(0.4);
  write('bold', "Lieu de l'intervention", { width: 300 });
  write('body', `${r.site.address.line}, ${r.site.address.zipCode} ${r.site.address.city}`, { width: 300 });
  write('body', r.site.label, { width: 300 });
  y = Math.max(pdf.y, 118 + 84 + 16);
  pdf.text('', left, y);

  heading('Visite');
  body(
    `Le ${frenchDay(v.day)} : départ ${time(v.departedAt)}, arrivée ${time(v.arrivedAt)}, fin ${time(v.finishedAt)}.`,
  );
  body(`Technicien : ${r.technician.name}. ${certificateLabel(r.technician.certificate)}.`);

  heading('Constats');
  rows(
    v.observations,
    {
      gap: 2,
      columns: [['Nuisible', 110], ['Zone', 110], ['Niveau', 60], ['Indices'], ['Photos', 38, 'right']],
    },
    (o) => [o.pest, o.zone, LEVELS[o.level] ?? o.level, o.evidence, String(o.photoIds.length)],
    { keep: 30, none: 'Aucun constat enregistré.' },
  );

  heading('Traitements');
  rows(
    v.treatments,
    {
      gap: 2,
      columns: [
        ['Produit', 118],
        ['N° AMM', 76],
        ['Type', 34],
        ['Quantité', 52, 'right'],
        ['Méthode, zone, cible', 110, 'left', 6],
        ['Applicateur'],
      ],
    },
    (t) => {
      const c = t.applicator.certificate;
      return [
        `${t.productTitle}${t.professionalOnly ? ' (usage professionnel)' : ''}`,
        t.ammNumber,
        t.biocideType,
        `${number(t.quantity)} ${t.unit}`,
        `${t.method} – ${t.zone} – ${t.target}`,
        `${t.applicator.name}${c ? ` (Certibiocide ${c.category}, ${c.status === 'valid' ? 'valide' : 'expiré'})` : ''}`,
      ];
    },
    { keep: 40, none: 'Aucun produit appliqué.' },
  );

  if (v.deviceChecks?.length) {
    heading('Contrôle des dispositifs');
    rows(
      v.deviceChecks,
      {
        gap: 2,
        columns: [
          ['Repère', 60],
          ['Dispositif', 110],
          ['État', 130],
          ['Captures', 46, 'right'],
          ['Note', undefined, 'left', 6],
        ],
      },
      (d) => {
        const state = DEVICE_STATES[d.state as keyof typeof DEVICE_STATES] ?? d.state;
        return [
          d.label,
          DEVICE_KINDS[d.kind as keyof typeof DEVICE_KINDS] ?? d.kind,
          d.consumptionPercent !== null
            ? `${state} (${d.consumptionPercent} %)`
            : d.reason
              ? `${state} : ${d.reason}`
              : state,
          d.captures === null ? '—' : String(d.captures),
          d.note,
        ];
      },
      { keep: 30 },
    );
  }

  if (v.safetyAdvice.length > 0) {
    heading('Consignes de sécurité');
    for (const a of v.safetyAdvice) {
      const parts = [
        a.reentryDelayHours === null
          ? 'Pas de délai avant de réoccuper les lieux'
          : `Délai avant de réoccuper les lieux : ${a.reentryDelayHours} h`,
        a.ventilation && `Aération : ${a.ventilation}`,
        a.antidote && `Antidote : ${a.antidote}`,
      ].filter(Boolean);
      body(`• ${parts.join('. ')}.`);
    }
  }
  if (v.rodenticide.length > 0) {
    heading('Rodenticides anticoagulants');
    for (const e of v.rodenticide)
      body(`• ${e.kind === 'analysis' ? 'Analyse écrite' : 'Retrait des appâts et cadavres'} : ${e.text}`);
  }
  if (v.recommendations.length > 0) {
    heading('Recommandations');
    for (const text of v.recommendations) body(`• ${text}`);
  }
  if (v.customerRemarks.length > 0) {
    heading('Remarques du client');
    for (const text of v.customerRemarks) body(`• ${text}`);
  }

  heading('Signatures');
  ensure(130);
  y = pdf.y + 2;
  const w = (width - 24) / 2;
  signatureBox(doc, 'Le technicien', r.signatures.technician, left, y, w);
  const afterTech = pdf.y;
  signatureBox(doc, 'Le client', r.signatures.customer, left + w + 24, y, w);
  pdf.text('', left, Math.max(afterTech, pdf.y) + 10);

  ensure(60);
  pdf.fontSize(8).fillColor('#333333');
  write(
    'body',
    `Vérifiez ce rapport sur ${r.verificationUrl} (code ${printedShortCode(r.shortCode)}) : la page dit si ce fichier est bien celui qui a été scellé et si des additifs le complètent.`,
    { width },
  );
  write('body', `Empreinte du contenu (SHA-256) : ${contentHash}`, { width });
  pdf.end();
  return await done;
}

export async function renderAddendumPdf(a: AddendumSnapshot, contentHash: string): Promise<Buffer> {
  const doc = startPdf({
    title: `Additif ${a.addendum} au rapport ${a.reportNumber}`,
    author: a.sellerName,
    at: new Date(a.issuedAt),
  });
  const { pdf, write, done } = doc;
  const left = 48;
  const width = pdf.page.width - 96;
  pdf.fontSize(13).fillColor('#000000');
  write('bold', a.sellerName, { width: 280 }, { x: left, y: 48 });
  header(doc, {
    title: `ADDITIF N° ${a.addendum}`,
    seller: null,
    lines: [
      `au rapport ${a.reportNumber}`,
      `Établi le ${documentDate(a.issuedAt)}`,
      `Intervention ${a.interventionNumber}`,
    ],
  });
  qr(doc, a.verificationUrl, a.shortCode, pdf.page.width - 48 - 84, 118, 84);
  pdf.text('', left, 230);
  pdf.fontSize(10.5);
  write('bold', 'Correction', { width });
  pdf.fontSize(9.5);
  write('body', a.text, { width });
  pdf.moveDown(0.3);
  pdf.fontSize(8.5).fillColor('#333333');
  write('body', `Empreinte du rapport corrigé (SHA-256) : ${a.reportContentHash}`, { width });
  pdf.text('', left, pdf.y + 12);
  signatureBox(doc, 'Le technicien', a.technician, left, pdf.y, (width - 24) / 2);
  pdf.text('', left, pdf.y + 12);
  pdf.fontSize(8).fillColor('#333333');
  write('body', `Empreinte du contenu (SHA-256) : ${contentHash}`, { width });
  pdf.end();
  return await done;
}
