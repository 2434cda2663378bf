/**
 * The sites' part of the erasure (ADR 020, ADR 042): a household's home is personal data. The
 * sites of the erased subject (their account's, and those of their contracts and interventions)
 * that are a home (HOME_SITE_TYPES) lose their name and address and leave the list (archived);
 * the changes of the audit trail that named them are replaced by a placeholder. Zones, plans,
 * devices and their checks stay: the record of the visits the sealed reports cite (legal hold).
 * A business's premises stay as they are.
 */
import { ERASED_SITE, ERASED_SITE_CHANGE, HOME_SITE_TYPES } from '../../domain/sites/site.js';
import type { Tx } from '../db/client.js';

export async function eraseHomeSites(
  tx: Tx,
  s: { userId: string | null; siteIds?: readonly string[] },
): Promise<number> {
  const rows = await tx<{ id: string }[]>`
    update sites
       set name = ${ERASED_SITE.name}, street = ${ERASED_SITE.street}, zip_code = ${ERASED_SITE.zipCode},
           city = ${ERASED_SITE.city}, archived_at = coalesce(archived_at, now())
     where site_type = any(${[...HOME_SITE_TYPES]}::text[])
       and (customer_id = ${s.userId ?? ''} or id = any(${s.siteIds ?? []}::uuid[]))
       and not (name = ${ERASED_SITE.name} and street = ${ERASED_SITE.street})
    returning id`;
  const ids = rows.map((r) => r.id);
  if (ids.length > 0)
    await tx`
      update site_changes set detail = ${tx.json(ERASED_SITE_CHANGE)}
       where site_id = any(${ids}::uuid[]) and action in ('site_created', 'site_updated')`;
  return ids.length;
}
