import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { SessionUser } from '../../src/server/context.js';
import { setOrderStatus } from '../../src/server/orders/commands.js';
import type { TestDatabase } from '../support/db.js';
import { createProduct, customerForm, placeOrder, setPaymentForTest } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * The account procedures through the real tRPC chain: who may call them, what a profile update
 * may change, and that a customer only ever reaches their own data.
 */

let shop: TestShop;
let db: TestDatabase;
let a: SessionUser;
let b: SessionUser;
let admin: SessionUser;
let orderA1: string;
let orderA2: string;
let orderB: string;

const code = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { cause } = error as TRPCError;
  // A direct caller skips the wire formatter, which sends the first zod issue's message as is.
  const message = cause instanceof ZodError ? cause.issues[0]?.message : (error as TRPCError).message;
  return { code: (error as TRPCError).code, message };
};

beforeAll(async () => {
  shop = await testShop();
  ({ db } = shop);
  ({ customerA: a, customerB: b, admin } = shop.users);
  const trap = await createProduct(db.sql, { title: 'Piège à rats', priceCents: 2490 });
  const spray = await createProduct(db.sql, { title: 'Spray guêpes', priceCents: 1290 });
  const as = (user: SessionUser) => ({
    actor: { kind: 'user' as const, userId: user.id },
    requestId: 'test',
  });
  orderA1 = (
    await placeOrder(
      db.sql,
      {
        customerId: a.id,
        customer: { ...customerForm, email: a.email },
        deliveryMethod: 'delivery',
        lines: [
          { productId: trap.id, quantity: 2 },
          { productId: spray.id, quantity: 1 },
        ],
      },
      as(a),
    )
  ).id;
  orderA2 = (
    await placeOrder(
      db.sql,
      {
        customerId: a.id,
        customer: { ...customerForm, email: a.email },
        deliveryMethod: 'pickup',
        lines: [{ productId: spray.id, quantity: 1 }],
      },
      as(a),
    )
  ).id;
  orderB = (
    await placeOrder(
      db.sql,
      {
        customerId: b.id,
        customer: { ...customerForm, email: b.email },
        deliveryMethod: 'delivery',
        lines: [{ productId: trap.id, quantity: 3 }],
      },
      as(b),
    )
  ).id;
  const byAdmin = { actor: { kind: 'admin' as const, userId: admin.id }, requestId: 'test' };
  await setOrderStatus(db.sql, orderA1, 'shipped', byAdmin);
  await setPaymentForTest(db.sql, orderA1, 'paid', byAdmin);
  await setOrderStatus(db.sql, orderA2, 'cancelled', byAdmin);
});
afterAll(async () => {
  await shop.drop();
});

describe('anonymous', () => {
  it('gets UNAUTHORIZED from every account procedure', async () => {
    const anon = shop.as('anonymous');
    const calls: Promise<unknown>[] = [
      anon.account.profile(),
      anon.account.updateProfile({ firstName: 'X', lastName: 'Y' }),
      anon.account.totals(),
      anon.account.orders(),
      anon.account.order({ id: orderA1 }),
      anon.account.setRole({ userId: a.id, role: 'admin' }),
    ];
    for (const call of calls) expect((await code(call)).code).toBe('UNAUTHORIZED');
  });
});

describe('own data', () => {
  it('shows the profile, the totals (cancelled orders not counted as spent) and the orders, newest first', async () => {
    const me = shop.as('customerA');
    expect(await me.account.profile()).toMatchObject({
      id: a.id,
      email: a.email,
      firstName: 'Alice',
      lastName: 'Martin',
      country: 'France',
      role: 'user',
    });
    expect(await me.account.totals()).toEqual({ orderCount: 2, totalSpentCents: 2 * 2490 + 1290 });
    const orders = await me.account.orders();
    expect(orders.map((o) => o.id)).toEqual([orderA2, orderA1]);
    expect(orders[1]).toMatchObject({ status: 'shipped', paymentStatus: 'paid', itemCount: 3 });
  });

  it('opens one order with its lines and its history from the order log', async () => {
    const order = await shop.as('customerA').account.order({ id: orderA1 });
    expect(order.lines.map((l) => [l.title, l.quantity, l.totalPriceCents])).toEqual([
      ['Piège à rats', 2, 4980],
      ['Spray guêpes', 1, 1290],
    ]);
    expect(order.history.map((h) => h.type)).toEqual([
      'OrderPlaced',
      'OrderStatusChanged',
      'PaymentRecorded',
    ]);
    expect(order.history[1]).toMatchObject({
      by: 'admin',
      summary: 'Statut : En attente → Expédiée',
      changes: [{ field: 'status', from: 'pending', to: 'shipped' }],
    });
    // Staff identities stay in the back-office.
    expect(JSON.stringify(order.history)).not.toContain(admin.id);
  });
});

