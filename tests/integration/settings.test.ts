import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../src/domain/settings/settings.js';
import type { Services, SessionUser } from '../../src/server/context.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';
import { createProduct, customerForm, stockOf } from '../support/orders.js';

let db: TestDatabase;
let services: Services;
let admin: SessionUser;
let customer: SessionUser;
const AUDIT_KEY = 'settings-test-audit-key-0123456789';

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db, { AUDIT_KEY });
  admin = await createUser(services, {
    role: 'admin',
    email: `patron-${randomUUID().slice(0, 6)}@example.fr`,
  });
  customer = await createUser(services);
});
afterAll(async () => {
  await db.drop();
});

const settings = (changes: Partial<ShopSettings> = {}): ShopSettings => ({ ...DEFAULT_SETTINGS, ...changes });
const save = (changes: Partial<ShopSettings> = {}) =>
  callerAs(services, admin).settings.update(settings(changes));

const place = (
  user: SessionUser | null,
  lines: { productId: string; quantity: number }[],
  deliveryMethod: 'delivery' | 'pickup' = 'delivery',
) =>
  callerAs(services, user).checkout.place({
    ...customerForm,
    deliveryMethod,
    lines,
    idempotencyKey: randomUUID(),
  });

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e) => (e instanceof TRPCError ? e.code : String(e)),
  );

const counts = async () => {
  const [row] = await db.sql<{ events: number; orders: number; mails: number; history: number }[]>`
    select (select count(*) from events)::int as events, (select count(*) from orders)::int as orders,
           (select count(*) from mail_outbox)::int as mails, (select count(*) from shop_settings_history)::int as history`;
  return row!;
};

