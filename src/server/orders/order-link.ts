/**
 * The signed link to one order (/commande/{token}), sent in the confirmation mail so that a guest
 * reaches the order and its withdrawal function without an account. Stateless: the token is the
 * order id and an HMAC-SHA256 of it under AUTH_SECRET (a dedicated label, so it signs nothing
 * else), truncated to 128 bits: unguessable, scoped to that one order, nothing to store or expire.
 * Changing AUTH_SECRET invalidates every link already sent (the README says so).
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../../domain/security/ids.js';

const LABEL = 'order-link:v1:';
const MAC_BYTES = 16;

const mac = (secret: string, orderId: string, label = LABEL) =>
  createHmac('sha256', secret)
    .update(label + orderId)
    .digest()
    .subarray(0, MAC_BYTES);

/**
 * A signed link's token for the id of one kind of thing: `label` keeps each kind apart (an order's
 * token opens no devis). Orders use ORDER's label; the devis link (interventions/devis-link.ts) and
 * an intervention's page (interventions/intervention-link.ts) their own.
 */
export function signedIdToken(secret: string, label: string, id: string): string {
  const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
  return `${bytes.toString('base64url')}.${mac(secret, id, label).toString('base64url')}`;
}

/** The token of an order: 22 + 22 base64url characters. */
export const orderToken = (secret: string, orderId: string): string => signedIdToken(secret, LABEL, orderId);

/** The order id a token signs, or null when it is not one of ours. */
export const orderIdFromToken = (secret: string, token: string): string | null =>
  idFromSignedToken(secret, LABEL, token);

/** The id a token of `label` signs, or null when it is not one of ours. */
export function idFromSignedToken(secret: string, label: string, token: string): string | null {
  const [idPart, macPart, extra] = token.split('.');
  if (!idPart || !macPart || extra !== undefined || idPart.length !== 22 || macPart.length !== 22)
    return null;
  const hex = Buffer.from(idPart, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isId(orderId)) return null;
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(secret, orderId, label);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

export const orderLinkUrl = (publicUrl: string, secret: string, orderId: string) =>
  `${publicUrl.replace(/\/$/, '')}/commande/${orderToken(secret, orderId)}`;

/** The signed link of an order, as every mail about it carries it (confirmation, documents). */
export type OrderUrl = (orderId: string) => string;

/** The configuration's order links: PUBLIC_URL and AUTH_SECRET. */
export const orderLinker =
  (config: { PUBLIC_URL: string; AUTH_SECRET: string }): OrderUrl =>
  (orderId) =>
    orderLinkUrl(config.PUBLIC_URL, config.AUTH_SECRET, orderId);
