import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  PROFESSIONAL_ONLY_MESSAGES,
  PROFESSIONAL_ONLY_STAFF_MESSAGES,
} from '../../src/domain/catalog/certibiocide.js';
import { PRODUCT_MESSAGES as M } from '../../src/domain/catalog/product.js';
import { checkPdf, DOCUMENT_MESSAGES, storeDocument } from '../../src/server/images/documents.js';
import { writeBiocideRegister } from '../../src/server/orders/biocide-register.js';
import type { TestDatabase } from '../support/db.js';
import { placeInput } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * Issue 27, through the real procedures on a real database: biocides, reference prices, the
 * Certibiocide at checkout and the sales register, safety data sheets.
 */

let shop: TestShop;
let db: TestDatabase;
beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
});
afterAll(async () => {
  await shop.drop();
});

const admin = () => shop.as('admin');
let n = 0;
const product = (fields: Record<string, unknown> = {}) => {
  n += 1;
  return { title: `Produit ${n}`, price: 30, stockQuantity: 50, ...fields };
};

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? '') : error.message;
  return { code: error.code, message };
}

const count = async (table: string) =>
  (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)}`)[0]!.n;

describe('biocides in the back-office', () => {
  it('refuses a promotion on a rodenticide with the reason, and stores nothing', async () => {
    const before = await count('products');
    const refused = await failure(
      admin().adminProducts.create(product({ biocideType: 'TP14', isOnPromotion: true, promoPrice: 20 })),
    );
    expect(refused).toEqual({ code: 'BAD_REQUEST', message: M.noDiscountBiocide });
    expect(await count('products')).toBe(before);
  });

  it('refuses a forbidden claim in a biocide’s description', async () => {
    const refused = await failure(
      admin().adminProducts.create(product({ biocideType: 'TP18', description: 'Insecticide non toxique' })),
    );
    expect(refused.message).toBe(M.forbiddenClaim('non toxique'));
  });

  it('keeps every field of a hazardous biocide and shows them to the shop', async () => {
    const created = await admin().adminProducts.create(
      product({
        biocideType: 'TP14',
        hazardPictograms: ['GHS08'],
        signalWord: 'Attention',
        hazardStatements: ['H373'],
        precautionaryStatements: ['P102', 'P501'],
        netQuantity: 500,
        netUnit: 'g',
      }),
    );
    const shown = await shop.as('anonymous').catalog.byId({ id: created.id });
    expect(shown).toMatchObject({
      biocideType: 'TP14',
      hazardPictograms: ['GHS08'],
      signalWord: 'Attention',
      hazardStatements: ['H373'],
      netQuantity: 500,
      netUnit: 'g',
    });
    // Even a row forced on promotion (not through the schema) is refused by the database.
    await expect(db.sql`update products set is_on_promotion = true where id = ${created.id}`).rejects.toThrow(
      /products_no_discount_biocide/,
    );
  });
});

describe('reference prices (C. conso L112-1-1)', () => {
  it('30 € for a month, then 25 €, then a promotion at 20 €: the shop strikes 25 €', async () => {
    const created = await admin().adminProducts.create(product({ price: 30 }));
    const adminId = shop.users.admin.id;
    // The month at 30 € (the history is append-only: older rows are added, never rewritten).
    await db.sql`
      insert into product_price_history (product_id, price_cents, is_on_promotion, effective_price_cents, changed_by, changed_at)
      values (${created.id}, 3000, false, 3000, ${adminId}, now() - interval '45 days')`;
    await admin().adminProducts.update({ id: created.id, ...product({ title: created.title, price: 25 }) });
    const promoted = await admin().adminProducts.update({
      id: created.id,
      ...product({ title: created.title, price: 25, promoPrice: 20, isOnPromotion: true }),
    });
    expect(promoted.referencePriceCents).toBe(2500);
    const shown = await shop.as('anonymous').catalog.byId({ id: created.id });
    expect(shown).toMatchObject({ priceCents: 2500, promoPriceCents: 2000, referencePriceCents: 2500 });

    const history = await db.sql<{ effectivePriceCents: number; changedBy: string | null }[]>`
      select effective_price_cents, changed_by from product_price_history
       where product_id = ${created.id} order by changed_at, id`;
    expect(history.map((h) => h.effectivePriceCents)).toEqual([3000, 3000, 2500, 2000]);
    expect(history.at(-1)?.changedBy).toBe(adminId);
  });

  it('refuses a reduction announced against a price raised just before it', async () => {
    const created = await admin().adminProducts.create(product({ price: 30 }));
    const refused = await failure(
      admin().adminProducts.update({
        id: created.id,
        ...product({ title: created.title, price: 40, promoPrice: 30, isOnPromotion: true }),
      }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toMatch(
      /^Le prix promo doit être inférieur au prix le plus bas des 30 derniers jours \(30,00/,
    );
    const [row] = await db.sql<
      { priceCents: number }[]
    >`select price_cents from products where id = ${created.id}`;
    expect(row?.priceCents).toBe(3000);
  });

  it('never lets the history be rewritten', async () => {
    await expect(db.sql`update product_price_history set effective_price_cents = 1`).rejects.toThrow(
      /append-only/,
    );
    await expect(db.sql`delete from product_price_history`).rejects.toThrow(/append-only/);
  });
});

describe('professional-only biocides and the sales register', () => {
  let proId: string;
  beforeAll(async () => {
    proId = (
      await admin().adminProducts.create(
        product({
          title: 'Spray pro punaises',
          biocideType: 'TP18',
          professionalOnly: true,
          certibiocideCategory: 'nuisibles',
          ammNumber: 'FR-2020-0101',
        }),
      )
    ).id;
  });

  it('cannot be bought by a guest, who is told why and how', async () => {
    const refused = await failure(
      shop.as('anonymous').checkout.place(placeInput([{ productId: proId, quantity: 1 }])),
    );
    expect(refused).toEqual({ code: 'FORBIDDEN', message: PROFESSIONAL_ONLY_MESSAGES.guest });
  });

  it('cannot be bought by a business customer without a certificate', async () => {
    const profile = await shop.as('customerB').account.profile();
    await shop.as('customerB').account.updateProfile({
      firstName: profile.firstName,
      lastName: profile.lastName,
      companyName: 'Nettoyage Martin',
      siren: '732829320',
    });
    const refused = await failure(
      shop.as('customerB').checkout.place(placeInput([{ productId: proId, quantity: 1 }])),
    );
    expect(refused).toEqual({ code: 'FORBIDDEN', message: PROFESSIONAL_ONLY_MESSAGES.noCertificate });
  });

  it('refuses an incomplete certificate in the profile', async () => {
    const refused = await failure(shop.as('customerB').account.updateCertibiocide({ number: 'CB-1234' }));
    expect(refused.code).toBe('BAD_REQUEST');
  });

  const certificate = { number: 'CB-27-98765', category: 'nuisibles', expiresOn: '2030-12-31' };

  it('cannot be bought by a private customer holding a certificate, who is told why and how', async () => {
    await shop.as('customerA').account.updateCertibiocide(certificate);
    expect(await shop.as('customerA').account.certibiocide()).toEqual(certificate);
    const refused = await failure(
      shop.as('customerA').checkout.place(placeInput([{ productId: proId, quantity: 1 }])),
    );
    expect(refused).toEqual({ code: 'FORBIDDEN', message: PROFESSIONAL_ONLY_MESSAGES.private });
    expect((await db.sql`select 1 from order_items where product_id = ${proId}`).length, 'nothing sold').toBe(
      0,
    );
  });

  it('is sold to a certified business customer, whose number goes onto the event and into the register', async () => {
    // "Professionnel": the company's name and SIREN in the profile.
    const profile = await shop.as('customerA').account.profile();
    await shop.as('customerA').account.updateProfile({
      firstName: profile.firstName,
      lastName: profile.lastName,
      companyName: 'Dératisation Lefèvre',
      siren: '732 829 320',
    });
    const order = await shop.as('customerA').checkout.place(placeInput([{ productId: proId, quantity: 2 }]));
    const [event] = await db.sql<{ data: { certibiocide?: unknown } }[]>`
      select data from events where stream_id = ${order.id} and type = 'OrderPlaced'`;
    expect(event?.data.certibiocide).toEqual(certificate);

    let csv = '';
    await writeBiocideRegister(db.sql, async (chunk) => {
      csv += chunk;
    });
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toContain('Date;Commande;Acheteur;Email;Produit;Type de produit');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${order.orderNumber};Marie Lefèvre;marie.lefevre@example.fr;Spray pro punaises;`,
    );
    expect(lines[1]).toContain(';Oui;2;CB-27-98765;Certibiocide nuisibles (TP14, TP18, TP20);31/12/2030');
  });

  it('is sold by phone ("Nouvelle commande") on the picked customer’s own profile only', async () => {
    const phoneOrder = (customerId: string | null) =>
      admin().orders.create({
        ...placeInput([{ productId: proId, quantity: 1 }]),
        deliveryMethod: 'pickup',
        customerId,
      });
    const order = await phoneOrder(shop.users.customerA.id);
    const [event] = await db.sql<{ data: { certibiocide?: unknown } }[]>`
      select data from events where stream_id = ${order.id} and type = 'OrderPlaced'`;
    expect(event?.data.certibiocide).toEqual(certificate);
    // customerB is a business without a certificate; no customer is a guest.
    expect(await failure(phoneOrder(shop.users.customerB.id))).toEqual({
      code: 'FORBIDDEN',
      message: PROFESSIONAL_ONLY_STAFF_MESSAGES.noCertificate('Spray pro punaises'),
    });
    expect(await failure(phoneOrder(null))).toEqual({
      code: 'FORBIDDEN',
      message: PROFESSIONAL_ONLY_STAFF_MESSAGES.guest('Spray pro punaises'),
    });
  });
});

describe('safety data sheets', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

  it('takes a PDF by its bytes and refuses anything else', async () => {
    expect(() => checkPdf(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toThrow(DOCUMENT_MESSAGES.notAPdf);
    expect(() => checkPdf(Buffer.from('%PDF-1.4 but cut short', 'latin1'))).toThrow(
      DOCUMENT_MESSAGES.notAPdf,
    );
    expect(() => checkPdf(Buffer.alloc(0))).toThrow(DOCUMENT_MESSAGES.empty);
    const stored = await storeDocument(db.sql, pdf, 'fds.pdf');
    const created = await admin().adminProducts.create(product({ safetyDataSheet: stored.url }));
    expect(created.safetyDataSheet).toBe(stored.url);
  });

  it('refuses a sheet the pipeline never stored', async () => {
    const refused = await failure(
      admin().adminProducts.create(
        product({ safetyDataSheet: '/documents/00000000-0000-4000-8000-000000000000' }),
      ),
    );
    expect(refused.message).toBe(M.documentInvalid);
  });
});