describe('settings: one schema, stored, history', () => {
  it('refuses invalid settings with French field messages and changes nothing', async () => {
    const before = await counts();
    const stored = await callerAs(services, admin).settings.get();
    const cases: [Partial<Record<keyof ShopSettings, unknown>>, string, string][] = [
      [{ shopName: '  ' }, 'shopName', 'Le nom de la boutique est requis'],
      [{ shopEmail: 'pas-un-email' }, 'shopEmail', 'Adresse email invalide'],
      [{ taxRate: 120 }, 'taxRate', 'Le taux de TVA doit être compris entre 0 et 100'],
      [
        { defaultShippingCostCents: -1 },
        'defaultShippingCostCents',
        'Les frais de port ne peuvent pas être négatifs',
      ],
      [
        { defaultShippingCostCents: 5.5 },
        'defaultShippingCostCents',
        'Les frais de port ne peuvent pas être négatifs',
      ],
      [
        { freeShippingThresholdCents: -500 },
        'freeShippingThresholdCents',
        'Le seuil de livraison gratuite ne peut pas être négatif',
      ],
      [{ currency: 'USD' }, 'currency', "Seul l'euro (EUR) est pris en charge"],
      [
        { shopPhone: '12' },
        'shopPhone',
        'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)',
      ],
    ];
    for (const [change, field, message] of cases) {
      const error = await callerAs(services, admin)
        .settings.update({ ...settings(), ...change } as ShopSettings)
        .catch((e) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect(error.code).toBe('BAD_REQUEST');
      const cause = error.cause as { issues: { path: string[]; message: string }[] };
      expect(cause.issues.map((i) => [i.path[0], i.message])).toContainEqual([field, message]);
    }
    expect(await counts()).toEqual(before);
    expect(await callerAs(services, admin).settings.get()).toEqual(stored);
  });

  it('keeps every save with who and when; the last change is shown', async () => {
    const before = await counts();
    await save({ shopName: 'Boutique A' });
    const saved = await save({ shopName: 'Boutique B', shopAddress: '1 place du Marché, 27000 Évreux' });
    expect(saved.settings.shopName).toBe('Boutique B');
    const current = await callerAs(services, admin).settings.get();
    expect(current.updatedByEmail).toBe(admin.email);
    expect(Date.now() - Date.parse(current.updatedAt ?? '')).toBeLessThan(60_000);
    const history = await callerAs(services, admin).settings.history();
    expect(history.slice(0, 2).map((h) => [h.settings.shopName, h.savedByEmail])).toEqual([
      ['Boutique B', admin.email],
      ['Boutique A', admin.email],
    ]);
    expect((await counts()).history).toBe(before.history + 2);
    // The storefront's view is the saved identity, for everyone.
    expect(await callerAs(services, null).settings.shop()).toMatchObject({
      name: 'Boutique B',
      address: '1 place du Marché, 27000 Évreux',
      email: DEFAULT_SETTINGS.shopEmail,
    });
  });

  it('a save through one pool is seen through another (another instance)', async () => {
    const other = createTestServices(db, { AUDIT_KEY });
    const { createSql } = await import('../../src/server/db/client.js');
    const otherSql = createSql(db.url, 2);
    try {
      const view = () => callerAs({ ...other, sql: otherSql }, null).settings.shop();
      expect((await view()).name).toBe('Boutique B');
      await save({ shopName: 'Boutique C' });
      // The other instance's cache lives at most SETTINGS_TTL_MS.
      await expect.poll(async () => (await view()).name, { timeout: 5000 }).toBe('Boutique C');
    } finally {
      await otherSql.end();
    }
  });

  it('the low-stock threshold reaches the shop (« Stock limité ») and the dashboard', async () => {
    await save({ lowStockThreshold: 12 });
    expect((await callerAs(services, null).settings.shop()).lowStockThreshold).toBe(12);
    expect((await callerAs(services, admin).dashboard.lowStock()).threshold).toBe(12);
    await save({ lowStockThreshold: DEFAULT_SETTINGS.lowStockThreshold });
  });
});

describe('settings obeyed: Commerce', () => {
  beforeEach(async () => {
    await save();
  });

  it('prices new orders with the delivery cost, the free-shipping threshold and the VAT rate', async () => {
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 100 });
    // Below 50 €: 5,99 € delivery; VAT 20 % included in the total.
    expect(await place(null, [{ productId: p.id, quantity: 2 }])).toMatchObject({
      subtotalCents: 2000,
      shippingCostCents: 599,
      taxCents: 433,
      totalAmountCents: 2599,
    });
    // From the threshold: free.
    expect(await place(null, [{ productId: p.id, quantity: 5 }])).toMatchObject({
      shippingCostCents: 0,
      taxCents: 833,
      totalAmountCents: 5000,
    });
    // Pickup: free.
    expect(await place(null, [{ productId: p.id, quantity: 1 }], 'pickup')).toMatchObject({
      shippingCostCents: 0,
      totalAmountCents: 1000,
    });
    await save({ defaultShippingCostCents: 750, freeShippingThresholdCents: 10_000, taxRate: 5.5 });
    const order = await place(null, [{ productId: p.id, quantity: 6 }]);
    expect(order).toMatchObject({ shippingCostCents: 750, totalAmountCents: 6750, taxCents: 352 });
    const [row] =
      await db.sql`select shipping_cost_cents, tax_cents, total_amount_cents from orders where id = ${order.id}`;
    expect(row).toEqual({ shippingCostCents: 750, taxCents: 352, totalAmountCents: 6750 });
  });

  it('refuses delivery when the delivery switch is off (pickup only), and changes nothing', async () => {
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 10 });
    await save({ shippingEnabled: false });
    const before = await counts();
    const error = await place(null, [{ productId: p.id, quantity: 1 }]).catch((e) => e);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(
      "La livraison à domicile n'est pas proposée pour le moment : choisissez le retrait en boutique.",
    );
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, p.id)).toBe(10);
    expect(await place(null, [{ productId: p.id, quantity: 1 }], 'pickup')).toMatchObject({
      shippingCostCents: 0,
    });
  });

  it('never changes orders already placed', async () => {
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 10 });
    const order = await place(null, [{ productId: p.id, quantity: 1 }]);
    await save({ defaultShippingCostCents: 0, taxRate: 0, shippingEnabled: false });
    const [row] =
      await db.sql`select shipping_cost_cents, tax_cents, total_amount_cents from orders where id = ${order.id}`;
    expect(row).toEqual({ shippingCostCents: 599, taxCents: 267, totalAmountCents: 1599 });
    const [event] = await db.sql<{ data: { shippingCostCents: number } }[]>`
      select data from events where stream_id = ${order.id} and version = 1`;
    expect(event?.data.shippingCostCents).toBe(599);
  });
});

