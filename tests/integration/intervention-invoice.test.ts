/**
 * The invoice from a sealed report (issue 37 point 5, docs/decisions/039-invoice-from-report.md) on
 * real PostgreSQL: a request, a devis and its signature through the existing commands, then the
 * visit and the sealed report, then « Facturer »: an FA number of the one series, lines from the
 * devis pointing to report events, the official e-invoicing rules pass, the register and the ZIP
 * export list it, the intervention is « Facturé ». Payments: off premises, refused until the 8th
 * day (day 7 refused, day 8 accepted, at Paris midnight) with the first allowed date named, unless
 * the urgent exception was recorded; a contract whose mode is unknown gets the strictest rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevisDraft } from '../../src/domain/interventions/devis.js';
import { DEFAULT_TARIFFS } from '../../src/domain/interventions/tariffs.js';
import type { DocumentSnapshot } from '../../src/domain/invoices/document.js';
import { closeThrough, readMovements } from '../../src/server/audit/closures.js';
import { verifyDatabase } from '../../src/server/audit/verify.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { recordOffPremisesSignature, sendDevis } from '../../src/server/interventions/devis.js';
import { invoiceIntervention, recordInterventionPayment } from '../../src/server/interventions/invoice.js';
import { interventionModel } from '../../src/server/interventions/model.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { saveTariffs } from '../../src/server/interventions/tariffs.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { exportDocuments, listDocuments, orderDocuments } from '../../src/server/invoices/queries.js';
import { readModelStream } from '../../src/server/log/stream-commands.js';
import { createTestDatabase, createTestServices, type TestDatabase } from '../support/db.js';
import { compileSets, einvoiceFailures, formatFailures, isFatal } from '../support/einvoice.js';
import { requestFields } from '../support/interventions.js';
import { SELLER } from '../support/invoices.js';
import { createTechnician } from '../support/technicians.js';
import { createBiocide, type Field, fieldOf, sealedVisit, treatmentAction } from '../support/treatments.js';

const KEY = 'audit-test-key-0123456789';
const config = { PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: 'invoice-test-secret-0123456789abcdef' };
const SERVICE = '5a1c2a4e-8b1d-4c6a-9e2f-1a2b3c4d5e70';
const PRODUCT_TITLE = 'Pâte raticide professionnelle 150 g';
let db: TestDatabase;
let field: Field;
let productId: string;
let technician: { id: string; name: string };

beforeAll(async () => {
  db = await createTestDatabase();
  const services = createTestServices(db, config);
  field = fieldOf(services);
  await saveIdentity(db.sql, SELLER, null);
  await saveTariffs(
    db.sql,
    {
      ...DEFAULT_TARIFFS,
      services: [
        {
          id: SERVICE,
          label: 'Dératisation',
          pests: 'Rats',
          pricing: 'forfait',
          priceCents: 12000,
          defaultMinutes: 60,
        },
      ],
    },
    { email: 'owner@example.fr' },
  );
  productId = await createBiocide(db.sql, {
    title: PRODUCT_TITLE,
    ammNumber: 'FR-2020-0001',
    biocideType: 'TP14',
    certibiocideCategory: 'nuisibles',
    anticoagulantRodenticide: true,
  });
  technician = await createTechnician(
    services,
    { firstName: 'Jean', lastName: 'Technicien' },
    { number: 'CB-123', category: 'nuisibles', expiresOn: '2029-01-01' },
  );
});
afterAll(async () => {
  await db.drop();
});

const meta = (at: string) => ({
  actor: { kind: 'admin' as const, userId: 'admin-1' },
  at,
  requestId: `test:${at}`,
});
const fixedClock = (iso: string) => async () => new Date(iso);

let n = 0;
const request = () => ({
  ...requestFields(++n),
  service: 'deratisation' as const,
  message: 'Rats au grenier',
});

const draft = (over: Partial<DevisDraft> = {}): DevisDraft => ({
  siteType: 'logement_ancien',
  customerKind: 'particulier',
  companyName: '',
  siren: '',
  headcount: null,
  activity: '',
  description: 'Dératisation du grenier.',
  validityDays: 30,
  lines: [
    { kind: 'service', serviceId: SERVICE, quantity: 1, minutes: null },
    { kind: 'labour', rateIndex: 0, minutes: 90 },
    { kind: 'travel', km: 0 },
    { kind: 'product', productId, quantity: 2 },
  ],
  ...over,
});

/** A request opened on 9 November, its devis sent on the 10th (the existing commands). */
async function quoted(over: Partial<DevisDraft> = {}) {
  const { state } = await openIntervention(db.sql, request(), {
    meta: { actor: { kind: 'guest' }, at: '2026-11-09T09:00:00.000Z', requestId: 'test' },
    source: 'form',
    customerId: null,
  });
  const id = state!.id;
  const sent = await sendDevis(db.sql, id, draft(over), {
    meta: meta('2026-11-10T08:00:00.000Z'),
    config,
    clock: fixedClock('2026-11-10T08:00:00.000Z'),
  });
  return { id, devisNumber: sent.number! };
}

