import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachPersonalData } from '../../src/domain/orders/events.js';
import { verifyDatabase, writeCheckpoint } from '../../src/server/audit/verify.js';
import type { Sql } from '../../src/server/db/client.js';
import { mailDir } from '../../src/server/mail/transport.js';
import { eventContent, eventHash } from '../../src/server/orders/canonical.js';
import { orderHistory } from '../../src/server/orders/history.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { eventColumns, type StoredEvent } from '../../src/server/orders/store.js';
import { exportCustomerData, exportGuestData } from '../../src/server/privacy/export.js';
import { ResealRefused, resealPersonalData } from '../../src/server/privacy/reseal.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * Personal data out of the log's reach (ADR 020): the one-time rewrite re-seals a log whose
 * OrderPlaced events held the customer inline, and an erased customer's name, email and phone
 * appear nowhere in the database while orders:verify and orders:replay still pass.
 */

let shop: TestShop;
let sql: Sql;
let key: string;
let productId: string;

beforeAll(async () => {
  shop = await testShop({ MAIL_DIR: `./data/test-mail-${randomUUID()}` });
  sql = shop.sql;
  key = shop.services.config.AUDIT_KEY;
  productId = (await createProduct(sql, { stockQuantity: 1000 })).id;
});
afterAll(async () => {
  await shop.drop();
});

const verify = () => verifyDatabase(sql, key);
const replayDifferences = async () => (await replayOrders(sql)).differenceCount;

