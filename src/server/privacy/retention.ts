/**
 * The retention job (docs/decisions/020-personal-data.md): removes what the privacy policy says is
 * no longer kept, one instance at a time (an advisory lock), every RETENTION_INTERVAL_MS, and on
 * demand (`npm run data:retention -- --dry-run` lists what would go, changing nothing).
 * Rules and periods: src/domain/privacy/retention.ts, read from retention_settings.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { contractRuns } from '../../domain/contracts/decider.js';
import { addDays } from '../../domain/dashboard/periods.js';
import { openContractReason, openInterventionReason } from '../../domain/privacy/erasure.js';
import {
  DEFAULT_RETENTION,
  daysBefore,
  isRetentionDue,
  monthsBefore,
  type RetentionSettings,
  retentionCutoffs,
  retentionSettingsSchema,
} from '../../domain/privacy/retention.js';
import { shortDate } from '../../domain/site/dates.js';
import { parisDay } from '../../domain/site/time-zone.js';
import { revokeSessions } from '../auth/session-revocation.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { renderMail } from '../mail/layout.js';
import { enqueueMail, mailTransaction } from '../mail/outbox.js';
import { eraseSubject } from './erase.js';

const LOCK = 'h27:data-retention';
/** Twice a day: periods are counted in days and months. */
export const RETENTION_INTERVAL_MS = 12 * 60 * 60 * 1000;

export async function readRetentionSettings(sql: Tx): Promise<RetentionSettings> {
  const [row] = await sql<{ settings: unknown }[]>`select settings from retention_settings`;
  const parsed = retentionSettingsSchema.safeParse({ ...DEFAULT_RETENTION, ...(row?.settings as object) });
  return parsed.success ? parsed.data : DEFAULT_RETENTION;
}

export async function saveRetentionSettings(sql: Tx, settings: RetentionSettings, userId: string | null) {
  await sql`
    insert into retention_settings (id, settings, updated_by) values (true, ${sql.json({ ...settings })}::jsonb, ${userId})
    on conflict (id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = now()`;
}

/** What one rule found (ids and dates only: the report is printed and logged). */
export interface RetentionItem {
  rule:
    | 'contact-request'
    | 'inactive-account'
    | 'inactivity-warning'
    | 'guest-order'
    | 'intervention-request'
    | 'contract-customer'
    | 'outbox-mail'
    | 'mail-file'
    | 'expired-session'
    | 'expired-verification';
  id: string;
  /** The date the period counts from. */
  since: string;
}

export interface RetentionReport {
  dryRun: boolean;
  settings: RetentionSettings;
  items: RetentionItem[];
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Everything due at `now`, without changing anything. */
export async function dueForRetention(sql: Tx, settings: RetentionSettings, now: Date, dir: string | null) {
  const cut = retentionCutoffs(settings, now);
  const items: RetentionItem[] = [];
  const push = (rule: RetentionItem['rule'], rows: { id: string; since: Date }[]) => {
    for (const r of rows) items.push({ rule, id: String(r.id), since: iso(r.since) });
  };
  push(
    'contact-request',
    await sql`
      select id, greatest(created_at, handled_at) as since from contact_requests
       where greatest(created_at, handled_at) < ${cut.contact} order by since`,
  );
  // An account's last activity: its creation or last change, its last session, its orders' and its
  // interventions' last events (an order placed long ago and paid, delivered or refunded since is a
  // relation still running), and its contracts' ends (a running contract is activity until it
  // ends, one whose invoices still owe or whose credit notes still give back until settled, ADR 046).
  const activity = sql`
    select u.id, u.email, p.inactivity_warned_at,
           greatest(u.created_at, u.updated_at,
                    (select max(s.updated_at) from sessions s where s.user_id = u.id),
                    (select max(o.updated_at) from orders o where o.customer_id = u.id),
                    (select max(i.updated_at) from interventions i where i.customer_id = u.id),
                    (select max(case when c.owed_cents > 0 or c.to_refund_cents > 0 then 'infinity'
                                     else coalesce((c.last_day + 1)::timestamp at time zone 'Europe/Paris', 'infinity') end)
                       from service_contracts c where c.customer_id = u.id)) as since
      from users u join profiles p on p.id = u.id
     where p.role = 'user'`;
  // Deleted only once warned for this period of inactivity, and the notice has run out (an account
  // found already past its period, on the first run, is warned first).
  push(
    'inactive-account',
    await sql`
      select id, since from (${activity}) a
       where since < ${cut.inactiveAccount} and inactivity_warned_at >= since
         and inactivity_warned_at < ${daysBefore(now, settings.inactivityWarningDays)}
       order by since`,
  );
  push(
    'inactivity-warning',
    await sql`
      select id, since from (${activity}) a
       where since < ${cut.inactivityWarning} and (inactivity_warned_at is null or inactivity_warned_at < since)
       order by since`,
  );
  // A guest's data goes 3 years after their last purchase with that email (as a guest or not).
  push(
    'guest-order',
    await sql`
      select r.stream_id as id, last.at as since
        from personal_records r
        join lateral (
          select max(o.created_at) as at from personal_records r2 join orders o on o.id = r2.stream_id
           where r2.event_type = 'OrderPlaced'
             and lower(r2.fields #>> '{customer,email}') = lower(r.fields #>> '{customer,email}')
        ) last on true
       where r.event_type = 'OrderPlaced' and r.subject_kind = 'guest' and r.erased_at is null
         and coalesce(last.at, r.created_at) < ${cut.guestOrder}
       order by since`,
  );
  items.push(
    ...(await interventionRequestsDue(sql, settings, now)),
    ...(await contractCustomersDue(sql, settings, now)),
  );
  push(
    'outbox-mail',
    await sql`select id, created_at as since from mail_outbox where status <> 'pending' and created_at < ${cut.mail}`,
  );
  push('expired-session', await sql`select id, expires_at as since from sessions where expires_at < ${now}`);
  push(
    'expired-verification',
    await sql`select id, expires_at as since from verifications where expires_at < ${now}`,
  );
  if (dir) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info && info.mtime < cut.mail) items.push({ rule: 'mail-file', id: name, since: iso(info.mtime) });
    }
  }
  return items;
}

