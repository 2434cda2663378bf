/**
 * The biocide usage register (issue 37, point 6; docs/decisions/040-biocide-usage-register.md): the
 * biocides the firm's technicians APPLIED, one row per TreatmentRecorded event of an intervention's
 * stream. (The shop's register of biocides SOLD is catalog/biocide-register.ts; both print with the
 * same cells and the same certificate rule.)
 *
 * A row is a pure function of the stream's events: the treatment copies what it relied on that day
 * (product, AMM, type, applicator, certificate), the site is the request's, and the report number
 * is the first ReportSealed whose `coveredThroughVersion` reaches the treatment. The append
 * (server/interventions/treatment-register.ts) and the replay fold the events through the same
 * functions, so the register cannot say anything the reports do not.
 */
import { z } from 'zod';
import { biocideTypeLabel, registerDay } from '../catalog/biocide-register.js';
import { certificateCategoryLabel, certificateProblem } from '../catalog/certibiocide.js';
import { isRealDay } from '../common/dates.js';
import { csvLine } from '../orders/admin-list.js';
import { exportFileName, frenchDay, parisDay } from '../site/dates.js';
import type { ReportEvent } from './report-events.js';
import type { VisitEvent } from './visit-events.js';

type Treatment = Extract<VisitEvent, { type: 'TreatmentRecorded' }>['data'];
type Sealed = Extract<ReportEvent, { type: 'ReportSealed' }>['data'];

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'wrongCategory', 'none'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  valid: 'Valide',
  expired: 'Expiré',
  wrongCategory: 'Catégorie non conforme',
  none: 'Aucun',
};

/** The intervention a treatment belongs to, as the register prints it. */
export interface RegisterIntervention {
  id: string;
  number: string;
  site: { street: string; zipCode: string; city: string };
}

/** One line of the register (the read table's row, column for column). */
export interface TreatmentRegisterRow {
  intervention_id: string;
  version: number;
  treated_at: string;
  day: string;
  intervention_number: string;
  site_street: string;
  site_zip_code: string;
  site_city: string;
  product_id: string;
  product_title: string;
  amm_number: string;
  biocide_type: string;
  professional_only: boolean;
  quantity: number;
  unit: string;
  method: string;
  target: string;
  zone: string;
  technician_id: string;
  applicator_name: string;
  certificate_number: string | null;
  certificate_category: string | null;
  certificate_expires_on: string | null;
  certificate_status: CertificateStatus;
  report_number: string | null;
}

export const TREATMENT_REGISTER_COLUMNS = [
  'intervention_id',
  'version',
  'treated_at',
  'day',
  'intervention_number',
  'site_street',
  'site_zip_code',
  'site_city',
  'product_id',
  'product_title',
  'amm_number',
  'biocide_type',
  'professional_only',
  'quantity',
  'unit',
  'method',
  'target',
  'zone',
  'technician_id',
  'applicator_name',
  'certificate_number',
  'certificate_category',
  'certificate_expires_on',
  'certificate_status',
  'report_number',
] as const satisfies readonly (keyof TreatmentRegisterRow)[];

/** The certificate on the treatment's Paris day, for the product's required category. */
export function certificateStatusOn(t: Treatment, day: string): CertificateStatus {
  const problem = certificateProblem(t.applicator.certificate, t.certibiocideCategory, day);
  return problem === null ? 'valid' : problem === 'noCertificate' ? 'none' : problem;
}

/** The register's line of a TreatmentRecorded event (at `version` of the intervention's stream). */
export function treatmentRegisterRow(
  i: RegisterIntervention,
  t: Treatment,
  version: number,
): TreatmentRegisterRow {
  const day = parisDay(new Date(t.at));
  const c = t.applicator.certificate;
  return {
    intervention_id: i.id,
    version,
    treated_at: new Date(t.at).toISOString(),
    day,
    intervention_number: i.number,
    site_street: i.site.street,
    site_zip_code: i.site.zipCode,
    site_city: i.site.city,
    product_id: t.productId,
    product_title: t.productTitle,
    amm_number: t.ammNumber,
    biocide_type: t.biocideType,
    professional_only: t.professionalOnly,
    quantity: t.quantity,
    unit: t.unit,
    method: t.method,
    target: t.target,
    zone: t.zone,
    technician_id: t.applicator.technicianId,
    applicator_name: t.applicator.name,
    certificate_number: c?.number ?? null,
    certificate_category: c?.category ?? null,
    certificate_expires_on: c?.expiresOn ?? null,
    certificate_status: certificateStatusOn(t, day),
    report_number: null,
  };
}

/**
 * A sealed report names the treatments it states: those of its own visit (`visitOf`: a treatment's
 * version to its appointment) that it covers, and no earlier report named. Another visit's
 * treatments wait for their own report, even when that visit was finished before this one.
 */
export const sealedRows = (
  rows: readonly TreatmentRegisterRow[],
  sealed: Sealed,
  visitOf: (version: number) => string | undefined,
) =>
  rows.map((r) =>
    r.report_number === null &&
    r.version <= sealed.coveredThroughVersion &&
    visitOf(r.version) === sealed.appointmentId
      ? { ...r, report_number: sealed.number }
      : r,
  );

type StreamEvent = { type: string; data: unknown; version: number };

