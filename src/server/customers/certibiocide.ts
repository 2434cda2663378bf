import type { CertibiocideInput } from '../../domain/account/certibiocide.js';
import { type Certibiocide, isCertibiocideCategory } from '../../domain/catalog/certibiocide.js';
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
