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

const mac = (secret: string, orderId: string) =>
  createHmac('sha256', secret)
    .update(LABEL + orderId)
    .digest()
    .subarray(0, MAC_BYTES);

/** The token of an order: 22 + 22 base64url characters. */
export function orderToken(secret: string, orderId: string): string {
  const id = Buffer.from(orderId.replace(/-/g, ''), 'hex');
  return `${id.toString('base64url')}.${mac(secret, orderId).toString('base64url')}`;
}

/** The order id a token signs, or null when it is not one of ours. */
export function orderIdFromToken(secret: string, token: string): string | null {
  const [idPart, macPart, extra] = token.split('.');
  if (!idPart || !macPart || extra !== undefined || idPart.length !== 22 || macPart.length !== 22)
    return null;
  const hex = Buffer.from(idPart, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isId(orderId)) return null;
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(secret, orderId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

export const orderLinkUrl = (publicUrl: string, secret: string, orderId: string) =>
  `${publicUrl.replace(/\/$/, '')}/commande/${orderToken(secret, orderId)}`;