/** The appointment of each treatment of a stream, by its version (what `sealedRows` reads). */
export const treatmentVisits = (events: readonly StreamEvent[]) =>
  new Map(
    events.flatMap((e) =>
      e.type === 'TreatmentRecorded' ? [[e.version, (e.data as Treatment).appointmentId] as const] : [],
    ),
  );

/**
 * The register's lines of one stream, folded from its events oldest first (the replay, and the
 * test that the register equals the reports). `site` is the request's (its personal record).
 */
export function foldTreatmentRegister(
  i: RegisterIntervention,
  events: readonly StreamEvent[],
): TreatmentRegisterRow[] {
  const visits = treatmentVisits(events);
  return events.reduce<TreatmentRegisterRow[]>(
    (rows, e) => evolveTreatmentRegister(rows, i, e, (v) => visits.get(v)),
    [],
  );
}

/** One event's change to a stream's lines (the fold's step; the append does the same in SQL). */
export function evolveTreatmentRegister(
  rows: TreatmentRegisterRow[],
  i: RegisterIntervention,
  e: StreamEvent,
  visitOf: (version: number) => string | undefined,
): TreatmentRegisterRow[] {
  if (e.type === 'TreatmentRecorded')
    return [...rows, treatmentRegisterRow(i, e.data as Treatment, e.version)];
  if (e.type === 'ReportSealed') return sealedRows(rows, e.data as Sealed, visitOf);
  return rows;
}

/* --- The screen's filters (one schema for the list, the CSV and the PDF) --- */

const dayField = (message: string) => z.string().refine(isRealDay, message).optional();

export const treatmentRegisterFiltersSchema = z
  .object({
    from: dayField('Date de début invalide.'),
    to: dayField('Date de fin invalide.'),
    product: z.string().max(100, 'Produit inconnu.').optional(),
    technician: z.string().max(100, 'Technicien inconnu.').optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });
export type TreatmentRegisterFilters = z.infer<typeof treatmentRegisterFiltersSchema>;
export const TREATMENT_REGISTER_FILTER_KEYS = ['from', 'to', 'product', 'technician'] as const;

/* --- How the register prints (screen, CSV, PDF) --- */

/** A quantity with its unit and a decimal comma: « 1,5 kg ». */
export const quantityLabel = (r: Pick<TreatmentRegisterRow, 'quantity' | 'unit'>) =>
  `${String(r.quantity).replace('.', ',')} ${r.unit}`;

export const siteLabel = (r: Pick<TreatmentRegisterRow, 'site_street' | 'site_zip_code' | 'site_city'>) =>
  [r.site_street, `${r.site_zip_code} ${r.site_city}`.trim()].filter(Boolean).join(', ');

/** « N° 12345 – Certibiocide nuisibles (…) – valide jusqu'au 31/12/2027 », or « Aucun certificat ». */
export function certificateLabel(r: TreatmentRegisterRow): string {
  if (!r.certificate_number) return 'Aucun certificat';
  return [
    `N° ${r.certificate_number}`,
    certificateCategoryLabel(r.certificate_category ?? ''),
    `jusqu'au ${registerDay(r.certificate_expires_on ?? '')}`,
  ].join(' – ');
}

export const TREATMENT_REGISTER_HEADER = [
  'Date',
  'Intervention',
  'Adresse',
  'Code postal',
  'Commune',
  'Produit',
  'N° AMM',
  'Type de produit',
  'Réservé aux professionnels',
  'Quantité',
  'Unité',
  'Méthode',
  'Cible',
  'Zone traitée',
  'Applicateur',
  'N° Certibiocide',
  'Catégorie du certificat',
  'Validité du certificat',
  'Certificat le jour du traitement',
  'Rapport',
];

/** One CSV line (French conventions: `;`, decimal comma, Paris day, as the shop's register). */
export function treatmentRegisterLine(r: TreatmentRegisterRow): string {
  return csvLine([
    frenchDay(r.day),
    r.intervention_number,
    r.site_street,
    { digits: r.site_zip_code },
    r.site_city,
    r.product_title,
    r.amm_number,
    biocideTypeLabel(r.biocide_type),
    r.professional_only ? 'Oui' : 'Non',
    String(r.quantity).replace('.', ','),
    r.unit,
    r.method,
    r.target,
    r.zone,
    r.applicator_name,
    r.certificate_number ?? '',
    r.certificate_category ? certificateCategoryLabel(r.certificate_category) : '',
    r.certificate_expires_on ? registerDay(r.certificate_expires_on) : '',
    CERTIFICATE_STATUS_LABELS[r.certificate_status],
    r.report_number ?? '',
  ]);
}

/** « registre-traitements-2026-11-28.csv » (or .pdf), the Paris day it was made. */
export const treatmentRegisterFileName = (extension: 'csv' | 'pdf', now: Date) =>
  exportFileName('registre-traitements', extension, now);

/** The period a filter covers, as the PDF's subtitle says it. */
export function periodLabel(f: TreatmentRegisterFilters): string {
  if (f.from && f.to) return `du ${frenchDay(f.from)} au ${frenchDay(f.to)}`;
  if (f.from) return `depuis le ${frenchDay(f.from)}`;
  if (f.to) return `jusqu'au ${frenchDay(f.to)}`;
  return 'toutes dates';
}