describe('settings obeyed: Notifications', () => {
  const shopMails = (orderId: string) =>
    db.sql<{ kind: string; toAddress: string; subject: string; textBody: string }[]>`
      select kind, to_address, subject, text_body from mail_outbox
       where dedupe_key in (${`shop-new-order:${orderId}`}, ${`shop-low-stock:${orderId}`}) order by kind`;

  it('queues a new-order mail and a low-stock alert to the shop email, with the order', async () => {
    await save({ shopEmail: 'patron@boutique.fr', shopName: 'Ma Boutique Test' });
    const p = await createProduct(db.sql, { title: 'Nasse à guêpes', priceCents: 1000, stockQuantity: 7 });
    const order = await place(null, [{ productId: p.id, quantity: 2 }]);
    const mails = await shopMails(order.id);
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([
      ['shop-low-stock', 'patron@boutique.fr'],
      ['shop-new-order', 'patron@boutique.fr'],
    ]);
    expect(mails[0]?.textBody).toContain('Nasse à guêpes : 5 en stock');
    expect(mails[1]?.subject).toContain(order.orderNumber);
    expect(mails[1]?.textBody).toContain('Ma Boutique Test');
    // Above the threshold: no alert.
    const q = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 50 });
    const calm = await place(null, [{ productId: q.id, quantity: 1 }]);
    expect((await shopMails(calm.id)).map((m) => m.kind)).toEqual(['shop-new-order']);
  });

  it('sends nothing when the master switch, the email switch or their own switch is off', async () => {
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 6 });
    for (const off of [
      { notificationsEnabled: false },
      { emailNotifications: false },
      { orderNotifications: false, lowStockAlerts: false },
    ]) {
      await save(off);
      const order = await place(null, [{ productId: p.id, quantity: 1 }], 'pickup');
      expect(await shopMails(order.id)).toEqual([]);
    }
    await save({ orderNotifications: false });
    const order = await place(null, [{ productId: p.id, quantity: 1 }], 'pickup');
    expect((await shopMails(order.id)).map((m) => m.kind)).toEqual(['shop-low-stock']);
  });

  it('a failed order queues no mail (same transaction)', async () => {
    await save();
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 1 });
    const before = await counts();
    expect(await codeOf(place(null, [{ productId: p.id, quantity: 2 }]))).toBe('CONFLICT');
    expect(await counts()).toEqual(before);
  });
});

