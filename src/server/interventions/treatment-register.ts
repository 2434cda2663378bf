/**
 * The biocide usage register's read table `treatment_register` (migration 0135,
 * docs/decisions/040-biocide-usage-register.md): written in the append's transaction (model.ts
 * `project`), rebuilt by the replay (replay.ts), read by the back-office screen, its CSV and PDF.
 * Never typed: only the intervention's events write it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { biocideTypeLabel } from '../../domain/catalog/biocide-register.js';
import type { InterventionState } from '../../domain/interventions/decider.js';
import type { InterventionEvent } from '../../domain/interventions/events.js';
import {
  CERTIFICATE_STATUS_LABELS,
  certificateLabel,
  periodLabel,
  quantityLabel,
  type RegisterIntervention,
  siteLabel,
  TREATMENT_REGISTER_COLUMNS,
  TREATMENT_REGISTER_FILTER_KEYS,
  TREATMENT_REGISTER_HEADER,
  type TreatmentRegisterFilters,
  type TreatmentRegisterRow,
  treatmentRegisterFileName,
  treatmentRegisterFiltersSchema,
  treatmentRegisterLine,
  treatmentRegisterRow,
} from '../../domain/interventions/treatment-register.js';
import { frenchDateTime, frenchDay } from '../../domain/site/dates.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { sendCsv, startDownload, type WriteChunk, writeCsv } from '../http/download.js';
import { readQuery, requireRole } from '../http/staff-gate.js';
import { readIdentity } from '../invoices/identity.js';
import { startPdf } from '../invoices/pdf.js';

/** The intervention as the register names it: its number and the request's site. */
export const registerIntervention = (s: InterventionState): RegisterIntervention => ({
  id: s.id,
  number: s.number,
  site: { street: s.requester.street, zipCode: s.requester.zipCode, city: s.requester.city },
});

/** The append's part (model.ts): a treatment adds its line, a sealed report names its lines. */
export async function projectTreatmentRegister(
  tx: Tx,
  s: InterventionState,
  change: { event: InterventionEvent; version: number },
): Promise<void> {
  const { event, version } = change;
  if (event.type === 'TreatmentRecorded') {
    const row = treatmentRegisterRow(registerIntervention(s), event.data, version);
    await tx`insert into treatment_register ${tx(row as never, TREATMENT_REGISTER_COLUMNS)}`;
  } else if (event.type === 'ReportSealed') {
    // The same rule as sealedRows (domain), which the replay folds with: the report's own visit.
    await tx`
      update treatment_register set report_number = ${event.data.number}
       where intervention_id = ${s.id} and report_number is null
         and version <= ${event.data.coveredThroughVersion}
         and version in (select version from events where stream_id = ${s.id} and type = 'TreatmentRecorded'
                            and data ->> 'appointmentId' = ${event.data.appointmentId})`;
  }
}

/** The driver names columns in camelCase (db/client.ts): the register's rows keep the table's names. */
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const registerRow = (r: Record<string, unknown>) =>
  Object.fromEntries(
    TREATMENT_REGISTER_COLUMNS.map((c) => [c, r[camel(c)]]),
  ) as unknown as TreatmentRegisterRow;

/** The rows as the list, CSV and PDF read them (day as text, the instant as ISO). */
const selectRows = (sql: Tx, f: TreatmentRegisterFilters, limit: number | null) => sql<
  Record<string, unknown>[]
>`
  select ${sql(TREATMENT_REGISTER_COLUMNS.filter((c) => c !== 'day' && c !== 'treated_at'))},
         day::text as day, to_char(treated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as treated_at
    from treatment_register
   where (${f.from ?? null}::date is null or day >= ${f.from ?? null}::date)
     and (${f.to ?? null}::date is null or day <= ${f.to ?? null}::date)
     and (${f.product ?? null}::text is null or product_id = ${f.product ?? null})
     and (${f.technician ?? null}::text is null or technician_id = ${f.technician ?? null})
   order by day, treated_at, intervention_number, version
   ${limit === null ? sql`` : sql`limit ${limit}`}`;