/** Signed at the customer's home on 10 November (day 0): the ban runs to the 17th, payment from the 18th. */
async function signedOffPremises(urgentWords: string | null = null) {
  const q = await quoted();
  await recordOffPremisesSignature(
    db.sql,
    q.id,
    {
      number: q.devisNumber,
      signerName: 'Camille Durand',
      signedOn: '2026-11-10',
      urgentWords,
      expressRequest: true,
      acknowledgement: true,
    },
    meta('2026-11-10T10:00:00.000Z'),
  );
  return q;
}

/**
 * The visit of 12 November through the real commands (tests/support/treatments.ts): « Je pars » at
 * 08:10 UTC, « Sur place » at 08:40, the professional rat bait at 09:10, « Terminé » at 10:17
 * (1 h 37 on site: counted 1 h 45 by the quarter hour; the devis said 1 h 30), sealed at 10:20.
 */
const visitedAndSealed = (id: string, actions = [treatmentAction(productId, 30, { quantity: 300 })]) =>
  sealedVisit(field, {
    interventionId: id,
    technician,
    arrivedAt: '2026-11-12T08:40:00.000Z',
    departMinutes: 30,
    actions,
    finishMinutes: 97,
    // One slot per request: Jean's visits of that day never overlap.
    slot: `${String(4 + 2 * n).padStart(2, '0')}:00`,
  });

async function invoiced(id: string, at = '2026-11-12T15:00:00.000Z') {
  const result = await invoiceIntervention(db.sql, id, { meta: meta(at), config, clock: fixedClock(at) });
  const { events } = await readModelStream(db.sql, interventionModel, id);
  const issued = events.find((e) => e.type === 'InvoiceIssued');
  if (issued?.type !== 'InvoiceIssued') throw new Error('no invoice');
  return {
    number: result.number!,
    doc: issued.data.document as DocumentSnapshot,
    state: result.state!,
    events,
  };
}

const pay = (id: string, day: string, at: string, amountCents = 1000) =>
  recordInterventionPayment(db.sql, id, { amountCents, method: 'cheque', day }, meta(at));

