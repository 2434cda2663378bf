/**
 * The label sheet of a site's devices (issue 38, ADR 042): GET /api/admin/sites/:id/labels.pdf, an
 * A4 of 3 × 7 labels (70 × 42.4 mm, the common self-adhesive sheet), one per device in place, or
 * only `?device=<id>` (a replacement label). Each label: the QR of the device's scan URL (the
 * technician's camera opens « Tournée » on it), its label « PA-03 », its kind, zone, the site's
 * name and its code in text (typed when a QR is unreadable). Rendered through the documents' PDF
 * writer (invoices/pdf.ts) and the reports' QR writer (interventions/report-pdf.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { slugify } from '../../domain/catalog/product.js';
import { DomainError } from '../../domain/errors.js';
import { toId, UUID_PATTERN } from '../../domain/security/ids.js';
import { deviceKindLabel, deviceScanUrl, SITE_MESSAGES, type SiteDevice } from '../../domain/sites/site.js';
import type { Services } from '../context.js';
import { startDownload } from '../http/download.js';
import { replyError, requireRole } from '../http/staff-gate.js';
import { drawQrCode } from '../interventions/report-pdf.js';
import { readIdentity } from '../invoices/identity.js';
import { startPdf } from '../invoices/pdf.js';
import { siteNotFound } from './commands.js';
import { readSite, siteDevices } from './queries.js';

/** /api/admin/sites/<site id>/labels.pdf */
export const SITE_LABELS_PATH = new RegExp(`^/api/admin/sites/(${UUID_PATTERN})/labels\\.pdf$`, 'i');

export const LABEL_GRID = { columns: 3, rows: 7 } as const;

export async function renderSiteLabels(sheet: {
  siteName: string;
  devices: SiteDevice[];
  publicUrl: string;
  author: string;
  at: Date;
}): Promise<Buffer> {
  const doc = startPdf({
    title: `Étiquettes des dispositifs – ${sheet.siteName}`,
    author: sheet.author,
    at: sheet.at,
  });
  const { pdf, write, done } = doc;
  const width = pdf.page.width / LABEL_GRID.columns;
  const height = pdf.page.height / LABEL_GRID.rows;
  const pad = 9;
  const qrSize = height - 2 * pad;
  const perPage = LABEL_GRID.columns * LABEL_GRID.rows;
  sheet.devices.forEach((device, i) => {
    if (i > 0 && i % perPage === 0) pdf.addPage();
    const cell = i % perPage;
    const left = (cell % LABEL_GRID.columns) * width;
    const top = Math.floor(cell / LABEL_GRID.columns) * height;
    // A light outline: the cut on plain paper, invisible on a pre-cut sheet.
    pdf.save();
    pdf
      .rect(left + 0.5, top + 0.5, width - 1, height - 1)
      .lineWidth(0.3)
      .dash(2, { space: 2 })
      .strokeColor('#bbbbbb')
      .stroke();
    pdf.restore();
    drawQrCode(pdf, deviceScanUrl(sheet.publicUrl, device.code), left + pad - 4, top + pad, qrSize);
    const textLeft = left + pad + qrSize;
    const textWidth = width - (textLeft - left) - pad + 2;
    pdf.fillColor('#000000').fontSize(17);
    write('bold', device.label, { width: textWidth, lineBreak: false }, { x: textLeft, y: top + pad + 2 });
    pdf.fontSize(7.5);
    write(
      'body',
      deviceKindLabel(device.kind),
      { width: textWidth, height: 20, ellipsis: true },
      { x: textLeft, y: top + pad + 24 },
    );
    write('body', device.zoneName ?? 'Sans zone', {
      width: textWidth,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
    pdf.fillColor('#333333');
    write(
      'body',
      sheet.siteName,
      { width: textWidth, height: 19, ellipsis: true },
      { x: textLeft, y: top + pad + 56 },
    );
    pdf.fillColor('#000000').fontSize(8);
    write(
      'bold',
      device.code,
      { width: textWidth, lineBreak: false, characterSpacing: 0.5 },
      { x: textLeft, y: top + height - pad - 10 },
    );
  });
  if (sheet.devices.length === 0) {
    pdf.fontSize(11);
    write('body', 'Aucun dispositif en place sur ce site.', {}, { x: 48, y: 48 });
  }
  pdf.end();
  return await done;
}

export async function handleSiteLabels(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
  siteId: string,
) {
  if (!(await requireRole(services, req, res, 'admin', { methods: ['GET'] }))) return;
  const site = await readSite(services.sql, siteId);
  if (!site) return replyError(res, siteNotFound());
  const wanted = new URL(req.url ?? '/', 'http://localhost').searchParams.get('device');
  let devices = await siteDevices(services.sql, siteId);
  if (wanted !== null) {
    const id = toId(wanted);
    devices = devices.filter((d) => d.id === id);
    if (devices.length === 0)
      return replyError(res, new DomainError('not_found', 'DEVICE_NOT_FOUND', SITE_MESSAGES.deviceNotFound));
  }
  const pdf = await renderSiteLabels({
    siteName: site.name,
    devices,
    publicUrl: services.config.PUBLIC_URL,
    author: (await readIdentity(services.sql)).identity.legalName || 'Hygiène - Anti-nuisibles 27',
    at: new Date(),
  });
  const suffix = devices.length === 1 && wanted !== null ? `-${devices[0]!.label.toLowerCase()}` : '';
  startDownload(res, 'application/pdf', `etiquettes-${slugify(site.name) || 'site'}${suffix}.pdf`);
  res.end(pdf);
}