/** The screen's list (the newest last, like the paper register), at most `limit` lines. */
export async function listTreatmentRegister(sql: Tx, f: TreatmentRegisterFilters, limit = 500) {
  const [rows, [count]] = await Promise.all([
    selectRows(sql, f, limit).then((rows) => rows.map(registerRow)),
    sql<{ total: number }[]>`
      select count(*)::int as total from treatment_register
       where (${f.from ?? null}::date is null or day >= ${f.from ?? null}::date)
         and (${f.to ?? null}::date is null or day <= ${f.to ?? null}::date)
         and (${f.product ?? null}::text is null or product_id = ${f.product ?? null})
         and (${f.technician ?? null}::text is null or technician_id = ${f.technician ?? null})`,
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The filters' choices: the products and technicians the register holds (as recorded). */
export async function treatmentRegisterChoices(sql: Tx) {
  const [products, technicians] = await Promise.all([
    sql<{ id: string; title: string }[]>`
      select distinct on (product_id) product_id as id, product_title as title
        from treatment_register order by product_id, treated_at desc`,
    sql<{ id: string; name: string }[]>`
      select distinct on (technician_id) technician_id as id, applicator_name as name
        from treatment_register order by technician_id, treated_at desc`,
  ]);
  const byLabel = (a: string, b: string) => a.localeCompare(b, 'fr');
  return {
    products: products.sort((a, b) => byLabel(a.title, b.title)),
    technicians: technicians.sort((a, b) => byLabel(a.name, b.name)),
  };
}

export async function writeTreatmentRegisterCsv(sql: Tx, f: TreatmentRegisterFilters, write: WriteChunk) {
  return await writeCsv(write, TREATMENT_REGISTER_HEADER, selectRows(sql, f, null).cursor(500), (r) =>
    treatmentRegisterLine(registerRow(r)),
  );
}

/** The register as a landscape-wide A4 table (startPdf's table writer), for the inspector's file. */
export async function renderTreatmentRegisterPdf(
  rows: readonly TreatmentRegisterRow[],
  f: TreatmentRegisterFilters,
  meta: { at: Date; shopName: string; filtersLabel: string },
): Promise<Buffer> {
  const { pdf, write, table, done } = startPdf({
    title: 'Registre des traitements biocides',
    author: meta.shopName,
    at: meta.at,
    layout: 'landscape',
  });
  const left = 48;
  const width = pdf.page.width - 96;
  pdf.fontSize(14).fillColor('#000000');
  write('bold', 'Registre des traitements biocides', { width }, { x: left, y: 48 });
  pdf.fontSize(9).fillColor('#333333');
  write('body', `${meta.shopName} – produits biocides appliqués par nos techniciens`, { width });
  write('body', `Période : ${periodLabel(f)}${meta.filtersLabel ? ` – ${meta.filtersLabel}` : ''}`, {
    width,
  });
  write('body', `Édité le ${frenchDateTime(meta.at)} – ${rows.length} traitement(s)`, { width });
  pdf.text('', left, pdf.y + 10);
  const widths = [84, 124, 150, 52, 136, 200];
  let x = left;
  const cols = [
    'Date / intervention',
    'Site',
    'Produit / AMM / type',
    'Quantité',
    'Méthode / cible / zone',
    'Applicateur / certificat',
  ].map((title, i) => {
    const col = { title, x, w: (widths[i] ?? 60) - 4, align: 'left' as const };
    x += widths[i] ?? 60;
    return col;
  });
  const header = () => table(cols, left, width);
  let row = header();
  for (const r of rows) {
    if (pdf.y > pdf.page.height - 100) {
      pdf.addPage();
      pdf.text('', left, 48);
      row = header();
    }
    row([
      `${frenchDay(r.day)}\n${r.intervention_number}${r.report_number ? `\n${r.report_number}` : ''}`,
      siteLabel(r),
      `${r.product_title}\nAMM ${r.amm_number}\n${biocideTypeLabel(r.biocide_type)}${r.professional_only ? ', réservé aux professionnels' : ''}`,
      quantityLabel(r),
      `${r.method}\n${r.target}\n${r.zone}`,
      `${r.applicator_name}\n${certificateLabel(r)}\n${CERTIFICATE_STATUS_LABELS[r.certificate_status]} le jour du traitement`,
    ]);
  }
  if (rows.length === 0) write('body', 'Aucun traitement sur la période.', { width });
  pdf.end();
  return await done;
}

/** GET /api/admin/treatment-register.csv and .pdf?from=&to=&product=&technician= (admins and auditors). */
export const TREATMENT_REGISTER_CSV_PATH = '/api/admin/treatment-register.csv';
export const TREATMENT_REGISTER_PDF_PATH = '/api/admin/treatment-register.pdf';

export async function handleTreatmentRegisterCsv(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!(await requireRole(services, req, res, 'staff', { methods: ['GET'] }))) return;
  const filters = readQuery(req, res, treatmentRegisterFiltersSchema, TREATMENT_REGISTER_FILTER_KEYS);
  if (!filters) return;
  await sendCsv(
    res,
    { fileName: treatmentRegisterFileName('csv', new Date()), what: 'Treatment register CSV' },
    (write) => writeTreatmentRegisterCsv(services.sql, filters, write),
  );
}

export async function handleTreatmentRegisterPdf(
  services: Services,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!(await requireRole(services, req, res, 'staff', { methods: ['GET'] }))) return;
  const filters = readQuery(req, res, treatmentRegisterFiltersSchema, TREATMENT_REGISTER_FILTER_KEYS);
  if (!filters) return;
  const rows = (await selectRows(services.sql, filters, null)).map(registerRow);
  const first = (key: 'product_id' | 'technician_id', value: string | undefined) =>
    value ? rows.find((r) => r[key] === value) : undefined;
  const product = first('product_id', filters.product);
  const technician = first('technician_id', filters.technician);
  const filtersLabel = [
    product ? `produit : ${product.product_title}` : '',
    technician ? `applicateur : ${technician.applicator_name}` : '',
  ]
    .filter(Boolean)
    .join(' – ');
  const now = new Date();
  const pdf = await renderTreatmentRegisterPdf(rows, filters, {
    at: now,
    shopName: (await readIdentity(services.sql)).identity.legalName || 'Hygiène - Anti-nuisibles 27',
    filtersLabel,
  });
  startDownload(res, 'application/pdf', treatmentRegisterFileName('pdf', now));
  res.end(pdf);
}
