import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interventionRequestSchema } from '../../src/domain/interventions/request.js';
import type { Context, Services, SessionUser } from '../../src/server/context.js';
import { createSql } from '../../src/server/db/client.js';
import { receiveInterventionRequest } from '../../src/server/interventions/requests.js';
import { issueDocumentsOnDecisions } from '../../src/server/invoices/issue.js';
import { enqueueMail, mailTransaction, OUTSIDE_MAIL_TRANSACTION } from '../../src/server/mail/outbox.js';
import { onOrderDecided } from '../../src/server/orders/after-decision.js';
import { addOrderNote, setOrderStatus } from '../../src/server/orders/commands.js';
import { commitSingle, orderRead } from '../../src/server/orders/commit.js';
import { orderLinker } from '../../src/server/orders/order-link.js';
import { prepareStatusMail } from '../../src/server/orders/status-mails.js';
import { ConcurrencyError, readStream } from '../../src/server/orders/store.js';
import { appRouter } from '../../src/server/routers/index.js';
import { readSettings, saveSettings } from '../../src/server/settings/store.js';
import { createCallerFactory } from '../../src/server/trpc.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { createProduct, customerForm, guest, placeOrder, setPaymentForTest } from '../support/orders.js';

/* Issue 29, point 1: the mails of the owner's daily work, through the outbox. */

let db: TestDatabase;
let services: Services;
let admin: SessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  admin = await createUser(services, { role: 'admin', firstName: 'Anne', lastName: 'Admin' });
});
afterAll(async () => {
  await db.drop();
});

const createCaller = createCallerFactory(appRouter);
const visitor = (ip: string) =>
  createCaller({ ...services, user: null, requestId: `test-${ip}`, ip } satisfies Context);

interface OutboxRow {
  kind: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
}
const mails = (like: string) =>
  db.sql<OutboxRow[]>`select kind, to_address, reply_to, subject, text_body from mail_outbox
                       where dedupe_key like ${like} order by id`;

async function newOrder() {
  const product = await createProduct(db.sql, { title: 'Piège à guêpes', stockQuantity: 10 });
  return await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: customerForm,
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 1 }],
    },
    guest,
  );
}

async function setSettings(change: Record<string, unknown>) {
  const { settings } = await readSettings(db.sql);
  await saveSettings(db.sql, { ...settings, ...change }, { id: admin.id, email: 'anne@example.fr' });
}

