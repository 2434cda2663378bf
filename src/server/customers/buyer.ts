import { isBusinessProfile } from '../../domain/invoices/business.js';
import type { Buyer } from '../../domain/orders/decider.js';
import type { Tx } from '../db/client.js';
import { findCertibiocide } from './certibiocide.js';

/**
 * Who buys, as professional-only biocides need it: signed in or not, a business customer or not
 * (company name and SIREN in the profile), and their Certibiocide. Null: a guest.
 */
export async function findBuyer(sql: Tx, userId: string | null): Promise<Buyer> {
  if (!userId) return { signedIn: false, business: false, certificate: null };
  const [company] = await sql<{ companyName: string | null; siren: string | null }[]>`
    select company_name, siren from profiles where id = ${userId}`;
  return {
    signedIn: true,
    business: company ? isBusinessProfile(company) : false,
    certificate: await findCertibiocide(sql, userId),
  };
}
