import type postgres from 'postgres';
import type { Sql, Tx } from '../db/client.js';
import { notifyCommitted } from '../db/notify.js';
import { logger } from '../logger.js';
import type { Mail, MailAttachment, Mailer } from './transport.js';

/**
 * The app's one way to send a mail (account mails, order confirmations, the back-office's): every
 * mail, rendered by mail/layout.ts, goes through a table first (migration 0005): queued with the change they
 * belong to, then sent by a worker that runs in every app instance. Instances share the work
 * safely: a batch is claimed with `for update skip locked` and leased by moving its next attempt
 * time forward, so a crashed sender's mails come back after the lease.
 */

const OUTBOX_CHANNEL = 'mail_outbox';

export interface QueuedMail extends Mail {
  /** Unique per mail (e.g. `order-confirmation:<order id>`): queueing again is a no-op. */
  dedupeKey: string;
  kind: string;
}

/** The transactions whose owner wakes the workers after the commit (mailTransaction), and whether to. */
const wakeAfterCommit = new WeakMap<Tx, { queued: boolean }>();

/**
 * Queues a mail, on the pool or in the caller's mailTransaction (the one way a transaction queues
 * mails: any other transaction is refused); returns false when a mail with this key was already
 * queued.
 */
export async function enqueueMail(sql: Tx, mail: QueuedMail): Promise<boolean> {
  // An erased customer's orders keep an empty address (ERASED_PERSONAL_FIELDS): whatever asks
  // (a sweep, a status change, an invoice), nothing is ever queued to nobody.
  if (mail.to.trim() === '') {
    logger.info(`Mail not queued, no address (erased customer): ${mail.kind}`);
    return false;
  }
  const deferred = wakeAfterCommit.get(sql);
  // A transaction queues mails only as a mailTransaction: a NOTIFY inside any other would hold
  // the notification queue lock through its commit (below). Refused before anything is written.
  if (!deferred && isTransaction(sql)) throw new Error(OUTSIDE_MAIL_TRANSACTION);
  const queued = (await outboxInsert(sql, mail)).length > 0;
  if (!queued) return false;
  // In a mailTransaction its owner wakes the workers after the commit; on the pool the insert
  // committed on its own, and the wake follows it.
  if (deferred) deferred.queued = true;
  else await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`;
  return true;
}

export const OUTSIDE_MAIL_TRANSACTION =
  'enqueueMail was given a transaction not opened by mailTransaction (mail/outbox.ts)';

/** Whether `sql` is a transaction (postgres.js gives a transaction, and only it, `savepoint`). */
const isTransaction = (sql: Tx) => typeof (sql as { savepoint?: unknown }).savepoint === 'function';

/**
 * Runs `work` in a transaction whose queued mails (enqueueMail) wake the outbox's workers after its
 * commit, never from inside it: a NOTIFY in a transaction holds PostgreSQL's notification queue
 * lock from its commit until its WAL is flushed, so concurrent writers that queue mails would
 * commit one after the other (issue 41). The mails still commit with the transaction's events or
 * not at all; a crash between the commit and the wake only delays them to the workers' next poll.
 * Every transaction that queues a mail runs this way (enqueueMail refuses any other): the order
 * path's (checkout, order commands), the other streams' commands (log/stream-commands.ts:
 * interventions, devis, reports, contracts), account, contact and invoice mails.
 */
export async function mailTransaction<T>(sql: Sql, work: (tx: postgres.TransactionSql) => Promise<T>) {
  const wake = { queued: false };
  const result = (await sql.begin(async (tx) => {
    wakeAfterCommit.set(tx, wake);
    return await work(tx);
  })) as T;
  if (wake.queued) mailsCommitted(sql);
  return result;
}

/**
 * Mails were queued and committed with `sql` outside enqueueMail (a status change's one statement,
 * orders/commit.ts): wakes the workers of every instance, after the commit (db/notify.ts).
 */
export function mailsCommitted(sql: Sql) {
  notifyCommitted(sql, OUTBOX_CHANNEL, (error) => {
    // The workers still poll: the mail goes at their next round.
    logger.warn('Mail outbox: NOTIFY failed', error);
  });
}

/**
 * The insert of a queued mail, as a statement (rendered beforehand: the statement only writes),
 * guarded by `where` (true by default): a command appends its event and queues its mail in one
 * statement this way (orders/commit.ts). Who inserts this way wakes the workers after the commit
 * (mailsCommitted).
 */
export function outboxInsert(sql: Tx, mail: QueuedMail, where = sql`true`) {
  return sql`
    insert into mail_outbox (dedupe_key, kind, to_address, reply_to, subject, text_body, html_body, attachments)
    select ${mail.dedupeKey}::text, ${mail.kind}::text, ${mail.to}::text, ${mail.replyTo ?? null}::text,
           ${mail.subject}::text,
           ${mail.text}::text, ${mail.html ?? null}::text,
           ${mail.attachments?.length ? sql.json(mail.attachments.map(storedAttachment)) : null}::jsonb
     where ${where}
    on conflict (dedupe_key) do nothing
    returning id`;
}

type StoredAttachment = {
  filename: string;
  contentType: string;
  contentBase64: string;
};

const storedAttachment = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  contentType: a.contentType,
  contentBase64: a.content.toString('base64'),
});

export interface OutboxOptions {
  /** Mails claimed per round. */
  batchSize?: number;
  /** How long a claimed mail stays reserved to its sender, in seconds. */
  leaseSeconds?: number;
  /** Attempts before a mail is marked failed (and left for a person to look at). */
  maxAttempts?: number;
  /** Delay before retry n (1-based), in seconds. */
  backoffSeconds?: (attempt: number) => number;
}

/** 10 s, 20 s, 40 s... capped at 30 minutes. */
export const defaultBackoff = (attempt: number) => Math.min(10 * 2 ** (attempt - 1), 1800);

interface Claimed {
  id: number;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: StoredAttachment[] | null;
  attempts: number;
}

export interface SendRound {
  sent: number;
  failed: number;
}

/** Claims the due mails and sends them: one round of the worker (also called by tests). */
export async function sendDueMails(sql: Tx, mailer: Mailer, options: OutboxOptions = {}): Promise<SendRound> {
  const { batchSize = 20, leaseSeconds = 120, maxAttempts = 8, backoffSeconds = defaultBackoff } = options;
  const claimed = await sql<Claimed[]>`
    update mail_outbox
       set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
    returning id, to_address, reply_to, subject, text_body, html_body, attachments, attempts`;
  const round: SendRound = { sent: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      await mailer.send({
        to: mail.toAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.contentBase64, 'base64'),
              })),
            }
          : {}),
      });
      await sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${mail.id}`;
      round.sent += 1;
    } catch (error) {
      round.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= maxAttempts;
      logger.warn(
        `Mail ${mail.id} to ${mail.toAddress} failed (attempt ${mail.attempts}${giveUp ? ', giving up' : ''}): ${message}`,
      );
      await sql`
        update mail_outbox
           set status = ${giveUp ? 'failed' : 'pending'},
               last_error = ${message.slice(0, 1000)},
               next_attempt_at = now() + make_interval(secs => ${backoffSeconds(mail.attempts)})
         where id = ${mail.id}`;
    }
  }
  return round;
}

