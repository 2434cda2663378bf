import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services, SessionUser } from '../../src/server/context.js';
import { createHttpServer } from '../../src/server/http/server.js';
import { settingsDefaults, storeInitialSettings } from '../../src/server/settings/store.js';
import { callerAs, type TestDatabase } from '../support/db.js';
import {
  createProduct,
  checkoutForm as form,
  placeInput as order,
  stockOf,
  withShownTotal,
} from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let services: Services;
let customerA: SessionUser;
let customerB: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  shop = await testShop({ SHOP_PHONE: '02 32 00 00 00', SHOP_EMAIL: 'boutique@example.fr' });
  ({ db, services } = shop);
  ({ customerA, customerB, admin } = shop.users);
  // The shop's own notification mails (settings.test.ts) would mix with the confirmations counted here.
  await storeInitialSettings(db.sql, { ...settingsDefaults(services.config), notificationsEnabled: false });
});
afterAll(async () => {
  await shop.drop();
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
    const placed = await shop.as('anonymous').checkout.place(tampered as never);
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
    const placed = await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 4 }]));
    expect(await stockOf(db.sql, product.id)).toBe(2);
    const events = await db.sql`select type from events where stream_id = ${placed.id}`;
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
    const [mail] = await db.sql<{ toAddress: string; subject: string; textBody: string; status: string }[]>`
      select to_address, subject, text_body, status from mail_outbox
       where dedupe_key = ${`order-confirmation:${placed.id}`}`;
    expect(mail).toMatchObject({
      toAddress: form.email,
      subject: `Confirmation de votre commande ${placed.orderNumber}`,
      status: 'pending',
    });
    expect(mail!.textBody).toContain('Gants apiculteur × 4');
    expect(mail!.textBody).toContain('Total : 74,00');
    expect(mail!.textBody).toContain('Prochaines étapes');
    expect(mail!.textBody).toContain('02 32 00 00 00');
  });

  it('refuses short stock with a French message naming the product, and writes nothing', async () => {
    const plenty = await createProduct(db.sql, { title: 'Appâts', stockQuantity: 50 });
    const scarce = await createProduct(db.sql, { title: 'Tapettes en bois', stockQuantity: 2 });
    const before = await counts();
    await expect(
      shop.as('customerA').checkout.place(
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

  it('takes 99 of one product, refuses 100 and a product listed twice with French messages, and writes nothing', async () => {
    const bait = await createProduct(db.sql, { title: 'Appât', infiniteStock: true });
    const trap = await createProduct(db.sql, { title: 'Piège', stockQuantity: 500 });
    const refusal = async (lines: { productId: string; quantity: number }[]) => {
      const error = (await shop
        .as('customerA')
        .checkout.place(order(lines))
        .then(
          () => null,
          (e: unknown) => e,
        )) as {
        code: string;
        message: string;
        cause?: { issues?: { message: string }[] };
      } | null;
      return error && { code: error.code, message: error.cause?.issues?.[0]?.message ?? error.message };
    };
    const before = await counts();
    expect(await refusal([{ productId: trap.id, quantity: 100 }])).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('La quantité est limitée à 99'),
    });
    expect(
      await refusal([
        { productId: bait.id, quantity: 1 },
        { productId: trap.id, quantity: 1 },
        { productId: bait.id, quantity: 2 },
      ]),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Un produit apparaît deux fois dans la commande' });
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, trap.id)).toBe(500);
    expect(await refusal([{ productId: trap.id, quantity: 99 }])).toBeNull();
    expect(await stockOf(db.sql, trap.id)).toBe(401);
  });

  it('refuses a total over 1,000,000 € with a French message and writes nothing, where 2^31 cents gave a 500 (issue 23, finding 10)', async () => {
    // The highest price the product form accepts.
    const safe = await createProduct(db.sql, {
      title: 'Coffre-fort',
      priceCents: 100_000_000,
      stockQuantity: 50,
    });
    const before = await counts();
    for (const quantity of [22, 2]) {
      await expect(
        shop.as('anonymous').checkout.place({
          ...order([{ productId: safe.id, quantity }]),
          deliveryMethod: 'pickup',
        }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message:
          "Le montant d'une commande ne peut pas dépasser 1 000 000 € : réduisez les quantités ou passez plusieurs commandes.",
      });
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(db.sql, safe.id)).toBe(50);
    // The bound itself is an order.
    const one = await shop
      .as('anonymous')
      .checkout.place({ ...order([{ productId: safe.id, quantity: 1 }]), deliveryMethod: 'pickup' });
    expect(one.totalAmountCents).toBe(100_000_000);
  });

  it('refuses a product that became unavailable or hidden, naming it, and writes nothing', async () => {
    const gone = await createProduct(db.sql, { title: 'Aérosol guêpes', stockQuantity: 5 });
    await db.sql`update products set is_available = false where id = ${gone.id}`;
    const hidden = await createProduct(db.sql, { title: 'Enfumoir', isVisibleInShop: false });
    const before = await counts();
    for (const product of [gone, hidden]) {
      await expect(
        shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }])),
      ).rejects.toMatchObject({ message: `Le produit « ${product.title} » n'est plus disponible.` });
    }
    expect(await counts()).toEqual(before);
  });

  // The order log's own guarantees (docs/decisions/001), through the procedure a shopper calls.
  it('places one order for a double click or a retried request (same idempotency key)', async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const input = order([{ productId: product.id, quantity: 1 }]);
    const caller = shop.as('customerA');
    const before = await counts();
    const [first, second] = await Promise.all([caller.checkout.place(input), caller.checkout.place(input)]);
    const third = await caller.checkout.place(input);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await stockOf(db.sql, product.id)).toBe(9);
    const after = await counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(after.mails - before.mails).toBe(1);
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from events where metadata->>'idempotencyKey' = ${input.idempotencyKey}`;
    expect(row?.n).toBe(1);
  });

  it('fifty simultaneous checkouts of the last items never drive the stock below zero', async () => {
    const product = await createProduct(db.sql, { title: 'Dernières pièces', stockQuantity: 7 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }])),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(7);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ code: 'CONFLICT', cause: { code: 'STOCK_SHORT' } });
      expect(r.reason.message).toContain('Dernières pièces');
    }
    expect(await stockOf(db.sql, product.id)).toBe(0);
    const [row] = await db.sql<{ sold: number }[]>`
      select coalesce(sum(quantity), 0)::int as sold from order_items where product_id = ${product.id}`;
    expect(row!.sold).toBe(7);
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.orderNumber] : []));
    expect(new Set(numbers).size).toBe(7);
  });

  it("a guest order has no customer; a signed-in customer's order is theirs, not another's", async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const guestOrder = await shop
      .as('anonymous')
      .checkout.place(order([{ productId: product.id, quantity: 1 }]));
    const aliceOrder = await shop
      .as('customerA')
      .checkout.place(order([{ productId: product.id, quantity: 1 }], { customerId: customerB.id }));
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
      const error = (await shop
        .as('anonymous')
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
    const pickup = await shop
      .as('anonymous')
      .checkout.place(order(lines, { deliveryMethod: 'pickup', address: '', city: '', zipCode: '' }));
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
    await shop.as('customerA').checkout.place(input);
    await expect(shop.as('customerB').checkout.place(input)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(shop.as('anonymous').checkout.place(input)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("a guest's key replayed by another anonymous client returns none of the guest's details (issue 23, finding 10)", async () => {
    const product = await createProduct(db.sql, { stockQuantity: 10 });
    const input = order([{ productId: product.id, quantity: 1 }]);
    const first = await shop.as('anonymous').checkout.place(input);
    expect(first.customer.email).toBe(form.email);
    // The same request again (a retry, a double click): the same order, as it was answered.
    expect(await shop.as('anonymous').checkout.place(input)).toEqual(first);
    const before = await counts();
    // Someone holding only the key: a request of their own, or the key with another cart.
    const probes = [
      { ...input, firstName: 'Curieux', lastName: 'Anonyme', email: 'curieux@example.fr' },
      { ...input, lines: [{ productId: product.id, quantity: 2 }] },
    ];
    for (const probe of probes) {
      const refusal = await shop
        .as('anonymous')
        .checkout.place(probe)
        .then(
          (answer) => answer as unknown,
          (e: unknown) => e,
        );
      expect(refusal).toMatchObject({
        code: 'CONFLICT',
        message: 'Cette demande a déjà été utilisée pour une autre commande.',
      });
      const text = JSON.stringify(refusal, Object.getOwnPropertyNames(refusal));
      for (const personal of [form.lastName, form.email, form.phone, form.address, first.orderNumber]) {
        expect(text).not.toContain(personal);
      }
    }
    expect(await counts()).toEqual(before);
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
          await withShownTotal(
            db.sql,
            order([{ productId: product.id, quantity: 1 }], { email: 'pas-un-email', zipCode: 'ABCDE' }),
          ),
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
