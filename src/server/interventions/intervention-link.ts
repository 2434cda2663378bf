/**
 * The signed link to one intervention's customer page (/rendez-vous/{token}): the customer reads
 * their appointments there, confirms one or asks for another slot, without an account. The same
 * stateless scheme as the order link (orders/order-link.ts), under a label of its own so an order
 * token never opens an intervention and the reverse.
 */

import type { Tx } from '../db/client.js';
import { idFromSignedToken, signedIdToken } from '../orders/order-link.js';

const LABEL = 'intervention-link:v1:';

export const interventionToken = (secret: string, id: string) => signedIdToken(secret, LABEL, id);
export const interventionIdFromToken = (secret: string, token: string) =>
  token.length <= 100 ? idFromSignedToken(secret, LABEL, token) : null;

export const interventionLinkUrl = (publicUrl: string, secret: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}/rendez-vous/${interventionToken(secret, id)}`;

/**
 * The interventions an account may read in /compte (its devis, appointments, reports and
 * invoices), as a condition on `interventions i`: opened from the account, or requested with its
 * address once that address is verified (anyone can sign up with someone else's, ADR 033).
 */
export const ofAccount = (sql: Tx, user: { id: string; email: string }): ReturnType<Tx> =>
  sql`(i.customer_id = ${user.id}
       or (lower(i.email) = ${user.email.toLowerCase()}
           and exists (select 1 from users u where u.id = ${user.id} and u.email_verified)))`;