export interface OutboxWorker {
  /** Sends due mails now (after a mail was queued) instead of waiting for the next tick. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Sends queued mails as soon as they are committed (LISTEN/NOTIFY), and polls every `intervalMs`
 * for retries that come due. `wake()` runs a round at once. Never throws.
 */
export async function startMailOutbox(
  sql: Sql,
  mailer: Mailer,
  options: OutboxOptions & {
    intervalMs?: number;
    /** Queues mails that should exist but do not (see queueMissedConfirmations), now and then. */
    sweep?: () => Promise<unknown>;
    sweepIntervalMs?: number;
  } = {},
): Promise<OutboxWorker> {
  const { intervalMs = 5000, sweep, sweepIntervalMs = 60_000, ...roundOptions } = options;
  let lastSweep = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        if (sweep && Date.now() - lastSweep >= sweepIntervalMs) {
          lastSweep = Date.now();
          await sweep().catch((error) => logger.error('Mail outbox sweep failed', error));
        }
        do {
          again = false;
          const round = await sendDueMails(sql, mailer, roundOptions);
          // A full batch means more may be due.
          if (round.sent + round.failed >= (roundOptions.batchSize ?? 20)) again = true;
        } while (again && !stopped);
      } catch (error) {
        logger.error('Mail outbox round failed', error);
      } finally {
        running = null;
      }
    })();
  };

  const timer = setInterval(run, intervalMs);
  timer.unref();
  const listener = await sql.listen(OUTBOX_CHANNEL, run).catch((error) => {
    logger.warn('Mail outbox: LISTEN failed, polling only', error);
    return null;
  });
  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener?.unlisten().catch(() => undefined);
      await running;
    },
  };
}