/** Seals every event (other sessions on a shared server may hold the horizon back a moment). */
async function sealAll() {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from events`;
  for (let i = 0; i < 100; i++) {
    if ((await writeCheckpoint(sql, key)).eventCount === row?.n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the checkpoint never covered every event');
}

const place = (customer = customerForm, customerId: string | null = null) =>
  placeOrder(
    sql,
    {
      customerId,
      customer,
      deliveryMethod: 'delivery',
      lines: [{ productId, quantity: 1 }],
      notes: 'Sonner chez Lefèvre',
    },
    customerId ? { actor: { kind: 'user', userId: customerId }, requestId: 'test' } : guest,
  );

/**
 * Turns an order back into what version 1 wrote (customer and notes inside OrderPlaced, no
 * record), with its stream's hashes recomputed as the append computed them then.
 */
async function makeLegacy(streamId: string) {
  const events = await sql<StoredEvent[]>`
    select ${eventColumns(sql)} from events where stream_id = ${streamId} order by version`;
  const [record] = await sql<
    { fields: unknown }[]
  >`select fields from personal_records where stream_id = ${streamId}`;
  let prevHash: string | null = null;
  for (const e of events) {
    const data = attachPersonalData(e.type, e.data, record?.fields);
    const metadata = { ...e.metadata, schemaVersion: 1 };
    const hash = eventHash(
      e.position,
      eventContent({ ...e, data, metadata, prevHash, recordedAt: e.recordedAt.toISOString() }),
    );
    await sql`update events set data = ${sql.json(data as never)}::jsonb, metadata = ${sql.json(metadata as never)}::jsonb,
                                prev_hash = ${prevHash}, hash = ${hash} where position = ${e.position}`;
    prevHash = hash;
  }
  await sql`update event_streams set head_hash = ${prevHash} where stream_id = ${streamId}`;
  await sql`delete from personal_records where stream_id = ${streamId}`;
}

/** Every text, varchar and json(b) column of every table of the public schema that holds `needle`. */
async function whereFound(needle: string): Promise<string[]> {
  const columns = await sql<{ table: string; column: string }[]>`
    select c.table_name as table, c.column_name as column
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'character')`;
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [row] = await sql.unsafe<{ n: number }[]>(
      `select count(*)::int as n from "${table}" where lower("${column}"::text) like '%' || lower($1) || '%'`,
      [needle],
    );
    if (row?.n) found.push(`${table}.${column}`);
  }
  return found;
}

describe('the one-time rewrite (version 1 events re-sealed)', () => {
  it('refuses a log that does not verify, and changes nothing', async () => {
    const order = await place();
    await makeLegacy(order.id);
    const [placed] = await sql<{ data: object }[]>`
      select data from events where stream_id = ${order.id} and version = 1`;
    await sql`update events set data = jsonb_set(data, '{totalAmountCents}', '1') where stream_id = ${order.id} and version = 1`;
    const before = await sql`select position, data, hash from events order by position`;
    await expect(resealPersonalData(sql, key, null)).rejects.toBeInstanceOf(ResealRefused);
    expect(await sql`select position, data, hash from events order by position`).toEqual(before);
    expect(await sql`select 1 from personal_records where stream_id = ${order.id}`).toHaveLength(0);
    // Put back: the next test re-seals this legacy order with the others.
    await sql`update events set data = ${sql.json(placed?.data as never)}::jsonb where stream_id = ${order.id} and version = 1`;
  });

  it('moves the personal fields out, verifies before and after, and replays the same rows', async () => {
    const orders = [await place(), await place({ ...customerForm, email: 'autre@example.fr' })];
    for (const o of orders) await makeLegacy(o.id);
    await sealAll();
    const [legacy] = await sql<{ n: number }[]>`
      select count(*)::int as n from events where data::text like '%marie.lefevre@example.fr%'`;
    expect(legacy?.n).toBe(2);
    expect((await verify()).ok).toBe(true);
    expect(await replayDifferences()).toBe(0);

    const report = await resealPersonalData(sql, key, null);
    expect(report).toMatchObject({ orders: 3, before: { ok: true }, after: { ok: true } });
    expect(await verify()).toMatchObject({ ok: true, problems: [] });
    expect(await replayDifferences()).toBe(0);
    // The log no longer holds it: the records and the read tables do (and mails, until erased).
    const found = await whereFound('marie.lefevre@example.fr');
    expect(found).toContain('personal_records.fields');
    expect(found).not.toContain('events.data');
    expect(
      await sql`select 1 from events where metadata ->> 'schemaVersion' = '1' and type = 'OrderPlaced'`,
    ).toHaveLength(0);
    // Done once: a second start finds nothing to do.
    expect(await resealPersonalData(sql, key, null)).toBeNull();
  });
});

/** The one file of the archive, read back with its local header (what any unzip tool reads). */
function firstFile(archive: Buffer): { name: string; text: string } {
  expect(archive.readUInt32LE(0)).toBe(0x04034b50);
  const size = archive.readUInt32LE(18);
  const nameLength = archive.readUInt16LE(26);
  const start = 30 + nameLength + archive.readUInt16LE(28);
  const text = inflateRawSync(archive.subarray(start, start + size)).toString('utf8');
  expect(crc32(text)).toBe(archive.readUInt32LE(14));
  return { name: archive.subarray(30, 30 + nameLength).toString('utf8'), text };
}

describe('« Télécharger mes données »', () => {
  it('gives the customer a ZIP with their profile, orders and history, contact requests and sessions', async () => {
    const alice = shop.users.customerA;
    const order = await place({ ...customerForm, lastName: 'Exportée', email: alice.email }, alice.id);
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Alice Martin', ${alice.email.toUpperCase()}, '0600000000', 'guepe', 'Des guêpes', '127.0.0.1')`;
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Quelqu’un d’autre', 'autre@example.fr', '0600000001', 'guepe', 'Autre', '127.0.0.1')`;
    const archive = await exportCustomerData(sql, alice.id);
    if (!archive) throw new Error('no archive');
    expect(archive.fileName).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = firstFile(archive.zip);
    expect(file.name).toBe('mes-donnees.json');
    const json = JSON.parse(file.text);
    expect(json.profile).toMatchObject({ email: alice.email, firstName: 'Alice', lastName: 'Martin' });
    expect(json.orders).toHaveLength(1);
    expect(json.orders[0]).toMatchObject({
      id: order.id,
      placed: { customer: { lastName: 'Exportée' }, notes: 'Sonner chez Lefèvre' },
      current: { orderNumber: order.orderNumber },
    });
    expect(json.orders[0].history[0]).toMatchObject({ type: 'OrderPlaced' });
    expect(json.contactRequests).toEqual([expect.objectContaining({ message: 'Des guêpes' })]);
    expect(Array.isArray(json.sessions)).toBe(true);
    // A guest's export (the signed order page) holds that order only.
    const guestOrder = await place({ ...customerForm, email: alice.email });
    const guestExport = await exportGuestData(sql, guestOrder.id);
    const guestJson = JSON.parse(firstFile(guestExport?.zip as Buffer).text);
    expect(guestJson.orders.map((o: { id: string }) => o.id)).toEqual([guestOrder.id]);
    expect(guestJson.contactRequests).toEqual([]);
    expect(guestJson.profile).toBeUndefined();
  });
});