/**
 * An intervention requester's record that no account holds (an account's go with it), three years
 * (the setting) after the last contact: the Paris day of the stream's last event. Not while the
 * request is open (an invoice to pay, a signed devis to carry out: RGPD art. 17 § 3 b, as for an
 * account), nor while it is a visit of a contract whose customer is still kept (it goes with it).
 */
async function interventionRequestsDue(
  sql: Tx,
  settings: RetentionSettings,
  now: Date,
): Promise<RetentionItem[]> {
  const rows = await sql<
    {
      id: string;
      since: Date;
      number: string;
      status: string;
      contracted: boolean;
      invoiceTotalCents: number | null;
      paidCents: number;
    }[]
  >`
    select i.id, i.updated_at as since, i.number, i.status, i.contract is not null as contracted,
           (i.invoice ->> 'totalInclCents')::int as invoice_total_cents, i.paid_cents
      from personal_records r join interventions i on i.id = r.stream_id
     where r.event_type = 'InterventionRequested' and r.erased_at is null
       and not exists (select 1 from users u where u.id = r.subject_id)
       and (i.service_contract_id is null
            or not exists (select 1 from personal_records c
                            where c.stream_id = i.service_contract_id and c.event_type = 'ContractSigned'
                              and c.erased_at is null))
       -- A coarse bound (two days of slack for time zones); the Paris day decides below.
       and i.updated_at < ${daysBefore(monthsBefore(now, settings.interventionRequestMonths), -2)}
     order by i.updated_at`;
  const today = parisDay(now);
  return rows
    .filter(
      (r) =>
        isRetentionDue(parisDay(r.since), settings.interventionRequestMonths, today) &&
        openInterventionReason(r) === null,
    )
    .map((r) => ({ rule: 'intervention-request' as const, id: r.id, since: iso(r.since) }));
}

/**
 * A contract's customer record that no account holds, three years (the setting) after the
 * contract's end, the day after its last day (a renewing contract has none yet: kept). Not while
 * its money is open: an invoice to pay, a credit note to refund (openContractReason, ADR 046).
 */
async function contractCustomersDue(
  sql: Tx,
  settings: RetentionSettings,
  now: Date,
): Promise<RetentionItem[]> {
  const rows = await sql<
    {
      id: string;
      number: string;
      lastDay: string;
      owedCents: number;
      toRefundCents: number;
    }[]
  >`
    select c.id, c.number, to_char(c.last_day, 'YYYY-MM-DD') as last_day, c.owed_cents, c.to_refund_cents
      from personal_records r join service_contracts c on c.id = r.stream_id
     where r.event_type = 'ContractSigned' and r.erased_at is null and c.last_day is not null
       and not exists (select 1 from users u where u.id = r.subject_id)
     order by c.last_day`;
  const today = parisDay(now);
  return rows
    .filter(
      (r) =>
        isRetentionDue(addDays(r.lastDay, 1), settings.contractMonths, today) &&
        openContractReason({ ...r, running: contractRuns(r, today) }) === null,
    )
    .map((r) => ({ rule: 'contract-customer' as const, id: r.id, since: addDays(r.lastDay, 1) }));
}

function inactivityWarningMail(to: string, shopName: string, deletionDate: string) {
  return {
    kind: 'inactivity-warning',
    to,
    ...renderMail({
      subject: 'Votre compte va être supprimé',
      greeting: 'Bonjour,',
      shopName,
      blocks: [
        {
          kind: 'paragraph',
          text: `Votre compte sur notre boutique n’a pas été utilisé depuis longtemps. Comme notre politique de confidentialité le prévoit, il sera supprimé avec vos données personnelles le ${deletionDate}.`,
        },
        { kind: 'paragraph', text: 'Pour le conserver, il suffit de vous connecter avant cette date.' },
      ],
    }),
  };
}

