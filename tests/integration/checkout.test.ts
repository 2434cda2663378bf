import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/common/phone.js';
import type { Services, SessionUser } from '../../src/server/context.js';
import { createHttpServer } from '../../src/server/http.js';
import type { Mail, Mailer } from '../../src/server/mailer.js';
import { mailDir } from '../../src/server/mailer.js';
import { sendDueMails } from '../../src/server/outbox/mail-outbox.js';
import { queueMissedConfirmations } from '../../src/server/outbox/order-confirmation-mail.js';
import { settingsDefaults, storeInitialSettings } from '../../src/server/settings/store.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { createProduct, stockOf } from '../support/orders.js';

let db: TestDatabase;
let services: Services;
let customerA: SessionUser;
let customerB: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db, { SHOP_PHONE: '02 32 00 00 00', SHOP_EMAIL: 'boutique@example.fr' });
  customerA = await createUser(services, { firstName: 'Alice', lastName: 'Martin' });
  customerB = await createUser(services, { firstName: 'Bruno', lastName: 'Petit' });
  admin = await createUser(services, { role: 'admin' });
  // The shop's own notification mails (settings.test.ts) would mix with the confirmations counted here.
  await storeInitialSettings(db.sql, { ...settingsDefaults(services.config), notificationsEnabled: false });
});
afterAll(async () => {
  await db.drop();
});

const form = {
  firstName: 'Marie',
  lastName: 'Durand',
  email: 'marie.durand@example.fr',
  phone: '06 12 34 56 78',
  address: '12 rue des Lilas',
  city: 'Évreux',
  zipCode: '27000',
  deliveryMethod: 'delivery' as const,
};

const order = (lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  ...form,
  lines,
  idempotencyKey: randomUUID(),
  ...extra,
});

const counts = async () => {
  const [row] = await db.sql<{ events: number; orders: number; items: number; mails: number }[]>`
    select (select count(*) from events)::int as events, (select count(*) from orders)::int as orders,
           (select count(*) from order_items)::int as items, (select count(*) from mail_outbox)::int as mails`;
  return row!;
};

