import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_BUTTON_LABEL } from '../../src/domain/checkout/order-button.js';
import { MISSING_TOTAL_MESSAGE } from '../../src/domain/checkout/total-check.js';
import { CGV_VERSION } from '../../src/domain/legal/cgv.js';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.js';
import { formatError } from '../../src/server/errors.js';
import { mailDir } from '../../src/server/mail/transport.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import { orderIdFromToken, orderToken } from '../../src/server/orders/order-link.js';
import { replayOrders } from '../../src/server/orders/replay.js';
import { createProduct, placeInput, shownTotalFor } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await testShop();
});
afterAll(async () => {
  await shop.drop();
});

const settings = (changes: Partial<typeof DEFAULT_SETTINGS>) => ({
  ...DEFAULT_SETTINGS,
  notificationsEnabled: false,
  ...changes,
});
const plain = (s: string) => s.replace(/\u202f|\u00a0/g, ' ');
const counts = async () => {
  const [row] = await shop.sql<{ events: number; mails: number }[]>`
    select (select count(*) from events)::int as events, (select count(*) from mail_outbox)::int as mails`;
  return row!;
};

describe('the total shown is the total paid (L221-14, C. civ. 1127-2)', () => {
  it('refuses an order whose delivery cost changed after the page showed it, with the new figures, and changes nothing', async () => {
    const trap = await createProduct(shop.sql, { priceCents: 2000 });
    await shop
      .as('admin')
      .settings.update(settings({ defaultShippingCostCents: 599, freeShippingThresholdCents: 5000 }));
    // The page showed 20,00 € + 5,99 € = 25,99 € (VAT 20 %: 4,33 €)...
    const shown = { totalAmountCents: 2599, taxCents: 433 };
    // ...then the owner changed the delivery cost before the click.
    await shop
      .as('admin')
      .settings.update(settings({ defaultShippingCostCents: 690, freeShippingThresholdCents: 5000 }));
    const before = await counts();
    const refused = await shop
      .as('anonymous')
      .checkout.place(placeInput([{ productId: trap.id, quantity: 1 }], { shownTotal: shown }))
      .catch((e) => e);
    expect(plain(refused.message)).toBe(
      'Le montant de votre commande a changé : nouveau total 26,90 €. Vérifiez puis confirmez à nouveau.',
    );
    expect(refused.cause.code).toBe('TOTAL_CHANGED');
    expect(refused.cause.details.amounts).toEqual({
      subtotalCents: 2000,
      shippingCostCents: 690,
      taxCents: 448,
      totalAmountCents: 2690,
    });
    expect(await counts()).toEqual(before);
    // Confirmed again with the new figures: placed, at that total, with the CGV version accepted.
    const placed = await shop.as('anonymous').checkout.place(
      placeInput([{ productId: trap.id, quantity: 1 }], {
        shownTotal: { totalAmountCents: 2690, taxCents: 448 },
      }),
    );
    expect(placed.totalAmountCents).toBe(2690);
    const [event] = await shop.sql<{ data: { cgvVersion: string } }[]>`
      select data from events where stream_id = ${placed.id} and version = 1`;
    expect(event?.data.cgvVersion).toBe(CGV_VERSION);
  });

  it('refuses an order sent without the total its page showed, in French, and changes nothing', async () => {
    const trap = await createProduct(shop.sql, { priceCents: 2000 });
    const before = await counts();
    // `shownTotal: undefined`: the test caller adds no total (tests/support/db.ts callerAs).
    const refused = await shop
      .as('anonymous')
      .checkout.place(placeInput([{ productId: trap.id, quantity: 1 }], { shownTotal: undefined }))
      .catch((e) => e);
    // The input's typed refusal: what formatError sends the client (domainCode INVALID_INPUT, the
    // first issue's message, the field's errors).
    const client = formatError({ shape: { message: '', data: {} }, error: refused });
    expect(client.message).toBe(MISSING_TOTAL_MESSAGE);
    expect(client.data).toMatchObject({
      domainCode: 'INVALID_INPUT',
      fieldErrors: { shownTotal: [MISSING_TOTAL_MESSAGE] },
    });
    expect(MISSING_TOTAL_MESSAGE).toBe(
      'Le total affiché manque : rechargez la page de commande puis confirmez à nouveau.',
    );
    expect(await counts()).toEqual(before);
    // The test callers send what the page shows (priced by the domain): the order goes through.
    const lines = [{ productId: trap.id, quantity: 1 }];
    const placed = await shop.as('anonymous').checkout.place(placeInput(lines));
    expect(placed.totalAmountCents).toBe((await shownTotalFor(shop.sql, lines)).totalAmountCents);
  });

  it('the button words are tested in the domain (order-button.test.ts)', () => {
    expect(ORDER_BUTTON_LABEL).toBe('Commander et payer');
  });
});