/**
 * Applies (or with dryRun lists) what is due. Each account is erased as a customer's deletion is
 * (erase.ts, reason « retention »), and each guest order's record likewise.
 */
export async function runRetention(
  sql: Sql,
  options: { dryRun: boolean; now?: Date; mailDir: string | null; shopName: string },
): Promise<RetentionReport> {
  const now = options.now ?? new Date();
  const settings = await readRetentionSettings(sql);
  const items = await dueForRetention(sql, settings, now, options.mailDir);
  const report = { dryRun: options.dryRun, settings, items };
  if (options.dryRun) return report;
  const ids = (rule: RetentionItem['rule']) => items.filter((i) => i.rule === rule).map((i) => i.id);
  const system = {
    reason: 'retention' as const,
    actor: { kind: 'system' as const, name: 'retention' },
    requestId: 'retention',
  };
  await sql`delete from contact_requests where id = any(${ids('contact-request')}::uuid[])`;
  for (const userId of ids('inactive-account')) {
    await sql.begin(async (tx) => {
      const [user] = await tx<{ email: string; emailVerified: boolean }[]>`
        select email, email_verified from users where id = ${userId}`;
      if (!user) return;
      await revokeSessions(tx, userId);
      // Guest records sent with the address go with the account only when it was verified (ADR 033).
      await eraseSubject(
        tx,
        {
          userId,
          emails: user.emailVerified ? [user.email] : [],
          accountEmail: user.email,
          guestOrderIds: [],
        },
        { ...system, at: now.toISOString() },
      );
    });
  }
  // The account goes a period after its last activity, and never before the notice has run out.
  const deletionDate = (since: string) => {
    const due = monthsBefore(new Date(since), -settings.inactiveAccountMonths);
    const notice = new Date(now.getTime() + settings.inactivityWarningDays * 86_400_000);
    return shortDate(due > notice ? due : notice);
  };
  for (const item of items.filter((i) => i.rule === 'inactivity-warning')) {
    await mailTransaction(sql, async (tx) => {
      const [user] = await tx<{ email: string }[]>`select email from users where id = ${item.id}`;
      if (!user) return;
      await enqueueMail(tx, {
        ...inactivityWarningMail(user.email, options.shopName, deletionDate(item.since)),
        dedupeKey: `inactivity-warning:${item.id}:${item.since}`,
      });
      await tx`update profiles set inactivity_warned_at = ${now} where id = ${item.id}`;
    });
  }
  for (const orderId of ids('guest-order')) {
    await sql.begin((tx) =>
      eraseSubject(
        tx,
        { userId: null, emails: [], guestOrderIds: [orderId] },
        { ...system, at: now.toISOString() },
      ),
    );
  }
  // A guest's intervention or contract is its own data subject, named as a guest order is; a
  // contract takes its visits' requests with it.
  for (const id of [...ids('intervention-request'), ...ids('contract-customer')]) {
    await sql.begin(async (tx) => {
      const visits = await tx<{ id: string }[]>`
        select id from interventions where service_contract_id = ${id}::uuid`;
      await eraseSubject(
        tx,
        { userId: null, emails: [], guestOrderIds: [id, ...visits.map((v) => v.id)] },
        { ...system, at: now.toISOString() },
      );
    });
  }
  await sql`delete from mail_outbox where id = any(${ids('outbox-mail').map(Number)}::bigint[])`;
  await sql`delete from sessions where id = any(${ids('expired-session')}::text[])`;
  await sql`delete from verifications where id = any(${ids('expired-verification')}::text[])`;
  if (options.mailDir) {
    for (const name of ids('mail-file')) await rm(path.join(options.mailDir, name), { force: true });
  }
  return report;
}

/** One round as one instance at a time runs it; null when another instance holds the lock. */
export async function retentionOnce(
  sql: Sql,
  options: Parameters<typeof runRetention>[1],
): Promise<RetentionReport | null> {
  const conn = await sql.reserve();
  try {
    const [lock] = await conn<
      { locked: boolean }[]
    >`select pg_try_advisory_lock(hashtextextended(${LOCK}, 0)) as locked`;
    if (!lock?.locked) return null;
    try {
      return await runRetention(sql, options);
    } finally {
      await conn`select pg_advisory_unlock(hashtextextended(${LOCK}, 0))`;
    }
  } finally {
    conn.release();
  }
}

export function startRetention(sql: Sql, options: () => Promise<Parameters<typeof runRetention>[1]>) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= options()
      .then((o) => retentionOnce(sql, o))
      .then((report) => {
        const applied = report?.items.length ?? 0;
        if (applied > 0) logger.info(`Data retention: ${applied} item(s) removed`);
      })
      .catch((error) => logger.error('Data retention failed', error))
      .finally(() => {
        running = null;
      });
  }, RETENTION_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