describe("the customer's status mails", () => {
  it('mails Confirmée, Expédiée with the carrier and tracking number, Livrée; nothing at En traitement', async () => {
    const order = await newOrder();
    const asAdmin = callerAs(services, admin);
    await asAdmin.orders.setStatus({ orderId: order.id, status: 'confirmed' });
    await asAdmin.orders.setStatus({ orderId: order.id, status: 'processing' });
    await asAdmin.orders.setStatus({
      orderId: order.id,
      status: 'shipped',
      shipment: { carrier: ' Colissimo ', trackingNumber: '6A12345678901' },
    });
    await asAdmin.orders.setStatus({ orderId: order.id, status: 'delivered' });
    const sent = await mails(`order-status:${order.id}:%`);
    expect(sent.map((m) => m.kind)).toEqual([
      'order-status-confirmed',
      'order-status-shipped',
      'order-status-delivered',
    ]);
    expect(sent.every((m) => m.toAddress === customerForm.email)).toBe(true);
    expect(sent[1]?.subject).toBe(`Votre commande ${order.orderNumber} est expédiée`);
    expect(sent[1]?.textBody).toContain('- Transporteur : Colissimo');
    expect(sent[1]?.textBody).toContain('- Numéro de suivi : 6A12345678901');
    // The history keeps them with the change.
    const history = await asAdmin.orders.history({ orderId: order.id });
    expect(history.map((e) => e.summary)).toContain(
      'Statut : En préparation → Expédiée (Colissimo, suivi 6A12345678901)',
    );
  });

  it('tells what happens to the money when an order is cancelled', async () => {
    const order = await newOrder();
    const asAdmin = callerAs(services, admin);
    // Paid, then cancelled with its refund in one step (the money ledger's « Annuler la commande »).
    await setPaymentForTest(services.sql, order.id, 'paid', {
      actor: { kind: 'admin', userId: admin.id },
      requestId: 'test-paid',
    });
    await asAdmin.orders.cancelAndRefund({ orderId: order.id, method: 'cash' });
    const [mail] = await mails(`order-status:${order.id}:%`);
    expect(mail?.subject).toBe(`Votre commande ${order.orderNumber} est annulée`);
    expect(mail?.textBody).toMatch(/vous a été remboursé/);
  });

  it('sends nothing when "Suivi de commande" is switched off', async () => {
    await setSettings({ customerStatusMails: false });
    try {
      const order = await newOrder();
      await callerAs(services, admin).orders.setStatus({ orderId: order.id, status: 'confirmed' });
      expect(await mails(`order-status:${order.id}:%`)).toHaveLength(0);
    } finally {
      await setSettings({ customerStatusMails: true });
    }
  });

  it("is queued in the change's own transaction: the event and its mail commit together, or neither", async () => {
    const order = await newOrder();
    const meta = { actor: { kind: 'admin' as const, userId: admin.id }, requestId: 'test-outbox' };
    const statusEvents = () =>
      db.sql<{ tx: string }[]>`select xmin::text as tx from events
                                where stream_id = ${order.id} and type = 'OrderStatusChanged'`;
    const queued = () =>
      db.sql<{ tx: string }[]>`select xmin::text as tx from mail_outbox
                                where dedupe_key like ${`order-status:${order.id}:%`}`;
    // A failure after the append (here the decision port's work, which a cancellation runs in its
    // transaction) rolls back both.
    const unwire = onOrderDecided(async () => {
      throw new Error('crash after the append');
    });
    try {
      await expect(setOrderStatus(services.sql, order.id, 'cancelled', meta)).rejects.toThrow(
        'crash after the append',
      );
    } finally {
      unwire();
      issueDocumentsOnDecisions(orderLinker(services.config));
    }
    expect([await statusEvents(), await queued()]).toEqual([[], []]);
    // Committed (a confirmation: the append's one statement): one transaction wrote the event and
    // the outbox row.
    await setOrderStatus(services.sql, order.id, 'confirmed', meta);
    const [event] = await statusEvents();
    const [mail] = await queued();
    expect(mail?.tx).toBeDefined();
    expect(mail?.tx).toBe(event?.tx);
  });

  it("is written by the append's own statement, only if the event is appended: a lost race queues nothing", async () => {
    // Issue 41: the mail is rendered before the append and inserted by its statement, guarded by
    // the append itself; a change that loses to another must leave no mail behind.
    const order = await newOrder();
    const meta = { actor: { kind: 'admin' as const, userId: admin.id }, requestId: 'test-race' };
    const stored = await readStream(db.sql, order.id);
    // Another change comes first (a note: no mail of its own).
    await addOrderNote(services.sql, order.id, 'Appel du client', meta);
    const event = {
      type: 'OrderStatusChanged' as const,
      data: { from: 'pending' as const, to: 'confirmed' as const },
    };
    await expect(
      commitSingle(
        services.sql,
        order.id,
        orderRead(stored),
        event,
        { ...meta, at: new Date().toISOString() },
        (await prepareStatusMail(services.sql, event))?.alongsideOf,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await mails(`order-status:${order.id}:%`)).toHaveLength(0);
    // The same change on the stream as it now stands is appended with its mail.
    await commitSingle(
      services.sql,
      order.id,
      orderRead(await readStream(db.sql, order.id)),
      event,
      { ...meta, at: new Date().toISOString() },
      (await prepareStatusMail(services.sql, event))?.alongsideOf,
    );
    expect(await mails(`order-status:${order.id}:%`)).toHaveLength(1);
  });

  it("wakes the outbox's workers after the change's commit, never from inside its statement", async () => {
    // Issue 41: a NOTIFY inside the appending transaction holds PostgreSQL's notification queue lock
    // through its commit, so concurrent status changes committed one at a time.
    const wakes: string[] = [];
    const listener = await db.sql.listen('mail_outbox', (payload) => wakes.push(payload));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const order = await newOrder();
      await settle();
      wakes.length = 0;
      const meta = { actor: { kind: 'admin' as const, userId: admin.id }, requestId: 'test-wake' };
      const event = {
        type: 'OrderStatusChanged' as const,
        data: { from: 'pending' as const, to: 'confirmed' as const },
      };
      // The statement alone queues the mail and notifies nobody at its commit.
      const prepared = await prepareStatusMail(services.sql, event);
      await commitSingle(
        services.sql,
        order.id,
        orderRead(await readStream(db.sql, order.id)),
        event,
        { ...meta, at: new Date().toISOString() },
        prepared?.alongsideOf,
      );
      await settle();
      expect(await mails(`order-status:${order.id}:%`)).toHaveLength(1);
      expect(wakes).toEqual([]);
      // The command wakes the workers once its statement has committed.
      await setOrderStatus(services.sql, order.id, 'processing', meta);
      await setOrderStatus(services.sql, order.id, 'shipped', meta);
      await settle();
      expect(await mails(`order-status:${order.id}:%`)).toHaveLength(2);
      expect(wakes.length).toBeGreaterThan(0);
    } finally {
      await listener.unlisten();
    }
  });

  it("checkout queues the owner's notice with the order and wakes the workers after its commit", async () => {
    // Issue 41: a NOTIFY inside the checkout's transaction held the notification queue lock through
    // its commit. The statements one connection sends show where the wake goes.
    const sent: string[] = [];
    const traced = createSql(db.url, 1, {
      debug: (_connection, query) => sent.push(query.trim().split(/\s+/).slice(0, 3).join(' ')),
    });
    try {
      const product = await createProduct(db.sql, { title: 'Piège à frelons', stockQuantity: 5 });
      const order = await placeOrder(
        traced,
        {
          customerId: null,
          customer: customerForm,
          deliveryMethod: 'delivery',
          lines: [{ productId: product.id, quantity: 1 }],
        },
        guest,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mails(`shop-new-order:${order.id}`)).toHaveLength(1);
      const begin = sent.findIndex((q) => q.startsWith('begin'));
      const commit = sent.findIndex((q, i) => i > begin && q.startsWith('commit'));
      const notify = sent.findIndex((q) => q.startsWith('select pg_notify'));
      expect(begin).toBeGreaterThanOrEqual(0);
      expect(sent.slice(begin, commit).some((q) => q.includes('mail_outbox'))).toBe(true);
      expect(notify).toBeGreaterThan(commit);
    } finally {
      await traced.end();
    }
  });

  it("an intervention request (a stream command) queues the owner's notice with its events and wakes the workers after the commit", async () => {
    // Issue 41: the other streams' commands (interventions, devis, reports, contracts) queued their
    // mails with a NOTIFY inside their transaction, holding the notification queue lock through
    // their commit. They now run as a mailTransaction (log/stream-commands.ts).
    const sent: string[] = [];
    const traced = createSql(db.url, 1, {
      debug: (_connection, query) => sent.push(query.trim().split(/\s+/).slice(0, 3).join(' ')),
    });
    try {
      const { settings } = await readSettings(db.sql);
      await receiveInterventionRequest(
        traced,
        interventionRequestSchema.parse({
          name: 'Paul Trace',
          email: 'paul.trace@example.fr',
          phone: '06 12 34 56 78',
          service: 'guepe',
          siteType: 'logement_ancien',
          street: '3 rue des Lilas',
          zipCode: '27000',
          city: 'Évreux',
          urgency: 'urgent',
          preferredSlots: ['matin'],
          message: 'Nid sous le toit',
          callbackConsent: true,
        }),
        { ip: '10.41.0.1', userId: null, requestId: 'test-trace', settings, publicUrl: 'http://shop.test' },
      );
      const [notice] = await db.sql<{ id: number }[]>`
        select o.id from mail_outbox o
         where o.kind = 'shop-intervention-request' and o.text_body like '%Paul Trace%'`;
      expect(notice).toBeDefined();
      const begin = sent.findIndex((q) => q.startsWith('begin'));
      const commit = sent.findIndex((q, i) => i > begin && q.startsWith('commit'));
      const notify = sent.findIndex((q) => q.startsWith('select pg_notify'));
      expect(begin).toBeGreaterThanOrEqual(0);
      expect(sent.slice(begin, commit).some((q) => q.includes('mail_outbox'))).toBe(true);
      expect(sent.slice(begin, commit).some((q) => q.includes('pg_notify'))).toBe(false);
      expect(notify).toBeGreaterThan(commit);
    } finally {
      await traced.end();
    }
  });

  it('refuses a mail queued in a transaction that is not a mailTransaction, before writing it', async () => {
    const mail = {
      kind: 'test',
      dedupeKey: `test-outside:${Date.now()}`,
      to: 'client@example.fr',
      subject: 'Test',
      text: 'Test',
    };
    await expect(db.sql.begin((tx) => enqueueMail(tx, mail))).rejects.toThrow(OUTSIDE_MAIL_TRANSACTION);
    expect(await mails(mail.dedupeKey)).toHaveLength(0);
    // The one way: queued with the transaction, the workers woken after it.
    await mailTransaction(db.sql, (tx) => enqueueMail(tx, mail));
    expect(await mails(mail.dedupeKey)).toHaveLength(1);
  });

  it('refuses a tracking number that is too long, and changes nothing', async () => {
    const order = await newOrder();
    await expect(
      callerAs(services, admin).orders.setStatus({
        orderId: order.id,
        status: 'shipped',
        shipment: { trackingNumber: 'x'.repeat(101) },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const [row] = await db.sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(row?.status).toBe('pending');
  });
});

describe('contact requests', () => {
  it("reach the shop's mailbox with the service, the phone and a link to the inbox", async () => {
    await visitor('10.29.0.1').contact.send({
      name: 'Paul Urgent',
      email: 'paul@example.fr',
      phone: '06 12 34 56 78',
      service: 'frelon',
      message: 'Nid sous le toit',
    });
    const { settings } = await readSettings(db.sql);
    const [mail] = await mails('contact-request:%');
    // « Répondre » in the shop's mailbox answers Paul (issue 35).
    expect(mail).toMatchObject({
      kind: 'shop-contact-request',
      toAddress: settings.shopEmail,
      replyTo: 'paul@example.fr',
    });
    expect(mail?.subject).toBe("Demande d'intervention : Nid de frelons (Paul Urgent)");
    expect(mail?.textBody).toContain('- Téléphone : 06 12 34 56 78');
    expect(mail?.textBody).toMatch(/Ouvrir les demandes de contact : http.*\/admin\/contact/);
  });

  it('keep a noted call and an emailed answer with the request; the answer goes through the outbox', async () => {
    await visitor('10.29.0.2').contact.send({
      name: 'Julie Réponse',
      email: 'julie@example.fr',
      phone: '06 98 76 54 32',
      service: 'guepe',
      message: '',
    });
    const asAdmin = callerAs(services, admin);
    const request = (await asAdmin.contact.list()).find((r) => r.name === 'Julie Réponse')!;
    expect(request.handledAt).toBeNull();
    const called = await asAdmin.contact.reply({
      id: request.id,
      kind: 'call',
      body: 'Rappelée, passage demain 9 h',
    });
    // Called back: no longer « Nouvelle » (issue 35), handled by the one who called.
    expect(called.handledAt).not.toBeNull();
    expect(called.handledByName).toBe('Anne Admin');
    const after = await asAdmin.contact.reply({
      id: request.id,
      kind: 'email',
      body: 'Bonjour Madame Réponse,\n\nNous passons demain à 9 h.',
    });
    expect(after.handledAt).toEqual(called.handledAt);
    expect(after.replies.map((r) => [r.kind, r.authorName])).toEqual([
      ['call', 'Anne Admin'],
      ['email', 'Anne Admin'],
    ]);
    const [answer] = await mails('contact-reply:%');
    expect(answer).toMatchObject({ kind: 'contact-reply', toAddress: 'julie@example.fr' });
    expect(answer?.textBody).toContain('Nous passons demain à 9 h.');
    // What the owner typed is what is sent: no greeting of the mail's own before theirs (issue 35).
    expect(answer?.textBody.startsWith('Bonjour Madame Réponse,\n\nNous passons demain à 9 h.')).toBe(true);
    expect(answer?.textBody).not.toContain('Bonjour Julie');
    // Bad input: a French message, nothing kept.
    await expect(asAdmin.contact.reply({ id: request.id, kind: 'email', body: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await asAdmin.contact.list()).find((r) => r.id === request.id)?.replies).toHaveLength(2);
  });
});

describe('"Nouvelle commande" in the back-office', () => {
  it('places a server-priced order for an account, takes the stock, mails like a shop order and says the team placed it', async () => {
    const product = await createProduct(db.sql, {
      title: 'Appât rodenticide',
      stockQuantity: 4,
      priceCents: 1290,
    });
    const customer = await createUser(services, { role: 'user', firstName: 'Marc', lastName: 'Téléphone' });
    const asAdmin = callerAs(services, admin);
    const order = await asAdmin.orders.create({
      ...customerForm,
      customerId: customer.id,
      deliveryMethod: 'pickup',
      lines: [{ productId: product.id, quantity: 3 }],
      idempotencyKey: crypto.randomUUID(),
      // What the client says about prices has no effect: there is no field for it.
      ...({ totalAmountCents: 1 } as object),
    });
    expect(order.totalAmountCents).toBe(3 * 1290);
    const [row] = await db.sql<
      { stockQuantity: number }[]
    >`select stock_quantity from products where id = ${product.id}`;
    expect(row?.stockQuantity).toBe(1);
    const [owner] = await db.sql<
      { customerId: string }[]
    >`select customer_id from orders where id = ${order.id}`;
    expect(owner?.customerId).toBe(customer.id);
    expect((await mails(`order-confirmation:${order.id}`)).length).toBe(1);
    expect((await mails(`shop-new-order:${order.id}`)).length).toBe(1);
    const [placed] = await asAdmin.orders.history({ orderId: order.id });
    expect(placed?.summary).toMatch(/\(commande passée par l'équipe\)$/);
    expect(placed?.by).toBe('Anne Admin');
    // The stock rule is the checkout's: two more are refused, and nothing changes.
    await expect(
      asAdmin.orders.create({
        ...customerForm,
        customerId: null,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("is not held by the shop's per-address limit, and refuses an unknown customer", async () => {
    const product = await createProduct(db.sql, { title: 'Gel anti-cafards', stockQuantity: 100 });
    // The shop's limits made tight: the shop's computer takes more phone orders than that.
    const tight = { ...services.config, CHECKOUT_LIMIT_PER_IP: 2, CHECKOUT_LIMIT_PER_EMAIL: 2 };
    const asAdmin = callerAs({ ...services, config: tight }, admin);
    for (let n = 0; n < 5; n++) {
      await asAdmin.orders.create({
        ...customerForm,
        customerId: null,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      });
    }
    await expect(
      asAdmin.orders.create({
        ...customerForm,
        customerId: 'no-such-account',
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Client introuvable.' });
  });
});

describe('"Nouvelle commande" with a professional-only product', () => {
  it("names the product and says why to the owner, in the back-office's words (issue 35)", async () => {
    const product = await createProduct(db.sql, { title: 'Raticide pro 5 kg', stockQuantity: 10 });
    await db.sql`update products set biocide_type = 'TP14', professional_only = true,
                   certibiocide_category = 'nuisibles' where id = ${product.id}`;
    const asAdmin = callerAs(services, admin);
    await expect(
      asAdmin.orders.create({
        ...customerForm,
        customerId: null,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        '« Raticide pro 5 kg » est réservé aux professionnels titulaires du Certibiocide : il ne peut pas être vendu sans compte client. Choisissez le compte professionnel du client, ou retirez ce produit.',
    });
    const [row] = await db.sql<{ stockQuantity: number }[]>`
      select stock_quantity from products where id = ${product.id}`;
    expect(row?.stockQuantity).toBe(10);
  });
});

describe('the customer dialog', () => {
  it("shows the customer's orders and total spent, sends a reset link and the verification mail again", async () => {
    const customer = await createUser(services, { role: 'user', firstName: 'Léa', lastName: 'Dialogue' });
    const [{ email } = { email: '' }] = await db.sql<
      { email: string }[]
    >`select email from users where id = ${customer.id}`;
    const product = await createProduct(db.sql, {
      title: 'Piège à souris',
      stockQuantity: 10,
      priceCents: 500,
    });
    const asAdmin = callerAs(services, admin);
    const place = () =>
      asAdmin.orders.create({
        ...customerForm,
        customerId: customer.id,
        deliveryMethod: 'pickup',
        lines: [{ productId: product.id, quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      });
    const kept = await place();
    const cancelled = await place();
    // « Total dépensé » is what was paid and not refunded (domain/dashboard/revenue.ts): the kept order
    // is paid, the cancelled one never was.
    await setPaymentForTest(db.sql, kept.id, 'paid', {
      actor: { kind: 'admin', userId: admin.id },
      requestId: 'test-paid',
    });
    await asAdmin.orders.setStatus({ orderId: cancelled.id, status: 'cancelled' });
    const seen = await asAdmin.adminCustomers.orders({ id: customer.id });
    expect(seen.orders.map((o) => o.orderNumber).sort()).toEqual(
      [kept.orderNumber, cancelled.orderNumber].sort(),
    );
    expect(seen).toMatchObject({ orderCount: 2, totalSpentCents: 1000 });

    await asAdmin.adminCustomers.sendPasswordReset({ id: customer.id });
    const [reset] = await db.sql<OutboxRow[]>`select kind, to_address, subject, text_body from mail_outbox
                                               where kind = 'reset-password' and to_address = ${email}`;
    expect(reset?.textBody).toMatch(/reinitialiser-mot-de-passe\?token=/);

    await db.sql`update users set email_verified = false where id = ${customer.id}`;
    // The dialog offers « Renvoyer l'email de vérification » only while it is not confirmed (issue 35).
    expect((await asAdmin.adminCustomers.orders({ id: customer.id })).emailVerified).toBe(false);
    await asAdmin.adminCustomers.resendVerification({ id: customer.id });
    const [verify] = await db.sql<OutboxRow[]>`select kind, to_address, subject, text_body from mail_outbox
                                                where kind = 'verify-email' and to_address = ${email}`;
    expect(verify?.textBody).toMatch(/\/api\/auth\/verify-email\?token=/);
    await db.sql`update users set email_verified = true where id = ${customer.id}`;
    expect((await asAdmin.adminCustomers.orders({ id: customer.id })).emailVerified).toBe(true);
    await expect(asAdmin.adminCustomers.resendVerification({ id: customer.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Cette adresse email est déjà confirmée.',
    });
  });
});

describe('a contact request answered by email alone', () => {
  it('is no longer « Nouvelle » and leaves the sidebar count', async () => {
    await visitor('10.29.0.3').contact.send({
      name: 'Marie Lefèvre',
      email: 'marie.lefevre@example.fr',
      phone: '06 11 22 33 44',
      service: 'frelon',
      message: '',
    });
    const asAdmin = callerAs(services, admin);
    const request = (await asAdmin.contact.list()).find((r) => r.name === 'Marie Lefèvre')!;
    const before = await asAdmin.contact.newCount();
    const after = await asAdmin.contact.reply({
      id: request.id,
      kind: 'email',
      body: 'Bonjour, c’est noté.',
    });
    expect(after.handledAt).not.toBeNull();
    expect(await asAdmin.contact.newCount()).toBe(before - 1);
  });
});
