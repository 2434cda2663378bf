import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachPersonalData,
  ERASED_CUSTOMER_LABEL,
  PERSONAL_EVENTS,
} from '../../src/domain/orders/events.js';
import { DEFAULT_SETTINGS, shopIdentity } from '../../src/domain/settings/settings.js';
import { startApp } from '../../src/server/app.js';
import { checkWitness, sealOnce } from '../../src/server/audit/sealer.js';
import {
  latestWitnessed,
  parseWitness,
  sealLog,
  verifyDatabase,
  writeCheckpoint,
} from '../../src/server/audit/verify.js';
import type { Sql } from '../../src/server/db/client.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { orderDocumentPdf } from '../../src/server/invoices/queries.js';
import { searchableEml } from '../../src/server/mail/eml.js';
import { mailDir } from '../../src/server/mail/transport.js';
import { eventContent, eventHash } from '../../src/server/orders/canonical.js';
import { queueMissedConfirmations } from '../../src/server/orders/confirmation-mail.js';
import { orderHistory } from '../../src/server/orders/history.js';
import { orderToken } from '../../src/server/orders/order-link.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { eventColumns, type StoredEvent } from '../../src/server/orders/store.js';
import { exportCustomerData, exportGuestData } from '../../src/server/privacy/export.js';
import { RESEAL_NAME, ResealRefused, resealPersonalData } from '../../src/server/privacy/reseal.js';
import { callerAs, createUser, testConfig } from '../support/db.js';
import { proveEmail } from '../support/email-proof.js';
import { freePort } from '../support/http-app.js';
import { SELLER } from '../support/invoices.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { whereFound, whereFoundOutsideLegalHold } from '../support/personal-data-search.js';
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

const IDENTITY = SELLER;

/**
 * An order's money as the back-office records it: paid in full (its invoice is issued), then
 * 3,00 € refunded (a credit note citing it).
 */
async function payAndRefundPart(orderId: string) {
  await saveIdentity(sql, IDENTITY, null);
  const [row] = await sql<
    { total: number }[]
  >`select total_amount_cents as total from orders where id = ${orderId}`;
  const admin = shop.as('admin');
  await admin.orders.recordPayment({
    orderId,
    amountCents: row!.total,
    method: 'cheque',
    day: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }),
  });
  await admin.orders.refund({
    orderId,
    lines: [],
    shipping: false,
    extraCents: 300,
    method: 'cash',
    reason: 'goodwill',
    restock: false,
  });
  return await sql<{ number: string; kind: string }[]>`
    select number, kind from invoice_documents where order_id = ${orderId} order by number desc`;
}

/** The files of a ZIP by name (fflate reads what any unzip tool reads). */
const zipFiles = (archive: Buffer) => unzipSync(new Uint8Array(archive));

/** The customer's withdrawal of every line, through the signed order link (as the page sends it). */
async function withdraw(db: Sql, caller: TestShop, orderId: string, name: string, email: string) {
  const items = await db<{ id: string }[]>`select id from order_items where order_id = ${orderId}`;
  return await caller.as('anonymous').withdrawal.request({
    token: orderToken(caller.services.config.AUTH_SECRET, orderId),
    name,
    email,
    itemIds: items.map((i) => i.id),
  });
}

/**
 * Turns an order back into what the old versions wrote (customer and notes inside OrderPlaced at
 * version 1, the withdrawal's name and email inside WithdrawalRequested at version 2, no record),
 * with its stream's hashes recomputed as the append computed them then.
 */
