import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, sendDueMails } from '../../src/server/mail/outbox.js';
import { createMailer, type Mail, type Mailer, mailDir } from '../../src/server/mail/transport.js';
import { queueMissedConfirmations } from '../../src/server/orders/confirmation-mail.js';
import { saveSettings, settingsDefaults, storeInitialSettings } from '../../src/server/settings/store.js';
import { testConfig } from '../support/db.js';
import { createProduct, checkoutForm as form, placeInput as order } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * The one mail path: every mail is queued in the outbox (enqueueMail) and sent by its worker, with
 * retries, through the app's mailer (.eml files without SMTP_URL, or the SMTP server). Account mails
 * through better-auth are in auth.test.ts (queued, then delivered by the running worker).
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await testShop({ SHOP_PHONE: '02 32 00 00 00', SHOP_EMAIL: 'boutique@example.fr' });
  // Only the mails these tests queue: the shop's own order notifications are switched off.
  await storeInitialSettings(shop.sql, {
    ...settingsDefaults(shop.services.config),
    notificationsEnabled: false,
  });
});
afterAll(() => shop.drop());

describe('confirmation mail outbox', () => {
  const failing: Mailer = {
    async send() {
      throw new Error('SMTP indisponible');
    },
  };

  it('a failing mail never loses the order and is retried with backoff until it is sent', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(shop.sql, { stockQuantity: 10 });
    const placed = await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }]));
    const key = `order-confirmation:${placed.id}`;

    expect(await sendDueMails(shop.sql, failing)).toEqual({ sent: 0, failed: 1 });
    const [afterFailure] = await shop.sql<
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
    const [orderRow] = await shop.sql`select status from orders where id = ${placed.id}`;
    expect(orderRow).toEqual({ status: 'pending' });
    // Not due yet: nothing is tried.
    expect(await sendDueMails(shop.sql, failing)).toEqual({ sent: 0, failed: 0 });

    await shop.sql`update mail_outbox set next_attempt_at = now() where dedupe_key = ${key}`;
    const sent: Mail[] = [];
    expect(await sendDueMails(shop.sql, { send: async (m) => void sent.push(m) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: form.email,
      subject: `Confirmation de votre commande ${placed.orderNumber}`,
    });
    expect(sent[0]!.html).toContain(placed.orderNumber);
    const [done] = await shop.sql`select status, attempts from mail_outbox where dedupe_key = ${key}`;
    expect(done).toEqual({ status: 'sent', attempts: 2 });
    expect(await sendDueMails(shop.sql, failing)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(shop.sql, { stockQuantity: 10 });
    const placed = await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }]));
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await shop.sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`;
      await sendDueMails(shop.sql, failing, { maxAttempts: 3 });
    }
    const [row] = await shop.sql`
      select status, attempts from mail_outbox where dedupe_key = ${`order-confirmation:${placed.id}`}`;
    expect(row).toEqual({ status: 'failed', attempts: 3 });
  });

  it('instances sending at the same time never send a mail twice', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(shop.sql, { stockQuantity: 30 });
    for (let i = 0; i < 12; i += 1) {
      await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }]));
    }
    const sent: string[] = [];
    const slow: Mailer = {
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.subject);
      },
    };
    await Promise.all(Array.from({ length: 4 }, () => sendDueMails(shop.sql, slow, { batchSize: 5 })));
    await Promise.all(Array.from({ length: 4 }, () => sendDueMails(shop.sql, slow, { batchSize: 5 })));
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });

  it('queues the confirmation of an order whose mail was never queued (crash after commit)', async () => {
    const product = await createProduct(shop.sql, { stockQuantity: 10 });
    const placed = await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }]));
    const key = `order-confirmation:${placed.id}`;
    await shop.sql`delete from mail_outbox where dedupe_key = ${key}`;
    const contact = { name: 'Boutique', phone: '02 32 00 00 00', email: 'boutique@example.fr', address: '' };
    const orderUrl = (id: string) => `https://shop.example/commande/${id}`;
    expect(await queueMissedConfirmations(shop.sql, contact, { orderUrl })).toBe(0); // still within the grace period
    await shop.sql`update orders set created_at = now() - interval '5 minutes' where id = ${placed.id}`;
    expect(await queueMissedConfirmations(shop.sql, contact, { orderUrl })).toBeGreaterThanOrEqual(1);
    const [row] = await shop.sql`select status from mail_outbox where dedupe_key = ${key}`;
    expect(row).toEqual({ status: 'pending' });
    expect(await queueMissedConfirmations(shop.sql, contact, { orderUrl })).toBe(0);
  });

  it('the app mailer writes the confirmation as an .eml file when no SMTP server is set', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const product = await createProduct(shop.sql, { title: 'Enfumoir inox', stockQuantity: 10 });
    const placed = await shop.as('anonymous').checkout.place(order([{ productId: product.id, quantity: 1 }]));
    expect(await shop.deliverMails()).toEqual({ sent: 1, failed: 0 });
    const dir = mailDir(shop.services.config);
    const files = (await readdir(dir)).filter((f) => f.includes(placed.orderNumber.toLowerCase()));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${form.email}`);
    expect(eml).toContain('Subject: Confirmation de votre commande');
  });
});

describe('mailer', () => {
  it('the worker sends through SMTP_URL when set', async () => {
    const received: string[] = [];
    const smtp = net.createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        for (;;) {
          if (data) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end === -1) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const nl = buffer.indexOf('\r\n');
          if (nl === -1) return;
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            data = true;
            socket.write('354 go\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.address() as net.AddressInfo).port;
    const config = testConfig(shop.db, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    await shop.sql`update mail_outbox set status = 'sent'`;
    await enqueueMail(shop.sql, {
      kind: 'test',
      dedupeKey: `test:${randomUUID()}`,
      to: 'client@example.fr',
      replyTo: 'marie.lefevre@example.fr',
      subject: 'Votre commande',
      text: 'Merci pour votre commande.',
      html: '<p>Merci pour votre commande.</p>',
    });
    expect(await sendDueMails(shop.sql, createMailer(config))).toEqual({ sent: 1, failed: 0 });
    smtp.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: client@example.fr');
    // Kept through the outbox to the wire (issue 35: the shop answers a contact request's sender).
    expect(received[0]).toContain('Reply-To: marie.lefevre@example.fr');
    expect(received[0]).toContain('Merci pour votre commande.');
  });
});

describe('one frame for every mail', () => {
  it('a reset mail and an order confirmation are queued, delivered by the worker, in the same frame', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const { customerA } = shop.users;
    await shop.services.auth.api.requestPasswordReset({
      body: { email: customerA.email, redirectTo: '/reinitialiser-mot-de-passe' },
    });
    const product = await createProduct(shop.sql, { title: 'Nichoir à mésanges', stockQuantity: 5 });
    const placed = await shop.as('customerA').checkout.place({
      ...order([{ productId: product.id, quantity: 1 }]),
      email: customerA.email,
    });
    const queued = await shop.sql<{ kind: string; htmlBody: string; textBody: string }[]>`
      select kind, html_body, text_body from mail_outbox
       where to_address = ${customerA.email} and status = 'pending' order by id`;
    expect(queued.map((m) => m.kind)).toEqual(['reset-password', 'order-confirmation']);

    // Same banner and frame around each mail's own blocks, in HTML and in text.
    const frame = (html: string) => {
      const start = html.indexOf('<p>Bonjour');
      const end = html.lastIndexOf('</td></tr></table>');
      return { head: html.slice(0, start), tail: html.slice(end) };
    };
    const [reset, confirmation] = [queued[0]!, queued[1]!];
    expect(frame(reset.htmlBody).head).toContain('Hygiène - Anti-nuisibles 27');
    expect(frame(reset.htmlBody)).toEqual(frame(confirmation.htmlBody));
    expect(reset.textBody.split('\n').at(-1)).toBe('Hygiène - Anti-nuisibles 27');
    expect(confirmation.textBody.split('\n').at(-1)).toBe('Hygiène - Anti-nuisibles 27');

    expect(await shop.deliverMails()).toEqual({ sent: 2, failed: 0 });
    const dir = mailDir(shop.services.config);
    const files = await readdir(dir);
    const emls = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    const toA = emls.filter((m) => m.includes(`To: ${customerA.email}`));
    expect(toA.some((m) => m.replace(/=\r?\n/g, '').includes('/reinitialiser-mot-de-passe?token=3D'))).toBe(
      true,
    );
    expect(toA.some((m) => m.includes(placed.orderNumber))).toBe(true);
  });

  it('account mails name the shop as its settings do: a saved name shows in the next reset mail', async () => {
    await shop.sql`update mail_outbox set status = 'sent'`;
    const { customerB, admin } = shop.users;
    await saveSettings(
      shop.sql,
      {
        ...settingsDefaults(shop.services.config),
        notificationsEnabled: false,
        shopName: 'Nuisibles Normandie',
        shopEmail: 'contact@nuisibles-normandie.fr',
        shopPhone: '02 35 11 22 33',
      },
      admin,
    );
    await shop.services.auth.api.requestPasswordReset({
      body: { email: customerB.email, redirectTo: '/reinitialiser-mot-de-passe' },
    });
    const [reset] = await shop.sql<{ kind: string; htmlBody: string; textBody: string }[]>`
      select kind, html_body, text_body from mail_outbox
       where to_address = ${customerB.email} and status = 'pending' order by id`;
    expect(reset?.kind).toBe('reset-password');
    const lines = reset?.textBody.split('\n') ?? [];
    expect(lines.at(-1)).toBe('Nuisibles Normandie');
    expect(lines).toContain(
      'Une question ? Appelez-nous au 02 35 11 22 33 ou écrivez-nous à contact@nuisibles-normandie.fr.',
    );
    expect(reset?.htmlBody).toContain('Nuisibles Normandie');
    expect(reset?.htmlBody).not.toContain('Anti-nuisibles 27');
  });
});