describe('erasing a customer', () => {
  it('leaves their name, email and phone nowhere in the database, the log verifying and replaying', async () => {
    const jeanne = shop.users.customerA;
    const person = {
      ...customerForm,
      firstName: 'Jeannette',
      lastName: 'Quibolle',
      email: jeanne.email,
      phone: '06 98 76 54 32',
    };
    const first = await place(person, jeanne.id);
    await place(person, jeanne.id);
    // The same person as a guest before they had an account, and through the contact form.
    const asGuest = await place({ ...person, email: jeanne.email.toUpperCase() });
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Jeannette Quibolle', ${jeanne.email}, '06 98 76 54 32', 'frelon', 'Un nid', '127.0.0.1')`;
    // Someone else stays.
    const other = await place({ ...customerForm, firstName: 'Paulin', email: 'paulin@example.fr' });
    await shop.deliverMails();
    const mails = async () =>
      (
        await Promise.all(
          (
            await readdir(mailDir(shop.services.config))
          ).map((n) => readFile(`${mailDir(shop.services.config)}/${n}`, 'utf8')),
        )
      ).filter((text) => text.includes(jeanne.email)).length;
    expect(await mails()).toBeGreaterThan(0);
    await sealAll();
    expect((await verify()).ok).toBe(true);
    for (const needle of ['Quibolle', jeanne.email, '06 98 76 54 32']) {
      expect((await whereFound(needle)).length, needle).toBeGreaterThan(0);
    }

    await shop.as('customerA').account.deleteAccount({ password: jeanne.password, confirm: true });

    for (const needle of ['Quibolle', 'Jeannette', jeanne.email, '06 98 76 54 32', '0698765432']) {
      expect(await whereFound(needle), needle).toEqual([]);
    }
    expect(await mails()).toBe(0);
    expect(await exportCustomerData(sql, jeanne.id)).toBeNull();
    expect(await verify()).toMatchObject({ ok: true, problems: [] });
    expect(await replayDifferences()).toBe(0);
    // The orders stay, as « Client supprimé »; the guest order too; the other customer's is intact.
    const [row] = await sql<{ shippingAddress: Record<string, string> }[]>`
      select shipping_address from orders where id = ${first.id}`;
    expect(row?.shippingAddress).toMatchObject({ firstName: 'Client supprimé', email: '', phone: '' });
    const [guestRow] = await sql<{ shippingAddress: Record<string, string> }[]>`
      select shipping_address from orders where id = ${asGuest.id}`;
    expect(guestRow?.shippingAddress.firstName).toBe('Client supprimé');
    const [kept] = await sql<{ shippingAddress: Record<string, string> }[]>`
      select shipping_address from orders where id = ${other.id}`;
    expect(kept?.shippingAddress.firstName).toBe('Paulin');
    expect((await orderHistory(sql, first.id)).length).toBeGreaterThan(0);
    // The account and its sessions are gone; the erasure is an event with no personal data.
    expect(await sql`select 1 from users where id = ${jeanne.id}`).toHaveLength(0);
    expect(await sql`select 1 from sessions where user_id = ${jeanne.id}`).toHaveLength(0);
    const [erased] = await sql<{ data: Record<string, unknown>; metadata: Record<string, unknown> }[]>`
      select data, metadata from events where type = 'DataSubjectErased'`;
    // Its two orders, the guest order with its email, and the export test's two (same account).
    expect(erased?.data).toEqual({
      subjectId: jeanne.id,
      subjectKind: 'customer',
      reason: 'customer-request',
      records: 5,
    });
    expect(erased?.metadata).toMatchObject({ actor: { kind: 'user', userId: jeanne.id } });
  });

  it('asks for the password again and deletes nothing when it is wrong', async () => {
    const bruno = shop.users.customerB;
    await expect(
      shop.as('customerB').account.deleteAccount({ password: 'pas-le-bon', confirm: true }),
    ).rejects.toThrow('Mot de passe incorrect.');
    expect(await sql`select 1 from users where id = ${bruno.id}`).toHaveLength(1);
  });

  it('lets an admin delete a customer from the customers screen, with the same erasure', async () => {
    const bruno = shop.users.customerB;
    await place({ ...customerForm, lastName: 'Petitjean', email: bruno.email }, bruno.id);
    await shop.as('admin').adminCustomers.remove({ id: bruno.id });
    expect(await whereFound('Petitjean')).toEqual([]);
    expect(await whereFound(bruno.email)).toEqual([]);
    const [event] = await sql<{ data: Record<string, unknown> }[]>`
      select data from events where type = 'DataSubjectErased' and data ->> 'subjectId' = ${bruno.id}`;
    expect(event?.data).toMatchObject({ reason: 'admin-request', records: 1 });
    expect((await verify()).ok).toBe(true);
    expect(await replayDifferences()).toBe(0);
  });
});
