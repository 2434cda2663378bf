import type { CertibiocideInput } from '../../domain/account/certibiocide.js';
import { type Certibiocide, isCertibiocideCategory } from '../../domain/catalog/certibiocide.js';
import { DomainError } from '../../domain/errors.js';
import type { Tx } from '../db/client.js';

/** The customer's own Certibiocide, or null when none is stored. */
export async function findCertibiocide(sql: Tx, userId: string): Promise<Certibiocide | null> {
  const [row] = await sql<{ number: string | null; category: string | null; expiresOn: string | null }[]>`
    select certibiocide_number as number, certibiocide_category as category,
           to_char(certibiocide_expires_on, 'YYYY-MM-DD') as expires_on
      from profiles where id = ${userId}`;
  if (!row?.number || !isCertibiocideCategory(row.category) || !row.expiresOn) return null;
  return { number: row.number, category: row.category, expiresOn: row.expiresOn };
}

/** Writes the certificate of this user only; three blanks clear it. */
export async function saveCertibiocide(sql: Tx, userId: string, input: Required<CertibiocideInput>) {
  const blank = !input.number;
  await sql`
    update profiles
       set certibiocide_number = ${blank ? null : input.number},
           certibiocide_category = ${blank ? null : input.category},
           certibiocide_expires_on = ${blank ? null : input.expiresOn},
           updated_at = now()
     where id = ${userId}`;
  return await findCertibiocide(sql, userId);
}

/** A technician's certificate as the back-office edits it (ADR 037): with the scan (a document). */
export async function technicianCertificate(sql: Tx, userId: string) {
  const [row] = await sql<{ role: string; scan: string | null }[]>`
    select role, certibiocide_scan as scan from profiles where id = ${userId}`;
  if (row?.role !== 'technician')
    throw new DomainError('invalid', 'NOT_A_TECHNICIAN', 'Ce compte n’a pas le rôle « Technicien ».');
  return { certificate: await findCertibiocide(sql, userId), scan: row.scan };
}

/** The admin writes a technician's certificate and its scan; three blanks clear it. */
export async function saveTechnicianCertificate(
  sql: Tx,
  userId: string,
  input: Required<CertibiocideInput> & { scan: string | null },
) {
  await technicianCertificate(sql, userId);
  if (input.scan) {
    const [doc] = await sql`select 1 from documents where id = ${input.scan.slice('/documents/'.length)}`;
    if (!doc) throw new DomainError('invalid', 'SCAN_NOT_FOUND', "Le scan du certificat n'a pas été envoyé.");
  }
  await saveCertibiocide(sql, userId, input);
  await sql`update profiles set certibiocide_scan = ${input.number ? input.scan : null} where id = ${userId}`;
  return await technicianCertificate(sql, userId);
}
