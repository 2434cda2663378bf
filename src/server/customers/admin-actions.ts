/**
 * The customer dialog of the back-office: a customer's orders and total spent, and the account mails
 * an admin sends for them (a password-reset link, the verification mail again). The mails are the
 * account mails of auth/, through the outbox, under the same per-address mail limit.
 */
import { createEmailVerificationToken } from 'better-auth/api';
import { DomainError } from '../../domain/errors.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import { verificationMail } from '../auth/mails.js';
import type { Services } from '../context.js';
import type { Tx } from '../db/client.js';
import { mayMail } from '../limits/abuse.js';
import { enqueueMail } from '../mail/outbox.js';
import { cachedSettings } from '../settings/store.js';
import { accountTotals, listCustomerOrders } from './orders.js';

const notFound = () => new DomainError('not_found', 'CUSTOMER_NOT_FOUND', 'Client introuvable.');
const MAIL_LIMITED = new DomainError(
  'rate_limited',
  'MAIL_LIMIT',
  'Trop d’emails envoyés à cette adresse récemment. Réessayez plus tard.',
);

async function account(sql: Tx, id: string) {
  const [row] = await sql<{ email: string; name: string; emailVerified: boolean }[]>`
    select email, name, email_verified from users where id = ${id}`;
  if (!row) throw notFound();
  return row;
}

/**
 * The customer's orders (number, date, status, total), newest first, and the totals the customer's
 * own page shows (accountTotals: the one "total dépensé" rule for now; issue 24 replaces it), and
 * whether the address is confirmed (the verification mail is offered only while it is not).
 */
export async function customerOrders(sql: Tx, id: string) {
  const { emailVerified } = await account(sql, id);
  const [orders, totals] = await Promise.all([listCustomerOrders(sql, id), accountTotals(sql, id)]);
  return {
    orders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    orderCount: totals.orderCount,
    totalSpentCents: Number(totals.totalSpentCents),
    emailVerified,
  };
}

/** "Envoyer un lien de réinitialisation": better-auth makes the link, auth/ mails it. */
export async function sendPasswordResetLink(services: Services, id: string): Promise<{ sent: true }> {
  const { email } = await account(services.sql, id);
  if (!(await mayMail(services.sql, services.config, email))) throw MAIL_LIMITED;
  await services.auth.api.requestPasswordReset({
    body: { email, redirectTo: '/reinitialiser-mot-de-passe' },
  });
  return { sent: true };
}

/** "Renvoyer l'email de vérification": a fresh 24-hour link, unless the address is confirmed already. */
export async function resendVerification(services: Services, id: string): Promise<{ sent: true }> {
  const { sql, config } = services;
  const user = await account(sql, id);
  if (user.emailVerified) {
    throw new DomainError('conflict', 'EMAIL_VERIFIED', 'Cette adresse email est déjà confirmée.');
  }
  if (!(await mayMail(sql, config, user.email))) throw MAIL_LIMITED;
  const token = await createEmailVerificationToken(config.AUTH_SECRET, user.email, undefined, 24 * 60 * 60);
  const url = `${config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/compte')}`;
  const shop = shopIdentity((await cachedSettings(sql, config)).settings);
  await enqueueMail(sql, verificationMail({ to: user.email, name: user.name, url, shop }));
  return { sent: true };
}
