import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { exportLog } from '../../src/server/audit/verify.js';
import type { SessionUser } from '../../src/server/context.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder, setPaymentForTest } from '../support/orders.js';

let db: TestDatabase;
let services: ReturnType<typeof createTestServices>;
let admin: SessionUser;
let otherAdmin: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin', firstName: 'Claire', lastName: 'Admin' });
  otherAdmin = await createUser(services, { role: 'admin', firstName: 'Paul', lastName: 'Gérant' });
  customer = await createUser(services, { firstName: 'Sophie', lastName: 'Durand' });
  await db.sql`update profiles set first_name = 'Claire', last_name = 'Admin' where id = ${admin.id}`;
  await db.sql`update profiles set first_name = 'Sophie', last_name = 'Durand' where id = ${customer.id}`;
});
afterAll(async () => {
  await db.drop();
});

async function newOrder(
  options: { customerId?: string | null; firstName?: string; lastName?: string; quantity?: number } = {},
) {
  const product = await createProduct(db.sql, {
    title: 'Piège à guêpes',
    stockQuantity: 50,
    priceCents: 1250,
  });
  const customerId = options.customerId ?? null;
  return await placeOrder(
    db.sql,
    {
      customerId,
      customer: {
        ...customerForm,
        firstName: options.firstName ?? customerForm.firstName,
        lastName: options.lastName ?? customerForm.lastName,
      },
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: options.quantity ?? 2 }],
      notes: 'Sonner deux fois',
    },
    customerId ? { actor: { kind: 'user', userId: customerId }, requestId: 'r1' } : guest,
  );
}

const asAdmin = () => callerAs(services, admin);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as TRPCError & { cause?: { code?: string; details?: Record<string, unknown> } };
  }
  throw new Error('expected a refusal');
}