describe('« Facturer » a sealed report', () => {
  let off: { id: string; devisNumber: string };
  let inv: Awaited<ReturnType<typeof invoiced>>;

  beforeAll(async () => {
    off = await signedOffPremises();
    await visitedAndSealed(off.id);
    inv = await invoiced(off.id);
  }, 60_000);

  it('is refused before the report is sealed, taking no number', async () => {
    const q = await signedOffPremises();
    await expect(
      invoiceIntervention(db.sql, q.id, { meta: meta('2026-11-12T15:00:00.000Z'), config }),
    ).rejects.toMatchObject({ code: 'REPORT_NOT_SEALED' });
    const [row] = await db.sql<
      { lastNumber: number }[]
    >`select last_number from number_counters where series = 'FA-2026'`;
    expect(row?.lastNumber).toBe(1);
  });

  it('bills the devis lines with their VAT, shows actual time, each line pointing to report events', async () => {
    const d = inv.doc;
    expect(inv.number).toBe('FA-2026-000001');
    expect(d.operationCategory).toBe('services');
    expect(d.intervention).toMatchObject({
      devisNumber: off.devisNumber,
      conclusionMode: 'hors_etablissement',
      estimatedMinutes: 60 + 90,
      actualMinutes: 97,
      actualCountedMinutes: 105,
      paymentAllowedFrom: '2026-11-18',
      visitDay: '2026-11-12',
    });
    // Site « Logement de plus de 2 ans »: work at 10 % with the certification, the product at 20 %.
    expect(d.lines.map((l) => [l.description.split(' :')[0], l.vatRate])).toEqual([
      ['Dératisation (Rats)', 10],
      ["Main-d'œuvre (Taux horaire)", 10],
      ['Déplacement (forfait)', 10],
      [PRODUCT_TITLE, 20],
    ]);
    expect(d.intervention?.vatCertification).toContain('279-0 bis');
    const types = (i: number) => d.lines[i]!.sources.map((s) => s.type);
    expect(types(1)).toEqual(['VisitArrived', 'VisitFinished', 'ReportSealed']);
    expect(types(2)).toEqual(['VisitDeparted', 'VisitArrived', 'ReportSealed']);
    expect(types(3)).toEqual(['TreatmentRecorded', 'ReportSealed']);
    for (const l of d.lines)
      for (const s of l.sources) expect(inv.events.find((e) => e.version === s.version)?.type).toBe(s.type);
    // The invoice equals the devis: the contract is billed, not the time found on site.
    const [devis] = await db.sql<{ total: number }[]>`
      select (data #>> '{devis,totalInclCents}')::int as total from events
       where stream_id = ${off.id} and type = 'DevisSent'`;
    expect(d.totalInclCents).toBe(devis!.total);
    expect(d.paymentTerms).toContain('à compter du 18/11/2026');
  });

  it('passes the official e-invoicing rules (EN 16931, Factur-X, BR-FR)', async () => {
    await compileSets();
    const { facturXml } = await import('../../src/domain/invoices/factur-x.js');
    const xml = facturXml(inv.doc);
    const fatal = (['EN16931', 'FACTURX'] as const).flatMap((set) =>
      einvoiceFailures(set, xml).filter(isFatal),
    );
    expect(formatFailures(fatal)).toBe('');
    // A professional customer's invoice goes through a platform: the French rules too.
    const pro = await quoted({
      customerKind: 'professionnel',
      companyName: 'Boulangerie du Centre',
      siren: '552100554',
      headcount: 3,
      activity: 'Boulangerie',
      siteType: 'commerce',
    });
    await recordOffPremisesSignature(
      db.sql,
      pro.id,
      {
        number: pro.devisNumber,
        signerName: 'Paul Martin',
        signedOn: '2026-11-10',
        urgentWords: null,
        expressRequest: false,
        acknowledgement: false,
      },
      meta('2026-11-10T10:00:00.000Z'),
    );
    await visitedAndSealed(pro.id);
    const proInvoice = await invoiced(pro.id);
    const proXml = facturXml(proInvoice.doc);
    expect(proXml).toContain('<ram:ID>S1</ram:ID>');
    const proFatal = (['EN16931', 'FACTURX', 'BRFR'] as const).flatMap((set) =>
      einvoiceFailures(set, proXml).filter(isFatal),
    );
    expect(formatFailures(proFatal)).toBe('');
    // The stored PDF carries this very XML.
    const [pdf] = await db.sql<
      { pdf: Buffer }[]
    >`select pdf from invoice_documents where number = ${proInvoice.number}`;
    expect(pdf!.pdf.includes(Buffer.from('Factur-X'))).toBe(true);
  }, 900_000);

  it('is « Facturé » in the pipeline, listed in the register, the ZIP export and the intervention', async () => {
    const [row] = await db.sql<{ status: string; invoice: { number: string } }[]>`
      select status, invoice from interventions where id = ${off.id}`;
    expect(row).toMatchObject({ status: 'invoiced', invoice: { number: inv.number } });
    const { rows } = await listDocuments(db.sql, {});
    expect(rows.find((r) => r.number === inv.number)).toMatchObject({ orderNumber: inv.state.number });
    const zip = Buffer.from((await exportDocuments(db.sql, {})).base64, 'base64');
    expect(zip.includes(Buffer.from(`facture-${inv.number}.pdf`))).toBe(true);
    expect(await orderDocuments(db.sql, off.id)).toMatchObject([{ number: inv.number, kind: 'invoice' }]);
    await expect(
      invoiceIntervention(db.sql, off.id, { meta: meta('2026-11-13T10:00:00.000Z'), config }),
    ).rejects.toMatchObject({
      code: 'ALREADY_INVOICED',
    });
  });

  it('mails the invoice without asking for money before the first allowed day', async () => {
    const [mail] = await db.sql<{ subject: string; text: string }[]>`
      select subject, text_body as text from mail_outbox where dedupe_key = ${`invoice:${inv.number}`}`;
    expect(mail?.subject).toBe(`Votre facture ${inv.number} (intervention ${inv.state.number})`);
    expect(mail?.text).toContain('Aucun paiement ne peut être exigé ni reçu avant le 18/11/2026');
    expect(mail?.text).not.toMatch(/à payer/i);
    // The devis mail before it asks for no money either (no deposit, no payment link).
    const [devisMail] = await db.sql<{ text: string }[]>`
      select text_body as text from mail_outbox where dedupe_key = ${`devis:${off.devisNumber}`}`;
    expect(devisMail?.text).toBeTruthy();
    expect(devisMail?.text).not.toMatch(/payer|paiement|acompte|régler|règlement/i);
  });

  it('refuses a payment on day 3 and day 7, naming the first allowed date; accepts day 8 from Paris midnight', async () => {
    const banned = 'Aucun paiement ne peut être reçu avant le 18/11/2026';
    await expect(pay(off.id, '2026-11-13', '2026-11-13T10:00:00.000Z')).rejects.toMatchObject({
      code: 'PAYMENT_BANNED',
      message: expect.stringContaining(banned),
    });
    await expect(pay(off.id, '2026-11-17', '2026-11-17T22:59:00.000Z')).rejects.toMatchObject({
      code: 'PAYMENT_BANNED',
      message: expect.stringContaining(banned),
    });
    // 23:59 in Paris on the 17th: the 18th is still tomorrow.
    await expect(pay(off.id, '2026-11-18', '2026-11-17T22:59:00.000Z')).rejects.toMatchObject({
      code: 'INVALID_DATE',
    });
    const before =
      await db.sql`select 1 from events where stream_id = ${off.id} and type = 'PaymentRecorded'`;
    expect(before).toHaveLength(0);
    // 00:01 in Paris on the 18th (23:01 UTC on the 17th): day 8, accepted.
    const paid = await pay(off.id, '2026-11-18', '2026-11-17T23:01:00.000Z', inv.doc.totalInclCents);
    expect(paid.state?.paidCents).toBe(inv.doc.totalInclCents);
    // One movement per VAT rate, summed by the till's closures.
    const movements = (await readMovements(db.sql, '2026-11-18', '2026-11-18')).filter(
      (m) => m.method === 'cheque',
    );
    expect(movements.map((m) => m.vatRate).sort()).toEqual([10, 20]);
    expect(movements.reduce((s, m) => s + m.amountCents, 0)).toBe(inv.doc.totalInclCents);
    await expect(pay(off.id, '2026-11-18', '2026-11-18T10:00:00.000Z')).rejects.toMatchObject({
      code: 'AMOUNT_TOO_HIGH',
    });
  });

  it('lets day 1 through when the customer’s written urgent request was recorded', async () => {
    const q = await signedOffPremises(
      'Je demande une intervention urgente : des rats dans la chambre du bébé.',
    );
    await visitedAndSealed(q.id);
    const urgent = await invoiced(q.id, '2026-11-12T15:00:00.000Z');
    expect(urgent.doc.intervention).toMatchObject({
      paymentAllowedFrom: null,
      urgentException: expect.any(String),
    });
    const paid = await pay(q.id, '2026-11-11', '2026-11-12T16:00:00.000Z');
    expect(paid.events).not.toHaveLength(0);
  });

  it('applies the strictest rule when the mode of conclusion is unknown', async () => {
    // A devis sent but no signature recorded (the visit went ahead): off premises, counted from the visit.
    const q = await quoted();
    await visitedAndSealed(q.id);
    const unknown = await invoiced(q.id);
    expect(unknown.doc.intervention).toMatchObject({
      conclusionMode: 'inconnu',
      paymentAllowedFrom: '2026-11-20',
    });
    await expect(pay(q.id, '2026-11-19', '2026-11-19T10:00:00.000Z')).rejects.toMatchObject({
      code: 'PAYMENT_BANNED',
      message: expect.stringContaining('20/11/2026'),
    });
    await expect(pay(q.id, '2026-11-20', '2026-11-20T10:00:00.000Z')).resolves.toBeTruthy();
  });

  it('bills a devis product only when the report records a treatment of it', async () => {
    const q = await signedOffPremises();
    await visitedAndSealed(q.id, []);
    const { doc } = await invoiced(q.id);
    expect(doc.lines.map((l) => l.description.split(' :')[0])).toEqual([
      'Dératisation (Rats)',
      "Main-d'œuvre (Taux horaire)",
      'Déplacement (forfait)',
    ]);
  });

  it('the till closes intervention payments with the orders’ ones, and a closed day takes no more', async () => {
    const q = await signedOffPremises('Urgence écrite du client : rats dans la cuisine.');
    await visitedAndSealed(q.id);
    await invoiced(q.id, '2026-11-21T09:00:00.000Z');
    await pay(q.id, '2026-11-21', '2026-11-21T10:00:00.000Z', 500);
    const closed = await closeThrough(
      db.sql,
      '2026-11-21',
      { kind: 'admin', userId: 'admin-1' },
      {
        now: new Date('2026-11-22T09:00:00.000Z'),
      },
    );
    const day = closed.find((c) => c.kind === 'day' && c.period === '2026-11-21');
    expect(day?.netCents).toBe(500);
    await expect(pay(q.id, '2026-11-21', '2026-11-22T10:00:00.000Z', 100)).rejects.toMatchObject({
      code: 'PERIOD_CLOSED',
    });
  });

  it('the log still verifies (documents gapless, PDFs as issued) and the replay finds no difference', async () => {
    const report = await verifyDatabase(db.sql, KEY);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const replay = await replayInterventions(db.sql, { apply: false });
    expect(replay.differences).toEqual([]);
  });
});
