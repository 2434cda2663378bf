/**
 * The inspector's folder of a site (issue 38 point 4, docs/decisions/045-inspector-folder.md): what
 * a health inspector (DDPP, Reg. (EC) 852/2004 annex II ch. IX §4) asks of a pest-control plan: the
 * protocol, the plan with its devices, the safety data sheets of the products applied there, the
 * applicators' certificates and every sealed report with its verification. No personal data beyond
 * the site's name and address and the applicators' names and certificate numbers.
 */
import { CERTIBIOCIDE_CATEGORIES, isCertibiocideCategory } from '../../domain/catalog/certibiocide.js';
import { CONTACT_SERVICE_LABELS, type ContactService } from '../../domain/contact/services.js';
import { CONTRACT_PEST_LABELS, type ContractPest } from '../../domain/contracts/contract.js';
import { DomainError } from '../../domain/errors.js';
import { SITE_TYPE_LABELS, type SiteType } from '../../domain/interventions/labels.js';
import { parisDay } from '../../domain/site/time-zone.js';
import type { SiteDevice } from '../../domain/sites/site.js';
import type { Tx } from '../db/client.js';
import { interventionDocuments } from '../interventions/customer-documents.js';
import { currentPlan, readSite, type SitePlan, siteDevices } from '../sites/queries.js';

export interface FolderProduct {
  productId: string;
  title: string;
  ammNumber: string;
  biocideType: string;
  lastAppliedOn: string;
  /** The shop's safety data sheet (/documents/{id}), null when none is stored. */
  safetyDataSheet: string | null;
}

export interface FolderCertificate {
  name: string;
  number: string | null;
  category: string | null;
  /** YYYY-MM-DD, the last valid day. */
  validUntil: string | null;
  validToday: boolean;
}

export interface FolderReport {
  number: string;
  interventionNumber: string;
  issuedAt: string;
  verificationCode: string;
}

export interface SiteFolder {
  site: { id: string; name: string; street: string; zipCode: string; city: string; siteType: string };
  protocol: string;
  /** The pests treated at the site (its interventions' services). */
  pests: string[];
  zones: string[];
  /** The visits of the yearly contracts in force at the site (« 6 visites par an (contrat CT-…) »); '' without one. */
  visitFrequency: string;
  /** The current plan (its image as the images module serves it). */
  plan: SitePlan | null;
  devices: SiteDevice[];
  products: FolderProduct[];
  certificates: FolderCertificate[];
  reports: FolderReport[];
  madeOn: string;
}

export async function siteFolder(sql: Tx, siteId: string, today = parisDay(new Date())): Promise<SiteFolder> {
  const site = await readSite(sql, siteId);
  if (!site) throw new DomainError('not_found', 'SITE_NOT_FOUND', 'Site introuvable.');
  const [protocolRow] = await sql<{ protocol: string }[]>`select protocol from sites where id = ${siteId}`;
  const services = await sql<{ service: ContactService }[]>`
    select distinct service from interventions where site_id = ${siteId} order by service`;
  // The yearly contracts in force (ADR 044): their visits and pests belong to the protocol.
  const contracts = await sql<{ number: string; visitsPerYear: number; pests: ContractPest[] }[]>`
    select number, visits_per_year, pests from service_contracts
     where site_id = ${siteId} and start_date <= ${today}::date and (last_day is null or last_day >= ${today}::date)
     order by number`;
  const zones = await sql<{ name: string }[]>`
    select name from site_zones where site_id = ${siteId} order by position, name`;
  const plan = await currentPlan(sql, siteId);
  const products = await sql<FolderProduct[]>`
    select r.product_id, max(r.product_title) as title, max(r.amm_number) as amm_number,
           max(r.biocide_type) as biocide_type, max(r.day)::text as last_applied_on,
           max(nullif(p.safety_data_sheet, '')) as safety_data_sheet
      from treatment_register r
      join interventions i on i.id = r.intervention_id and i.site_id = ${siteId}
      left join products p on p.id::text = r.product_id
     group by r.product_id order by title`;
  // Each applicator once: their certificate as the profile holds it now, else as last recorded.
  const applicators = await sql<
    { name: string; number: string | null; category: string | null; validUntil: string | null }[]
  >`
    select distinct on (r.technician_id) r.applicator_name as name,
           coalesce(pr.certibiocide_number, r.certificate_number) as number,
           coalesce(pr.certibiocide_category, r.certificate_category) as category,
           coalesce(to_char(pr.certibiocide_expires_on, 'YYYY-MM-DD'), r.certificate_expires_on) as valid_until
      from treatment_register r
      join interventions i on i.id = r.intervention_id and i.site_id = ${siteId}
      left join profiles pr on pr.id = r.technician_id
     order by r.technician_id, r.treated_at desc`;
  const documents = await interventionDocuments(sql, { siteId });
  return {
    site: {
      id: site.id,
      name: site.name,
      street: site.street,
      zipCode: site.zipCode,
      city: site.city,
      siteType: SITE_TYPE_LABELS[site.siteType as SiteType] ?? site.siteType,
    },
    protocol: protocolRow?.protocol ?? '',
    pests: [
      ...new Set([
        ...contracts.flatMap((c) => c.pests.map((p) => CONTRACT_PEST_LABELS[p])),
        ...services.map((s) => CONTACT_SERVICE_LABELS[s.service]),
      ]),
    ],
    zones: zones.map((z) => z.name),
    visitFrequency: contracts
      .map((c) => `${c.visitsPerYear} visite${c.visitsPerYear > 1 ? 's' : ''} par an (contrat ${c.number})`)
      .join(' ; '),
    plan,
    devices: await siteDevices(sql, siteId),
    products,
    certificates: applicators
      .map((a) => ({
        name: a.name,
        number: a.number,
        category: isCertibiocideCategory(a.category) ? CERTIBIOCIDE_CATEGORIES[a.category].label : a.category,
        validUntil: a.validUntil,
        validToday: Boolean(a.number && a.validUntil && a.validUntil >= today),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    reports: documents.flatMap((d) =>
      d.kind === 'report' && d.verificationCode
        ? [
            {
              number: d.number,
              interventionNumber: d.interventionNumber,
              issuedAt: d.issuedAt,
              verificationCode: d.verificationCode,
            },
          ]
        : [],
    ),
    madeOn: today,
  };
}
