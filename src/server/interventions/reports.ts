/**
 * Sealed reports (issue 37 point 4, docs/decisions/038-sealed-reports.md): the report of an
 * appointment is sealed once « Terminé » is recorded, signed on the screen by the technician and by
 * the customer (or « client absent »): in one transaction the RI number (the documents' series,
 * takeNumber), the snapshot read from the stream, its content hash, the PDF with its QR code, the
 * ReportSealed event through the one command path, the PDF stored and mailed through the outbox.
 * Corrections are signed addenda, sealed alike. Anyone holding the short code verifies the report
 * on /verifier/{code} (rate limited, no personal data shown).
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../domain/errors.js';
import type { InterventionState } from '../../domain/interventions/decider.js';
import { decide, interventionNotFound } from '../../domain/interventions/decider.js';
import { SITE_TYPE_LABELS } from '../../domain/interventions/labels.js';
import {
  type AddendumSnapshot,
  newShortCode,
  normalizeShortCode,
  publicReportView,
  REPORT_PREFIX,
  type ReportSnapshot,
  reportVisit,
  technicianCertificate,
} from '../../domain/interventions/report.js';
import { checkAddendum, checkSeal, REPORT_MESSAGES } from '../../domain/interventions/report-decider.js';
import type { ReportEvent } from '../../domain/interventions/report-events.js';
import { sellerSnapshot } from '../../domain/invoices/document.js';
import { missingIdentityFields, missingIdentityMessage } from '../../domain/invoices/identity.js';
import { toId } from '../../domain/security/ids.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import { frenchDay } from '../../domain/site/dates.js';
import type { Sql, Tx } from '../db/client.js';
import { readIdentity } from '../invoices/identity.js';
import { type DocumentClock, databaseClock, takeNumber } from '../invoices/issue.js';
import { sha256 } from '../invoices/pdf.js';
import { isHeld } from '../invoices/queries.js';
import { hit } from '../limits/abuse.js';
import { handleStreamCommand, readModelStream, type StreamMeta } from '../log/stream-commands.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail } from '../mail/outbox.js';
import { canonicalJson } from '../orders/canonical.js';
import { readSettings } from '../settings/store.js';
import { siteDevices } from '../sites/queries.js';
import { interventionModel } from './model.js';
import { addendumFilename, renderAddendumPdf, renderReportPdf, reportFilename } from './report-pdf.js';

/** The content hash of a snapshot: SHA-256 of its canonical JSON (the log's own, sorted keys). */
export const reportContentHash = (snapshot: ReportSnapshot | AddendumSnapshot) =>
  sha256(Buffer.from(canonicalJson(snapshot), 'utf8'));