describe('isolation between customers', () => {
  it("customer A cannot reach customer B's profile, orders or order history by any input", async () => {
    const me = shop.as('customerA') as unknown as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >;
    // Procedures without input ignore whatever is sent: still A's own data.
    expect(await me.account!.profile!({ id: b.id, userId: b.id })).toMatchObject({ id: a.id });
    expect(await me.account!.totals!({ customerId: b.id })).toEqual({ orderCount: 2, totalSpentCents: 6270 });
    const orders = (await me.account!.orders!({ customerId: b.id })) as { id: string }[];
    expect(orders.map((o) => o.id)).not.toContain(orderB);
    // B's order by id: not found, exactly like an order that does not exist.
    const foreign = await code(shop.as('customerA').account.order({ id: orderB }));
    const missing = await code(
      shop.as('customerA').account.order({ id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(foreign).toEqual({ code: 'NOT_FOUND', message: 'Commande introuvable.' });
    expect(missing).toEqual(foreign);
    for (const id of ['not-a-uuid', `${orderB}'; --`, orderB.toUpperCase()]) {
      expect((await code(shop.as('customerA').account.order({ id }))).code).toBe('NOT_FOUND');
    }
    // And B sees their own order only.
    const theirs = await shop.as('customerB').account.orders();
    expect(theirs.map((o) => o.id)).toEqual([orderB]);
  });

  it('an admin gets only their own account here (other customers are read in the back-office)', async () => {
    const boss = shop.as('admin');
    expect(await boss.account.profile()).toMatchObject({ id: admin.id, role: 'admin' });
    expect(await boss.account.orders()).toEqual([]);
    expect((await code(boss.account.order({ id: orderA1 }))).code).toBe('NOT_FOUND');
  });
});

describe('profile update', () => {
  it('saves the form, normalises blanks, and keeps the account name in step', async () => {
    const me = shop.as('customerA');
    const saved = await me.account.updateProfile({
      firstName: '  Alice ',
      lastName: 'Martin-Leroy',
      phone: '+33612345678', // stored in E.164, shown as typed (formatPhone)
      address: '3 place du Marché',
      postalCode: '27000',
      city: 'Évreux',
      country: '',
      dateOfBirth: '1985-04-12',
    });
    expect(saved).toMatchObject({
      firstName: 'Alice',
      lastName: 'Martin-Leroy',
      phone: '+33612345678', // stored in E.164, shown as typed (formatPhone)
      postalCode: '27000',
      country: 'France',
      dateOfBirth: '1985-04-12',
    });
    const [user] = await db.sql`select name from users where id = ${a.id}`;
    expect(user?.name).toBe('Alice Martin-Leroy');
    const cleared = await me.account.updateProfile({
      firstName: 'Alice',
      lastName: 'Martin-Leroy',
      phone: '',
    });
    expect(cleared.phone).toBeNull();
  });

  it('refuses bad input with a French message and changes nothing', async () => {
    const me = shop.as('customerB');
    const before = await me.account.profile();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '', lastName: 'Petit' }, 'Le prénom est obligatoire'],
      [{ firstName: 'Bruno', lastName: '   ' }, 'Le nom est obligatoire'],
      [{ firstName: 'B'.repeat(51), lastName: 'Petit' }, 'Le prénom ne doit pas dépasser 50 caractères'],
      [
        { firstName: 'Bruno', lastName: 'Petit', phone: 'appelez-moi' },
        'Numéro de téléphone invalide (ex. 06 12 34 56 78 ou +44 20 7946 0958)',
      ],
      [
        { firstName: 'Bruno', lastName: 'Petit', postalCode: '2700' },
        'Le code postal doit contenir 5 chiffres',
      ],
      [
        { firstName: 'Bruno', lastName: 'Petit', dateOfBirth: tomorrow },
        'La date de naissance ne peut pas être dans le futur',
      ],
      [{ firstName: 'Bruno', lastName: 'Petit', dateOfBirth: '2001-02-30' }, 'Date de naissance invalide'],
    ];
    for (const [input, message] of cases) {
      const error = await code(me.account.updateProfile(input as never));
      expect(error).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect(await me.account.profile()).toEqual(before);
  });

  it('never lets a customer set their own role', async () => {
    const me = shop.as('customerB');
    const saved = await me.account.updateProfile({
      firstName: 'Bruno',
      lastName: 'Petit',
      role: 'admin',
    } as never);
    expect(saved.role).toBe('user');
    const [row] = await db.sql`select role from profiles where id = ${b.id}`;
    expect(row?.role).toBe('user');
    expect((await code(me.account.setRole({ userId: b.id, role: 'admin' }))).code).toBe('FORBIDDEN');
  });
});

describe('roles', () => {
  it('an admin sets a role; not their own demotion, not an unknown user', async () => {
    const boss = shop.as('admin');
    expect(await boss.account.setRole({ userId: b.id, role: 'admin' })).toEqual({
      userId: b.id,
      role: 'admin',
    });
    const [row] = await db.sql`select role from profiles where id = ${b.id}`;
    expect(row?.role).toBe('admin');
    await boss.account.setRole({ userId: b.id, role: 'user' });
    expect(await code(boss.account.setRole({ userId: admin.id, role: 'user' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Vous ne pouvez pas retirer vos propres droits d’administration.',
    });
    expect((await code(boss.account.setRole({ userId: 'inconnu', role: 'admin' }))).code).toBe('NOT_FOUND');
    expect((await code(boss.account.setRole({ userId: b.id, role: 'root' as never }))).code).toBe(
      'BAD_REQUEST',
    );
  });
});
