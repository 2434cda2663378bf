/**
 * The devis's personal fields leave the chain as a request's requester does (ADR 020, ADR 035
 * amendment): the customer's name, email, phone and address and the site's address in a DevisSent;
 * the signer's name, IP, user agent and the code's address in an acceptance. The log keeps the
 * rest and a salted commitment of the fields; the erasure nulls the record and a reading gets the
 * placeholders below. The devis hash covers the snapshot WITHOUT these fields (`devisHashContent`),
 * so it is recomputed from the log alone before and after an erasure; the fields are bound to it by
 * the commitment in the same hash-chained event.
 */
import { z } from 'zod';
import type { DevisSnapshot } from './devis.js';

export const ERASED_NAME = 'Client supprimé';

const address = z.object({ line: z.string(), zipCode: z.string(), city: z.string() });
const EMPTY_ADDRESS = { line: '', zipCode: '', city: '' };

const devisFieldsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address,
  siteAddress: address,
});
type DevisFields = z.infer<typeof devisFieldsSchema>;
const ERASED_DEVIS: DevisFields = {
  name: ERASED_NAME,
  email: '',
  phone: '',
  address: EMPTY_ADDRESS,
  siteAddress: EMPTY_ADDRESS,
};

const signerFieldsSchema = z.object({
  signerName: z.string(),
  ip: z.string().optional(),
  userAgent: z.string().optional(),
  sentTo: z.string().optional(),
});
type SignerFields = z.infer<typeof signerFieldsSchema>;

/** The snapshot with its personal fields emptied: what the log stores and what the hash covers. */
export function devisHashContent(d: DevisSnapshot): DevisSnapshot {
  return {
    ...d,
    customer: { ...d.customer, name: '', email: '', phone: '', address: EMPTY_ADDRESS },
    site: { ...d.site, address: EMPTY_ADDRESS },
  };
}

/** The event types whose personal fields leave the chain besides the request. */
export const DEVIS_PERSONAL_TYPES = ['DevisSent', 'DevisAccepted', 'DevisSignedOffPremises'] as const;
type PersonalType = (typeof DEVIS_PERSONAL_TYPES)[number];
const isPersonalType = (type: string): type is PersonalType =>
  (DEVIS_PERSONAL_TYPES as readonly string[]).includes(type);

type Data = Record<string, unknown>;

/** Splits an event's data into what the log stores and the personal fields (null: none). */
export function splitDevisPersonal(type: string, data: Data): { stored: Data; fields: object } | null {
  if (!isPersonalType(type)) return null;
  if (type === 'DevisSent') {
    const d = data.devis as DevisSnapshot;
    const fields: DevisFields = {
      name: d.customer.name,
      email: d.customer.email,
      phone: d.customer.phone,
      address: d.customer.address,
      siteAddress: d.site.address,
    };
    return { stored: { ...data, devis: devisHashContent(d) }, fields };
  }
  const fields: SignerFields = { signerName: data.signerName as string };
  const stored: Data = { ...data, signerName: '' };
  if (type === 'DevisAccepted') {
    const code = data.code as { sentTo: string };
    Object.assign(fields, { ip: data.ip, userAgent: data.userAgent, sentTo: code.sentTo });
    Object.assign(stored, { ip: '', userAgent: '', code: { ...code, sentTo: '' } });
  }
  return { stored, fields };
}

/**
 * A stored event's data with its personal fields put back from the record (`fields`), or the
 * placeholders once erased. Events stored before the fields left the chain (no `personal`) are
 * returned as they are.
 */
export function joinDevisPersonal(type: string, data: unknown, fields: unknown): unknown {
  if (!isPersonalType(type) || !data || typeof data !== 'object' || !('personal' in data)) return data;
  const { personal: _, ...stored } = data as Data;
  if (type === 'DevisSent') {
    const parsed = devisFieldsSchema.safeParse(fields);
    const f = parsed.success ? parsed.data : ERASED_DEVIS;
    const d = stored.devis as DevisSnapshot;
    return {
      ...stored,
      devis: {
        ...d,
        customer: { ...d.customer, name: f.name, email: f.email, phone: f.phone, address: f.address },
        site: { ...d.site, address: f.siteAddress },
      },
    };
  }
  const parsed = signerFieldsSchema.safeParse(fields);
  const f: SignerFields = parsed.success ? parsed.data : { signerName: ERASED_NAME };
  const joined: Data = { ...stored, signerName: f.signerName };
  if (type === 'DevisAccepted') {
    Object.assign(joined, {
      ip: f.ip ?? '',
      userAgent: f.userAgent ?? '',
      code: { ...(stored.code as object), sentTo: f.sentTo ?? '' },
    });
  }
  return joined;
}
