import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError, type z } from 'zod';
import { profileSchema } from '../../src/domain/account/profile.js';
import { checkoutFormSchema } from '../../src/domain/checkout/schema.js';
import { ADDRESS_MAX, CITY_MAX, EMAIL_MAX, NAME_MAX } from '../../src/domain/common/limits.js';
import { formatPhone, PHONE_MESSAGE } from '../../src/domain/common/phone.js';
import { contactRequestSchema } from '../../src/domain/contact/schema.js';
import { checkoutForm, createProduct } from '../support/orders.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * Each consolidated rule (limits, the phone rule, required fields per delivery method, email) is
 * checked by the form with the domain schema, then again by the server (procedure, decider,
 * database). These tests feed the same values to both and require the same verdict: what the form
 * accepts the server stores, what it refuses the server refuses with the same French message on
 * the same field, writing nothing.
 */

let shop: TestShop;
let productId: string;
beforeAll(async () => {
  shop = await testShop();
  productId = (await createProduct(shop.sql, { title: 'Piège à guêpes', stockQuantity: 100_000 })).id;
});
afterAll(() => shop.drop());

type Verdict = { ok: true } | { ok: false; fields: Record<string, string> };

/** The message each field shows: the first issue on it, as the form hook (lib/use-form.ts) shows it. */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

function formVerdict(schema: z.ZodType, values: unknown): Verdict {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true } : { ok: false, fields: fieldMessages(parsed.error) };
}

/** What the server answered: a ZodError's field messages, or any other error as `_` (never equal). */
async function serverVerdict(call: () => Promise<unknown>): Promise<Verdict> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ZodError) return { ok: false, fields: fieldMessages(cause) };
    return { ok: false, fields: { _: (error as Error).message } };
  }
}

const counts = async () =>
  (
    await shop.sql<{ orders: number; contacts: number }[]>`
      select (select count(*) from orders)::int as orders, (select count(*) from contact_requests)::int as contacts`
  )[0]!;

const long = (n: number) => 'a'.repeat(n);

const checkoutCases: [string, Partial<typeof checkoutForm>][] = [
  ['a French mobile with spaces', { phone: '06 12 34 56 78' }],
  ['a French number with the 0033 prefix', { phone: '0033 2 32 00 00 00' }],
  ['an international number', { phone: '+44 20 7946 0958' }],
  ['an American number with brackets', { phone: '+1 (415) 555-0100' }],
  ['a short phone', { phone: '12345' }],
  ['+33 followed by a 0', { phone: '+33 06 12 34 56 78' }],
  ['words for a phone', { phone: 'téléphone' }],
  ['an empty phone', { phone: '' }],
  ['an email without domain', { email: 'marie@' }],
  ['an email with spaces around it', { email: '  marie.durand@example.fr ' }],
  ['an email over the limit', { email: `${long(EMAIL_MAX)}@example.fr` }],
  ['an empty email', { email: '' }],
  ['a first name at the limit', { firstName: long(NAME_MAX) }],
  ['a first name over the limit', { firstName: long(NAME_MAX + 1) }],
  ['a last name of spaces', { lastName: '   ' }],
  ['an address at the limit', { address: long(ADDRESS_MAX) }],
  ['an address over the limit', { address: long(ADDRESS_MAX + 1) }],
  ['a city over the limit', { city: long(CITY_MAX + 1) }],
  ['delivery without address, city and postal code', { address: '', city: '', zipCode: '' }],
  ['delivery with a 4-digit postal code', { zipCode: '2700' }],
  [
    'pickup without address, city and postal code',
    { deliveryMethod: 'pickup', address: '', city: '', zipCode: '' },
  ],
  [
    'pickup with a half-typed postal code',
    { deliveryMethod: 'pickup', address: '', city: '', zipCode: '27' },
  ],
];

