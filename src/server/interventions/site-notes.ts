/**
 * The site's access notes and hazards (migration 0120, `intervention_sites`; ADR 037). The notes
 * (door codes, where the key is) are encrypted at rest with AES-256-GCM under a key derived from
 * AUTH_SECRET by HKDF-SHA256 (info "intervention-access-notes"): a dump of the database or a backup
 * does not give them away. Read only for the appointment's technician and admins (the callers'
 * queries check it), never logged, never sent in mails.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SiteHazard } from '../../domain/interventions/visit-decider.js';
import type { Tx } from '../db/client.js';

const VERSION = 'v1';

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'hygiene-anti-nuisibles-27', 'intervention-access-notes', 32));

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptNote(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text; throws when the text was altered or the key is not the one it was sealed with. */
export function decryptNote(secret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown access note format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export interface SiteNotes {
  accessNotes: string;
  hazards: SiteHazard[];
}

export async function readSiteNotes(sql: Tx, secret: string, interventionIds: readonly string[]) {
  const notes = new Map<string, SiteNotes>();
  if (interventionIds.length === 0) return notes;
  const rows = await sql<
    { interventionId: string; accessNotesEncrypted: string | null; hazards: SiteHazard[] }[]
  >`
    select intervention_id, access_notes_encrypted, hazards from intervention_sites
     where intervention_id = any(${interventionIds as string[]}::uuid[])`;
  for (const r of rows)
    notes.set(r.interventionId, {
      accessNotes: r.accessNotesEncrypted ? decryptNote(secret, r.accessNotesEncrypted) : '',
      hazards: r.hazards,
    });
  return notes;
}

export async function saveSiteNotes(
  sql: Tx,
  secret: string,
  interventionId: string,
  input: SiteNotes,
  by: { email: string },
) {
  const sealed = input.accessNotes ? encryptNote(secret, input.accessNotes) : null;
  const hazards = [...new Set(input.hazards)];
  await sql`
    insert into intervention_sites (intervention_id, access_notes_encrypted, hazards, updated_at, updated_by_email)
    values (${interventionId}, ${sealed}, ${hazards}, now(), ${by.email})
    on conflict (intervention_id) do update set access_notes_encrypted = excluded.access_notes_encrypted,
      hazards = excluded.hazards, updated_at = excluded.updated_at, updated_by_email = excluded.updated_by_email`;
  return { accessNotes: input.accessNotes, hazards };
}