export const verificationUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}/verifier/${code}`;

/** Who seals: the owner, or the technician of the appointment (anyone else: « introuvable »). */
export type Sealer = { role: 'admin'; userId: string } | { role: 'technician'; userId: string };

export interface SignatureInput {
  name: string;
  strokes: string;
}

function checkId(id: string): string {
  const valid = toId(id);
  if (!valid) throw interventionNotFound();
  return valid;
}

async function seller(tx: Tx) {
  const { identity } = await readIdentity(tx);
  const missing = missingIdentityFields(identity);
  if (missing.length > 0)
    throw new DomainError('invalid', 'SELLER_IDENTITY_INCOMPLETE', missingIdentityMessage(missing), {
      missing,
    });
  const { settings } = await readSettings(tx);
  const s = sellerSnapshot(identity, shopIdentity(settings));
  return {
    tradeName: s.tradeName,
    legalName: s.legalName,
    siren: s.siren,
    address: s.address,
    email: s.email,
    phone: s.phone,
  };
}

function checkSealer(state: InterventionState, appointmentId: string, sealer: Sealer) {
  const appointment = state.appointments.find((a) => a.id === appointmentId);
  if (!appointment)
    throw new DomainError('not_found', 'APPOINTMENT_NOT_FOUND', REPORT_MESSAGES.appointmentNotFound);
  if (sealer.role === 'technician' && appointment.technicianId !== sealer.userId)
    throw interventionNotFound();
  return appointment;
}

/**
 * « Sceller le rapport »: the visit of `appointmentId` as the stream states it now, the two
 * signatures (the customer's null only with `customerAbsent`), sealed, stored and mailed.
 */
export async function sealReport(
  sql: Sql,
  interventionId: string,
  input: {
    appointmentId: string;
    technician: SignatureInput;
    customer: SignatureInput | null;
    customerAbsent: boolean;
  },
  options: { meta: StreamMeta; sealer: Sealer; publicUrl: string; clock?: DocumentClock },
) {
  const id = checkId(interventionId);
  let sealed: { snapshot: ReportSnapshot; pdf: Buffer; email: string } | null = null;
  const handled = await handleStreamCommand(
    sql,
    interventionModel,
    id,
    options.meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      const appointment = checkSealer(state, input.appointmentId, options.sealer);
      const { events } = await readModelStream(tx, interventionModel, id);
      const visit = reportVisit(events, input.appointmentId, state.version);
      // The server's time on both signatures: what the screen sends for it has no effect.
      const signedAt = options.meta.at;
      const technician = { name: input.technician.name.trim(), signedAt, strokes: input.technician.strokes };
      const customer = input.customer
        ? { name: input.customer.name.trim(), signedAt, strokes: input.customer.strokes }
        : null;
      // The site's devices in place when the visit began: each needs a check in it (ADR 043).
      const devices =
        state.siteId && visit?.arrivedAt
          ? (await siteDevices(tx, state.siteId, { placedBy: visit.arrivedAt })).map((d) => ({
              id: d.id,
              label: d.label,
            }))
          : [];
      // Refuse before numbering and rendering (the decider checks the same again).
      checkSeal(state, {
        appointmentId: input.appointmentId,
        visit,
        technician,
        customer,
        customerAbsent: input.customerAbsent,
        siteDevices: devices,
      });
      if (!visit) throw interventionNotFound();
      const technicianId = visit.technicianId || appointment.technicianId;
      const numbered = await takeNumber(tx, REPORT_PREFIX, options.clock);
      const shortCode = newShortCode(randomInt);
      const r = state.requester;
      const snapshot: ReportSnapshot = {
        number: numbered.number,
        issuedAt: numbered.issuedAt,
        shortCode,
        verificationUrl: verificationUrl(options.publicUrl, shortCode),
        interventionNumber: state.number,
        seller: await seller(tx),
        customer: { name: r.name, email: r.email, phone: r.phone },
        site: {
          label: state.siteType ? SITE_TYPE_LABELS[state.siteType] : 'Lieu non précisé',
          address: { line: r.street, zipCode: r.zipCode, city: r.city },
        },
        technician: {
          technicianId,
          name: technician.name,
          certificate: technicianCertificate(visit, technicianId),
        },
        visit,
        signatures: { technician, customer, customerAbsent: input.customerAbsent },
      };
      const contentHash = reportContentHash(snapshot);
      const pdf = await renderReportPdf(snapshot, contentHash);
      sealed = { snapshot, pdf, email: r.email };
      return decide(
        {
          type: 'SealReport',
          data: {
            number: snapshot.number,
            shortCode,
            appointmentId: input.appointmentId,
            contentHash,
            pdfSha256: sha256(pdf),
            coveredThroughVersion: state.version,
            issuedAt: snapshot.issuedAt,
            technician: { ...technician, technicianId },
            customer,
            report: snapshot,
          },
          siteDevices: devices,
        },
        state,
      );
    },
    async (tx) => {
      if (!sealed) return;
      const { snapshot: s, pdf, email } = sealed;
      await tx`
        insert into report_documents (number, intervention_id, report_number, addendum, short_code, pdf, sha256)
        values (${s.number}, ${id}, ${s.number}, 0, ${s.shortCode}, ${pdf}, ${sha256(pdf)})`;
      const content = renderMail({
        subject: `Votre rapport d'intervention ${s.number}`,
        greeting: `Bonjour ${s.customer.name},`,
        shopName: s.seller.tradeName,
        blocks: [
          {
            kind: 'paragraph',
            text: `Vous trouverez ci-joint le rapport de notre intervention du ${frenchDay(s.visit.day)} (${s.interventionNumber}), signé et scellé.`,
          },
          {
            kind: 'paragraph',
            text: 'Chacun peut vérifier ce rapport et savoir si un fichier en main est bien celui-ci, avec le code imprimé sous le QR code :',
          },
          { kind: 'action', label: 'Vérifier le rapport', url: s.verificationUrl },
        ],
      });
      await enqueueMail(tx, {
        dedupeKey: `report:${s.number}`,
        kind: 'report',
        to: email,
        ...content,
        attachments: [{ filename: reportFilename(s.number), contentType: 'application/pdf', content: pdf }],
      });
    },
  );
  const s = sealed as { snapshot: ReportSnapshot } | null;
  return {
    number: s?.snapshot.number ?? null,
    shortCode: s?.snapshot.shortCode ?? null,
    state: handled.state,
  };
}

