/**
 * The fresh proof of an account's email before its export or erasure reaches what was found by
 * that email (domain/privacy/email-proof.ts; ADR 033): a six-digit code mailed to the address,
 * confirmed on the account page, counts for a few minutes.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../domain/errors.js';
import {
  EMAIL_PROOF_MESSAGES,
  PROOF_CODE_MINUTES,
  PROOF_FRESH_MINUTES,
  PROOF_MAX_ATTEMPTS,
  proofIsFresh,
} from '../../domain/privacy/email-proof.js';
import { shopIdentity } from '../../domain/settings/settings.js';
import type { Services } from '../context.js';
import type { Sql, Tx } from '../db/client.js';
import { errors } from '../errors.js';
import { mayMail } from '../limits/abuse.js';
import { contactLine, renderMail } from '../mail/layout.js';
import { enqueueMail, mailTransaction } from '../mail/outbox.js';
import { cachedSettings } from '../settings/store.js';

const codeHash = (userId: string, code: string) =>
  createHash('sha256').update(`email-proof\n${userId}\n${code}`).digest('hex');

interface ProofRow {
  email: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  confirmedAt: Date | null;
}

/** Mails a new code to the account's address (the previous one is spent). */
export async function requestEmailProof(services: Services, userId: string): Promise<{ minutes: number }> {
  const { sql, config } = services;
  const [user] = await sql<
    { email: string; name: string }[]
  >`select email, name from users where id = ${userId}`;
  if (!user) throw errors.userNotFound();
  if (!(await mayMail(sql, config, user.email))) {
    throw new DomainError('rate_limited', 'EMAIL_PROOF_LIMIT', EMAIL_PROOF_MESSAGES.tooManyMails);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const shop = shopIdentity((await cachedSettings(sql, config)).settings);
  await mailTransaction(sql, async (tx) => {
    const [row] = await tx<{ createdAt: Date }[]>`
      insert into email_proofs (user_id, email, code_hash, attempts, expires_at, confirmed_at, created_at)
      values (${userId}, ${user.email}, ${codeHash(userId, code)}, 0,
              now() + make_interval(mins => ${PROOF_CODE_MINUTES}), null, clock_timestamp())
      on conflict (user_id) do update
        set email = excluded.email, code_hash = excluded.code_hash, attempts = 0,
            expires_at = excluded.expires_at, confirmed_at = null, created_at = excluded.created_at
      returning created_at`;
    await enqueueMail(tx, {
      kind: 'email-proof',
      dedupeKey: `email-proof:${userId}:${row!.createdAt.toISOString()}`,
      to: user.email,
      ...renderMail({
        subject: 'Votre code de vérification',
        greeting: user.name.trim() ? `Bonjour ${user.name.trim()},` : 'Bonjour,',
        shopName: shop.name,
        blocks: [
          {
            kind: 'paragraph',
            text: `Voici le code qui confirme que cette adresse est la vôtre : ${code}. Il est valable ${PROOF_CODE_MINUTES} minutes.`,
          },
          {
            kind: 'paragraph',
            text: 'Saisissez-le dans « Mon compte », rubrique « Mes données » : le téléchargement et la suppression de vos données incluront aussi les commandes passées sans compte et les demandes de contact envoyées avec cette adresse.',
          },
          {
            kind: 'note',
            text: 'Si vous n’avez rien demandé, ignorez ce message : personne ne pourra accéder à ces données sans ce code.',
          },
          { kind: 'note', text: contactLine(shop) },
        ],
      }),
    });
  });
  return { minutes: PROOF_CODE_MINUTES };
}

/**
 * The code typed on the account page: right, the proof counts for PROOF_FRESH_MINUTES and the
 * account's email is verified; wrong, one attempt spent (PROOF_MAX_ATTEMPTS spend the code).
 */
export async function confirmEmailProof(sql: Sql, userId: string, code: string): Promise<{ until: string }> {
  return await sql
    .begin(async (tx) => {
      const [proof] = await tx<ProofRow[]>`
      select p.email, p.code_hash, p.attempts, p.expires_at, p.confirmed_at from email_proofs p
        join users u on u.id = p.user_id and lower(u.email) = lower(p.email)
       where p.user_id = ${userId} for update of p`;
      const now = new Date();
      if (!proof || proof.confirmedAt || proof.attempts >= PROOF_MAX_ATTEMPTS || proof.expiresAt <= now) {
        throw new DomainError('invalid', 'EMAIL_PROOF_EXPIRED', EMAIL_PROOF_MESSAGES.expired, {
          field: 'code',
        });
      }
      const given = Buffer.from(codeHash(userId, code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(proof.codeHash, 'hex'))) {
        await tx`update email_proofs set attempts = attempts + 1 where user_id = ${userId}`;
        // Committed with the refusal: the transaction returns the error instead of throwing inside it.
        return { wrong: true as const };
      }
      const [row] = await tx<{ expiresAt: Date }[]>`
      update email_proofs set confirmed_at = now(), expires_at = now() + make_interval(mins => ${PROOF_FRESH_MINUTES})
       where user_id = ${userId} returning expires_at`;
      await tx`update users set email_verified = true, updated_at = now() where id = ${userId}`;
      return { until: row!.expiresAt.toISOString() };
    })
    .then((result) => {
      if ('wrong' in result) {
        throw new DomainError('invalid', 'EMAIL_PROOF_WRONG', EMAIL_PROOF_MESSAGES.wrongCode, {
          field: 'code',
        });
      }
      return result;
    });
}

/** Until when the account's email is freshly proven (null: it is not). */
export async function freshProofUntil(sql: Tx, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await sql<(ProofRow & { userEmail: string })[]>`
    select p.email, p.code_hash, p.attempts, p.expires_at, p.confirmed_at, u.email as user_email
      from email_proofs p join users u on u.id = p.user_id where p.user_id = ${userId}`;
  if (!row || !proofIsFresh(row, row.userEmail, now)) return null;
  return row.expiresAt.toISOString();
}
