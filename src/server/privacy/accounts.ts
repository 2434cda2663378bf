/**
 * Deleting an account, by its owner (« Supprimer mon compte », password asked again) or by an admin
 * (customers screen): sessions end and sockets close at once, the personal data is erased
 * everywhere (erase.ts), the orders stay in the log and show « Client supprimé ».
 */

import type { Actor } from '../../domain/orders/events.js';
import {
  type AccountDeletion,
  checkNothingOpen,
  checkSelfDeletion,
  type ErasureReason,
  openItems,
  openItemsMessage,
  type SubjectHoldings,
  wrongPassword,
} from '../../domain/privacy/erasure.js';
import { revokeSessions } from '../auth/session-revocation.js';
import type { Services } from '../context.js';
import { subjectContracts } from '../contracts/privacy.js';
import { checkedForRemoval } from '../customers/customers.js';
import type { Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { subjectInterventions } from '../interventions/privacy.js';
import { mailDir } from '../mail/transport.js';
import { freshProofUntil } from './email-proof.js';
import { type ErasureSubject, eraseMailFiles, eraseSubject, subjectOrders } from './erase.js';

async function passwordMatches(services: Services, userId: string, password: string): Promise<boolean> {
  const [row] = await services.sql<{ password: string | null }[]>`
    select password from accounts where user_id = ${userId} and provider_id = 'credential'`;
  if (!row?.password) return false;
  const ctx = await services.auth.$context;
  return await ctx.password.verify({ hash: row.password, password });
}

/** What the erasure weighs of a subject: its orders, interventions and contracts, locked. */
const subjectHoldings = async (tx: Tx, subject: ErasureSubject): Promise<SubjectHoldings> => ({
  orders: await subjectOrders(tx, subject),
  interventions: await subjectInterventions(tx, subject),
  contracts: await subjectContracts(tx, subject),
});

/** Runs `prepare` (checks, sessions) and the erasure in one transaction, then removes mail files. */
async function eraseAccount(
  services: Services,
  why: { reason: ErasureReason; actor: Actor; requestId: string },
  prepare: (tx: Tx) => Promise<{ id: string; email: string; proven: boolean }>,
) {
  const result = await services.sql.begin(async (tx) => {
    const user = await prepare(tx);
    // What was sent with the account's email but not by the account (guest orders, contact
    // requests) goes only when that email is proven (ADR 033); the account's own records always.
    const emails = user.proven ? [user.email] : [];
    const subject = { userId: user.id, emails, accountEmail: user.email, guestOrderIds: [] };
    // An order still to deliver, pay or refund, an intervention invoice still to pay or a signed
    // devis still to carry out, a contract that runs or whose money is not settled, is finished
    // (or cancelled, ended and refunded) first (ADR 020, ADR 046).
    checkNothingOpen(await subjectHoldings(tx, subject), why.actor.kind === 'user' ? 'customer' : 'admin');
    return await eraseSubject(tx, subject, why);
  });
  const files = await eraseMailFiles(mailDir(services.config), result.mailNeedles);
  return { ...result.counts, mailFiles: files };
}

/**
 * What « Supprimer mon compte » says before asking anything: null when the account may go, else
 * the French sentence naming the orders, interventions and contracts to finish first (the same rule the
 * erasure enforces).
 */
export async function ownErasureBlocker(services: Services, userId: string): Promise<string | null> {
  const [user] = await services.sql<{ email: string; emailVerified: boolean }[]>`
    select email, email_verified from users where id = ${userId}`;
  if (!user) throw errors.userNotFound();
  // What was sent with the address but not from the account is named only once the address is
  // verified: anyone can sign up with someone else's (ADR 033).
  const subject = { userId, emails: user.emailVerified ? [user.email] : [], guestOrderIds: [] };
  const open = await services.sql.begin(async (tx) => openItems(await subjectHoldings(tx, subject)));
  return open.length > 0 ? openItemsMessage(open, 'customer') : null;
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
      // Read before the sessions go: the proof is checked at the moment of the request.
      const proven = (await freshProofUntil(tx, userId)) !== null;
      await revokeSessions(tx, userId);
      return { id: userId, email: user.email, proven };
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
    async (tx) => {
      const user = await checkedForRemoval(tx, actorId, id);
      // An admin answers a request received by mail: guest records go with a verified address.
      const [row] = await tx<{ emailVerified: boolean }[]>`select email_verified from users where id = ${id}`;
      return { id, ...user, proven: row?.emailVerified === true };
    },
  );
  return { id };
}
