/**
 * The biocide usage register (issue 37, point 6; ADR 040) on real PostgreSQL: the read table
 * written in the append's transaction equals the treatments folded from the stream's events (so it
 * cannot disagree with the reports), the replay rebuilds it and catches a tampered line, the
 * staff's list filters it, the CSV is French and the PDF lists the treatment.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldTreatmentRegister } from '../../src/domain/interventions/treatment-register.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { openIntervention, type RequestFields } from '../../src/server/interventions/commands.js';
import { interventionModel } from '../../src/server/interventions/model.js';
import { eraseInterventions } from '../../src/server/interventions/privacy.js';
import { replayInterventions } from '../../src/server/interventions/replay.js';
import { sealReport } from '../../src/server/interventions/reports.js';
import { registerIntervention } from '../../src/server/interventions/treatment-register.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { readModelStream, type StreamMeta } from '../../src/server/log/stream-commands.js';
import { createUser } from '../support/db.js';
import { freePort, signInCookie } from '../support/http-app.js';
import { SELLER } from '../support/invoices.js';
import { type TestShop, type TestUser, testShop } from '../support/shop.js';
import { createTechnician } from '../support/technicians.js';
import {
  createBiocide,
  type Field,
  fieldOf,
  recordedVisit,
  sealedVisit,
  type TimedAction,
  treatmentAction,
} from '../support/treatments.js';

let shop: TestShop;
let http: HttpServer;
let url: string;
let auditor: TestUser;
let field: Field;
let theo: { id: string; name: string };
let ines: { id: string; name: string };
let brodifacoum: string;
let javel: string;
const cookies: Record<'admin' | 'auditor' | 'customerA', string> = { admin: '', auditor: '', customerA: '' };

const signIn = (email: string, password: string) => signInCookie(url, email, password);

beforeAll(async () => {
  const port = await freePort();
  url = `http://localhost:${port}`;
  shop = await testShop({ PUBLIC_URL: url, AUTH_RATE_LIMIT_MAX: '1000' });
  auditor = (await createUser(shop.services, {
    role: 'auditor',
    firstName: 'Claire',
    lastName: 'Audit',
  })) as TestUser;
  field = fieldOf(shop.services);
  await saveIdentity(shop.sql, SELLER, null);
  theo = await createTechnician(
    shop.services,
    { firstName: 'Théo', lastName: 'Martin' },
    { number: 'CB-27-0042', category: 'nuisibles', expiresOn: '2027-06-30' },
  );
  // Expired before the visits: she may apply only what is not reserved to professionals.
  ines = await createTechnician(
    shop.services,
    { firstName: 'Inès', lastName: 'Roux' },
    { number: 'CB-27-0007', category: 'nuisibles', expiresOn: '2026-03-31' },
  );
  brodifacoum = await createBiocide(shop.sql, {
    title: 'Pâte raticide brodifacoum 25 ppm',
    ammNumber: 'FR-2019-0042',
    biocideType: 'TP14',
    certibiocideCategory: 'nuisibles',
    anticoagulantRodenticide: true,
  });
  javel = await createBiocide(shop.sql, {
    title: 'Désinfectant surfaces',
    ammNumber: 'FR-2020-0100',
    biocideType: 'TP2',
  });
  http = await createHttpServer(shop.services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  cookies.admin = await signIn(shop.users.admin.email, shop.users.admin.password);
  cookies.customerA = await signIn(shop.users.customerA.email, shop.users.customerA.password);
  cookies.auditor = await signIn(auditor.email, auditor.password);
}, 120_000);
afterAll(async () => {
  await http?.close();
  await shop?.drop();
});

const meta = (): StreamMeta => ({
  actor: { kind: 'admin', userId: 'tech' },
  at: new Date().toISOString(),
  requestId: 'register-test',
});

let n = 0;
/** A real request through the existing command (openIntervention). */
async function intervention(city = 'Évreux', email = `client${++n}@example.fr`) {
  const request: RequestFields = {
    name: `Camille Durand ${n}`,
    email,
    phone: '+33612345678',
    service: 'deratisation',
    siteType: 'logement_ancien',
    street: `${n} rue des Lilas`,
    zipCode: '27000',
    city,
    urgency: 'semaine',
    preferredSlots: ['matin'],
    message: 'Rats au grenier',
    callbackConsent: true,
  };
  const { state } = await openIntervention(shop.sql, request, {
    meta: meta(),
    source: 'form',
    customerId: null,
  });
  return state!;
}

