/**
 * Yearly contracts (issue 38 point 2, docs/decisions/044-yearly-contracts.md) on real PostgreSQL,
 * through the real commands and an injected clock: a restaurant's contract (6 visits, quarterly)
 * planned on weekdays, its quarterly invoice issued once when the period starts (FA series, stored
 * PDF, mailed; the documents' audit clean), a planned visit confirmed into an intervention with
 * its appointment; a household contract's Chatel notice sent inside its window only, once, with the
 * deadline boxed; the online termination, refused in French when not signed online.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractFormInput } from '../../src/domain/contracts/contract.js';
import { addDays } from '../../src/domain/dashboard/periods.js';
import type { Services } from '../../src/server/context.js';
import {
  confirmPlannedVisit,
  issueDueContractInvoices,
  readContract,
  renewAndPlan,
  sweepContracts,
  terminateContract,
} from '../../src/server/contracts/commands.js';
import { contractToken } from '../../src/server/contracts/contract-link.js';
import {
  contractDetail,
  foldContracts,
  listContracts,
  visitsToConfirm,
} from '../../src/server/contracts/queries.js';
import { replayContracts } from '../../src/server/contracts/replay.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { verifyDocuments } from '../../src/server/invoices/verify.js';
import { siteToken } from '../../src/server/sites/site-link.js';
import {
  type ContractMailing,
  clockAt,
  contractMailing,
  contractMeta,
  householdContract,
  insertContractSite,
  restaurantContract,
  signTestContract,
} from '../support/contracts.js';
import { callerAs, createTestDatabase, createTestServices, type TestDatabase } from '../support/db.js';
import { SELLER } from '../support/invoices.js';
import { createTechnician } from '../support/technicians.js';

const config = { PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: 'contract-test-secret-0123456789abcdef' };
let db: TestDatabase;
let services: Services;
let mailing: ContractMailing;

const insertSite = (siteType: string, name = 'Le Bistrot du Port') =>
  insertContractSite(db.sql, siteType, name);
const meta = contractMeta;
const restaurant = restaurantContract;
const household = householdContract;
const sign = (input: ContractFormInput, at?: string) => signTestContract(db.sql, input, mailing, at);

const mails = (kind: string) =>
  db.sql<{ toAddress: string; subject: string; textBody: string; htmlBody: string }[]>`
    select to_address, subject, text_body, html_body from mail_outbox where kind = ${kind} order by id`;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db, config);
  await saveIdentity(db.sql, SELLER, null);
  mailing = await contractMailing(db.sql, config);
});
afterAll(async () => {
  await db.drop();
});

describe('a restaurant’s contract: 6 visits a year, billed quarterly', () => {
  let id: string;

  it('is signed with its number, its site’s VAT rate and the first year’s visits on weekdays', async () => {
    const siteId = await insertSite('restauration');
    const { state } = await sign(restaurant(siteId));
    id = state!.id;
    expect(state!.number).toMatch(/^CT-2026-\d{6}$/);
    expect(state!.vatRate).toBe(20);
    // 12 employees, in its establishment: no consumer rules.
    expect(state!.consumerRules).toBe(false);
    const visits = await db.sql<{ day: string }[]>`
      select to_char(day, 'YYYY-MM-DD') as day from contract_visits where contract_id = ${id} order by day`;
    expect(visits).toHaveLength(6);
    for (const v of visits) expect([0, 6]).not.toContain(new Date(`${v.day}T12:00:00Z`).getUTCDay());
    const [row] =
      await db.sql`select number, customer_name, term_end::text, deadline::text from service_contracts where id = ${id}`;
    expect(row).toMatchObject({
      customerName: 'Le Bistrot du Port SARL',
      termEnd: '2028-01-01',
      deadline: '2027-12-01',
    });
    // Mailed with the signature: the signed links of the contract and of its site (/contrat, /site).
    const signedMails = (await mails('contract-signed')).filter((m) => m.toAddress === 'bistrot@example.fr');
    expect(signedMails).toHaveLength(1);
    const signedMail = signedMails[0]!;
    expect(signedMail.subject).toBe(`Votre contrat ${state!.number}`);
    const contractUrl = `${config.PUBLIC_URL}/contrat/${contractToken(config.AUTH_SECRET, id)}`;
    const siteUrl = `${config.PUBLIC_URL}/site/${siteToken(config.AUTH_SECRET, siteId)}`;
    for (const body of [signedMail.textBody, signedMail.htmlBody]) {
      expect(body).toContain(contractUrl);
      expect(body).toContain(siteUrl);
    }
    expect(signedMail.textBody).toContain('Sur la page de votre site « Le Bistrot du Port »');
  });

  it('issues the quarter’s invoice when the quarter starts, once, whatever runs the sweep', async () => {
    const before = await sweepContracts(db.sql, mailing, { now: new Date('2026-12-31T12:00:00.000Z') });
    expect(before.invoices).toEqual([]);
    const now = new Date('2027-01-01T07:00:00.000Z');
    const clock = clockAt(now.toISOString());
    const [first, second] = await Promise.all([
      sweepContracts(db.sql, mailing, { now, clock }),
      sweepContracts(db.sql, mailing, { now, clock }),
    ]);
    const numbers = [...first!.invoices, ...second!.invoices];
    expect(numbers).toHaveLength(1);
    expect(numbers[0]).toMatch(/^FA-2027-\d{6}$/);
    expect((await sweepContracts(db.sql, mailing, { now, clock })).invoices).toEqual([]);
    const state = await readContract(db.sql, id);
    expect(state!.invoices).toMatchObject([
      { yearIndex: 0, periodIndex: 0, from: '2027-01-01', to: '2027-03-31' },
    ]);
    // 120 001 cents a year: 30 000 a quarter (the last one takes 30 001), 20 % VAT.
    expect(state!.invoices[0]!.totalInclCents).toBe(36_000);
    const [pdf] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${numbers[0]!}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
    writeFileSync(path.join(dir, 'f.pdf'), pdf!.pdf);
    const text = execFileSync('pdftotext', ['-raw', path.join(dir, 'f.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/[\u00a0\u202f\s]+/g, ' ');
    expect(text).toContain(`Contrat ${state!.number}`);
    expect(text).toContain('Période facturée : du 01/01/2027 au 31/03/2027');
    expect(text).toContain('Le Bistrot du Port SARL');
    expect(text).toMatch(/360,00 €/);
    const [mail] = (await mails('invoice')).filter((m) => m.subject.includes(numbers[0]!));
    expect(mail?.toAddress).toBe('bistrot@example.fr');
    expect(mail?.subject).toContain(`contrat ${state!.number}`);
    // The FA series stays gapless and chronological with the contract's invoices in it.
    expect((await verifyDocuments(db.sql)).problems).toEqual([]);
    // « Facturer » with nothing due: nothing issued.
    expect(
      await issueDueContractInvoices(db.sql, id, { meta: meta(now.toISOString()), config, clock }),
    ).toEqual([]);
  });

  it('confirms a planned visit into an intervention of the contract with its appointment', async () => {
    const technician = await createTechnician(services, { firstName: 'Luc', lastName: 'Terrain' }, null);
    const state = await readContract(db.sql, id);
    const day = state!.visits[1]!.day;
    const done = await confirmPlannedVisit(
      db.sql,
      id,
      day,
      { technicianId: technician.id, time: '09:00', durationMinutes: 60 },
      meta('2027-01-05T09:00:00.000Z'),
      mailing,
    );
    const [intervention] = await db.sql`
      select source, site_id::text, service_contract_id::text from interventions where id = ${done.interventionId}`;
    expect(intervention).toMatchObject({ source: 'contract', siteId: state!.siteId, serviceContractId: id });
    const [appointment] = await db.sql`select status from appointments where id = ${done.appointmentId}`;
    expect(appointment).toBeDefined();
    const [visit] =
      await db.sql`select intervention_id::text from contract_visits where contract_id = ${id} and day = ${day}`;
    expect(visit?.interventionId).toBe(done.interventionId);
    await expect(
      confirmPlannedVisit(
        db.sql,
        id,
        day,
        { technicianId: technician.id, time: '11:00', durationMinutes: 60 },
        meta('2027-01-05T10:00:00.000Z'),
        mailing,
      ),
    ).rejects.toThrow('Cette visite est déjà confirmée.');
    const [{ count }] =
      (await db.sql`select count(*)::int from interventions where service_contract_id = ${id}`) as never as [
        { count: number },
      ];
    expect(count).toBe(1);
  });

  it('shows a past unconfirmed visit « En retard » (Paris midnight) and replans it on another day', async () => {
    const technician = await createTechnician(services, { firstName: 'Léa', lastName: 'Retard' }, null);
    const visit = (await readContract(db.sql, id))!.visits.find((v) => !v.interventionId)!;
    const next = addDays(visit.day, 1);
    const planned = async (today: string) =>
      (await visitsToConfirm(db.sql, visit.day, visit.day, today)).find((r) => r.contractId === id);
    expect((await planned(visit.day))?.late).toBe(false);
    expect((await planned(next))?.late).toBe(true);
    // A week later, the week that holds today lists it among the earlier weeks' late visits; a week
    // that does not hold today lists only its own days.
    const laterWeek = addDays(visit.day, 7);
    const week = (today: string) => visitsToConfirm(db.sql, laterWeek, addDays(laterWeek, 6), today);
    expect((await week(laterWeek)).find((r) => r.contractId === id && r.day === visit.day)?.late).toBe(true);
    expect((await week(next)).find((r) => r.contractId === id && r.day === visit.day)).toBeUndefined();
    const late = async (today: string) =>
      (await contractDetail(db.sql, id, today)).visits.find((v) => v.day === visit.day)?.late;
    expect(await late(visit.day)).toBe(false);
    expect(await late(next)).toBe(true);
    // Replanned a week later: the appointment on that day, the planned visit confirmed, no longer late.
    const replanned = addDays(next, 6);
    const done = await confirmPlannedVisit(
      db.sql,
      id,
      visit.day,
      { technicianId: technician.id, day: replanned, time: '10:00', durationMinutes: 60 },
      meta(`${next}T08:00:00.000Z`),
      mailing,
    );
    const [appointment] = await db.sql<{ day: string }[]>`
      select to_char(starts_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as day
        from appointments where id = ${done.appointmentId}`;
    expect(appointment?.day).toBe(replanned);
    expect(await late(next)).toBe(false);
    expect(await planned(next)).toBeUndefined();
  });

  it('replays into the same read tables', async () => {
    const report = await replayContracts(db.sql);
    expect(report.differences).toEqual([]);
    expect(report.contracts).toBeGreaterThan(0);
    await db.sql`update service_contracts set renewals = 7 where id = ${id}`;
    expect((await replayContracts(db.sql)).differences).toMatchObject([
      { id, kind: 'changed', columns: ['renewals'] },
    ]);
    await replayContracts(db.sql, { apply: true });
    expect((await replayContracts(db.sql)).differences).toEqual([]);
  });
});

describe('a household contract: the Chatel notice and the online termination', () => {
  it('sends the notice 3 months before the deadline, not a day earlier, once, the deadline in a box', async () => {
    const { state } = await sign(household(await insertSite('logement_ancien', 'Maison Durand')));
    const id = state!.id;
    expect(state!.consumerRules).toBe(true);
    expect(state!.vatRate).toBe(10);
    // Deadline 1 December 2027 (renewal 1 January 2028, one month's notice): window 1 Sept – 1 Nov.
    const at = (iso: string) => ({ now: new Date(iso), clock: clockAt(iso) });
    expect((await sweepContracts(db.sql, mailing, at('2027-08-31T10:00:00.000Z'))).notices).toBe(0);
    expect((await readContract(db.sql, id))!.notices).toEqual([]);
    expect((await sweepContracts(db.sql, mailing, at('2027-09-01T10:00:00.000Z'))).notices).toBe(1);
    expect((await sweepContracts(db.sql, mailing, at('2027-09-01T11:00:00.000Z'))).notices).toBe(0);
    expect((await sweepContracts(db.sql, mailing, at('2027-10-15T11:00:00.000Z'))).notices).toBe(0);
    const notices = (await mails('contract-chatel')).filter((m) => m.toAddress === 'claire@example.fr');
    expect(notices).toHaveLength(1);
    const mail = notices[0]!;
    expect(mail.textBody).toMatch(
      /\+-+\+\n\| Date limite pour refuser la reconduction : +\|\n\| 1 décembre 2027 +\|\n\+-+\+/,
    );
    expect(mail.htmlBody).toMatch(
      /<div style="border:3px solid[^>]*>\s*<p[^>]*>Date limite pour refuser la reconduction :<\/p>\s*<p[^>]*>1 décembre 2027<\/p>/,
    );
    expect((await readContract(db.sql, id))!.notices).toEqual([
      { renewalDay: '2028-01-01', deadline: '2027-12-01', sentOn: '2027-09-01', to: 'claire@example.fr' },
    ]);
  });

  it('is ended online by the customer on its signed link, with the date shown and an acknowledgement', async () => {
    const { state } = await sign(
      household(await insertSite('logement_ancien', 'Maison Leroy'), {
        customer: {
          name: 'Marc Leroy',
          email: 'marc@example.fr',
          street: '5 rue Verte',
          zipCode: '27000',
          city: 'Évreux',
        },
      }),
    );
    const guest = callerAs(services, null);
    const token = contractToken(config.AUTH_SECRET, state!.id);
    const [view] = await guest.contracts.byToken({ token });
    expect(view).toMatchObject({ number: state!.number, signedOnline: true });
    expect(view!.termination).toEqual({ endsOn: '2027-12-31', free: false });
    const done = await guest.contracts.terminateByToken({ token, contractId: state!.id });
    expect(done.endsOn).toBe('2027-12-31');
    const after = await readContract(db.sql, state!.id);
    expect(after!.terminated).toMatchObject({ by: 'customer', online: true, endsOn: '2027-12-31' });
    const [ack] = (await mails('contract-terminated')).filter((m) => m.toAddress === 'marc@example.fr');
    expect(ack?.textBody).toContain('31 décembre 2027');
    // Another contract's id with this link: not found.
    await expect(
      guest.contracts.terminateByToken({
        token: contractToken(config.AUTH_SECRET, randomUUID()),
        contractId: state!.id,
      }),
    ).rejects.toThrow('Contrat introuvable.');
  });

  it('refuses the online termination of a contract not signed online, in French, writing nothing', async () => {
    const { state } = await sign(
      household(await insertSite('logement_neuf', 'Maison Petit'), {
        customer: {
          name: 'Anne Petit',
          email: 'anne@example.fr',
          street: '8 rue Haute',
          zipCode: '27000',
          city: 'Évreux',
        },
        signedOnline: false,
      }),
    );
    const token = contractToken(config.AUTH_SECRET, state!.id);
    await expect(
      callerAs(services, null).contracts.terminateByToken({ token, contractId: state!.id }),
    ).rejects.toThrow('Ce contrat n’a pas été souscrit en ligne : il ne peut pas être résilié en ligne.');
    expect((await readContract(db.sql, state!.id))!.version).toBe(state!.version);
    // The owner ends it with a reason.
    await terminateContract(
      db.sql,
      state!.id,
      { by: 'owner', online: false, reason: 'Déménagement' },
      meta('2027-03-01T09:00:00.000Z'),
      mailing,
    );
    expect((await readContract(db.sql, state!.id))!.terminated?.by).toBe('owner');
  });
});

describe('a free termination (L215-1): the credit note of the period paid ahead', () => {
  it('issues one credit note of the days left, replays the same rows, and nothing on a second termination', async () => {
    const { state } = await sign(
      household(await insertSite('logement_ancien', 'Maison Roux'), {
        customer: {
          name: 'Julie Roux',
          email: 'julie@example.fr',
          street: '2 rue Basse',
          zipCode: '27000',
          city: 'Évreux',
        },
      }),
    );
    const id = state!.id;
    const options = (iso: string) => ({ meta: meta(iso), config, clock: clockAt(iso) });
    await issueDueContractInvoices(db.sql, id, options('2027-12-20T08:00:00.000Z'));
    // Renewed on 1 January 2028 without its Chatel notice: free termination at any time.
    await renewAndPlan(db.sql, id, meta('2028-01-01T08:00:00.000Z'));
    const [invoice] = await issueDueContractInvoices(db.sql, id, options('2028-01-01T08:30:00.000Z'));
    const at = '2028-03-10T10:00:00.000Z';
    const terminate = () =>
      terminateContract(
        db.sql,
        id,
        { by: 'customer', online: true, reason: '' },
        meta(at),
        mailing,
        clockAt(at),
      );
    const { state: ended } = await terminate();
    expect(ended!.terminated).toMatchObject({ endsOn: '2028-03-10', free: true });
    // 180 € HT at 10 %: 198,00 € for 2028 (366 days); 11 March – 31 December left, 296 days.
    const amount = Math.round((19_800 * 296) / 366);
    expect(amount).toBe(16_013);
    const events = await db.sql<
      {
        data: {
          document: { number: string; totalInclCents: number; kind: string; cites: { number: string } };
        };
      }[]
    >`
      select data from events where stream_id = ${id} and type = 'CreditNoteIssued'`;
    expect(events).toHaveLength(1);
    const note = events[0]!.data.document;
    expect(note).toMatchObject({ kind: 'credit_note', totalInclCents: amount, cites: { number: invoice } });
    expect(note.number).toMatch(/^AV-2028-\d{6}$/);
    expect(ended!.credits).toEqual([
      { number: note.number, cites: invoice, totalInclCents: amount, issuedAt: '2028-03-10T10:00:00.000Z' },
    ]);
    const [stored] = await db.sql<{ orderId: string; kind: string }[]>`
      select order_id, kind from invoice_documents where number = ${note.number}`;
    expect(stored).toEqual({ orderId: id, kind: 'credit_note' });
    expect((await mails('credit-note')).some((m) => m.subject.includes(note.number))).toBe(true);
    // Nothing was paid on the invoice: the credit note lowers what it owes (ADR 046).
    expect((await contractDetail(db.sql, id, '2028-03-10')).credits).toEqual(
      ended!.credits.map((c) => ({
        ...c,
        refundedCents: 0,
        refundableCents: 0,
        settled: false,
        refundLabel: `Déduit du reste à payer de la facture ${invoice}`,
      })),
    );
    expect((await verifyDocuments(db.sql)).problems).toEqual([]);
    // The replay folds the same state into the same rows.
    expect((await replayContracts(db.sql)).differences).toEqual([]);
    // A second termination is refused and issues nothing.
    await expect(terminate()).rejects.toMatchObject({ code: 'CONTRACT_TERMINATED' });
    expect(
      (await db.sql`select 1 from events where stream_id = ${id} and type = 'CreditNoteIssued'`).length,
    ).toBe(1);
  });
});

describe('« Contrats »: the list read from the projection', () => {
  // Every contract above: planned, invoiced, noticed, confirmed, terminated online and by the owner.
  const days = [
    '2026-12-31',
    '2027-01-01',
    '2027-03-01',
    '2027-09-02',
    '2027-12-31',
    '2028-01-01',
    '2028-06-01',
  ];
  const fromTheLog = async (today: string) => {
    const states = await foldContracts(db.sql);
    const list = await listContracts(db.sql, today);
    expect(list.map((c) => c.id).sort()).toEqual([...states.keys()].sort());
    return Promise.all(
      list.map(async (row) => {
        const detail = await contractDetail(db.sql, row.id, today);
        return Object.fromEntries(Object.keys(row).map((k) => [k, detail[k as keyof typeof detail]]));
      }),
    );
  };

  it('equals what the fold of every stream gives, whatever the day', async () => {
    for (const today of days) expect(await listContracts(db.sql, today)).toEqual(await fromTheLog(today));
  });

  it('equals it again after the replay rebuilt the read tables', async () => {
    const before = await Promise.all(days.map((d) => listContracts(db.sql, d)));
    await db.sql`update service_contracts set invoices = '[]'::jsonb, notices = '[]'::jsonb, renewals = 3`;
    await db.sql`update contract_visits set intervention_id = null`;
    expect((await replayContracts(db.sql)).differences.length).toBeGreaterThan(0);
    await replayContracts(db.sql, { apply: true });
    expect(await Promise.all(days.map((d) => listContracts(db.sql, d)))).toEqual(before);
    for (const today of days) expect(await listContracts(db.sql, today)).toEqual(await fromTheLog(today));
  });
});
