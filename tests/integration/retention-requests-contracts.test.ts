/*
 * How long an intervention requester's record and a yearly contract's customer record are kept
 * when no account holds them (ADR 020; CNIL's customer-data referential, LEGAL.md: 3 years after
 * the last purchase or contact): the request's, 36 months after its last contact (the Paris day of
 * its stream's last event); the contract's, 36 months after its end (the day after its last day).
 * The boundary is pinned on Paris days with the job's clock just either side of a Paris midnight,
 * when the UTC date is still the day before: the day before, kept; the day itself, erased. An
 * ended contract whose invoice is not paid in full is kept until it is (ADR 046).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractInputSchema } from '../../src/domain/contracts/contract.js';
import { DEFAULT_RETENTION } from '../../src/domain/privacy/retention.js';
import type { Services } from '../../src/server/context.js';
import {
  issueDueContractInvoices,
  readContract,
  recordContractPayment,
  signContract,
} from '../../src/server/contracts/commands.js';
import { replayContracts } from '../../src/server/contracts/replay.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { dueForRetention, runRetention } from '../../src/server/privacy/retention.js';
import { readSettings } from '../../src/server/settings/store.js';
import { createTestDatabase, createTestServices, createUser, type TestDatabase } from '../support/db.js';
import { SELLER } from '../support/invoices.js';

let db: TestDatabase;
let services: Services;
let prospect: string;
let accountRequest: string;
let ended: string;
let running: string;
let unpaid: string;
let unpaidInvoice: string;
const admin = (at: string) => ({ ...meta(at), actor: { kind: 'admin' as const, userId: 'admin-1' } });

const meta = (at: string) => ({
  actor: { kind: 'guest' as const },
  at: new Date(at).toISOString(),
  requestId: `test:${at}`,
});

const request = (email: string) => ({
  name: 'Paul Prospect',
  email,
  phone: '+33612345678',
  service: 'deratisation' as const,
  siteType: 'logement_ancien' as const,
  street: '9 rue du Moulin',
  zipCode: '27400',
  city: 'Louviers',
  urgency: 'flexible' as const,
  preferredSlots: ['matin' as const],
  message: 'Des souris au grenier',
  callbackConsent: true,
});

async function insertSite() {
  const [site] = await db.sql<{ id: string }[]>`
    insert into sites (id, customer_id, name, street, zip_code, city, site_type)
    values (gen_random_uuid(), null, 'Maison', '9 rue du Moulin', '27400', 'Louviers', 'logement_ancien')
    returning id`;
  return site!.id;
}

const household = async (tacitRenewal: boolean, customerId?: string) =>
  (
    await signContract(
      db.sql,
      contractInputSchema.parse({
        siteId: await insertSite(),
        ...(customerId ? { customerId } : {}),
        customer: {
          name: 'Hélène Contrat',
          email: `contrat-${tacitRenewal}@example.fr`,
          street: '9 rue du Moulin',
          zipCode: '27400',
          city: 'Louviers',
        },
        customerKind: 'particulier',
        conclusionMode: 'a_distance',
        signedOnline: true,
        pests: ['rongeurs'],
        visitsPerYear: 2,
        yearlyPriceExclCents: 18_000,
        billingRhythm: 'yearly',
        startDate: '2023-01-01',
        termMonths: 12,
        tacitRenewal,
        noticeMonths: 1,
      }),
      { ...meta('2022-12-01T10:00:00+01:00'), actor: { kind: 'admin', userId: 'admin-1' } },
      {
        publicUrl: services.config.PUBLIC_URL,
        secret: services.config.AUTH_SECRET,
        settings: (await readSettings(db.sql)).settings,
      },
    )
  ).state!.id;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  // Last contact at 00:30 in Paris on 15 June 2023 (22:30 UTC on the 14th): due 15 June 2026.
  prospect = (
    await openIntervention(db.sql, request('prospect@example.fr'), {
      meta: meta('2023-06-15T00:30:00+02:00'),
      source: 'form',
      customerId: null,
    })
  ).state!.id;
  // The same, made from an account: it goes with the account (its own rule), not by this one.
  const user = await createUser(services);
  accountRequest = (
    await openIntervention(db.sql, request(user.email), {
      meta: meta('2023-06-15T00:30:00+02:00'),
      source: 'form',
      customerId: user.id,
    })
  ).state!.id;
  // Ended on 31 December 2023 (no tacit renewal): due 1 January 2027. The other renews: kept.
  ended = await household(false);
  running = await household(true);
  // Ended on the same day, its 2023 invoice not paid in full.
  await saveIdentity(db.sql, SELLER, null);
  unpaid = await household(false);
  [unpaidInvoice] = (await issueDueContractInvoices(db.sql, unpaid, {
    meta: admin('2023-01-02T10:00:00+01:00'),
    config: services.config,
    clock: async () => new Date('2023-01-02T10:00:00+01:00'),
  })) as [string];
}, 120_000);
afterAll(async () => {
  await db.drop();
});

const due = async (now: string) =>
  (await dueForRetention(db.sql, DEFAULT_RETENTION, new Date(now), null))
    .filter((i) => i.rule === 'intervention-request' || i.rule === 'contract-customer')
    .map((i) => `${i.rule} ${i.id}`);

const erasedAt = async (id: string, type: string) =>
  (
    await db.sql<{ erasedAt: Date | null }[]>`
      select erased_at from personal_records where stream_id = ${id} and event_type = ${type}`
  )[0]?.erasedAt;

describe('an intervention request without an account: 36 months after the last contact', () => {
  it('the period is 36 months', () => {
    expect(DEFAULT_RETENTION.interventionRequestMonths).toBe(36);
  });

  it('on 14 June 2026 in Paris (23:30), kept; on the 15th (00:30, still the 14th in UTC), due', async () => {
    expect(await due('2026-06-14T23:30:00+02:00')).toEqual([]);
    expect(await due('2026-06-15T00:30:00+02:00')).toEqual([`intervention-request ${prospect}`]);
  });

  it('the job erases the prospect’s record, not the account’s', async () => {
    await runRetention(db.sql, {
      dryRun: false,
      now: new Date('2026-06-15T00:30:00+02:00'),
      mailDir: null,
      shopName: 'Boutique',
    });
    expect(await erasedAt(prospect, 'InterventionRequested')).toBeInstanceOf(Date);
    expect(await erasedAt(accountRequest, 'InterventionRequested')).toBeNull();
    const [row] = await db.sql<{ name: string }[]>`
      select name from interventions where id = ${prospect}`;
    expect(row?.name).toBe('Client supprimé');
  });
});

describe('a contract’s customer without an account: 36 months after the contract’s end', () => {
  it('the period is 36 months', () => {
    expect(DEFAULT_RETENTION.contractMonths).toBe(36);
  });

  it('on 31 December 2026 in Paris (23:30), kept; on 1 January 2027 (00:30, still 2026 in UTC), due', async () => {
    expect(await due('2026-12-31T23:30:00+01:00')).toEqual([]);
    expect(await due('2027-01-01T00:30:00+01:00')).toEqual([`contract-customer ${ended}`]);
  });

  it('the job erases the ended contract’s customer, keeps the renewing one’s, and the replay agrees', async () => {
    await runRetention(db.sql, {
      dryRun: false,
      now: new Date('2027-01-01T00:30:00+01:00'),
      mailDir: null,
      shopName: 'Boutique',
    });
    expect(await erasedAt(ended, 'ContractSigned')).toBeInstanceOf(Date);
    expect(await erasedAt(running, 'ContractSigned')).toBeNull();
    expect((await readContract(db.sql, ended))!.customer.name).toBe('Client supprimé');
    expect((await readContract(db.sql, running))!.customer.name).toBe('Hélène Contrat');
    expect((await replayContracts(db.sql)).differences).toEqual([]);
  });
});

describe('an ended contract whose money is open (ADR 046)', () => {
  it('is kept while its invoice owes one cent, and due once it is paid', async () => {
    expect(await erasedAt(unpaid, 'ContractSigned')).toBeNull();
    const pay = (amountCents: number) =>
      recordContractPayment(
        db.sql,
        unpaid,
        { invoiceNumber: unpaidInvoice, amountCents, method: 'transfer', day: '2023-02-01' },
        admin('2023-02-01T10:00:00+01:00'),
      );
    await pay(19_799);
    expect(await due('2027-01-01T00:30:00+01:00')).toEqual([]);
    await pay(1);
    expect(await due('2027-01-01T00:30:00+01:00')).toEqual([`contract-customer ${unpaid}`]);
  });
});

describe('an account whose ended contract still owes (ADR 046)', () => {
  it('is no inactive account while the invoice owes one cent, and is one once it is paid', async () => {
    const user = await createUser(services);
    const id = await household(false, user.id);
    const [invoice] = (await issueDueContractInvoices(db.sql, id, {
      meta: admin('2023-01-02T10:00:00+01:00'),
      config: services.config,
      clock: async () => new Date('2023-01-02T10:00:00+01:00'),
    })) as [string];
    // Years after the account's last activity: warned, unless a contract of it still owes.
    const inactive = async () =>
      (await dueForRetention(db.sql, DEFAULT_RETENTION, new Date('2031-01-01T12:00:00Z'), null)).some(
        (i) => i.id === user.id,
      );
    const pay = (amountCents: number) =>
      recordContractPayment(
        db.sql,
        id,
        { invoiceNumber: invoice, amountCents, method: 'transfer', day: '2023-02-01' },
        admin('2023-02-01T10:00:00+01:00'),
      );
    await pay(19_799);
    expect(await inactive()).toBe(false);
    await pay(1);
    expect(await inactive()).toBe(true);
  });
});
