import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../src/domain/orders/status.js';
import { setLogLevel } from '../../src/server/logger.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { placePickup } from '../support/orders.js';

/*
 * The orders read table refuses what no order can be, whatever writes it: a projection with a bug,
 * a hand-written fix. Since migration 0195 the rules are domains (checked on the values a statement
 * assigns) instead of check constraints (rebuilt by PostgreSQL at every update of the table): the
 * same rules must hold.
 */

let db: TestDatabase;

beforeAll(async () => {
  setLogLevel('warn');
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const refusal = async (write: Promise<unknown>) => {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof postgres.PostgresError ? error.code : error;
};

/** The order's amounts, none of which can be negative. */
const AMOUNTS = [
  'subtotal_cents',
  'shipping_cost_cents',
  'tax_cents',
  'total_amount_cents',
  'item_count',
  'paid_cents',
  'refunded_cents',
];

describe('the rules of the orders read table', () => {
  it('refuses a status, a payment status or a negative amount no order can have, and keeps the row', async () => {
    const order = await placePickup(db.sql);
    const before = await db.sql`select * from orders where id = ${order.id}`;
    const CHECK_VIOLATION = '23514';
    expect(await refusal(db.sql`update orders set status = 'lost' where id = ${order.id}`)).toBe(
      CHECK_VIOLATION,
    );
    expect(await refusal(db.sql`update orders set payment_status = 'overpaid' where id = ${order.id}`)).toBe(
      CHECK_VIOLATION,
    );
    for (const column of AMOUNTS)
      expect(
        await refusal(db.sql`update orders set ${db.sql(column)} = -1 where id = ${order.id}`),
        column,
      ).toBe(CHECK_VIOLATION);
    // A new row is held to the same rules.
    expect(
      await refusal(db.sql`
        insert into orders (id, order_number, status, payment_status, shipping_address, subtotal_cents,
                            total_amount_cents, item_count, version, created_at, updated_at)
        values (gen_random_uuid(), 'CMD-TEST-1', 'pending', 'pending', '{}', 100, -100, 1, 1, now(), now())`),
    ).toBe(CHECK_VIOLATION);
    expect(await db.sql`select * from orders where id = ${order.id}`).toEqual(before);
  });

  it('accepts every status and payment status the domain knows, and zero for every amount', async () => {
    const order = await placePickup(db.sql);
    for (const status of ORDER_STATUSES)
      expect(await refusal(db.sql`update orders set status = ${status} where id = ${order.id}`)).toBe(null);
    for (const status of PAYMENT_STATUSES)
      expect(await refusal(db.sql`update orders set payment_status = ${status} where id = ${order.id}`)).toBe(
        null,
      );
    // One cent below is refused (above): zero is an amount an order can have.
    for (const column of AMOUNTS)
      expect(
        await refusal(db.sql`update orders set ${db.sql(column)} = 0 where id = ${order.id}`),
        column,
      ).toBe(null);
    expect((await db.sql`select total_amount_cents from orders where id = ${order.id}`)[0]).toEqual({
      totalAmountCents: 0,
    });
  });
});