describe('checkout: the form and checkout.place agree', () => {
  it.each(checkoutCases)('%s', async (_name, change) => {
    const values = { ...checkoutForm, ...change };
    const form = formVerdict(checkoutFormSchema, values);
    const before = await counts();
    const server = await serverVerdict(() =>
      shop.as('anonymous').checkout.place({
        ...values,
        lines: [{ productId, quantity: 1 }],
        idempotencyKey: randomUUID(),
      }),
    );
    expect(server).toEqual(form);
    if (!form.ok) expect(await counts()).toEqual(before);
  });

  it('every rule above is exercised both ways', () => {
    const verdicts = checkoutCases.map(
      ([, change]) => checkoutFormSchema.safeParse({ ...checkoutForm, ...change }).success,
    );
    expect(verdicts.filter(Boolean).length).toBeGreaterThanOrEqual(6);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(12);
  });
});

const profileForm = {
  firstName: 'Bruno',
  lastName: 'Petit',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  country: 'France',
  dateOfBirth: '',
};

describe('profile: the form and account.updateProfile agree', () => {
  it.each<[string, Partial<typeof profileForm>]>([
    ['an international phone', { phone: '+44 20 7946 0958' }],
    ['a French phone', { phone: '02 32 00 00 00' }],
    ['no phone (optional here)', { phone: '' }],
    ['a bad phone', { phone: '06 12 34 56' }],
    ['a first name over the limit', { firstName: long(NAME_MAX + 1) }],
    ['an empty last name', { lastName: '' }],
    ['an address over the limit', { address: long(ADDRESS_MAX + 1) }],
    ['a 4-digit postal code', { postalCode: '2700' }],
  ])('%s', async (_name, change) => {
    const values = { ...profileForm, ...change };
    const form = formVerdict(profileSchema, values);
    const server = await serverVerdict(() => shop.as('customerB').account.updateProfile(values));
    expect(server).toEqual(form);
  });
});

describe('contact: the form and contact.send agree', () => {
  const request = {
    name: 'Paul Leroy',
    email: 'paul@example.fr',
    phone: '06 12 34 56 78',
    service: 'frelon',
    message: 'Un nid sous le toit.',
  };
  it.each<[string, Partial<Record<keyof typeof request, string>>]>([
    ['an international phone', { phone: '+44 20 7946 0958' }],
    ['a bad phone', { phone: '123' }],
    ['a bad email', { email: 'paul@' }],
    ['no name', { name: ' ' }],
  ])('%s', async (_name, change) => {
    const values = { ...request, ...change };
    const form = formVerdict(contactRequestSchema, values);
    const server = await serverVerdict(() =>
      shop.as('anonymous').contact.send(values as z.input<typeof contactRequestSchema>),
    );
    expect(server).toEqual(form);
  });
});

describe('the profile feeds the checkout', () => {
  it("a profile with '+44 20 7946 0958', then checkout with the prefilled phone, succeeds", async () => {
    const bruno = shop.as('customerB');
    await bruno.account.updateProfile({ ...profileForm, phone: '+44 20 7946 0958' });
    const profile = await bruno.account.profile();
    expect(profile.phone).toBe('+442079460958');
    // What the checkout page puts in the field from the profile (routes/checkout.tsx).
    const prefilled = { ...checkoutForm, email: profile.email, phone: formatPhone(profile.phone ?? '') };
    expect(formVerdict(checkoutFormSchema, prefilled)).toEqual({ ok: true });
    const placed = await bruno.checkout.place({
      ...prefilled,
      lines: [{ productId, quantity: 1 }],
      idempotencyKey: randomUUID(),
    });
    const [row] = await shop.sql<{ phone: string; customerId: string }[]>`
      select shipping_address ->> 'phone' as phone, customer_id from orders where id = ${placed.id}`;
    expect(row).toEqual({ phone: '+442079460958', customerId: shop.users.customerB.id });
  });

  it('the phone message is the one rule’s message everywhere', () => {
    const messages = [
      formVerdict(checkoutFormSchema, { ...checkoutForm, phone: '123' }),
      formVerdict(profileSchema, { ...profileForm, phone: '123' }),
    ].map((v) => (v.ok ? null : v.fields.phone));
    expect(messages).toEqual([PHONE_MESSAGE, PHONE_MESSAGE]);
  });
});