async function makeLegacy(db: Sql, streamId: string) {
  const events = await db<StoredEvent[]>`
    select ${eventColumns(db)} from events where stream_id = ${streamId} order by version`;
  const records = await db<{ id: string; fields: unknown }[]>`
    select id, fields from personal_records where stream_id = ${streamId}`;
  let prevHash: string | null = null;
  for (const e of events) {
    const recordId = (e.data as { personal?: { recordId: string } }).personal?.recordId;
    const data = attachPersonalData(e.type, e.data, records.find((r) => r.id === recordId)?.fields);
    const personal = PERSONAL_EVENTS[e.type as keyof typeof PERSONAL_EVENTS];
    const metadata = personal ? { ...e.metadata, schemaVersion: personal.since - 1 } : e.metadata;
    const hash = eventHash(
      e.position,
      eventContent({ ...e, data, metadata, prevHash, recordedAt: e.recordedAt.toISOString() }),
    );
    await db`update events set data = ${db.json(data as never)}::jsonb, metadata = ${db.json(metadata as never)}::jsonb,
                               prev_hash = ${prevHash}, hash = ${hash} where position = ${e.position}`;
    prevHash = hash;
  }
  await db`update event_streams set head_hash = ${prevHash} where stream_id = ${streamId}`;
  await db`delete from personal_records where stream_id = ${streamId}`;
}

