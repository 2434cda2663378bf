import type { ProfileData } from '../../domain/account/profile.js';
import type { Role } from '../context.js';
import type { Tx } from '../db/client.js';

/** What a customer sees of their own account: never a `select *` towards the client. */
export interface Profile {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  companyName: string | null;
  siren: string | null;
  vatNumber: string | null;
  role: Role;
  createdAt: Date;
}

export async function findProfile(sql: Tx, userId: string): Promise<Profile | null> {
  const [row] = await sql<Profile[]>`
    select p.id, u.email, u.email_verified, p.first_name, p.last_name, p.phone, p.address, p.postal_code,
           p.city, p.country, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.company_name,
           p.siren, p.vat_number, p.role, u.created_at
      from profiles p
      join users u on u.id = p.id
     where p.id = ${userId}`;
  return row ?? null;
}

/**
 * Writes the fields of the profile form for this user only. The role is not among them: a
 * customer's update can never change it. The display name of the account follows the profile.
 */
export async function updateProfile(
  sql: Tx,
  userId: string,
  data: ProfileData,
  options: { business?: boolean } = {},
): Promise<void> {
  const run = async (tx: Tx) => {
    await tx`
      update profiles
         set first_name = ${data.firstName}, last_name = ${data.lastName}, phone = ${data.phone},
             address = ${data.address}, postal_code = ${data.postalCode}, city = ${data.city},
             country = ${data.country}, date_of_birth = ${data.dateOfBirth},
             ${
               // The back-office's customer dialog does not edit the company: it keeps it.
               options.business
                 ? tx`company_name = ${data.companyName ?? null}, siren = ${data.siren ?? null},
                      vat_number = ${data.vatNumber ?? null},`
                 : tx``
             } updated_at = now()
       where id = ${userId}`;
    await tx`
      update users set name = ${`${data.firstName} ${data.lastName}`}, updated_at = now()
       where id = ${userId}`;
  };
  if ('begin' in sql) await sql.begin(run);
  else await run(sql);
}

/** The one way a role changes (admins only, checked by the caller). False when no such user. */
export async function setRole(sql: Tx, userId: string, role: Role): Promise<boolean> {
  const rows =
    await sql`update profiles set role = ${role}, updated_at = now() where id = ${userId} returning id`;
  return rows.length === 1;
}
