/**
 * « Mise en service » (issue 35): the facts the domain's checklist reads (src/domain/settings/
 * readiness.ts), gathered from the settings, Paramètres › Facturation, the configuration, the seeded
 * admin password's fingerprint and the catalogue.
 */
import {
  closedForAdminMessage,
  missingLegalMentions,
  type ReadinessItem,
  shopReadiness,
} from '../../domain/settings/readiness.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import { readIdentity } from '../invoices/identity.js';
import { passwordFingerprint, SEEDED_PASSWORD_KEY } from '../seed/seed.js';
import { readSettings } from './store.js';

export interface Readiness {
  items: ReadinessItem[];
  /** Production only: why the checkout takes no order (the back-office's sentence), or null. */
  closedBecause: string | null;
}

/** The admin still has the password the seed gave them (development, published or random one). */
async function hasSeededPassword(sql: Tx, userId: string): Promise<boolean> {
  const [marker] = await sql<{ value: { userId: string; fingerprint: string } }[]>`
    select value from app_meta where key = ${SEEDED_PASSWORD_KEY}`;
  if (!marker || marker.value.userId !== userId) return false;
  const [account] = await sql<{ password: string | null }[]>`
    select password from accounts where user_id = ${userId} and provider_id = 'credential'`;
  return (
    Boolean(account?.password) && passwordFingerprint(account?.password ?? '') === marker.value.fingerprint
  );
}

export async function readReadiness(sql: Tx, config: Config, adminId: string): Promise<Readiness> {
  const [{ settings }, { identity }, seededPassword, hazardous] = await Promise.all([
    readSettings(sql, config),
    readIdentity(sql),
    hasSeededPassword(sql, adminId),
    sql<{ id: string; title: string }[]>`
      select id, title from products
       where is_available and is_visible_in_shop
         and (biocide_type is not null or cardinality(hazard_pictograms) > 0)
         and coalesce(safety_data_sheet, '') = ''
       order by title`,
  ]);
  const missing = missingLegalMentions(settings, identity);
  return {
    items: shopReadiness({
      settings,
      seller: identity,
      smtp: Boolean(config.SMTP_URL),
      mailFrom: config.MAIL_FROM,
      ownPassword: !seededPassword,
      hazardousWithoutSheet: hazardous,
    }),
    closedBecause: config.production && missing.length > 0 ? closedForAdminMessage(missing) : null,
  };
}