describe('orders.list', () => {
  it('pages newest first with a keyset cursor, counts on the first page, names the customer', async () => {
    const mine = await newOrder({ customerId: customer.id });
    const guestOrder = await newOrder({ firstName: 'Gaston', lastName: 'Invité' });
    const first = await asAdmin().orders.list({ limit: 1 });
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.items[0]?.id).toBe(guestOrder.id);
    expect(first.items[0]?.customer).toEqual({ kind: 'guest', name: 'Gaston Invité' });
    expect(first.nextCursor).toBeTruthy();
    const second = await asAdmin().orders.list({ limit: 1, cursor: first.nextCursor });
    expect(second.items[0]?.id).toBe(mine.id);
    expect(second.items[0]?.customer).toEqual({ kind: 'account', name: 'Sophie Durand' });
    expect(second.items[0]).toMatchObject({
      itemCount: 2,
      // 25 € of goods plus the default delivery (5,99 € below 50 €: no settings saved in this database).
      totalAmountCents: 3099,
      status: 'pending',
      version: 1,
    });
    expect(second.total).toBeNull();
    await expect(asAdmin().orders.list({ cursor: 'n’importe quoi' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('searches the order number and the first or last name, in any order, and filters by status', async () => {
    const a = await newOrder({ firstName: 'Hortense', lastName: 'Vasseur' });
    const b = await newOrder({ firstName: 'Hortense', lastName: 'Leblanc' });
    const byName = await asAdmin().orders.list({ search: 'hortense' });
    expect(byName.items.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect(byName.total).toBe(2);
    expect((await asAdmin().orders.list({ search: 'VASSEUR hortense' })).items.map((o) => o.id)).toEqual([
      a.id,
    ]);
    expect((await asAdmin().orders.list({ search: b.orderNumber })).items.map((o) => o.id)).toEqual([b.id]);
    // A customer's current profile name finds their orders too.
    const mine = await newOrder({ customerId: customer.id, firstName: 'Autre', lastName: 'Nom' });
    expect((await asAdmin().orders.list({ search: 'durand' })).items.map((o) => o.id)).toContain(mine.id);
    // LIKE wildcards are matched literally.
    expect((await asAdmin().orders.list({ search: '%' })).items).toEqual([]);

    await asAdmin().orders.setStatus({ orderId: a.id, status: 'shipped', expectedVersion: 1 });
    const shipped = await asAdmin().orders.list({ status: 'shipped', search: 'hortense' });
    expect(shipped.items.map((o) => o.id)).toEqual([a.id]);
    expect(shipped.items[0]?.status).toBe('shipped');
    await expect(asAdmin().orders.list({ status: 'lost' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('caps the count of a loose search', async () => {
    await db.sql`
      insert into orders (id, order_number, status, payment_status, shipping_address, subtotal_cents,
                          total_amount_cents, item_count, version, created_at, updated_at)
      select gen_random_uuid(), 'CMD-1999-' || lpad(g::text, 6, '0'), 'pending', 'pending',
             '{"firstName":"Masse","lastName":"Test"}', 100, 100, 1, 1, now() - interval '1 year', now()
        from generate_series(1, 1005) g`;
    const page = await asAdmin().orders.list({ search: 'cmd-1999' });
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    expect(page.items).toHaveLength(20);
    await db.sql`delete from orders where order_number like 'CMD-1999-%'`;
  });

  it('shows « Client supprimé » for an order whose account was deleted', async () => {
    const gone = await createUser(services, { firstName: 'Parti', lastName: 'Loin' });
    const order = await newOrder({ customerId: gone.id });
    await db.sql`delete from users where id = ${gone.id}`;
    const page = await asAdmin().orders.list({ search: order.orderNumber });
    expect(page.items[0]?.customer).toEqual({ kind: 'deleted' });
    expect((await asAdmin().orders.byId({ orderId: order.id })).customerLabel).toBe('Client supprimé');
  });
});

describe('inline changes', () => {
  it('append events with the version shown and refuse a stale version with the fresh row', async () => {
    const order = await newOrder();
    const done = await asAdmin().orders.setStatus({
      orderId: order.id,
      status: 'confirmed',
      expectedVersion: 1,
    });
    expect(done).toMatchObject({ changed: true, version: 2, status: 'confirmed' });

    // Another admin's screen still shows version 1: refused, nothing written, the fresh row comes back.
    const stale = await refusal(
      callerAs(services, otherAdmin).orders.recordPayment({
        orderId: order.id,
        amountCents: order.totalAmountCents,
        method: 'cash',
        day: parisDay(new Date()),
        expectedVersion: 1,
      }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toMatch(/modifiée entre-temps/);
    expect(stale.cause?.code).toBe('STALE_VERSION');
    expect(stale.cause?.details?.row).toMatchObject({
      id: order.id,
      status: 'confirmed',
      paymentStatus: 'pending',
      version: 2,
    });
    const [row] = await db.sql`select payment_status, version from orders where id = ${order.id}`;
    expect(row).toEqual({ paymentStatus: 'pending', version: 2 });

    await asAdmin().orders.recordPayment({
      orderId: order.id,
      amountCents: order.totalAmountCents,
      method: 'cash',
      day: parisDay(new Date()),
      expectedVersion: 2,
    });
    const history = await asAdmin().orders.history({ orderId: order.id });
    expect(history.map((e) => [e.type, e.by])).toEqual([
      ['OrderPlaced', 'Invité'],
      ['OrderStatusChanged', 'Claire Admin'],
      ['PaymentRecorded', 'Claire Admin'],
    ]);
    expect(history[2]?.summary).toMatch(/^Paiement enregistré : .+ en espèces, le \d{2}\/\d{2}\/\d{4}$/);
  });

  it('refuses an unknown status with a French message and changes nothing', async () => {
    const order = await newOrder();
    await expect(
      asAdmin().orders.setStatus({ orderId: order.id, status: 'perdue', expectedVersion: 1 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Statut inconnu : « perdue »' });
    expect((await asAdmin().orders.byId({ orderId: order.id })).version).toBe(1);
  });
});

describe('internal notes', () => {
  it('are in the staff timeline with the admin name, and never in the customer’s history', async () => {
    const order = await newOrder({ customerId: customer.id });
    await asAdmin().orders.addNote({ orderId: order.id, note: '  Client rappelé, livraison lundi  ' });
    const staff = await asAdmin().orders.history({ orderId: order.id });
    expect(staff.at(-1)).toMatchObject({
      type: 'OrderNoteAdded',
      by: 'Claire Admin',
      summary: 'Note interne : Client rappelé, livraison lundi',
    });
    const mine = await callerAs(services, customer).account.order({ id: order.id });
    expect(mine.history.map((e) => e.type)).toEqual(['OrderPlaced']);
    expect(JSON.stringify(mine)).not.toContain('rappelé');
    // The note moved the version: a screen still at 1 is refused.
    await expect(
      asAdmin().orders.setStatus({ orderId: order.id, status: 'shipped', expectedVersion: 1 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const empty = await refusal(asAdmin().orders.addNote({ orderId: order.id, note: '   ' }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(empty.cause)).toContain('La note ne peut pas être vide.');
  });
});

describe('delete', () => {
  it('leaves the list and the read tables, keeps the log, the history, the export and a replay clean', async () => {
    const order = await newOrder({ firstName: 'Efface', lastName: 'Moi' });
    await asAdmin().orders.remove({ orderId: order.id, reason: 'Doublon', expectedVersion: 1 });
    expect((await asAdmin().orders.list({ search: 'efface' })).items).toEqual([]);
    const [rows] = await db.sql`
      select (select count(*)::int from orders where id = ${order.id}) as orders,
             (select count(*)::int from order_items where order_id = ${order.id}) as items`;
    expect(rows).toEqual({ orders: 0, items: 0 });

    const history = await asAdmin().orders.history({ orderId: order.id });
    expect(history.at(-1)).toMatchObject({ type: 'OrderDeleted', summary: 'Commande supprimée : Doublon' });
    const details = await asAdmin().orders.byId({ orderId: order.id });
    expect(details).toMatchObject({
      deleted: true,
      deletedReason: 'Doublon',
      orderNumber: order.orderNumber,
    });
    // Notes are kept on a deleted order too.
    await asAdmin().orders.addNote({ orderId: order.id, note: 'Supprimée à la demande du client' });

    const lines: string[] = [];
    await exportLog(db.sql, (line) => {
      if (line.includes(order.id)) lines.push(line);
    });
    const events = lines.map((l) => JSON.parse(l)).filter((e) => e.kind === 'event');
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderDeleted', 'OrderNoteAdded']);
    const report = await replayOrders(db.sql);
    expect(report.differenceCount).toBe(0);
  });
});

describe('CSV export over HTTP', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startHttpApp(db);
  });
  afterAll(async () => {
    await app.close();
  });

  const csvUrl = (query = '') => `http://127.0.0.1:${app.port}/api/admin/orders.csv${query}`;

  async function signedInAdmin() {
    const browser = browserClient(app);
    const email = `csv-admin-${Date.now()}@example.fr`;
    await browser.signUp(email);
    await db.sql`update profiles set role = 'admin' where id = (select id from users where email = ${email})`;
    await browser.signIn(email);
    return browser;
  }

  it('writes the filtered list with a BOM, semicolons, decimal commas and fr-FR dates', async () => {
    const order = await newOrder({ firstName: 'Zoé', lastName: 'Export;"Test"', quantity: 3 });
    await db.sql`update orders set created_at = '2026-11-23T13:05:00Z' where id = ${order.id}`;
    const browser = await signedInAdmin();
    const res = await fetch(csvUrl('?search=zo%C3%A9&status=pending'), {
      headers: { cookie: browser.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="commandes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const [header, line, end] = text.split('\r\n');
    expect(header).toBe(
      'Commande;Date;Client;Email;Téléphone;Adresse;Code postal;Ville;Livraison;Articles;Sous-total (€);Frais de port (€);Taxes (€);Total (€);Statut;Paiement;Payé (€);Remboursé (€);Notes',
    );
    expect(line).toBe(
      `${order.orderNumber};23/11/2026 14:05;"Zoé Export;""Test""";marie.lefevre@example.fr;"=""+33611223344""";12 rue des Tilleuls;"=""27000""";Évreux;Livraison;3;37,50;5,99;7,25;43,49;En attente;En attente;0,00;0,00;Sonner deux fois`,
    );
    expect(end).toBe('');
    // The status filter applies: the same search on « shipped » has the header only.
    const none = await fetch(csvUrl('?search=zo%C3%A9&status=shipped'), {
      headers: { cookie: browser.cookie },
    });
    expect((await none.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('is refused to anonymous and customers, to other sites, and on bad filters', async () => {
    expect((await fetch(csvUrl())).status).toBe(401);
    const shopper = browserClient(app);
    await shopper.signUp(`csv-client-${Date.now()}@example.fr`);
    expect((await fetch(csvUrl(), { headers: { cookie: shopper.cookie } })).status).toBe(403);
    const browser = await signedInAdmin();
    const crossSite = await fetch(csvUrl(), {
      headers: { cookie: browser.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await fetch(csvUrl(), {
      headers: { cookie: browser.cookie, origin: 'https://evil.example' },
    });
    expect(otherOrigin.status).toBe(403);
    const bad = await fetch(csvUrl('?status=perdue'), { headers: { cookie: browser.cookie } });
    expect(bad.status).toBe(400);
    // In French, as every answer of the shop.
    expect(await bad.json()).toMatchObject({ message: 'Statut inconnu' });
    // The README's URL as written: blank filters are no filters.
    expect((await fetch(csvUrl('?search=&status='), { headers: { cookie: browser.cookie } })).status).toBe(
      200,
    );
    expect((await fetch(csvUrl(), { method: 'POST', headers: { cookie: browser.cookie } })).status).toBe(405);
  });
});

describe('« Supprimer » in the list (issue 35)', () => {
  it('is offered for an unpaid order only: once money is received, or the order invoiced, it is not', async () => {
    const order = await newOrder({ lastName: 'Supprimable' });
    const row = async () =>
      (await asAdmin().orders.list({ search: 'Supprimable' })).items.find((o) => o.id === order.id)!;
    expect((await row()).deletable).toBe(true);
    await setPaymentForTest(db.sql, order.id, 'paid', {
      actor: { kind: 'admin', userId: admin.id },
      requestId: 'test-paid-deletable',
    });
    expect((await row()).deletable).toBe(false);
  });
});