/** « Ajouter un additif »: a signed correction of a sealed report, sealed, stored and mailed alike. */
export async function sealAddendum(
  sql: Sql,
  interventionId: string,
  input: { reportNumber: string; text: string; technician: SignatureInput },
  options: { meta: StreamMeta; sealer: Sealer; publicUrl: string; clock?: DocumentClock },
) {
  const id = checkId(interventionId);
  let sealed: { snapshot: AddendumSnapshot; pdf: Buffer; email: string; customerName: string } | null = null;
  await handleStreamCommand(
    sql,
    interventionModel,
    id,
    options.meta,
    async (state, tx) => {
      if (!state) throw interventionNotFound();
      const technician = {
        name: input.technician.name.trim(),
        signedAt: options.meta.at,
        strokes: input.technician.strokes,
      };
      const report = checkAddendum(state, { ...input, technician });
      const appointment = checkSealer(state, report.appointmentId, options.sealer);
      // An addendum is numbered within its report (1, 2, …), dated by the documents' one clock.
      const issuedAt = (await (options.clock ?? databaseClock)(tx)).toISOString();
      const addendum = report.addenda.length + 1;
      const snapshot: AddendumSnapshot = {
        reportNumber: report.number,
        addendum,
        issuedAt,
        shortCode: report.shortCode,
        verificationUrl: verificationUrl(options.publicUrl, report.shortCode),
        reportContentHash: report.contentHash,
        interventionNumber: state.number,
        sellerName: (await seller(tx)).tradeName,
        text: input.text.trim(),
        technician: { ...technician, technicianId: appointment.technicianId },
      };
      const contentHash = reportContentHash(snapshot);
      const pdf = await renderAddendumPdf(snapshot, contentHash);
      sealed = { snapshot, pdf, email: state.requester.email, customerName: state.requester.name };
      return decide(
        {
          type: 'SealReportAddendum',
          data: {
            reportNumber: report.number,
            addendum,
            text: snapshot.text,
            contentHash,
            pdfSha256: sha256(pdf),
            coveredThroughVersion: state.version,
            issuedAt,
            technician: snapshot.technician,
            addendumSnapshot: snapshot,
          },
        },
        state,
      );
    },
    async (tx) => {
      if (!sealed) return;
      const { snapshot: a, pdf, email, customerName } = sealed;
      await tx`
        insert into report_documents (number, intervention_id, report_number, addendum, short_code, pdf, sha256)
        values (${`${a.reportNumber}-A${a.addendum}`}, ${id}, ${a.reportNumber}, ${a.addendum}, ${a.shortCode},
                ${pdf}, ${sha256(pdf)})`;
      const content = renderMail({
        subject: `Additif n° ${a.addendum} à votre rapport ${a.reportNumber}`,
        greeting: `Bonjour ${customerName},`,
        shopName: a.sellerName,
        blocks: [
          {
            kind: 'paragraph',
            text: `Vous trouverez ci-joint l'additif n° ${a.addendum} qui corrige le rapport ${a.reportNumber}, signé et scellé.`,
          },
          { kind: 'action', label: 'Vérifier le rapport et ses additifs', url: a.verificationUrl },
        ],
      });
      await enqueueMail(tx, {
        dedupeKey: `report:${a.reportNumber}:addendum:${a.addendum}`,
        kind: 'report',
        to: email,
        ...content,
        attachments: [
          {
            filename: addendumFilename(a.reportNumber, a.addendum),
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    },
  );
  const s = sealed as { snapshot: AddendumSnapshot } | null;
  return { addendum: s?.snapshot.addendum ?? null };
}

// --- The public verification page ----------------------------------------------------------------

/** Verifications per client address and window (shared by every instance: abuse_counters). */
export const VERIFY_LIMIT = { max: 30, windowSeconds: 600 } as const;
/**
 * Every answer, known code or not, takes at least this long: the time says nothing about whether a
 * code exists (the lookup itself is one indexed read, far below it).
 */
export const VERIFY_FLOOR_MS = 250;

export const UNKNOWN_CODE_MESSAGE =
  'Aucun rapport ne correspond à ce code. Vérifiez les 10 caractères imprimés sous le QR code.';

/** What /verifier/{code} shows (publicReportView), or the French « inconnu » error, in constant time. */
export async function verifyReportCode(sql: Sql, ip: string, code: string) {
  const started = performance.now();
  try {
    const h = await hit(sql, `report-verify:ip:${ip}`, VERIFY_LIMIT.max, VERIFY_LIMIT.windowSeconds);
    if (!h.allowed)
      throw new DomainError(
        'rate_limited',
        'VERIFY_LIMIT',
        `Trop de vérifications depuis votre adresse. Réessayez dans ${Math.ceil(h.retryAfter / 60)} minute(s).`,
        { retryAfter: h.retryAfter },
      );
    const normalized = normalizeShortCode(code);
    const [doc] = normalized
      ? await sql<{ interventionId: string; reportNumber: string }[]>`
          select intervention_id::text, report_number from report_documents
           where short_code = ${normalized} and addendum = 0`
      : [];
    const view = doc ? await reportView(sql, doc.interventionId, doc.reportNumber) : null;
    if (!view) throw new DomainError('not_found', 'REPORT_CODE_UNKNOWN', UNKNOWN_CODE_MESSAGE);
    return view;
  } finally {
    const left = VERIFY_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

async function reportView(sql: Tx, interventionId: string, number: string) {
  const { events } = await readModelStream(sql, interventionModel, interventionId);
  const reports = events.filter((e): e is (typeof events)[number] & ReportEvent =>
    e.type.startsWith('Report'),
  );
  const sealed = reports.find((e) => e.type === 'ReportSealed' && e.data.number === number);
  if (sealed?.type !== 'ReportSealed') return null;
  const addenda = reports.flatMap((e) =>
    e.type === 'ReportAddendumSealed' && e.data.reportNumber === number
      ? [{ addendum: e.data.addendum, issuedAt: e.data.issuedAt, pdfSha256: e.data.pdfSha256 }]
      : [],
  );
  return publicReportView(sealed.data.report, sealed.data, addenda, await isHeld(sql, interventionId));
}

const documentNumber = /^RI-\d{4}-\d{6}(-A\d{1,3})?$/;
export const isReportNumber = (number: string) => documentNumber.test(number);

/**
 * A report's (or addendum's) PDF as mailed, as base64, when it belongs to the intervention. The
 * caller checks who may read it (staff; the customer through customer-documents.ts).
 */
export async function reportPdf(sql: Tx, interventionId: string, number: string) {
  if (!isReportNumber(number))
    throw new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');
  const [row] = await sql<{ pdf: Buffer; reportNumber: string; addendum: number }[]>`
    select pdf, report_number, addendum from report_documents
     where intervention_id = ${interventionId} and number = ${number}`;
  if (!row) throw new DomainError('not_found', 'DOCUMENT_NOT_FOUND', 'Document introuvable.');
  return {
    filename: row.addendum
      ? addendumFilename(row.reportNumber, row.addendum)
      : reportFilename(row.reportNumber),
    base64: Buffer.from(row.pdf).toString('base64'),
  };
}

export const reportPdfForStaff = (sql: Tx, interventionId: string, number: string) =>
  reportPdf(sql, checkId(interventionId), number);

/**
 * The sealing screen's reading: the visit as the report would state it now, the customer's name
 * for the signature, and the report if already sealed (then only an addendum can follow).
 */
export async function reportDraft(sql: Tx, interventionId: string, appointmentId: string, sealer: Sealer) {
  const id = checkId(interventionId);
  const { events, state } = await readModelStream(sql, interventionModel, id);
  if (!state) throw interventionNotFound();
  checkSealer(state, appointmentId, sealer);
  const visit = reportVisit(events, appointmentId, state.version);
  const report = state.reports.find((r) => r.appointmentId === appointmentId) ?? null;
  return {
    interventionNumber: state.number,
    customerName: state.requester.name,
    town: state.requester.city,
    visit,
    report: report && {
      number: report.number,
      shortCode: report.shortCode,
      issuedAt: report.issuedAt,
      addenda: report.addenda.map((a) => a.addendum),
    },
  };
}