/** The rat bait as the register's lines state it: 1,5 kg in boxes in the attic. */
const bait = (minutes: number, over: Parameters<typeof treatmentAction>[2] = {}): TimedAction =>
  treatmentAction(brodifacoum, minutes, {
    quantity: 1.5,
    unit: 'kg',
    method: 'Boîtes d’appâtage sécurisées',
    ...over,
  });

const liveRows = (id: string) =>
  shop.sql`
    select * , day::text as day, to_char(treated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as treated_at
      from treatment_register where intervention_id = ${id} order by version`.then((rows) =>
    rows.map((r) => {
      const row: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) row[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = v;
      return row;
    }),
  );

/** The register's lines as the stream's events say them (what the reports read). */
async function folded(id: string) {
  const { events, state } = await readModelStream(shop.sql, interventionModel, id);
  return foldTreatmentRegister(registerIntervention(state!), events);
}

let first: string;
let second: string;

describe('the register is the treatments of the stream', () => {
  it('equals the treatments folded from the events, with the report that covers each', async () => {
    const a = await intervention('Évreux');
    first = a.id;
    // Théo's visit: two treatments, 23:30 UTC on 14 April being 15 April in Paris (the register's
    // day is Paris'), then report 1. Inès's visit on the 20th (her certificate expired on 31 March:
    // a product not reserved to professionals), then report 2.
    await sealedVisit(field, {
      interventionId: a.id,
      technician: theo,
      arrivedAt: '2026-04-14T23:20:00.000Z',
      actions: [bait(10), bait(15, { quantity: 2, unit: 'unité', zone: 'Cave' })],
    });
    await sealedVisit(field, {
      interventionId: a.id,
      technician: ines,
      arrivedAt: '2026-04-20T08:50:00.000Z',
      actions: [
        treatmentAction(javel, 10, {
          quantity: 0.25,
          unit: 'L',
          method: 'Pulvérisation',
          zone: 'Cuisine',
          target: 'Bactéries',
          species: null,
        }),
      ],
    });
    const b = await intervention('Louviers');
    second = b.id;
    await recordedVisit(field, {
      interventionId: b.id,
      technician: theo,
      arrivedAt: '2026-05-02T09:50:00.000Z',
      actions: [bait(10, { quantity: 0.3 })],
    });

    for (const id of [a.id, b.id]) {
      const live = await liveRows(id);
      expect(live).toEqual((await folded(id)).map((r) => ({ ...r })));
    }
    const rows = await liveRows(a.id);
    // v2 booked, v3-v4 « Je pars », « Sur place », v5-v6 the treatments, v7 « Terminé », v8 report 1;
    // v9 booked, v10-v11, v12 the treatment, v13, v14 report 2.
    expect(rows.map((r) => [r.version, r.report_number, r.certificate_status, r.day])).toEqual([
      [5, 'RI-2026-000001', 'valid', '2026-04-15'],
      [6, 'RI-2026-000001', 'valid', '2026-04-15'],
      [12, 'RI-2026-000002', 'expired', '2026-04-20'],
    ]);
    expect(rows[0]).toMatchObject({
      intervention_number: a.number,
      site_street: a.requester.street,
      site_zip_code: '27000',
      site_city: 'Évreux',
      amm_number: 'FR-2019-0042',
      biocide_type: 'TP14',
      quantity: 1.5,
      unit: 'kg',
      method: 'Boîtes d’appâtage sécurisées',
      target: 'Rats bruns',
      zone: 'Grenier',
      applicator_name: 'Théo Martin',
      certificate_number: 'CB-27-0042',
      certificate_category: 'nuisibles',
      certificate_expires_on: '2027-06-30',
    });
    // Not yet sealed: no report number.
    expect((await liveRows(b.id))[0]?.report_number).toBeNull();
  });

  it('is rebuilt equal by the replay, which catches a tampered, a removed and an invented line', async () => {
    expect((await replayInterventions(shop.sql)).differences).toEqual([]);
    await shop.sql`update treatment_register set quantity = 0.5 where intervention_id = ${first} and version = 5`;
    await shop.sql`delete from treatment_register where intervention_id = ${second}`;
    await shop.sql`
      insert into treatment_register
      select intervention_id, 99, treated_at, day, intervention_number, site_street, site_zip_code, site_city,
             product_id, product_title, amm_number, biocide_type, professional_only, quantity, unit, method,
             target, zone, technician_id, applicator_name, certificate_number, certificate_category,
             certificate_expires_on, certificate_status, report_number
        from treatment_register where intervention_id = ${first} and version = 6`;
    const report = await replayInterventions(shop.sql);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        { id: `${first}/5`, kind: 'changed', columns: ['quantity'], table: 'treatment_register' },
        { id: `${first}/99`, kind: 'extra', columns: expect.any(Array), table: 'treatment_register' },
        { id: `${second}/5`, kind: 'missing', columns: [], table: 'treatment_register' },
      ]),
    );
    expect(report.differences).toHaveLength(3);
    expect((await replayInterventions(shop.sql, { apply: true })).applied).toBe(true);
    expect((await replayInterventions(shop.sql)).differences).toEqual([]);
    for (const id of [first, second]) expect(await liveRows(id)).toEqual(await folded(id));
  });

  it('keeps its lines when the requester is erased, without the site, as the replay gives them', async () => {
    const c = await intervention('Vernon', 'erase-me@example.fr');
    await recordedVisit(field, {
      interventionId: c.id,
      technician: theo,
      arrivedAt: '2026-06-01T07:50:00.000Z',
      actions: [bait(10)],
    });
    await shop.sql.begin((tx) => eraseInterventions(tx, { userId: null, emails: ['erase-me@example.fr'] }));
    const [row] = await liveRows(c.id);
    expect(row).toMatchObject({
      site_street: '',
      site_city: '',
      product_title: 'Pâte raticide brodifacoum 25 ppm',
    });
    expect((await replayInterventions(shop.sql)).differences).toEqual([]);
  });
});

