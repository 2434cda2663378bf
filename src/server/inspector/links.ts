/**
 * The inspector's links (issue 38 point 4, docs/decisions/045-inspector-folder.md): a random token
 * per link, shown once when made; only its SHA-256 is stored, so a copy of the database opens no
 * folder. The owner revokes a link; each opening records « dernière consultation ».
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import type { Tx } from '../db/client.js';
import { hit } from '../limits/abuse.js';
import { readSite } from '../sites/queries.js';

/** 32 random bytes in base64url: 43 characters. */
export const INSPECTOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const FOLDER_PATH = /^\/dossier\/([A-Za-z0-9_-]{43})$/;
/** Openings of unknown or revoked tokens per client address per hour: a reader never reaches it. */
export const FOLDER_GUESS_LIMIT = { max: 30, windowSeconds: 3600 } as const;

export const LINK_INVALID_MESSAGE = 'Ce lien n’est plus valide.';
export const tokenSha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const folderUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/dossier/${token}`;

export interface InspectorLink {
  id: string;
  label: string;
  createdAt: Date;
  createdByEmail: string;
  revokedAt: Date | null;
  revokedByEmail: string | null;
  lastOpenedAt: Date | null;
  openCount: number;
}

const siteNotFound = () => new DomainError('not_found', 'SITE_NOT_FOUND', 'Site introuvable.');

async function existingSite(sql: Tx, siteId: string) {
  const site = await readSite(sql, siteId);
  if (!site) throw siteNotFound();
  return site;
}

export async function inspectorLinks(sql: Tx, siteId: string): Promise<InspectorLink[]> {
  await existingSite(sql, siteId);
  return await sql<InspectorLink[]>`
    select id, label, created_at, created_by_email, revoked_at, revoked_by_email, last_opened_at, open_count
      from inspector_links where site_id = ${siteId} order by created_at desc`;
}

/** « Créer un lien »: the URL, given this once; the table keeps its hash only. */
export async function createInspectorLink(
  sql: Tx,
  input: { siteId: string; label: string },
  who: { email: string; publicUrl: string },
): Promise<{ id: string; url: string }> {
  const site = await existingSite(sql, input.siteId);
  if (site.archivedAt)
    throw new DomainError('conflict', 'SITE_ARCHIVED', 'Ce site est archivé : aucun lien ne peut être créé.');
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await sql`
    insert into inspector_links (id, site_id, token_sha256, label, created_by_email)
    values (${id}, ${input.siteId}, ${tokenSha256(token)}, ${input.label}, ${who.email})`;
  return { id, url: folderUrl(who.publicUrl, token) };
}

/** « Révoquer »: at once and for good; revoking twice changes nothing. */
export async function revokeInspectorLink(sql: Tx, linkId: string, who: { email: string }) {
  const [row] = await sql<{ id: string }[]>`
    update inspector_links set revoked_at = coalesce(revoked_at, now()),
           revoked_by_email = coalesce(revoked_by_email, ${who.email})
     where id = ${linkId} returning id`;
  if (!row) throw new DomainError('not_found', 'LINK_NOT_FOUND', 'Lien introuvable.');
}

/** The owner's protocol text of a site (what the folder states as « Protocole »). */
export async function saveSiteProtocol(sql: Tx, siteId: string, protocol: string) {
  await existingSite(sql, siteId);
  await sql`update sites set protocol = ${protocol} where id = ${siteId}`;
  return { protocol };
}

export async function siteProtocol(sql: Tx, siteId: string): Promise<string> {
  await existingSite(sql, siteId);
  const [row] = await sql<{ protocol: string }[]>`select protocol from sites where id = ${siteId}`;
  return row?.protocol ?? '';
}

export type LinkLookup =
  | { status: 'open'; linkId: string; siteId: string; label: string }
  | { status: 'revoked' | 'unknown' };

/** What a token names, without recording anything. */
export async function lookUpToken(sql: Tx, token: string): Promise<LinkLookup> {
  if (!INSPECTOR_TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const [row] = await sql<{ id: string; siteId: string; label: string; revokedAt: Date | null }[]>`
    select l.id, l.site_id, l.label, coalesce(l.revoked_at, s.archived_at) as revoked_at
      from inspector_links l join sites s on s.id = l.site_id
     where l.token_sha256 = ${tokenSha256(token)}`;
  if (!row) return { status: 'unknown' };
  if (row.revokedAt) return { status: 'revoked' };
  return { status: 'open', linkId: row.id, siteId: row.siteId, label: row.label };
}

/**
 * A token opened (the page, its data, its PDF): the link's site, the opening recorded. Unknown or
 * revoked: « Ce lien n’est plus valide. », the same words for both, and counted per address so
 * that guessing is bounded (a token has 256 bits; the limit keeps the logs and the database quiet).
 */
export async function openFolderLink(
  sql: Tx,
  token: string,
  ip: string,
): Promise<{ linkId: string; siteId: string; label: string }> {
  const link = await lookUpToken(sql, token);
  if (link.status !== 'open') {
    await guessLimit(sql, ip);
    throw new DomainError(
      'not_found',
      link.status === 'revoked' ? 'LINK_REVOKED' : 'LINK_UNKNOWN',
      LINK_INVALID_MESSAGE,
    );
  }
  await sql`
    update inspector_links set last_opened_at = now(), open_count = open_count + 1 where id = ${link.linkId}`;
  return link;
}

export async function guessLimit(sql: Tx, ip: string) {
  const limit = await hit(
    sql,
    `inspector-link:${ip}`,
    FOLDER_GUESS_LIMIT.max,
    FOLDER_GUESS_LIMIT.windowSeconds,
  );
  if (!limit.allowed)
    throw new DomainError(
      'rate_limited',
      'LINK_RATE_LIMITED',
      'Trop de liens invalides ouverts depuis votre adresse. Réessayez dans une heure.',
    );
  return limit;
}
