/**
 * A yearly contract's personal data (ADR 020, ADR 044; issue 38's last RGPD gap) on real PostgreSQL:
 * « Télécharger mes données » lists the customer's contracts with their invoices as issued; deleting
 * the account is refused while they run (ADR 046); erasing it (as before that rule) erases the
 * contract's identity and the address its Chatel notice went to (records
 * nulled, the read row « Client supprimé »), keeps the contract's invoices under the legal hold
 * (staff only, the signed link gives nothing), erases the household's home site but not the
 * business's premises, and leaves the log untouched: it verifies, and the replay rebuilds the same
 * rows. The public verification page of the customer's sealed report stops naming the town.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractFormInput, contractInputSchema } from '../../src/domain/contracts/contract.js';
import { parisDay } from '../../src/domain/site/time-zone.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { revokeSessions } from '../../src/server/auth/session-revocation.js';
import type { Services } from '../../src/server/context.js';
import { readContract, signContract, sweepContracts } from '../../src/server/contracts/commands.js';
import { contractToken } from '../../src/server/contracts/contract-link.js';
import { replayContracts } from '../../src/server/contracts/replay.js';
import type { AppointmentMailing } from '../../src/server/interventions/appointments.js';
import { recordInterventionPayment } from '../../src/server/interventions/invoice.js';
import { verifyReportCode } from '../../src/server/interventions/reports.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { isHeld } from '../../src/server/invoices/queries.js';
import { ownErasureBlocker } from '../../src/server/privacy/accounts.js';
import { eraseSubject } from '../../src/server/privacy/erase.js';
import { exportCustomerData } from '../../src/server/privacy/export.js';
import { readSettings } from '../../src/server/settings/store.js';
import { createSite } from '../../src/server/sites/commands.js';
import {
  callerAs,
  createTestDatabase,
  createTestServices,
  createUser,
  type TestDatabase,
} from '../support/db.js';
import { type InvoicedIntervention, invoicedIntervention } from '../support/intervention-documents.js';
import { SELLER } from '../support/invoices.js';
import { whereFoundOutsideLegalHold } from '../support/personal-data-search.js';

let db: TestDatabase;
let services: Services;
let mailing: AppointmentMailing & { config: Services['config'] };
let claire: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let home: string;
let bistrot: string;
let householdId: string;
let restaurantId: string;
let invoiceNumber: string;
let report: InvoicedIntervention;
let shortCode: string;

const IDENTITY = {
  name: 'Claire Durand',
  street: '7 impasse des Mésanges',
  zipCode: '27000',
  city: 'Évreux',
};
const meta = (at: string) => ({
  actor: { kind: 'admin' as const, userId: 'admin-1' },
  at,
  requestId: `test:${at}`,
});
const actor = () => ({ id: admin.id, email: admin.email });

const contract = (siteId: string, over: Partial<ContractFormInput>): ContractFormInput => ({
  siteId,
  customerId: claire.id,
  customer: { ...IDENTITY, email: claire.email },
  customerKind: 'particulier',
  conclusionMode: 'a_distance',
  signedOnline: true,
  pests: ['rongeurs'],
  visitsPerYear: 2,
  yearlyPriceExclCents: 18_000,
  billingRhythm: 'yearly',
  startDate: '2027-01-01',
  termMonths: 12,
  tacitRenewal: true,
  noticeMonths: 1,
  ...over,
});

const sign = async (input: ContractFormInput) =>
  (await signContract(db.sql, contractInputSchema.parse(input), meta('2026-12-10T09:00:00.000Z'), mailing))
    .state!.id;
const sweep = (iso: string) =>
  sweepContracts(db.sql, mailing, { now: new Date(iso), clock: async () => new Date(iso) });

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  await saveIdentity(db.sql, SELLER, null);
  mailing = {
    publicUrl: services.config.PUBLIC_URL,
    secret: services.config.AUTH_SECRET,
    settings: (await readSettings(db.sql)).settings,
    config: services.config,
  };
  admin = await createUser(services, { role: 'admin' });
  claire = await createUser(services, { firstName: 'Claire', lastName: 'Durand' });
  // Her home (a house, hers), and the restaurant she manages (a business's premises).
  home = (
    await createSite(
      db.sql,
      { customerId: claire.id, ...IDENTITY, name: 'Maison Durand', siteType: 'logement_ancien' },
      actor(),
    )
  ).id;
  bistrot = (
    await createSite(
      db.sql,
      {
        customerId: claire.id,
        name: 'Le Bistrot du Port',
        street: '12 quai de Seine',
        zipCode: '27100',
        city: 'Val-de-Reuil',
        siteType: 'restauration',
      },
      actor(),
    )
  ).id;
  householdId = await sign(contract(home, {}));
  restaurantId = await sign(
    contract(bistrot, {
      customerKind: 'professionnel',
      headcount: 12,
      activity: 'Restauration',
      withinMainActivity: false,
      conclusionMode: 'en_etablissement',
      signedOnline: false,
      billingRhythm: 'quarterly',
      customer: {
        ...IDENTITY,
        email: claire.email,
        companyName: 'Le Bistrot du Port SARL',
        siren: '552100554',
      },
    }),
  );
  // The year's invoice (1 January 2027), then the Chatel notice (1 September 2027).
  invoiceNumber = (await sweep('2027-01-01T07:00:00.000Z')).invoices[0]!;
  expect((await sweep('2027-09-01T10:00:00.000Z')).notices).toBe(1);
  // A sealed report of hers, paid, at another address.
  const technician = await createUser(services, {
    role: 'technician',
    firstName: 'Théo',
    lastName: 'Martin',
  });
  report = await invoicedIntervention(
    db.sql,
    { id: claire.id, email: claire.email, name: IDENTITY.name },
    services.config,
    { id: technician.id, name: 'Théo Martin' },
  );
  await recordInterventionPayment(
    db.sql,
    report.id,
    { amountCents: report.totalInclCents, method: 'cheque', day: parisDay(new Date()) },
    { actor: { kind: 'admin', userId: admin.id }, at: new Date().toISOString(), requestId: 'test:pay' },
  );
  const [doc] = await db.sql<{ shortCode: string }[]>`
    select short_code from report_documents where report_number = ${report.reportNumber} and addendum = 0`;
  shortCode = doc!.shortCode;
}, 180_000);
afterAll(async () => {
  await db.drop();
});

describe('before the erasure', () => {
  it('« Télécharger mes données » lists her contracts, as signed, with their invoices as issued', async () => {
    const archive = await exportCustomerData(db.sql, claire.id);
    const json = archive!.json as {
      contracts?: {
        number: string;
        signed: { customer: { name: string; street: string } };
        site: { name: string } | null;
        history: { type: string; data: { to?: string } }[];
        invoices: { number: string; file: string }[];
      }[];
    };
    const numbers = [householdId, restaurantId].map(async (id) => (await readContract(db.sql, id))!.number);
    expect(json.contracts?.map((c) => c.number)).toEqual(await Promise.all(numbers));
    const household = json.contracts![0]!;
    expect(household.signed.customer).toMatchObject({ name: IDENTITY.name, street: IDENTITY.street });
    expect(household.site?.name).toBe('Maison Durand');
    expect(household.history.find((e) => e.type === 'ChatelNoticeSent')?.data.to).toBe(claire.email);
    const invoice = household.invoices.find((i) => i.number === invoiceNumber);
    expect(invoice?.file).toBe(`factures/facture-${invoiceNumber}.pdf`);
    const files = unzipSync(archive!.zip);
    expect(strFromU8(files[invoice!.file]!.subarray(0, 5))).toBe('%PDF-');
  });

  it('the verification page shows the town and use of the site, no name nor street', async () => {
    const view = await verifyReportCode(db.sql, '203.0.113.1', shortCode);
    expect(view).toMatchObject({ town: 'Louviers', siteLabel: 'Logement de plus de 2 ans' });
    expect(JSON.stringify(view)).not.toContain(IDENTITY.name);
    expect(JSON.stringify(view)).not.toContain('rue des Lilas');
  });

  it('the notice’s address is in a record, not in the log', async () => {
    const [stored] = await db.sql<{ data: Record<string, unknown> }[]>`
      select data from events where stream_id = ${householdId} and type = 'ChatelNoticeSent'`;
    expect(stored!.data.to).toBeUndefined();
    expect(stored!.data.personal).toBeDefined();
  });
});

describe('« Supprimer mon compte »', () => {
  it('is refused while her contracts run, naming them (ADR 046)', async () => {
    const numbers = await Promise.all(
      [householdId, restaurantId].map(async (id) => (await readContract(db.sql, id))!.number),
    );
    const refusal = `Votre compte ne peut pas encore être supprimé : vos contrats ${numbers[0]} (en cours), ${numbers[1]} (en cours) ne sont pas terminés.`;
    await expect(
      callerAs(services, claire).account.deleteAccount({ password: claire.password, confirm: true }),
    ).rejects.toThrow(refusal);
    expect(await ownErasureBlocker(services, claire.id)).toContain(refusal);
  });

  it('erases the contracts’ identity and keeps their invoices under the legal hold', async () => {
    // Erased as an account was before ADR 046 refused it while a contract runs: the state the
    // sweep still meets in data of that time (the contracts dormant, below).
    await db.sql.begin(async (tx) => {
      await revokeSessions(tx, claire.id);
      await eraseSubject(
        tx,
        { userId: claire.id, emails: [claire.email], accountEmail: claire.email, guestOrderIds: [] },
        { reason: 'customer-request', actor: { kind: 'user', userId: claire.id }, requestId: 'test:erase' },
      );
    });
    // The invoice is kept as issued, and held: staff only from now on.
    expect(await isHeld(db.sql, householdId)).toBe(true);
    const [kept] = await db.sql`select 1 from invoice_documents where number = ${invoiceNumber}`;
    expect(kept).toBeDefined();
    const records = await db.sql<{ eventType: string; fields: unknown; erasedAt: Date | null }[]>`
      select event_type, fields, erased_at from personal_records
       where stream_id = any(${[householdId, restaurantId]}::uuid[])`;
    expect(records.map((r) => r.eventType).sort()).toEqual([
      'ChatelNoticeSent',
      'ContractSigned',
      'ContractSigned',
    ]);
    for (const r of records) expect(r).toMatchObject({ fields: null, erasedAt: expect.any(Date) });
    const rows = await db.sql<{ customerName: string; customerEmail: string; notices: { to: string }[] }[]>`
      select customer_name, customer_email, notices from service_contracts where id = ${householdId}`;
    expect(rows[0]).toMatchObject({ customerName: 'Client supprimé', customerEmail: '' });
    expect(rows[0]!.notices.map((n) => n.to)).toEqual(['']);
  });

  it('leaves her name, email and address nowhere but the invoices’ and reports’ sealed documents', async () => {
    const held = ['InvoiceIssued', 'CreditNoteIssued', 'ReportSealed', 'ReportAddendumSealed'];
    for (const needle of [IDENTITY.name, claire.email, IDENTITY.street])
      expect(await whereFoundOutsideLegalHold(db.sql, needle, held), needle).toEqual([]);
  });

  it('erases her home’s name and address (its trail too), not the restaurant’s premises', async () => {
    const sites = await db.sql<
      { id: string; name: string; street: string; city: string; archived: boolean }[]
    >`
      select id, name, street, city, archived_at is not null as archived from sites order by name`;
    expect(sites.find((s) => s.id === home)).toMatchObject({
      name: 'Site supprimé',
      street: '',
      city: '',
      archived: true,
    });
    expect(sites.find((s) => s.id === bistrot)).toMatchObject({
      name: 'Le Bistrot du Port',
      street: '12 quai de Seine',
      archived: false,
    });
    const trail = await db.sql<{ siteId: string; detail: unknown }[]>`
      select site_id, detail from site_changes where action = 'site_created' order by id`;
    expect(trail.find((t) => t.siteId === home)?.detail).toEqual({ erased: true });
    expect(trail.find((t) => t.siteId === bistrot)?.detail).toMatchObject({ name: 'Le Bistrot du Port' });
    // The trail refuses any other change, as before.
    await expect(db.sql`update site_changes set detail = '{}' where site_id = ${bistrot}`).rejects.toThrow(
      'site_changes is append-only',
    );
    await expect(db.sql`delete from site_changes where site_id = ${home}`).rejects.toThrow(
      'site_changes is append-only',
    );
  });

  it('leaves the erased contracts dormant: the sweep renews, plans, notifies and invoices nothing', async () => {
    const versions = async () =>
      Promise.all([householdId, restaurantId].map(async (id) => (await readContract(db.sql, id))!.version));
    const before = await versions();
    expect(await sweep('2028-01-02T07:00:00.000Z')).toEqual({
      renewed: 0,
      planned: 0,
      notices: 0,
      invoices: [],
    });
    expect(await versions()).toEqual(before);
  });

  it('staff still read the contract’s invoice as issued; the signed link gives nothing', async () => {
    const staff = await callerAs(services, admin).contracts.invoicePdf({
      contractId: householdId,
      number: invoiceNumber,
    });
    expect(Buffer.from(staff.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const token = contractToken(services.config.AUTH_SECRET, householdId);
    const guest = callerAs(services, null);
    expect(await guest.contracts.byToken({ token })).toEqual([]);
    await expect(
      guest.contracts.tokenPdf({ token, contractId: householdId, number: invoiceNumber }),
    ).rejects.toThrow('Contrat introuvable.');
  });

  it('the verification page still verifies the report, without the town', async () => {
    const view = await verifyReportCode(db.sql, '203.0.113.2', shortCode);
    expect(view).toMatchObject({
      number: report.reportNumber,
      town: null,
      siteLabel: 'Logement de plus de 2 ans',
    });
    expect(JSON.stringify(view)).not.toContain('Louviers');
  });

  it('touches no event: the log verifies and the replay rebuilds the same rows, « Client supprimé »', async () => {
    const result = await verifyDatabase(db.sql, 'audit-test-key-0123456789');
    expect(result.problems ?? []).toEqual([]);
    expect(result.ok).toBe(true);
    expect((await replayContracts(db.sql)).differences).toEqual([]);
    expect((await readContract(db.sql, householdId))!.customer.name).toBe('Client supprimé');
    expect((await readContract(db.sql, householdId))!.notices[0]!.to).toBe('');
    await db.sql`update service_contracts set customer_name = 'Claire Durand' where id = ${householdId}`;
    expect((await replayContracts(db.sql)).differences).toMatchObject([{ id: householdId, kind: 'changed' }]);
    await replayContracts(db.sql, { apply: true });
    expect((await replayContracts(db.sql)).differences).toEqual([]);
  });
});