describe('the one-time rewrite (version 1 events re-sealed)', () => {
  it('refuses a log that does not verify, and changes nothing', async () => {
    const order = await place();
    await makeLegacy(sql, order.id);
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
    // A withdrawal written at version 2: the name and email typed on the form inside the event.
    await withdraw(sql, shop, orders[1]!.id, 'Rémi Rétracté', 'remi.retracte@example.fr');
    for (const o of orders) await makeLegacy(sql, o.id);
    expect(
      await sql`select 1 from events where type = 'WithdrawalRequested' and data ->> 'email' = 'remi.retracte@example.fr'`,
    ).toHaveLength(1);
    await sealAll();
    const [legacy] = await sql<{ n: number }[]>`
      select count(*)::int as n from events where data::text like '%marie.lefevre@example.fr%'`;
    expect(legacy?.n).toBe(2);
    expect((await verify()).ok).toBe(true);
    expect(await replayDifferences()).toBe(0);

    const report = await resealPersonalData(sql, key, null);
    // Three OrderPlaced and one WithdrawalRequested.
    expect(report).toMatchObject({ orders: 4, before: { ok: true }, after: { ok: true } });
    expect(await verify()).toMatchObject({ ok: true, problems: [] });
    expect(await replayDifferences()).toBe(0);
    // The log no longer holds it: the records and the read tables do (and mails, until erased).
    const found = await whereFound(sql, 'marie.lefevre@example.fr');
    expect(found).toContain('personal_records.fields');
    expect(found).not.toContain('events.data');
    expect(await whereFound(sql, 'remi.retracte@example.fr')).toEqual(
      expect.not.arrayContaining(['events.data']),
    );
    expect(
      await sql`select 1 from events where metadata ->> 'schemaVersion' = '1' and type = 'OrderPlaced'`,
    ).toHaveLength(0);
    // The back-office still reads the withdrawal's name, now from its record.
    const details = await shop.as('admin').orders.byId({ orderId: orders[1]!.id });
    expect(details.withdrawal).toMatchObject({ name: 'Rémi Rétracté', email: 'remi.retracte@example.fr' });
    // Done once, and recorded: later starts read the row and skip the scan.
    expect(await sql`select moved from data_rewrites where name = ${RESEAL_NAME}`).toEqual([{ moved: 4 }]);
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
  it('gives the customer a ZIP with their profile, orders and history, payments, withdrawals, invoices, contact requests and sessions', async () => {
    const alice = shop.users.customerA;
    const order = await place({ ...customerForm, lastName: 'Exportée', email: alice.email }, alice.id);
    await withdraw(sql, shop, order.id, 'Alice Exportée', 'alice.retrait@example.fr');
    const documents = await payAndRefundPart(order.id);
    expect(documents.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Alice Martin', ${alice.email.toUpperCase()}, '0600000000', 'guepe', 'Des guêpes', '127.0.0.1')`;
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Quelqu’un d’autre', 'autre@example.fr', '0600000001', 'guepe', 'Autre', '127.0.0.1')`;
    // The contact request was sent with the account's email, not by the account: it comes with a
    // proven address (the code mailed to it, ADR 033).
    const archive = await exportCustomerData(sql, alice.id, { byEmail: true });
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
    // Payments and refunds from the money events; the staff who recorded them are not exported.
    expect(json.payments).toEqual([
      expect.objectContaining({
        orderNumber: order.orderNumber,
        paymentStatus: 'partially_refunded',
        refundedCents: 300,
        payments: [expect.objectContaining({ method: 'cheque', amountCents: expect.any(Number) })],
        refunds: [expect.objectContaining({ extraCents: 300, reason: 'goodwill' })],
      }),
    ]);
    expect(json.payments[0].payments[0].by).toBeUndefined();
    // The withdrawal request, with the name and email typed on the form (read from its record).
    expect(json.withdrawals).toEqual([
      expect.objectContaining({
        orderNumber: order.orderNumber,
        name: 'Alice Exportée',
        email: 'alice.retrait@example.fr',
        lines: [{ title: expect.any(String), quantity: 1 }],
      }),
    ]);
    // The invoice and the credit note, listed, and their PDFs as issued in the ZIP.
    const files = zipFiles(archive.zip);
    expect(json.invoices.map((d: { number: string }) => d.number).sort()).toEqual(
      documents.map((d) => d.number).sort(),
    );
    for (const doc of json.invoices as { file: string; number: string }[]) {
      const [stored] = await sql<
        { pdf: Buffer }[]
      >`select pdf from invoice_documents where number = ${doc.number}`;
      expect(Buffer.from(files[doc.file] as Uint8Array).equals(stored!.pdf), doc.file).toBe(true);
    }
    expect(JSON.parse(strFromU8(files['mes-donnees.json'] as Uint8Array))).toEqual(json);
    // A guest's export (the signed order page) holds that order only.
    const guestOrder = await place({ ...customerForm, email: alice.email });
    const guestExport = await exportGuestData(sql, guestOrder.id);
    const guestJson = JSON.parse(firstFile(guestExport?.zip as Buffer).text);
    expect(guestJson.orders.map((o: { id: string }) => o.id)).toEqual([guestOrder.id]);
    expect(guestJson.contactRequests).toEqual([]);
    expect(guestJson.profile).toBeUndefined();
  });
});

describe('« Télécharger mes données » on the signed order page', () => {
  it("gives the token's order only: token A never fetches B's data, nor A's other orders", async () => {
    const secret = shop.services.config.AUTH_SECRET;
    const a = await place({ ...customerForm, lastName: 'Aubépine', email: 'aubepine@example.fr' });
    const aAgain = await place({ ...customerForm, lastName: 'Aubépine', email: 'aubepine@example.fr' });
    const b = await place({
      ...customerForm,
      firstName: 'Bertrand',
      lastName: 'Voisin',
      email: 'voisin@example.fr',
      phone: '07 00 00 00 07',
    });
    const anonymous = shop.as('anonymous');
    const read = async (token: string) => {
      const file = await anonymous.withdrawal.data({ token });
      expect(file.filename).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
      const text = strFromU8(zipFiles(Buffer.from(file.base64, 'base64'))['mes-donnees.json'] as Uint8Array);
      return { text, json: JSON.parse(text) };
    };
    const ofA = await read(orderToken(secret, a.id));
    expect(ofA.json.orders.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(ofA.json.orders[0].placed.customer).toMatchObject({
      lastName: 'Aubépine',
      email: 'aubepine@example.fr',
    });
    for (const needle of [
      'Voisin',
      'voisin@example.fr',
      '07 00 00 00 07',
      b.orderNumber,
      aAgain.orderNumber,
    ]) {
      expect(ofA.text, needle).not.toContain(needle);
    }
    expect(ofA.json.profile).toBeUndefined();
    expect(ofA.json.contactRequests).toEqual([]);
    const ofB = await read(orderToken(secret, b.id));
    expect(ofB.json.orders.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect(ofB.text).not.toContain('aubepine@example.fr');
    // A token that is not ours (another key, or altered) reads as an unknown order.
    await expect(
      anonymous.withdrawal.data({ token: orderToken('another-secret-of-sixteen-chars', a.id) }),
    ).rejects.toThrow('Ce lien de commande est invalide ou a expiré.');
    const token = orderToken(secret, a.id);
    await expect(anonymous.withdrawal.data({ token: `${token.slice(0, -2)}AA` })).rejects.toThrow(
      'Ce lien de commande est invalide ou a expiré.',
    );
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
    // Withdrawn (with another email typed on the form), paid, partly refunded and invoiced.
    await withdraw(sql, shop, first.id, 'Jeannette Quibolle', 'jeannette.perso@example.fr');
    const documents = await payAndRefundPart(first.id);
    expect(documents).toHaveLength(2);
    await place(person, jeanne.id);
    // The same person as a guest before they had an account, and through the contact form.
    const asGuest = await place({ ...person, email: jeanne.email.toUpperCase() });
    await sql`insert into contact_requests (name, email, phone, service, message, ip)
              values ('Jeannette Quibolle', ${jeanne.email}, '06 98 76 54 32', 'frelon', 'Un nid', '127.0.0.1')`;
    // Someone else stays.
    const other = await place({ ...customerForm, firstName: 'Paulin', email: 'paulin@example.fr' });
    await shop.deliverMails();
    // Read as a mail client shows them (quoted-printable joined and decoded): the shop's own
    // « Nouvelle commande » names the customer on a line long enough to be folded.
    const mailTexts = async () =>
      (
        await Promise.all(
          (
            await readdir(mailDir(shop.services.config))
          ).map((n) => readFile(`${mailDir(shop.services.config)}/${n}`, 'latin1')),
        )
      )
        .map(searchableEml)
        .filter((text) => text.includes(jeanne.email) || text.includes('jeannette.perso@example.fr'));
    const mails = async () => (await mailTexts()).length;
    expect(await mails()).toBeGreaterThan(0);
    expect((await mailTexts()).some((text) => text.includes('une nouvelle commande vient'))).toBe(true);
    await sealAll();
    expect((await verify()).ok).toBe(true);
    for (const needle of ['Quibolle', jeanne.email, '06 98 76 54 32', 'jeannette.perso@example.fr']) {
      expect((await whereFound(sql, needle)).length, needle).toBeGreaterThan(0);
    }
    // Before the erasure the signed link gives the invoice.
    await expect(orderDocumentPdf(sql, first.id)).resolves.toMatchObject({ filename: expect.any(String) });

    // Orders still to deliver keep the account: the customer is told first, in French, what must
    // happen, and nothing is erased (the dialog's first step asks the same rule).
    const refusal =
      /^Votre compte ne peut pas encore être supprimé : vos commandes CMD-\S+ \(à livrer\), .*Nous devons d’abord les terminer, ou les annuler et vous rembourser : contactez-nous/;
    expect(await shop.as('customerA').account.erasureBlocker()).toMatch(refusal);
    await expect(
      shop.as('customerA').account.deleteAccount({ password: jeanne.password, confirm: true }),
    ).rejects.toThrow(refusal);
    expect(await sql`select 1 from users where id = ${jeanne.id}`).toHaveLength(1);
    expect((await whereFound(sql, 'Quibolle')).length).toBeGreaterThan(1);
    // Finished: the paid orders delivered (one withdrawn and refunded), the unpaid ones cancelled.
    const open = await sql<{ id: string; paidCents: number }[]>`
      select o.id, o.paid_cents from orders o
        join personal_records r on r.stream_id = o.id and r.event_type = 'OrderPlaced'
       where r.subject_id = ${jeanne.id} or lower(r.fields #>> '{customer,email}') = ${jeanne.email}`;
    for (const { id, paidCents } of open) {
      await shop
        .as('admin')
        .orders.setStatus({ orderId: id, status: paidCents > 0 ? 'delivered' : 'cancelled' });
    }
    expect(await shop.as('customerA').account.erasureBlocker()).toBeNull();

    // The guest order and the contact request were sent with the email, not by the account: they go
    // with it because the owner proves the address first (ADR 033; probe-3/personal-data-owner.test.ts).
    await proveEmail(shop.as('customerA'), sql, jeanne.email);
    await shop.as('customerA').account.deleteAccount({ password: jeanne.password, confirm: true });

    // No mail is ever queued for them again: the confirmation sweep (the outbox worker's, every
    // minute) skips their orders, whose confirmations the erasure removed.
    await queueMissedConfirmations(sql, shopIdentity(DEFAULT_SETTINGS), {
      graceSeconds: 0,
      orderUrl: (id) => `https://shop.example/commande/${id}`,
    });
    expect(
      await sql`select id from mail_outbox where to_address = '' or text_body like ${`%${ERASED_CUSTOMER_LABEL}%`}`,
    ).toEqual([]);

    // Nowhere but in the legal-hold documents (the invoice's and credit note's snapshots).
    for (const needle of [
      'Quibolle',
      'Jeannette',
      jeanne.email,
      '06 98 76 54 32',
      '0698765432',
      'jeannette.perso@example.fr',
      'alice.retrait@example.fr',
    ]) {
      expect(await whereFoundOutsideLegalHold(sql, needle), needle).toEqual([]);
    }
    expect(await whereFound(sql, 'Quibolle')).toEqual(['events.data']);
    // The documents stay, for admins and auditors only: the auditor opens the invoice as issued...
    const auditor = await createUser(shop.services, { role: 'auditor' });
    const invoiceNumber = documents.find((d) => d.kind === 'invoice')!.number;
    const opened = await callerAs(shop.services, auditor).invoices.download({ number: invoiceNumber });
    const [stored] = await sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${invoiceNumber}`;
    expect(Buffer.from(opened.base64, 'base64').equals(stored!.pdf)).toBe(true);
    // ...while the signed link's reader no longer gives it (legal hold).
    await expect(orderDocumentPdf(sql, first.id)).rejects.toThrow('Document introuvable.');
    // The signed page lists them as held, so it says why they are not downloadable.
    const listed = await shop
      .as('anonymous')
      .withdrawal.documents({ token: orderToken(shop.services.config.AUTH_SECRET, first.id) });
    expect(listed.length).toBe(2);
    expect(listed.every((d) => d.held)).toBe(true);
    await expect(orderDocumentPdf(sql, first.id, invoiceNumber)).rejects.toThrow('Document introuvable.');
    const [withdrawal] = await sql<{ fields: unknown; erasedAt: Date | null }[]>`
      select fields, erased_at from personal_records where stream_id = ${first.id} and event_type = 'WithdrawalRequested'`;
    expect(withdrawal).toMatchObject({ fields: null, erasedAt: expect.any(Date) });
    expect((await shop.as('admin').orders.byId({ orderId: first.id })).withdrawal).toMatchObject({
      name: 'Client supprimé',
      email: '',
    });
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
    const order = await place({ ...customerForm, lastName: 'Petitjean', email: bruno.email }, bruno.id);
    // Refused while the order is to deliver, saying what to do first; cancelled, it goes.
    await expect(shop.as('admin').adminCustomers.remove({ id: bruno.id })).rejects.toThrow(
      `Ce compte ne peut pas encore être supprimé : la commande ${order.orderNumber} (à livrer) est en cours. Terminez-la, ou annulez-la et remboursez, puis supprimez le compte.`,
    );
    expect(await sql`select 1 from users where id = ${bruno.id}`).toHaveLength(1);
    await shop.as('admin').orders.setStatus({ orderId: order.id, status: 'cancelled' });
    await shop.as('admin').adminCustomers.remove({ id: bruno.id });
    expect(await whereFound(sql, 'Petitjean')).toEqual([]);
    expect(await whereFound(sql, bruno.email)).toEqual([]);
    const [event] = await sql<{ data: Record<string, unknown> }[]>`
      select data from events where type = 'DataSubjectErased' and data ->> 'subjectId' = ${bruno.id}`;
    expect(event?.data).toMatchObject({ reason: 'admin-request', records: 1 });
    expect((await verify()).ok).toBe(true);
    expect(await replayDifferences()).toBe(0);
  });
});

describe('upgrading a shop whose log holds personal fields (a real start)', () => {
  it('re-seals at start, appends the checkpoint to the witness file, the witness check passes; later starts skip the scan', async () => {
    const old = await testShop();
    const witnessFile = `./data/test-witness-${randomUUID()}.ndjson`;
    try {
      const db = old.sql;
      const product = await createProduct(db, { stockQuantity: 100 });
      const placeIn = (email: string) =>
        placeOrder(
          db,
          {
            customerId: null,
            customer: { ...customerForm, email },
            deliveryMethod: 'delivery',
            lines: [{ productId: product.id, quantity: 1 }],
            notes: undefined,
          },
          guest,
        );
      const first = await placeIn('ancien.client@example.fr');
      await withdraw(db, old, first.id, 'Ancien Client', 'ancien.retrait@example.fr');
      const second = await placeIn('autre.ancien@example.fr');
      // What the previous version left: events with the fields inline, sealed, the seal witnessed.
      for (const id of [first.id, second.id]) await makeLegacy(db, id);
      const config = testConfig(old.db, { AUDIT_WITNESS_FILE: witnessFile, AUDIT_SEAL_INTERVAL: '0' });
      await sealLog(db, config.AUDIT_KEY, witnessFile);
      const [oldWitness] = await latestWitnessed(witnessFile);
      expect((await verifyDatabase(db, config.AUDIT_KEY, undefined, { witnessed: [oldWitness!] })).ok).toBe(
        true,
      );

      const start = async () => {
        const app = await startApp({ ...config, PORT: await freePort(), HOST: '127.0.0.1' });
        await app.stop();
      };
      await start();

      // Re-sealed, recorded as done with its checkpoint, and that checkpoint is the witness's latest.
      const [done] = await db<{ moved: number; checkpointId: number }[]>`
        select moved, checkpoint_id from data_rewrites where name = ${RESEAL_NAME}`;
      expect(done?.moved).toBe(3);
      const [witnessed] = await latestWitnessed(witnessFile);
      expect(Number(witnessed?.id)).toBe(Number(done?.checkpointId));
      expect(Number(witnessed?.id)).toBeGreaterThan(Number(oldWitness?.id));
      // The witness check, as the server runs it at start and before each seal: green.
      expect(await checkWitness(db, config)).toBe(true);
      const all = parseWitness(await readFile(witnessFile, 'utf8'));
      expect(all).toHaveLength(2);
      expect(await verifyDatabase(db, config.AUDIT_KEY, undefined, { witnessed: all })).toMatchObject({
        ok: true,
        problems: [],
      });
      await placeIn('nouveau@example.fr');
      expect((await sealOnce(db, config)).kind).toBe('sealed');
      expect((await replayOrders(db)).differenceCount).toBe(0);
      for (const needle of ['ancien.client@example.fr', 'ancien.retrait@example.fr', 'Ancien Client']) {
        expect(await db`select 1 from events where data::text like ${`%${needle}%`}`, needle).toHaveLength(0);
      }

      // A later start reads the row and does not scan: an inline event left behind stays as it is
      // (a restore of an old dump is re-sealed with { force: true }).
      await makeLegacy(db, second.id);
      await sealLog(db, config.AUDIT_KEY, witnessFile);
      await start();
      expect(await db`select 1 from events where data::text like '%autre.ancien@example.fr%'`).toHaveLength(
        1,
      );
      expect(await resealPersonalData(db, config.AUDIT_KEY, witnessFile, { force: true })).toMatchObject({
        orders: 1,
      });
      expect(await checkWitness(db, config)).toBe(true);
    } finally {
      await old.drop();
      await rm(witnessFile, { force: true });
    }
  });
});
