import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, monthsBefore } from '../../src/domain/privacy/retention.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import type { Sql } from '../../src/server/db/client.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { type RetentionItem, runRetention } from '../../src/server/privacy/retention.js';
import { createUser } from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/* The retention job removes exactly what its periods say is due, and the dry run only lists it. */

let shop: TestShop;
let sql: Sql;
const now = new Date();
const ago = (months: number) => monthsBefore(now, months);
const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
const due = new Map<string, string[]>();
const expectDue = (rule: RetentionItem['rule'], id: string) => due.set(rule, [...(due.get(rule) ?? []), id]);
const options = { mailDir: null, shopName: 'Boutique', now };
const system = { actor: { kind: 'system' as const, name: 'test' }, requestId: 'test' };

beforeAll(async () => {
  shop = await testShop();
  sql = shop.sql;
  const productId = (await createProduct(sql, { stockQuantity: 100 })).id;
  const contact = async (created: Date, handled: Date | null) => {
    const [row] = await sql<{ id: string }[]>`
      insert into contact_requests (name, email, phone, service, message, ip, created_at, handled_at)
      values ('Nom', 'contact@example.fr', '0600000000', 'autre', '', '127.0.0.1', ${created}, ${handled})
      returning id`;
    return row?.id as string;
  };
  expectDue('contact-request', await contact(ago(13), null));
  await contact(ago(11), null);
  // Answered a month ago: the period counts from the last exchange.
  await contact(ago(14), days(30));

  const guestOrder = async (email: string, at: Date) =>
    (
      await placeOrder(
        sql,
        {
          customerId: null,
          customer: { ...customerForm, email },
          deliveryMethod: 'pickup',
          lines: [{ productId, quantity: 1 }],
        },
        { ...guest, at: at.toISOString() },
      )
    ).id;
  expectDue('guest-order', await guestOrder('ancien@example.fr', ago(37)));
  await guestOrder('recent@example.fr', ago(2));
  // Old, but the same guest bought again since: kept.
  await guestOrder('fidele@example.fr', ago(40));
  await guestOrder('fidele@example.fr', ago(1));

  // Accounts: one inactive for 37 months (warned first), one warned 31 days ago (deleted), one active.
  const inactive = async (warned: Date | null) => {
    const user = await createUser(shop.services);
    await sql`delete from sessions where user_id = ${user.id}`;
    await sql`update users set created_at = ${ago(37)}, updated_at = ${ago(37)} where id = ${user.id}`;
    await sql`update profiles set inactivity_warned_at = ${warned} where id = ${user.id}`;
    return user.id;
  };
  expectDue('inactivity-warning', await inactive(null));
  expectDue('inactive-account', await inactive(days(31)));
  // Warned only 10 days ago: the notice has not run out.
  await inactive(days(10));
  // Ordered 40 months ago, and the order confirmed 2 months ago: the relation ran until then (an
  // order's last event is activity, not only its placing). Neither warned nor deleted.
  const ordered = await inactive(null);
  const old = await placeOrder(
    sql,
    {
      customerId: ordered,
      customer: customerForm,
      deliveryMethod: 'pickup',
      lines: [{ productId, quantity: 1 }],
    },
    { actor: { kind: 'user', userId: ordered }, requestId: 'test', at: ago(40).toISOString() },
  );
  await setOrderStatus(sql, old.id, 'confirmed', { ...system, at: ago(2).toISOString() });
  // 35 months and a half without activity: within the month of notice, warned.
  const soon = await createUser(shop.services);
  await sql`delete from sessions where user_id = ${soon.id}`;
  await sql`update users set created_at = ${days(36 * 30.4 - 15)}, updated_at = ${days(36 * 30.4 - 15)} where id = ${soon.id}`;
  expectDue('inactivity-warning', soon.id);

  const mail = async (status: string, created: Date) => {
    const [row] = await sql<{ id: number }[]>`
      insert into mail_outbox (dedupe_key, kind, to_address, subject, text_body, status, created_at)
      values (${randomUUID()}, 'test', 'x@example.fr', 'Sujet', 'Texte', ${status}, ${created}) returning id`;
    return String(row?.id);
  };
  expectDue('outbox-mail', await mail('sent', days(91)));
  await mail('sent', days(89));
  await mail('pending', days(120));

  const [session] = await sql<{ id: string }[]>`select id from sessions limit 1`;
  await sql`update sessions set expires_at = ${days(1)} where id = ${session?.id as string}`;
  expectDue('expired-session', session?.id as string);
  await sql`insert into verifications (id, identifier, value, expires_at) values ('v-old', 'x', 'y', ${days(1)}),
                                                                                  ('v-new', 'x', 'z', ${days(-1)})`;
  expectDue('expired-verification', 'v-old');
});
afterAll(async () => {
  await shop.drop();
});

const byRule = (items: RetentionItem[]) => {
  const out = new Map<string, string[]>();
  for (const i of items) out.set(i.rule, [...(out.get(i.rule) ?? []), i.id].sort());
  return out;
};
const sorted = (m: Map<string, string[]>) => new Map([...m].map(([k, v]) => [k, [...v].sort()]));

describe('the retention job', () => {
  it('lists exactly what is due in a dry run, and changes nothing', async () => {
    const counts = () => sql`
      select (select count(*) from contact_requests) as c, (select count(*) from users) as u,
             (select count(*) from personal_records where erased_at is null) as r,
             (select count(*) from mail_outbox) as m, (select count(*) from sessions) as s`;
    const before = await counts();
    const report = await runRetention(sql, { ...options, dryRun: true });
    expect(report.settings).toEqual(DEFAULT_RETENTION);
    expect(byRule(report.items)).toEqual(sorted(due));
    expect(await counts()).toEqual(before);
  });

  it('removes what is due, warns before deleting an account, and the log still verifies and replays', async () => {
    await runRetention(sql, { ...options, dryRun: false });
    for (const id of due.get('contact-request') ?? [])
      expect(await sql`select 1 from contact_requests where id = ${id}`).toHaveLength(0);
    expect(await sql`select 1 from contact_requests`).toHaveLength(2);
    const [deleted] = due.get('inactive-account') ?? [];
    expect(await sql`select 1 from users where id = ${deleted as string}`).toHaveLength(0);
    for (const id of due.get('inactivity-warning') ?? []) {
      expect(await sql`select 1 from users where id = ${id}`).toHaveLength(1);
      expect(
        await sql`select 1 from mail_outbox where kind = 'inactivity-warning' and dedupe_key like ${`inactivity-warning:${id}:%`}`,
      ).toHaveLength(1);
    }
    const [erased] = due.get('guest-order') ?? [];
    expect(
      await sql`select 1 from personal_records where stream_id = ${erased as string} and erased_at is not null`,
    ).toHaveLength(1);
    expect(
      await sql`select 1 from personal_records where erased_at is null and subject_kind = 'guest'`,
    ).toHaveLength(3);
    expect(await sql`select 1 from verifications`).toHaveLength(1);
    expect(
      await sql`select 1 from events where type = 'DataSubjectErased' and data ->> 'reason' = 'retention'`,
    ).toHaveLength(2);
    expect((await verifyDatabase(sql, shop.services.config.AUDIT_KEY)).ok).toBe(true);
    expect((await replayOrders(sql)).differenceCount).toBe(0);
    // Run again: only the warned accounts are still waiting for their notice to run out.
    const again = await runRetention(sql, { ...options, dryRun: true });
    expect(again.items.filter((i) => i.rule !== 'outbox-mail')).toEqual([]);
  });
});
