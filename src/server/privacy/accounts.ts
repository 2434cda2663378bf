/**
 * Deleting an account, by its owner (« Supprimer mon compte », password asked again) or by an admin
 * (customers screen): sessions end and sockets close at once, the personal data is erased
 * everywhere (erase.ts), the orders stay in the log and show « Client supprimé ».
 */

import type { Actor } from '../../domain/orders/events.js';
import {
  type AccountDeletion,
  checkSelfDeletion,
  type ErasureReason,
  wrongPassword,
} from '../../domain/privacy/erasure.js';
import { revokeSessions } from '../auth/session-revocation.js';
import type { Services } from '../context.js';
import { checkedForRemoval } from '../customers/customers.js';
import type { Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { mailDir } from '../mail/transport.js';
import { eraseMailFiles, eraseSubject } from './erase.js';

async function passwordMatches(services: Services, userId: string, password: string): Promise<boolean> {
  const [row] = await services.sql<{ password: string | null }[]>`
    select password from accounts where user_id = ${userId} and provider_id = 'credential'`;
  if (!row?.password) return false;
  const ctx = await services.auth.$context;
  return await ctx.password.verify({ hash: row.password, password });
}

/** Runs `prepare` (checks, sessions) and the erasure in one transaction, then removes mail files. */
async function eraseAccount(
  services: Services,
  why: { reason: ErasureReason; actor: Actor; requestId: string },
  prepare: (tx: Tx) => Promise<{ id: string; email: string }>,
) {
  const result = await services.sql.begin(async (tx) => {
    const user = await prepare(tx);
    return await eraseSubject(tx, { userId: user.id, emails: [user.email], guestOrderIds: [] }, why);
  });
  const files = await eraseMailFiles(mailDir(services.config), result.mailAddresses);
  return { ...result.counts, mailFiles: files };
}

/** The customer's own deletion, second step: the password again and the confirmation (parsed). */
export async function deleteOwnAccount(
  services: Services,
  userId: string,
  input: AccountDeletion,
  requestId: string,
) {
  const [user] = await services.sql<{ email: string; role: string }[]>`
    select u.email, coalesce(p.role, 'user') as role from users u left join profiles p on p.id = u.id
     where u.id = ${userId}`;
  if (!user) throw errors.userNotFound();
  checkSelfDeletion(user.role);
  if (!(await passwordMatches(services, userId, input.password))) throw wrongPassword();
  await eraseAccount(
    services,
    { reason: 'customer-request', actor: { kind: 'user', userId }, requestId },
    async (tx) => {
      await revokeSessions(tx, userId);
      return { id: userId, email: user.email };
    },
  );
  return { deleted: true as const };
}

/** The back-office's deletion (customers screen): the removal rules, then the same erasure. */
export async function deleteCustomerAccount(
  services: Services,
  actorId: string,
  id: string,
  requestId: string,
) {
  await eraseAccount(
    services,
    { reason: 'admin-request', actor: { kind: 'admin', userId: actorId }, requestId },
    async (tx) => ({ id, ...(await checkedForRemoval(tx, actorId, id)) }),
  );
  return { id };
}