describe('the back-office register', () => {
  it('filters by period, product and technician (admins and auditors)', async () => {
    const list = (input: object) => shop.as('admin').treatmentRegister.list(input);
    expect((await list({})).total).toBe(5);
    expect((await list({ from: '2026-04-15', to: '2026-04-15' })).rows.map((r) => r.version)).toEqual([5, 6]);
    expect((await list({ product: javel })).rows.map((r) => r.product_title)).toEqual([
      'Désinfectant surfaces',
    ]);
    expect((await list({ technician: ines.id })).rows.map((r) => r.applicator_name)).toEqual(['Inès Roux']);
    await expect(list({ from: '2026-05-01', to: '2026-04-01' })).rejects.toThrow(
      'La date de début doit précéder la date de fin.',
    );
    const choices = await shop.as('admin').treatmentRegister.choices();
    expect(choices.products.map((p) => p.id).sort()).toEqual([brodifacoum, javel].sort());
    expect(choices.technicians.map((t) => t.name)).toEqual(['Inès Roux', 'Théo Martin']);
  });

  const get = (file: string, cookie: string | null) =>
    fetch(`${url}/api/admin/treatment-register.${file}`, {
      headers: { origin: url, ...(cookie ? { cookie } : {}) },
    });

  it('downloads as a French CSV, for admins and auditors only', async () => {
    expect((await get('csv', null)).status).toBe(401);
    expect((await get('csv', cookies.customerA)).status).toBe(403);
    expect((await get('csv?from=2026-13-01', cookies.admin)).status).toBe(400);
    const res = await get('csv?from=2026-04-01&to=2026-04-30', cookies.auditor);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/registre-traitements-\d{4}-\d{2}-\d{2}\.csv/);
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFDate;Intervention;Adresse;Code postal;Commune;Produit;N° AMM;')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(
      '15/04/2026;INT-2026-000001;1 rue des Lilas;"=""27000""";Évreux;Pâte raticide brodifacoum 25 ppm;FR-2019-0042;TP14 – Rodenticides;Oui;1,5;kg;',
    );
    expect(lines[1]).toContain(
      'Théo Martin;CB-27-0042;Certibiocide nuisibles (TP14, TP18, TP20);30/06/2027;Valide;RI-2026-000001',
    );
    expect(lines[3]).toContain(';Non;0,25;L;');
    expect(lines[3]).toContain(';Expiré;RI-2026-000002');
  });

  it('downloads as a PDF that lists the treatment', async () => {
    expect((await get('pdf', cookies.customerA)).status).toBe(403);
    const res = await get(`pdf?product=${brodifacoum}`, cookies.auditor);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'register-'));
    writeFileSync(path.join(dir, 'r.pdf'), Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-raw', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Registre des traitements biocides');
    expect(text).toContain('produit : Pâte raticide brodifacoum 25 ppm');
    for (const s of [
      '15/04/2026',
      'INT-2026-000001',
      'RI-2026-000001',
      'AMM FR-2019-0042',
      '1,5 kg',
      'Grenier',
    ])
      expect(text).toContain(s);
    expect(text).toContain('Théo Martin');
    expect(text).toContain('N° CB-27-0042');
    expect(text).not.toContain('Désinfectant surfaces');
  });
});

