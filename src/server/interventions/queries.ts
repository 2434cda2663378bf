/** The back-office's reading of interventions: the pipeline's counts and a filtered, searched list. */

import type { InterventionInvoiceSummary } from '../../domain/interventions/billing.js';
import type { ContractSummary, DevisSummary } from '../../domain/interventions/devis-decider.js';
import type { RequestPhoto } from '../../domain/interventions/events.js';
import { INTERVENTION_STATUSES, type InterventionStatus } from '../../domain/interventions/pipeline.js';
import type { Tx } from '../db/client.js';

export interface InterventionListRow {
  id: string;
  number: string;
  status: InterventionStatus;
  service: string;
  siteType: string | null;
  urgency: string;
  preferredSlots: string[];
  name: string;
  email: string;
  phone: string;
  street: string;
  zipCode: string;
  city: string;
  message: string;
  photos: RequestPhoto[];
  callbackConsentAt: Date | null;
  callbackConsentWording: string | null;
  source: string;
  lostReason: string | null;
  noteCount: number;
  devis: DevisSummary | null;
  contract: ContractSummary | null;
  /** The invoice from the report (docs/decisions/039), and what was received on it. */
  invoice: InterventionInvoiceSummary | null;
  paidCents: number;
  /** Whether a report was sealed (« Facturer » needs one). */
  reportSealed: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export async function pipelineCounts(sql: Tx): Promise<Record<InterventionStatus, number>> {
  const rows = await sql<{ status: InterventionStatus; n: number }[]>`
    select status, count(*)::int as n from interventions group by status`;
  const counts = Object.fromEntries(INTERVENTION_STATUSES.map((s) => [s, 0])) as Record<
    InterventionStatus,
    number
  >;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listInterventions(
  sql: Tx,
  filter: { status: InterventionStatus | null; search: string; urgentOnly: boolean; limit: number },
): Promise<InterventionListRow[]> {
  const like = `%${escapeLike(filter.search.trim())}%`;
  return await sql<InterventionListRow[]>`
    select id, number, status, service, site_type, urgency, preferred_slots, name, email, phone, street,
           zip_code, city, message, photos, callback_consent_at, callback_consent_wording, source, lost_reason,
           note_count, devis, contract, invoice, paid_cents,
           exists (select 1 from events e where e.stream_id = interventions.id and e.type = 'ReportSealed')
             as report_sealed,
           version, created_at, updated_at
      from interventions
     where true
       ${filter.status ? sql`and status = ${filter.status}` : sql``}
       ${filter.urgentOnly ? sql`and urgency = 'urgent'` : sql``}
       ${
         filter.search.trim()
           ? sql`and (number ilike ${like} or name ilike ${like} or email ilike ${like} or phone ilike ${like}
                      or city ilike ${like} or zip_code ilike ${like})`
           : sql``
       }
     order by created_at desc, id
     limit ${filter.limit}`;
}
