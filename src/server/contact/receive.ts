import type { ContactRequest } from '../../domain/contact/schema.js';
import type { Sql } from '../db/client.js';
import { storeContactRequest } from './requests.js';

/**
 * A visitor's contact or quote request, stored for the back-office (with the per-address limit of
 * storeContactRequest). A filled honeypot is a robot: it gets the usual answer, so it learns
 * nothing, and nothing is stored.
 */
export async function receiveContactRequest(
  sql: Sql,
  input: ContactRequest,
  ip: string,
): Promise<{ ok: true }> {
  const { website, ...request } = input;
  if (!website?.trim()) await storeContactRequest(sql, request, ip);
  return { ok: true };
}
