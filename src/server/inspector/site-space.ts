/**
 * The customer's « Mes sites » (issue 38 point 3, docs/decisions/045-inspector-folder.md): on /compte
 * the sites whose customer is the account, on the signed site link (/site/{token}) its one site.
 * Per site: the current plan with its devices (read-only), the reports and invoices of its
 * interventions (the one document list, customer-documents.ts) and « Signaler une observation ».
 * Another customer's site is « Site introuvable. », whatever the id or the token says.
 */
import { DomainError } from '../../domain/errors.js';
import type { InterventionRequest } from '../../domain/interventions/request.js';
import type { ShopSettings } from '../../domain/settings/settings.js';
import { type Sighting, sightingMessage } from '../../domain/sites/sighting.js';
import type { SiteDevice } from '../../domain/sites/site.js';
import type { Sql, Tx } from '../db/client.js';
import {
  type InterventionDocument,
  interventionDocumentPdf,
  interventionDocuments,
} from '../interventions/customer-documents.js';
import { receiveInterventionRequest } from '../interventions/requests.js';
import type { DocumentFile } from '../invoices/queries.js';
import { currentPlan, readSite, type SiteRow, siteDevices } from '../sites/queries.js';
import { siteIdFromToken } from '../sites/site-link.js';

/** A signed-in account's sites, or the one site a signed link names. */
export type SiteScope = { user: { id: string } } | { siteId: string };

const siteNotFound = () => new DomainError('not_found', 'SITE_NOT_FOUND', 'Site introuvable.');

/** The signed link's site, or « Ce lien est invalide ou a expiré. ». */
export function siteLinkScope(secret: string, token: string): SiteScope {
  const siteId = siteIdFromToken(secret, token);
  if (!siteId) throw new DomainError('not_found', 'LINK_INVALID', 'Ce lien est invalide ou a expiré.');
  return { siteId };
}

/** The site if the scope may read it: the account is its customer, or the link names it. */
async function siteInScope(sql: Tx, scope: SiteScope, siteId: string): Promise<SiteRow> {
  const site = await readSite(sql, siteId);
  const mine = 'user' in scope ? site?.customerId === scope.user.id : site?.id === scope.siteId;
  if (!site || !mine || site.archivedAt) throw siteNotFound();
  return site;
}

export interface CustomerSite {
  id: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  zones: { id: string; name: string }[];
  plan: { imageUrl: string; width: number; height: number; version: number } | null;
  devices: Pick<SiteDevice, 'id' | 'label' | 'kind' | 'zoneName' | 'x' | 'y'>[];
  documents: InterventionDocument[];
}

export async function customerSites(sql: Tx, scope: SiteScope): Promise<CustomerSite[]> {
  const ids =
    'user' in scope
      ? (
          await sql<{ id: string }[]>`
            select id from sites where customer_id = ${scope.user.id} and archived_at is null order by name`
        ).map((r) => r.id)
      : [scope.siteId];
  const sites: CustomerSite[] = [];
  for (const id of ids) {
    const site = await siteInScope(sql, scope, id);
    const plan = await currentPlan(sql, id);
    sites.push({
      id,
      name: site.name,
      street: site.street,
      zipCode: site.zipCode,
      city: site.city,
      zones: await sql<{ id: string; name: string }[]>`
        select id, name from site_zones where site_id = ${id} order by position, name`,
      plan: plan && {
        imageUrl: plan.imageUrl,
        width: plan.width,
        height: plan.height,
        version: plan.version,
      },
      devices: (await siteDevices(sql, id)).map(({ id, label, kind, zoneName, x, y }) => ({
        id,
        label,
        kind,
        zoneName,
        x,
        y,
      })),
      documents: await interventionDocuments(sql, { siteId: id }),
    });
  }
  return sites;
}

/** A report or invoice of one of the scope's sites, as issued. */
export async function siteDocumentPdf(
  sql: Tx,
  scope: SiteScope,
  siteId: string,
  number: string,
): Promise<DocumentFile> {
  await siteInScope(sql, scope, siteId);
  return await interventionDocumentPdf(sql, { siteId }, number);
}

/**
 * « Signaler une observation »: a request of source « sighting » at the site, for the site's
 * customer, through the request form's path (its limit, its photos, the shop's notice).
 */
export async function reportSighting(
  sql: Sql,
  scope: SiteScope,
  input: Sighting,
  who: { ip: string; userId: string | null; requestId: string; settings: ShopSettings; publicUrl: string },
): Promise<{ ok: true }> {
  const site = await siteInScope(sql, scope, input.siteId);
  let zoneName: string | null = null;
  if (input.zoneId) {
    const [zone] = await sql<{ name: string }[]>`
      select name from site_zones where id = ${input.zoneId} and site_id = ${site.id}`;
    if (!zone) throw new DomainError('invalid', 'ZONE_NOT_FOUND', 'Choisissez une zone de ce site.');
    zoneName = zone.name;
  }
  const request: InterventionRequest = {
    name: input.name,
    email: input.email,
    phone: input.phone,
    service: 'autre',
    siteType: site.siteType as InterventionRequest['siteType'],
    street: site.street,
    zipCode: site.zipCode,
    city: site.city,
    urgency: 'semaine',
    preferredSlots: [],
    message: sightingMessage(site.name, zoneName, input.what),
    callbackConsent: false,
    photos: input.photos,
  };
  return await receiveInterventionRequest(sql, request, who, {
    source: 'sighting',
    siteId: site.id,
    customerId: site.customerId,
  });
}
