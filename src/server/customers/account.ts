import type { ProfileData } from '../../domain/account/profile.js';
import { toId } from '../../domain/security/ids.js';
import type { Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { orderHistory } from '../orders/history.js';
import { findCustomerOrder } from './orders.js';
import { findProfile, type Profile, updateProfile } from './profiles.js';

/*
 * A signed-in person's own account (account router). Each function takes the session's user id:
 * no input ever names whose data is read or changed.
 */

export async function profileOf(sql: Tx, userId: string): Promise<Profile> {
  const profile = await findProfile(sql, userId);
  if (!profile) throw errors.profileNotFound();
  return profile;
}

/** Saves the profile form (already parsed by the shared schema) and returns the profile as stored. */
export async function saveProfile(sql: Tx, userId: string, data: ProfileData): Promise<Profile> {
  await updateProfile(sql, userId, data, { business: true });
  return await profileOf(sql, userId);
}

/** One of the customer's own orders with its lines and its history from the order log. */
export async function customerOrder(sql: Tx, userId: string, orderId: string) {
  const id = toId(orderId);
  if (!id) throw errors.orderNotFound();
  const order = await findCustomerOrder(sql, userId, id);
  if (!order) throw errors.orderNotFound();
  // The customer sees what happened and when, not which staff member did it.
  const history = (await orderHistory(sql, order.id)).map((entry) => ({
    at: entry.at,
    type: entry.type,
    by: entry.actor.kind,
    summary: entry.summary,
    changes: entry.changes,
  }));
  return { ...order, history };
}