describe('the register and the reports', () => {
  /**
   * For each sealed report of the stream: the register's lines naming it, and the treatments the
   * report states, in the register's terms. The register can never disagree with the reports.
   */
  async function registerAndReports(id: string) {
    const { events } = await readModelStream(shop.sql, interventionModel, id);
    const rows = await liveRows(id);
    return events.flatMap((e) => {
      if (e.type !== 'ReportSealed') return [];
      const { number, report } = e.data;
      const register = rows
        .filter((r) => r.report_number === number)
        .map((r) => ({
          at: r.treated_at,
          product: r.product_id,
          amm: r.amm_number,
          quantity: r.quantity,
          unit: r.unit,
          zone: r.zone,
          applicator: r.technician_id,
          certificate: r.certificate_number,
          status: r.certificate_status,
        }));
      const stated = report.visit.treatments.map((t) => ({
        at: t.at,
        product: t.productId,
        amm: t.ammNumber,
        quantity: t.quantity,
        unit: t.unit,
        zone: t.zone,
        applicator: t.applicator.technicianId,
        certificate: t.applicator.certificate?.number ?? null,
        status: t.applicator.certificate?.status ?? 'none',
      }));
      return [{ number, register, stated }];
    });
  }

  it('names each treatment with the report of its own visit, whichever visit is sealed first', async () => {
    const d = await intervention('Bernay');
    // Théo's visit is finished but not yet signed when Inès's visit is sealed.
    const theos = await recordedVisit(field, {
      interventionId: d.id,
      technician: theo,
      arrivedAt: '2026-07-01T07:50:00.000Z',
      actions: [bait(10, { zone: 'Réserve' })],
    });
    await sealedVisit(field, {
      interventionId: d.id,
      technician: ines,
      arrivedAt: '2026-07-01T12:50:00.000Z',
      slot: '14:00',
      actions: [treatmentAction(javel, 10, { quantity: 0.5, unit: 'L', species: null, zone: 'Cuisine' })],
    });
    await sealReport(
      shop.sql,
      d.id,
      {
        appointmentId: theos.appointmentId,
        technician: { name: 'Théo Martin', strokes: 'M 0 0 L 10 10' },
        customer: null,
        customerAbsent: true,
      },
      {
        meta: {
          actor: { kind: 'user', userId: theo.id },
          at: '2026-07-01T16:00:00.000Z',
          requestId: 'late-seal',
        },
        sealer: { role: 'technician', userId: theo.id },
        publicUrl: url,
        clock: async () => new Date('2026-07-01T16:00:00.000Z'),
      },
    );
    const reports = await registerAndReports(d.id);
    expect(reports).toHaveLength(2);
    for (const r of reports) {
      expect(r.stated).toHaveLength(1);
      expect(r.register, r.number).toEqual(r.stated);
    }
    // And every stream of this file: each sealed report's lines are the treatments it states.
    for (const id of [first, second])
      for (const r of await registerAndReports(id)) expect(r.register).toEqual(r.stated);
    expect((await replayInterventions(shop.sql)).differences).toEqual([]);
  });
});
