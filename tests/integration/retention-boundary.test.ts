/*
 * A guest's personal data is kept 36 months after their last purchase (CNIL's customer-data
 * referential, the privacy policy's « 3 ans »; DEFAULT_RETENTION.guestOrderMonths), then erased by
 * the retention job (issue 34: the fixture at 37 months passed with any period from 3 to 36).
 * The boundary, with the job's clock injected just after a Paris midnight: bought 35 months and
 * 29 days ago, kept; 36 months and one day ago, erased. The instants are written as Paris clocks
 * read them, just after midnight, when the UTC date is still the day before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '../../src/domain/privacy/retention.js';
import type { Sql } from '../../src/server/db/client.js';
import { dueForRetention, runRetention } from '../../src/server/privacy/retention.js';
import { createProduct, customerForm, guest, placeOrder } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let sql: Sql;

/** The job runs at 00:30 in Paris on 15 June 2026 (22:30 UTC on the 14th). */
const now = new Date('2026-06-15T00:30:00+02:00');
/** 15 June 2026 less 35 months is 15 July 2023, less 29 days 16 June 2023 (22:30 UTC on the 15th). */
const keptAt = '2023-06-16T00:30:00+02:00';
/** 15 June 2026 less 36 months is 15 June 2023, less one day 14 June 2023 (22:30 UTC on the 13th). */
const erasedAt = '2023-06-14T00:30:00+02:00';

let kept: string;
let erased: string;

beforeAll(async () => {
  shop = await testShop();
  sql = shop.sql;
  const productId = (await createProduct(sql, { stockQuantity: 10 })).id;
  const guestOrder = async (email: string, at: string) =>
    (
      await placeOrder(
        sql,
        {
          customerId: null,
          customer: { ...customerForm, email },
          deliveryMethod: 'pickup',
          lines: [{ productId, quantity: 1 }],
        },
        { ...guest, at: new Date(at).toISOString() },
      )
    ).id;
  kept = await guestOrder('presque-trois-ans@example.fr', keptAt);
  erased = await guestOrder('trois-ans-et-un-jour@example.fr', erasedAt);
});
afterAll(async () => {
  await shop.drop();
});

const guestOrdersDue = async () =>
  (await dueForRetention(sql, DEFAULT_RETENTION, now, null))
    .filter((i) => i.rule === 'guest-order')
    .map((i) => i.id);

describe('guest order data: kept 36 months after the last purchase (Paris time)', () => {
  it('the period is 36 months', () => {
    expect(DEFAULT_RETENTION.guestOrderMonths).toBe(36);
  });

  it('35 months and 29 days: kept; 36 months and one day: due', async () => {
    expect(await guestOrdersDue()).toEqual([erased]);
  });

  it('the job erases the one due and leaves the other whole', async () => {
    await runRetention(sql, { dryRun: false, now, mailDir: null, shopName: 'Boutique' });
    const erasedAtOf = async (id: string) =>
      (
        await sql<{ erasedAt: Date | null }[]>`
        select erased_at from personal_records where stream_id = ${id} and event_type = 'OrderPlaced'`
      )[0]?.erasedAt;
    expect(await erasedAtOf(erased)).toBeInstanceOf(Date);
    expect(await erasedAtOf(kept)).toBeNull();
    // The order the back-office reads no longer names the erased guest; the other still does.
    const emailOf = async (id: string) =>
      (
        await sql<
          { email: string }[]
        >`select shipping_address ->> 'email' as email from orders where id = ${id}`
      )[0]?.email;
    expect(await emailOf(erased)).not.toBe('trois-ans-et-un-jour@example.fr');
    expect(await emailOf(kept)).toBe('presque-trois-ans@example.fr');
    expect(await guestOrdersDue()).toEqual([]);
  });
});
