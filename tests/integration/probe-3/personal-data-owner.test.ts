/**
 * Probe 3, finding 1: anyone who signed up with a guest's email downloaded that guest's orders and
 * contact requests (« Télécharger mes données ») and erased them (« Supprimer mon compte »). Now a
 * stranger's sign-up gets nothing and erases nothing; the owner who proves the address with the
 * code mailed to it gets everything (ADR 033).
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOrderStatus } from '../../../src/server/orders/commands.js';
import { createTestDatabase, type TestDatabase } from '../../support/db.js';
import { lastProofCode } from '../../support/email-proof.js';
import { browserClient, type RunningApp, startHttpApp } from '../../support/http-app.js';
import { createProduct, customerForm, guest, placeOrder } from '../../support/orders.js';

let db: TestDatabase;
let app: RunningApp;
let guestOrder: { id: string; orderNumber: string };
const EMAIL = 'invitee.garde@example.fr';
const PASSWORD = 'un long mot de passe normand 27';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
  const product = await createProduct(db.sql);
  guestOrder = await placeOrder(
    db.sql,
    {
      customerId: null,
      customer: { ...customerForm, lastName: 'Gardeporte', email: EMAIL },
      deliveryMethod: 'delivery',
      lines: [{ productId: product.id, quantity: 1 }],
      notes: 'Code de la porte : 4821',
    },
    guest,
  );
  await db.sql`insert into contact_requests (name, email, phone, service, message, ip)
                values ('Gardeporte', ${EMAIL}, '0600000000', 'guepe', 'Nid sous le toit', '127.0.0.1')`;
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function download(client: ReturnType<typeof browserClient>) {
  const res = await fetch(`http://127.0.0.1:${app.port}/api/compte/mes-donnees.zip`, {
    headers: { cookie: client.cookie, origin: app.url },
  });
  expect(res.status).toBe(200);
  return strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))['mes-donnees.json'] as Uint8Array);
}

describe("a stranger's sign-up with a guest's email", () => {
  it('downloads nothing of the guest and erases nothing of theirs', async () => {
    const stranger = browserClient(app);
    expect((await stranger.signUp(EMAIL, PASSWORD)).status).toBe(200);
    const text = await download(stranger);
    for (const needle of ['Gardeporte', '4821', guestOrder.orderNumber, 'Nid sous le toit']) {
      expect(text, needle).not.toContain(needle);
    }
    // Guessing the code gets nowhere: five wrong codes spend it.
    await stranger.trpc().account.requestEmailProof.mutate();
    const code = await lastProofCode(db.sql, EMAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await expect(stranger.trpc().account.confirmEmailProof.mutate({ code: wrong })).rejects.toThrow(
        'Code incorrect.',
      );
    }
    await expect(stranger.trpc().account.confirmEmailProof.mutate({ code })).rejects.toThrow('a expiré');
    expect((await stranger.trpc().account.emailProof.query()).until).toBeNull();

    await stranger.trpc().account.deleteAccount.mutate({ password: PASSWORD, confirm: true });
    const [record] = await db.sql`
      select erased_at from personal_records where stream_id = ${guestOrder.id} and event_type = 'OrderPlaced'`;
    expect(record?.erasedAt).toBeNull();
    expect(await db.sql`select 1 from contact_requests where email = ${EMAIL}`).toHaveLength(1);
  });
});

describe('the owner of the address', () => {
  it('proves it with the code mailed to it and then gets the guest order and the contact request', async () => {
    const owner = browserClient(app);
    expect((await owner.signUp(EMAIL, PASSWORD)).status).toBe(200);
    expect(await download(owner)).not.toContain('Gardeporte');
    await owner.trpc().account.requestEmailProof.mutate();
    const { until } = await owner.trpc().account.confirmEmailProof.mutate({
      code: await lastProofCode(db.sql, EMAIL),
    });
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now());
    // The account page reads the same deadline back (« Adresse confirmée jusqu'à … »).
    expect((await owner.trpc().account.emailProof.query()).until).toBe(until);
    const text = await download(owner);
    for (const needle of ['Gardeporte', '4821', guestOrder.orderNumber, 'Nid sous le toit']) {
      expect(text, needle).toContain(needle);
    }
    // The guest order is still to deliver: the shop cancels it first (an open order is never erased).
    await setOrderStatus(db.sql, guestOrder.id, 'cancelled', {
      actor: { kind: 'system' },
      requestId: 'test',
    });
    await owner.trpc().account.deleteAccount.mutate({ password: PASSWORD, confirm: true });
    const [record] = await db.sql`
      select erased_at from personal_records where stream_id = ${guestOrder.id} and event_type = 'OrderPlaced'`;
    expect(record?.erasedAt).not.toBeNull();
    expect(await db.sql`select 1 from contact_requests where email = ${EMAIL}`).toHaveLength(0);
  });

  it('asking for a new code ends the running proof: the page shows the form again', async () => {
    const owner = browserClient(app);
    const email = 'second.proof@example.fr';
    expect((await owner.signUp(email, PASSWORD)).status).toBe(200);
    await owner.trpc().account.requestEmailProof.mutate();
    await owner.trpc().account.confirmEmailProof.mutate({ code: await lastProofCode(db.sql, email) });
    expect((await owner.trpc().account.emailProof.query()).until).not.toBeNull();
    await owner.trpc().account.requestEmailProof.mutate();
    expect((await owner.trpc().account.emailProof.query()).until).toBeNull();
  });
});