describe('the withdrawal function (L221-21, D221-5)', () => {
  it('a guest opens the signed link from the mail, withdraws in one call after the two steps, and gets the acknowledgement', async () => {
    const secret = shop.services.config.AUTH_SECRET;
    const bait = await createProduct(shop.sql, { title: 'Appât', priceCents: 1500 });
    const trap = await createProduct(shop.sql, { title: 'Nasse', priceCents: 3000 });
    const placed = await shop.as('anonymous').checkout.place(
      placeInput(
        [
          { productId: bait.id, quantity: 1 },
          { productId: trap.id, quantity: 1 },
        ],
        { email: 'invitee@example.fr' },
      ),
    );
    // The mail carries the signed link and the model form.
    const [mail] = await shop.sql<{ textBody: string }[]>`
      select text_body from mail_outbox where dedupe_key = ${`order-confirmation:${placed.id}`}`;
    const link = /\/commande\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(link).toBe(placed.orderToken);
    expect(mail?.textBody).toContain('Formulaire de rétractation');
    expect(mail?.textBody).toContain('Je/Nous (*) vous notifie/notifions (*) par la présente');
    expect(mail?.textBody).toContain('article L221-28 5°');

    // The token is scoped to one order and cannot be forged.
    expect(orderIdFromToken(secret, placed.orderToken)).toBe(placed.id);
    const other = orderToken('another-secret-of-sixteen-chars', placed.id);
    await expect(shop.as('anonymous').withdrawal.order({ token: other })).rejects.toThrow(
      'Ce lien de commande est invalide ou a expiré.',
    );

    const page = await shop.as('anonymous').withdrawal.order({ token: placed.orderToken });
    expect(page.window).toEqual({ kind: 'open', lastDay: null });
    const itemIds = page.lines.map((l) => l.itemId);
    // Lines of another order are refused and change nothing.
    const before = await counts();
    await expect(
      shop.as('anonymous').withdrawal.request({
        token: placed.orderToken,
        name: 'Marie Lefèvre',
        email: 'invitee@example.fr',
        itemIds: ['00000000-0000-4000-8000-000000000000'],
      }),
    ).rejects.toThrow('Un article choisi ne fait pas partie de cette commande.');
    expect(await counts()).toEqual(before);

    const done = await shop.as('anonymous').withdrawal.request({
      token: placed.orderToken,
      name: 'Marie Lefèvre',
      email: 'invitee@example.fr',
      itemIds,
    });
    expect(done.window.kind).toBe('requested');
    // The acknowledgement commits WITH the withdrawal (one transaction: same xmin), never after it:
    // a crash between two commits would lose the durable medium L221-21 requires.
    const [same] = await shop.sql<{ oneTransaction: boolean }[]>`
      select (select xmin::text from mail_outbox where dedupe_key = ${`withdrawal-acknowledgement:${placed.id}`})
           = (select xmin::text from events where stream_id = ${placed.id} and type = 'WithdrawalRequested')
             as one_transaction`;
    expect(same?.oneTransaction).toBe(true);
    const [event] = await shop.sql<{ type: string; data: { itemIds: string[] } }[]>`
      select type, data from events where stream_id = ${placed.id} order by version desc limit 1`;
    // The name and email typed live in a personal record; the log keeps a reference (ADR 020).
    expect(event).toEqual({
      type: 'WithdrawalRequested',
      data: {
        itemIds,
        personal: { subjectId: placed.id, recordId: expect.any(String), commitment: expect.any(String) },
      },
    });
    const [record] = await shop.sql<{ fields: unknown }[]>`
      select fields from personal_records where stream_id = ${placed.id} and event_type = 'WithdrawalRequested'`;
    expect(record?.fields).toEqual({ name: 'Marie Lefèvre', email: 'invitee@example.fr' });
    // Twice: refused.
    await expect(
      shop
        .as('anonymous')
        .withdrawal.request({ token: placed.orderToken, name: 'M', email: 'invitee@example.fr', itemIds }),
    ).rejects.toThrow('La rétractation de cette commande a déjà été enregistrée.');

    // The acknowledgement: content, date and time, through the outbox, with the shop's name as sender.
    await shop.as('admin').settings.update(settings({ shopName: 'Boutique Renommée' }));
    await shop.deliverMails();
    const [ackRow] = await shop.sql<{ textBody: string; status: string }[]>`
      select text_body, status from mail_outbox where dedupe_key = ${`withdrawal-acknowledgement:${placed.id}`}`;
    expect(ackRow?.status).toBe('sent');
    const ack = plain(ackRow?.textBody ?? '');
    expect(ack).toMatch(
      /Nous avons bien reçu votre rétractation du contrat de la commande CMD-\d{4}-\d{6}, le \d{1,2} \w+ \d{4} à \d{2}:\d{2} \(heure de Paris\)\./u,
    );
    expect(ack).toContain('- Appât × 1 : 15,00 €');
    expect(ack).toContain('- Nasse × 1 : 30,00 €');
    expect(ack).toContain('par le même moyen de paiement');
    const file = (await readdir(mailDir(shop.services.config))).find((f) =>
      f.includes('accuse-de-reception'),
    );
    const eml = await readFile(`${mailDir(shop.services.config)}/${file}`, 'utf8');
    // The sender's name is the shop's name in its settings.
    expect(eml).toContain('From: =?UTF-8?Q?Boutique_Renomm=C3=A9e?=');

    // The back-office: the filter finds it, the details carry it, the deadline is counted from it.
    const list = await shop.as('admin').orders.list({ search: '', status: 'all', withdrawal: 'requested' });
    expect(list.items.map((o) => o.id)).toEqual([placed.id]);
    expect(list.items[0]?.withdrawalRequestedAt).not.toBeNull();
    const details = await shop.as('admin').orders.byId({ orderId: placed.id });
    expect(details.withdrawal?.itemIds).toEqual(itemIds);
    // The owner records the hygiene exception for one line; never automatic.
    expect(details.withdrawal?.exception).toBeNull();
    await shop.as('admin').orders.recordWithdrawalException({
      orderId: placed.id,
      itemIds: [itemIds[0] as string],
      note: 'Sachet descellé',
    });
    const after = await shop.as('admin').orders.byId({ orderId: placed.id });
    expect(after.withdrawal?.exception).toMatchObject({
      reason: 'hygiene_seal_broken',
      note: 'Sachet descellé',
    });
    // The withdrawal events rebuild the same read tables as the live projections wrote.
    const report = await replayOrders(shop.sql);
    expect(report.differenceCount).toBe(0);
  });

  it('closes 14 days after the delivered event', async () => {
    const secret = shop.services.config.AUTH_SECRET;
    const trap = await createProduct(shop.sql, { priceCents: 1000 });
    const placed = await shop
      .as('anonymous')
      .checkout.place(placeInput([{ productId: trap.id, quantity: 1 }]));
    await setOrderStatus(shop.sql, placed.id, 'delivered', {
      actor: { kind: 'system' },
      requestId: 't',
      at: '2026-01-05T10:00:00.000Z',
    });
    const page = await shop.as('anonymous').withdrawal.order({ token: orderToken(secret, placed.id) });
    expect(page.window).toEqual({ kind: 'closed', reason: 'expired', lastDay: '2026-01-19' });
  });

  it('/compte offers "Renoncer au contrat ici" on each of the customer\'s orders while the period runs, with its signed link', async () => {
    const trap = await createProduct(shop.sql, { priceCents: 1000 });
    const placed = await shop
      .as('customerA')
      .checkout.place(placeInput([{ productId: trap.id, quantity: 1 }]));
    const mine = (await shop.as('customerA').account.orders()).find((o) => o.id === placed.id);
    expect(mine).toMatchObject({ withdrawal: 'open', orderToken: placed.orderToken });
    await setOrderStatus(shop.sql, placed.id, 'cancelled', { actor: { kind: 'system' }, requestId: 't' });
    const cancelled = (await shop.as('customerA').account.orders()).find((o) => o.id === placed.id);
    expect(cancelled?.withdrawal).toBe('closed');
  });
});
