/** The seller's identity (Paramètres › Facturation) in PostgreSQL (migration 0030): one row. */
import {
  EMPTY_IDENTITY,
  type SellerIdentity,
  type SellerIdentityInput,
  sellerIdentitySchema,
} from '../../domain/invoices/identity.js';
import { type PublicShop, publicShop } from '../../domain/settings/settings.js';
import type { Config } from '../config.js';
import type { Sql, Tx } from '../db/client.js';
import { cachedSettings } from '../settings/store.js';

export interface StoredIdentity {
  identity: SellerIdentity;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

/** The identity as saved (in the caller's transaction when given one); empty until first saved. */
export async function readIdentity(sql: Tx): Promise<StoredIdentity> {
  const [row] = await sql<(SellerIdentity & { updatedAt: Date; updatedByEmail: string | null })[]>`
    select legal_name, legal_form, share_capital, address, zip_code, city, siren, siret, registry,
           vat_number, vat_exempt, invoice_prefix, credit_note_prefix, updated_at, updated_by_email
      from seller_identity where id`;
  if (!row) return { identity: EMPTY_IDENTITY, updatedAt: null, updatedByEmail: null };
  const { updatedAt, updatedByEmail, ...identity } = row;
  return { identity, updatedAt: updatedAt.toISOString(), updatedByEmail };
}

/** Saves the identity (parsed by the one schema); documents already issued keep their snapshot. */
export async function saveIdentity(
  sql: Tx,
  input: SellerIdentityInput,
  by: { email: string } | null,
): Promise<StoredIdentity> {
  const v = sellerIdentitySchema.parse(input);
  await sql`
    insert into seller_identity (id, legal_name, legal_form, share_capital, address, zip_code, city, siren,
                                 siret, registry, vat_number, vat_exempt, invoice_prefix, credit_note_prefix,
                                 updated_at, updated_by_email)
    values (true, ${v.legalName}, ${v.legalForm}, ${v.shareCapital}, ${v.address}, ${v.zipCode}, ${v.city},
            ${v.siren}, ${v.siret}, ${v.registry}, ${v.vatNumber}, ${v.vatExempt}, ${v.invoicePrefix},
            ${v.creditNotePrefix}, now(), ${by?.email ?? null})
    on conflict (id) do update set
      legal_name = excluded.legal_name, legal_form = excluded.legal_form,
      share_capital = excluded.share_capital, address = excluded.address, zip_code = excluded.zip_code,
      city = excluded.city, siren = excluded.siren, siret = excluded.siret, registry = excluded.registry,
      vat_number = excluded.vat_number, vat_exempt = excluded.vat_exempt,
      invoice_prefix = excluded.invoice_prefix, credit_note_prefix = excluded.credit_note_prefix,
      updated_at = now(), updated_by_email = excluded.updated_by_email`;
  return await readIdentity(sql);
}

/**
 * The storefront's view of the shop now (`settings.shop`, and every page the server renders): the
 * settings' identity and delivery rules with Paramètres › Facturation's legal entity, one source.
 */
export async function readPublicShop(sql: Sql, config: Config): Promise<PublicShop> {
  const [{ settings }, { identity }] = await Promise.all([cachedSettings(sql, config), readIdentity(sql)]);
  return publicShop(settings, identity, config.production);
}