describe('settings obeyed: Système', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startHttpApp(db, { AUDIT_KEY });
  });
  afterAll(async () => {
    await save();
    await app.close();
  });

  it('maintenance: checkout.place is refused to visitors and customers, not to admins', async () => {
    const p = await createProduct(db.sql, { priceCents: 1000, stockQuantity: 10 });
    await save({ maintenanceMode: true });
    const before = await counts();
    for (const user of [null, customer]) {
      const error = await place(user, [{ productId: p.id, quantity: 1 }]).catch((e) => e);
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.message).toContain('La boutique est en maintenance');
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, p.id)).toBe(10);
    expect(await codeOf(place(admin, [{ productId: p.id, quantity: 1 }]))).toBe('ok');
    await save({ maintenanceMode: false });
    expect(await codeOf(place(null, [{ productId: p.id, quantity: 1 }]))).toBe('ok');
  });

  it('maintenance: public pages answer 503 with Retry-After; admin pages, the API and signed-in admins pass', async () => {
    const get = (pathname: string, cookie = '') =>
      fetch(`http://127.0.0.1:${app.port}${pathname}`, {
        headers: cookie ? { cookie } : {},
        redirect: 'manual',
      });
    // Without a client build the pages themselves answer 503 too: the maintenance page is told by its header.
    const inMaintenance = async (pathname: string, cookie = '') =>
      (await get(pathname, cookie)).headers.get('retry-after') !== null;
    expect(await inMaintenance('/boutique')).toBe(false);
    await save({ maintenanceMode: true });
    for (const pathname of [
      '/',
      '/boutique',
      '/panier',
      '/mentions-legales',
      '/index.html',
      '/produit/a.b',
    ]) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(503);
      expect(res.headers.get('retry-after')).toBe('600');
      expect(await res.text()).toContain('Site en maintenance');
    }
    expect(await inMaintenance('/admin/login')).toBe(false);
    expect((await get('/healthz')).status).toBe(200);
    const visitor = browserClient(app);
    expect((await visitor.trpc().settings.shop.query()).name).toBe(DEFAULT_SETTINGS.shopName);
    // A signed-in admin browses normally.
    const boss = browserClient(app);
    expect(
      (await boss.signIn(admin.email, (admin as SessionUser & { password: string }).password)).status,
    ).toBe(200);
    expect(await inMaintenance('/boutique', boss.cookie)).toBe(false);
    const client = browserClient(app);
    await client.signIn(customer.email, (customer as SessionUser & { password: string }).password);
    expect(await inMaintenance('/boutique', client.cookie)).toBe(true);
    await save({ maintenanceMode: false });
    expect(await inMaintenance('/boutique')).toBe(false);
  });

  it('"Vider le cache" clears the server caches: a settings change is seen at once', async () => {
    const { cachedSettings } = await import('../../src/server/settings/store.js');
    await cachedSettings(services.sql);
    await db.sql`update shop_settings set shop_name = 'Changée en base'`;
    expect((await cachedSettings(services.sql)).settings.shopName).not.toBe('Changée en base');
    await callerAs(services, admin).settings.clearCache({});
    expect((await cachedSettings(services.sql)).settings.shopName).toBe('Changée en base');
  });

  it('statistics: real totals and system information', async () => {
    const stats = await callerAs(services, admin).settings.stats();
    const [expected] = await db.sql<
      { products: number; orders: number; customers: number; revenue: number }[]
    >`
      select (select count(*) from products)::int as products, (select count(*) from orders)::int as orders,
             (select count(*) from profiles where role = 'user')::int as customers,
             (select sum(total_amount_cents) from orders where status <> 'cancelled' and payment_status <> 'refunded')::int as revenue`;
    expect(stats).toMatchObject({
      products: expected!.products,
      orders: expected!.orders,
      customers: expected!.customers,
      revenueCents: expected!.revenue,
    });
    expect(stats.orders).toBeGreaterThan(5);
    expect(stats.system.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(stats.system.postgresVersion).toMatch(/^\d+/);
    // Tests always name their database (DATABASE_URL): the server mode.
    expect(stats.system.databaseMode).toBe('server');
  });

  it('the backup download is for admins only', async () => {
    const anonymous = await fetch(`http://127.0.0.1:${app.port}/api/admin/backup`);
    expect(anonymous.status).toBe(401);
    const client = browserClient(app);
    await client.signIn(customer.email, (customer as SessionUser & { password: string }).password);
    const refused = await fetch(`http://127.0.0.1:${app.port}/api/admin/backup`, {
      headers: { cookie: client.cookie },
    });
    expect(refused.status).toBe(403);
    const boss = browserClient(app);
    await boss.signIn(admin.email, (admin as SessionUser & { password: string }).password);
    const res = await fetch(`http://127.0.0.1:${app.port}/api/admin/backup`, {
      headers: { cookie: boss.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="sauvegarde-\d{4}-\d{2}-\d{2}\.ndjson"/,
    );
    const lines = (await res.text()).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ kind: 'header', format: 'h27-backup' });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      kind: 'end',
      rows: lines.length - 2,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});