describe('checkout.place', () => {
  it('computes prices on the server: client prices, totals, statuses and customer ids have no effect', async () => {
    const trap = await createProduct(db.sql, { title: 'Piège à rats', priceCents: 1490, stockQuantity: 10 });
    const station = await createProduct(db.sql, {
      title: "Station d'appâtage",
      priceCents: 2490,
      promoPriceCents: 1990,
      isOnPromotion: true,
      stockQuantity: 10,
    });
    const tampered = {
      ...order([
        { productId: trap.id, quantity: 2, unitPriceCents: 1, priceCents: 1, totalPriceCents: 2 } as never,
        { productId: station.id, quantity: 1, promoPriceCents: 1 } as never,
      ]),
      totalAmountCents: 3,
      total: 3,
      subtotalCents: 3,
      shippingCostCents: 999,
      taxCents: 999,
      status: 'delivered',
      paymentStatus: 'paid',
      customerId: customerB.id,
      orderNumber: 'CMD-HACK',
    };
    const placed = await callerAs(services, null).checkout.place(tampered as never);
    expect(placed.items).toEqual([
      { productId: trap.id, title: 'Piège à rats', quantity: 2, unitPriceCents: 1490, totalPriceCents: 2980 },
      {
        productId: station.id,
        title: "Station d'appâtage",
        quantity: 1,
        unitPriceCents: 1990,
        totalPriceCents: 1990,
      },
    ]);
    expect(placed).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      // No settings saved: the spec's defaults, 5,99 € delivery below 50 €, VAT 20 % included.
      subtotalCents: 4970,
      shippingCostCents: 599,
      taxCents: 928,
      totalAmountCents: 5569,
    });
    expect(placed.orderNumber).not.toBe('CMD-HACK');
    const [row] = await db.sql`
      select customer_id, total_amount_cents, status, payment_status from orders where id = ${placed.id}`;
    expect(row).toEqual({
      customerId: null,
      totalAmountCents: 5569,
      status: 'pending',
      paymentStatus: 'pending',
    });
  });

  it('takes the stock, appends OrderPlaced and queues the French confirmation mail', async () => {
    const product = await createProduct(db.sql, {
      title: 'Gants apiculteur',
      priceCents: 1850,
      stockQuantity: 6,
    });
    const placed = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 4 }]),
    );
    expect(await stockOf(db.sql, product.id)).toBe(2);
    const events = await db.sql`select type from events where stream_id = ${placed.id}`;
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
    const [mail] = await db.sql<{ toAddress: string; subject: string; textBody: string; status: string }[]>`
      select to_address, subject, text_body, status from mail_outbox
       where dedupe_key = ${`order-confirmation:${placed.id}`}`;
    expect(mail).toMatchObject({
      toAddress: 'marie.durand@example.fr',
      subject: `Confirmation de votre commande ${placed.orderNumber}`,
      status: 'pending',
    });
    expect(mail!.textBody).toContain('Gants apiculteur × 4');
    expect(mail!.textBody).toContain('Total : 74,00');
    expect(mail!.textBody).toContain('Prochaines étapes');
    expect(mail!.textBody).toContain('02 32 00 00 00');
  });

  it('takes the phone the profile accepted: an international number from the profile can order', async () => {
    const product = await createProduct(db.sql, { title: 'Piège à frelons', stockQuantity: 5 });
    const bruno = callerAs(services, customerB);
    await bruno.account.updateProfile({ firstName: 'Bruno', lastName: 'Petit', phone: '+44 20 7946 0958' });
    const profile = await bruno.account.profile();
    expect(profile?.phone).toBe('+442079460958');
    const placed = await bruno.checkout.place(
      order([{ productId: product.id, quantity: 1 }], { phone: formatPhone(profile?.phone ?? '') }),
    );
    const [row] = await db.sql<{ phone: string }[]>`
      select shipping_address ->> 'phone' as phone from orders where id = ${placed.id}`;
    expect(row?.phone).toBe('+442079460958');
  });

  it('refuses short stock with a French message naming the product, and writes nothing', async () => {
    const plenty = await createProduct(db.sql, { title: 'Appâts', stockQuantity: 50 });
    const scarce = await createProduct(db.sql, { title: 'Tapettes en bois', stockQuantity: 2 });
    const before = await counts();
    await expect(
      callerAs(services, customerA).checkout.place(
        order([
          { productId: plenty.id, quantity: 1 },
          { productId: scarce.id, quantity: 3 },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Stock insuffisant pour « Tapettes en bois »' });
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, plenty.id)).toBe(50);
    expect(await stockOf(db.sql, scarce.id)).toBe(2);
  });

  it('refuses a product that became unavailable or hidden, naming it, and writes nothing', async () => {
    const gone = await createProduct(db.sql, { title: 'Aérosol guêpes', stockQuantity: 5 });
    await db.sql`update products set is_available = false where id = ${gone.id}`;
    const hidden = await createProduct(db.sql, { title: 'Enfumoir', isVisibleInShop: false });
    const before = await counts();
    for (const product of [gone, hidden]) {
      await expect(
        callerAs(services, null).checkout.place(order([{ productId: product.id, quantity: 1 }])),
      ).rejects.toMatchObject({ message: `Le produit « ${product.title} » n'est plus disponible.` });
    }
    expect(await counts()).toEqual(before);
  });

  it('places one order for a double click or a retried request (same idempotency key)', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const input = order([{ productId: product.id, quantity: 1 }]);
    const caller = callerAs(services, customerA);
    const before = await counts();
    const [first, second] = await Promise.all([caller.checkout.place(input), caller.checkout.place(input)]);
    const third = await caller.checkout.place(input);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await stockOf(db.sql, product.id)).toBe(9);
    const after = await counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.mails - before.mails).toBe(1);
  });

  it('fifty simultaneous checkouts of the last items never drive the stock below zero', async () => {
    const product = await createProduct(db.sql, { title: 'Dernières pièces', stockQuantity: 7 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        callerAs(services, null).checkout.place(order([{ productId: product.id, quantity: 1 }])),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(placed).toHaveLength(7);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason.message).toContain('Dernières pièces');
    expect(await stockOf(db.sql, product.id)).toBe(0);
    const [row] = await db.sql<{ sold: number }[]>`
      select coalesce(sum(quantity), 0)::int as sold from order_items where product_id = ${product.id}`;
    expect(row!.sold).toBe(7);
  });

  it("a guest order has no customer; a signed-in customer's order is theirs, not another's", async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const guestOrder = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 1 }]),
    );
    const aliceOrder = await callerAs(services, customerA).checkout.place(
      order([{ productId: product.id, quantity: 1 }], { customerId: customerB.id }),
    );
    const rows = await db.sql<{ id: string; customerId: string | null }[]>`
      select id, customer_id from orders where id in ${db.sql([guestOrder.id, aliceOrder.id])}`;
    const owner = Object.fromEntries(rows.map((r) => [r.id, r.customerId]));
    expect(owner[guestOrder.id]).toBeNull();
    expect(owner[aliceOrder.id]).toBe(customerA.id);
    const [event] = await db.sql<{ metadata: { actor: unknown } }[]>`
      select metadata from events where stream_id = ${aliceOrder.id}`;
    expect(event!.metadata.actor).toEqual({ kind: 'user', userId: customerA.id });
  });

  it('validates the form on the server with French messages beside the fields, and writes nothing', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const before = await counts();
    // A direct caller keeps the ZodError; the HTTP error formatter turns it into message + fieldErrors.
    const issues = async (extra: Record<string, unknown>) => {
      const error = (await callerAs(services, null)
        .checkout.place(order(lines, extra))
        .catch((e: unknown) => e)) as {
        code: string;
        cause: { issues: { path: string[]; message: string }[] };
      };
      expect(error.code).toBe('BAD_REQUEST');
      return Object.fromEntries(error.cause.issues.map((i) => [i.path[0], i.message]));
    };
    expect(await issues({ email: 'marie@', phone: '123', zipCode: '270' })).toEqual({
      email: 'Adresse email invalide',
      phone: 'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)',
      zipCode: 'Le code postal doit contenir 5 chiffres',
    });
    expect(await issues({ address: '', city: ' ', zipCode: '' })).toEqual({
      address: "L'adresse est obligatoire pour la livraison",
      city: 'La ville est obligatoire pour la livraison',
      zipCode: 'Le code postal est obligatoire pour la livraison',
    });
    expect(await issues({ firstName: '  ', lastName: '' })).toEqual({
      firstName: 'Le prénom est obligatoire',
      lastName: 'Le nom est obligatoire',
    });
    expect(await issues({ lines: [] })).toEqual({ lines: 'Panier vide' });
    expect(await issues({ lines: [{ productId: product.id, quantity: 0 }] })).toEqual({
      lines: 'La quantité doit être au moins 1',
    });
    expect(await issues({ idempotencyKey: 'x' })).toEqual({ idempotencyKey: 'Clé de commande invalide' });
    expect(await counts()).toEqual(before);
    // Pickup needs no address.
    const pickup = await callerAs(services, null).checkout.place(
      order(lines, { deliveryMethod: 'pickup', address: '', city: '', zipCode: '' }),
    );
    expect(pickup.deliveryMethod).toBe('pickup');
  });

  it('is open to anonymous visitors, customers A and B and admins alike, each order owned by its placer', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 20 });
    for (const [user, expected] of [
      [null, null],
      [customerA, customerA.id],
      [customerB, customerB.id],
      [admin, admin.id],
    ] as const) {
      const placed = await callerAs(services, user).checkout.place(
        order([{ productId: product.id, quantity: 1 }]),
      );
      const [row] = await db.sql<
        { customerId: string | null }[]
      >`select customer_id from orders where id = ${placed.id}`;
      expect(row!.customerId).toBe(expected);
    }
  });

  it("a key reused by someone else does not return another customer's order", async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const input = order([{ productId: product.id, quantity: 1 }]);
    await callerAs(services, customerA).checkout.place(input);
    await expect(callerAs(services, customerB).checkout.place(input)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(callerAs(services, null).checkout.place(input)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('checkout over HTTP', () => {
  it('answers a bad form with the first French message and the messages of each field', async () => {
    const http = await createHttpServer(services, { dev: false });
    await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = http.server.address() as AddressInfo;
      const product = await createProduct(db.sql, { stockQuantity: 10 });
      const before = await counts();
      const response = await fetch(`http://127.0.0.1:${port}/api/trpc/checkout.place`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          order([{ productId: product.id, quantity: 1 }], { email: 'pas-un-email', zipCode: 'ABCDE' }),
        ),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        error: { message: string; data: { fieldErrors: Record<string, string[]> } };
      };
      expect(body.error.message).toBe('Adresse email invalide');
      expect(body.error.data.fieldErrors).toEqual({
        email: ['Adresse email invalide'],
        zipCode: ['Le code postal doit contenir 5 chiffres'],
      });
      expect(await counts()).toEqual(before);
    } finally {
      await http.close();
    }
  });
});

describe('settings.shop', () => {
  it("gives everyone the shop's phone and email from the configuration until settings are saved", async () => {
    for (const user of [null, customerA, customerB, admin]) {
      expect(await callerAs(services, user).settings.shop()).toMatchObject({
        phone: '02 32 00 00 00',
        email: 'boutique@example.fr',
      });
    }
  });
});

describe('confirmation mail outbox', () => {
  const failing: Mailer = {
    async send() {
      throw new Error('SMTP indisponible');
    },
  };

  it('a failing mail never loses the order and is retried with backoff until it is sent', async () => {
    await db.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const placed = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 1 }]),
    );
    const key = `order-confirmation:${placed.id}`;

    expect(await sendDueMails(db.sql, failing)).toEqual({ sent: 0, failed: 1 });
    const [afterFailure] = await db.sql<
      { status: string; attempts: number; lastError: string; due: boolean }[]
    >`
      select status, attempts, last_error, next_attempt_at > now() + interval '5 seconds' as due
        from mail_outbox where dedupe_key = ${key}`;
    expect(afterFailure).toEqual({
      status: 'pending',
      attempts: 1,
      lastError: 'SMTP indisponible',
      due: true,
    });
    const [orderRow] = await db.sql`select status from orders where id = ${placed.id}`;
    expect(orderRow).toEqual({ status: 'pending' });
    // Not due yet: nothing is tried.
    expect(await sendDueMails(db.sql, failing)).toEqual({ sent: 0, failed: 0 });

    await db.sql`update mail_outbox set next_attempt_at = now() where dedupe_key = ${key}`;
    const sent: Mail[] = [];
    expect(await sendDueMails(db.sql, { send: async (m) => void sent.push(m) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: form.email,
      subject: `Confirmation de votre commande ${placed.orderNumber}`,
    });
    expect(sent[0]!.html).toContain(placed.orderNumber);
    const [done] = await db.sql`select status, attempts from mail_outbox where dedupe_key = ${key}`;
    expect(done).toEqual({ status: 'sent', attempts: 2 });
    expect(await sendDueMails(db.sql, failing)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    await db.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const placed = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 1 }]),
    );
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await db.sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`;
      await sendDueMails(db.sql, failing, { maxAttempts: 3 });
    }
    const [row] = await db.sql`
      select status, attempts from mail_outbox where dedupe_key = ${`order-confirmation:${placed.id}`}`;
    expect(row).toEqual({ status: 'failed', attempts: 3 });
  });

  it('instances sending at the same time never send a mail twice', async () => {
    await db.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(db.sql, { stockQuantity: 30 });
    for (let i = 0; i < 12; i += 1) {
      await callerAs(services, null).checkout.place(order([{ productId: product.id, quantity: 1 }]));
    }
    const sent: string[] = [];
    const slow: Mailer = {
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.subject);
      },
    };
    await Promise.all(Array.from({ length: 4 }, () => sendDueMails(db.sql, slow, { batchSize: 5 })));
    await Promise.all(Array.from({ length: 4 }, () => sendDueMails(db.sql, slow, { batchSize: 5 })));
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });

  it('queues the confirmation of an order whose mail was never queued (crash after commit)', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const placed = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 1 }]),
    );
    const key = `order-confirmation:${placed.id}`;
    await db.sql`delete from mail_outbox where dedupe_key = ${key}`;
    const contact = { name: 'Boutique', phone: '02 32 00 00 00', email: 'boutique@example.fr', address: '' };
    expect(await queueMissedConfirmations(db.sql, contact)).toBe(0); // still within the grace period
    await db.sql`update orders set created_at = now() - interval '5 minutes' where id = ${placed.id}`;
    expect(await queueMissedConfirmations(db.sql, contact)).toBeGreaterThanOrEqual(1);
    const [row] = await db.sql`select status from mail_outbox where dedupe_key = ${key}`;
    expect(row).toEqual({ status: 'pending' });
    expect(await queueMissedConfirmations(db.sql, contact)).toBe(0);
  });

  it('the app mailer writes the confirmation as an .eml file when no SMTP server is set', async () => {
    await db.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(db.sql, { title: 'Enfumoir inox', stockQuantity: 10 });
    const placed = await callerAs(services, null).checkout.place(
      order([{ productId: product.id, quantity: 1 }]),
    );
    expect(await sendDueMails(db.sql, services.mailer)).toEqual({ sent: 1, failed: 0 });
    const dir = mailDir(services.config);
    const files = (await readdir(dir)).filter((f) => f.includes(placed.orderNumber.toLowerCase()));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: marie.durand@example.fr');
    expect(eml).toContain('Subject: Confirmation de votre commande');
  });
});
