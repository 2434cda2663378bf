import type { ContactRequest } from '../../domain/contact/schema.js';
import type { Config } from '../config.js';
import type { Sql } from '../db/client.js';
import { logger } from '../logger.js';
import { readSettings } from '../settings/store.js';
import { queueContactNotice } from './mails.js';
import { storeContactRequest } from './requests.js';

/**
 * A visitor's contact or quote request, stored for the back-office (with the per-address limit of
 * storeContactRequest), then announced to the shop's mailbox when the settings want it. A filled
 * honeypot is a robot: it gets the usual answer, so it learns nothing, and nothing is stored.
 */
export async function receiveContactRequest(
  sql: Sql,
  input: ContactRequest,
  ip: string,
  config?: Pick<Config, 'PUBLIC_URL' | 'SHOP_EMAIL' | 'SHOP_PHONE'>,
): Promise<{ ok: true }> {
  const { website, ...request } = input;
  if (website?.trim()) return { ok: true };
  const stored = await storeContactRequest(sql, request, ip);
  // After the request is stored: a mail that cannot be queued must not lose the request itself.
  try {
    const { settings } = await readSettings(sql, config);
    const publicUrl = config?.PUBLIC_URL ?? 'http://localhost:3000';
    await queueContactNotice(sql, { ...request, id: stored.id }, settings, publicUrl);
  } catch (error) {
    logger.error(`Mail of contact request ${stored.id} not queued`, error);
  }
  return { ok: true };
}
