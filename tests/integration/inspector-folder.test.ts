/**
 * The inspector's folder and the customer's « Mes sites » (issue 38 points 3 and 4, ADR 045) on
 * real PostgreSQL and HTTP: the link is made and only its hash kept; the folder states the site's
 * plan, devices, products with their safety data sheets, certificates and reports, its PDF carries
 * the sealed reports and sheets as attachments; revoked, the page, its data and its PDF are refused.
 * A customer sees their own sites only (account or signed link), and an observation they report
 * becomes a request of their site.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { storeDocument } from '../../src/server/images/documents.js';
import { storeImage } from '../../src/server/images/images.js';
import { openIntervention } from '../../src/server/interventions/commands.js';
import { saveIdentity } from '../../src/server/invoices/identity.js';
import { siteToken } from '../../src/server/sites/site-link.js';
import { freePort } from '../support/http-app.js';
import { photoJpeg } from '../support/images.js';
import { SELLER } from '../support/invoices.js';
import { type TestShop, testShop } from '../support/shop.js';
import { floorPlanPng, insertSite, type TestSite } from '../support/sites.js';
import { createTechnician } from '../support/technicians.js';
import { createBiocide, fieldOf, sealedVisit, treatmentAction } from '../support/treatments.js';

let shop: TestShop;
let http: HttpServer;
let url: string;
let siteA: TestSite;
let siteB: TestSite;
let report: { number: string; shortCode: string };
let reportB: { number: string };
let link: { id: string; url: string };

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
};

/** A small real PDF: the safety data sheet the shop stores. */
function sheetPdf(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
  doc.text('Fiche de données de sécurité – Pâte raticide');
  doc.end();
  return done;
}

/** An intervention at the site, its visit with a treatment sealed: the report a folder lists. */
async function sealedAtSite(
  siteId: string,
  customerId: string,
  productId: string,
  technician: { id: string; name: string },
  day: number,
) {
  const { state } = await openIntervention(
    shop.sql,
    {
      name: 'Restaurant Le Bon Coin',
      email: 'contact@restaurant.example',
      phone: '+33612345678',
      service: 'deratisation',
      siteType: 'restauration',
      street: '4 rue du Port',
      zipCode: '27500',
      city: 'Pont-Audemer',
      urgency: 'flexible',
      preferredSlots: [],
      message: '',
      callbackConsent: false,
    },
    {
      meta: { actor: { kind: 'admin', userId: 'owner' }, at: new Date().toISOString(), requestId: 'site' },
      source: 'admin',
      customerId,
      siteId,
    },
  );
  return await sealedVisit(fieldOf(shop.services), {
    interventionId: state!.id,
    technician,
    arrivedAt: new Date(Date.now() - day * 24 * 3600_000).toISOString(),
    actions: [treatmentAction(productId, 10, { zone: 'Cuisine' })],
  });
}

const get = (p: string) => fetch(`${url}${p}`, { redirect: 'manual' });

beforeAll(async () => {
  const port = await freePort();
  url = `http://localhost:${port}`;
  shop = await testShop({ PUBLIC_URL: url, AUTH_RATE_LIMIT_MAX: '1000' });
  await saveIdentity(shop.sql, SELLER, null);
  const theo = await createTechnician(
    shop.services,
    { firstName: 'Théo', lastName: 'Martin' },
    { number: 'CB-27-0042', category: 'nuisibles', expiresOn: '2030-06-30' },
  );
  const bait = await createBiocide(shop.sql, {
    title: 'Pâte raticide brodifacoum 25 ppm',
    ammNumber: 'FR-2019-0042',
    biocideType: 'TP14',
    certibiocideCategory: 'nuisibles',
  });
  const sheet = await storeDocument(shop.sql, await sheetPdf(), 'fds.pdf');
  await shop.sql`update products set safety_data_sheet = ${sheet.url} where id = ${bait}`;
  const plan = await storeImage(shop.sql, await floorPlanPng());
  // Placed today, after the visits below: their reports are sealed without device checks.
  const devices = { devices: 3, zones: ['Cuisine', 'Réserve sèche'], placedAt: new Date().toISOString() };
  siteA = await insertSite(shop.sql, {
    customerId: shop.users.customerA.id,
    name: 'Restaurant Le Bon Coin',
    planImageId: plan.id,
    ...devices,
  });
  siteB = await insertSite(shop.sql, {
    customerId: shop.users.customerB.id,
    name: 'Boulangerie Petit',
    ...devices,
  });
  const technician = { id: theo.id, name: 'Théo Martin' };
  report = await sealedAtSite(siteA.id, shop.users.customerA.id, bait, technician, 3);
  reportB = await sealedAtSite(siteB.id, shop.users.customerB.id, bait, technician, 2);
  http = await createHttpServer(shop.services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
}, 180_000);
afterAll(async () => {
  await http?.close();
  await shop?.drop();
});

describe('the inspector’s link', () => {
  it('is shown once; the table keeps only its SHA-256', async () => {
    link = await shop.as('admin').inspector.createLink({ siteId: siteA.id, label: 'Contrôle DDPP de mars' });
    const token = link.url.split('/dossier/')[1]!;
    expect(link.url).toBe(`${url}/dossier/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await shop.sql<
      Record<string, unknown>[]
    >`select * from inspector_links where id = ${link.id}`;
    expect(rows[0]!.tokenSha256).toBe(createHash('sha256').update(token).digest('hex'));
    // Nowhere in the row (nor anywhere in the table) is the token itself.
    const all = await shop.sql<{ row: string }[]>`select row_to_json(l)::text as row from inspector_links l`;
    for (const r of all) expect(r.row).not.toContain(token);
    const blank = await codeOf(shop.as('admin').inspector.createLink({ siteId: siteA.id, label: '  ' }));
    expect(blank).toMatch(/^BAD_REQUEST: /);
    expect(blank).toContain('Indiquez pour qui est ce lien (par exemple « Contrôle DDPP de mars »).');
  });

  it('opens the folder without an account: protocol, plan, devices, products and sheets, certificates, reports', async () => {
    await shop.as('admin').inspector.saveProtocol({
      siteId: siteA.id,
      protocol: 'Six visites par an ; postes d’appâtage sécurisés en cuisine et réserve.',
    });
    const token = link.url.split('/dossier/')[1]!;
    const folder = await shop.as('anonymous').inspector.folder({ token });
    expect(folder.label).toBe('Contrôle DDPP de mars');
    expect(folder.site).toMatchObject({
      name: 'Restaurant Le Bon Coin',
      street: '4 rue du Port',
      city: 'Pont-Audemer',
    });
    expect(folder.protocol).toContain('Six visites par an');
    expect(folder.pests).toEqual(['Dératisation (rats, souris)']);
    expect(folder.zones).toEqual(['Cuisine', 'Réserve sèche']);
    expect(folder.plan?.version).toBe(1);
    expect(folder.devices.map((d) => d.label)).toEqual(['PA-01', 'PA-02', 'PA-03']);
    expect(folder.products).toEqual([
      expect.objectContaining({
        title: 'Pâte raticide brodifacoum 25 ppm',
        ammNumber: 'FR-2019-0042',
        safetyDataSheet: expect.stringMatching(/^\/documents\//),
      }),
    ]);
    expect(folder.certificates).toEqual([
      expect.objectContaining({
        name: 'Théo Martin',
        number: 'CB-27-0042',
        validUntil: '2030-06-30',
        validToday: true,
      }),
    ]);
    // The site's own report only, with its verification code; never the other site's.
    expect(folder.reports).toEqual([
      expect.objectContaining({ number: report.number, verificationCode: report.shortCode }),
    ]);
    expect(JSON.stringify(folder)).not.toContain(reportB.number);
    // No personal data of the requester (their email, phone) in what the folder sends.
    expect(JSON.stringify(folder)).not.toContain('contact@restaurant.example');
    expect(JSON.stringify(folder)).not.toContain('612345678');
    // The owner sees it was read.
    const [listed] = await shop.as('admin').inspector.links({ siteId: siteA.id });
    expect(listed?.lastOpenedAt).toBeInstanceOf(Date);
    expect(listed?.openCount).toBe(1);
  });

  it('serves the page (noindex) and one PDF with the reports and the sheets attached', async () => {
    const token = link.url.split('/dossier/')[1]!;
    const page = await get(`/dossier/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const res = await get(`/dossier/${token}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'h38portal-'));
    const file = path.join(dir, 'dossier.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Dossier de lutte contre les nuisibles',
      'Restaurant Le Bon Coin',
      'Contrôle DDPP de mars',
      'Six visites par an',
      'PA-03',
      'FR-2019-0042',
      'CB-27-0042',
      report.number,
    ])
      expect(text).toContain(expected);
    const attached = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    expect(attached).toContain(`rapport-${report.number}.pdf`);
    expect(attached).toMatch(/fds-pate-raticide-brodifacoum-25-ppm-fr-2019-0042\.pdf/);
    expect(attached).not.toContain(reportB.number);
  });

  it('revoked, refuses the page (410), its data and its PDF; an unknown token is 404', async () => {
    const token = link.url.split('/dossier/')[1]!;
    await shop.as('admin').inspector.revokeLink({ linkId: link.id });
    expect(await codeOf(shop.as('anonymous').inspector.folder({ token }))).toBe(
      'NOT_FOUND: Ce lien n’est plus valide.',
    );
    expect((await get(`/dossier/${token}`)).status).toBe(410);
    const pdf = await get(`/dossier/${token}/pdf`);
    expect(pdf.status).toBe(410);
    expect(await pdf.text()).toBe('Ce lien n’est plus valide.');
    const unknown = 'A'.repeat(43);
    expect((await get(`/dossier/${unknown}`)).status).toBe(404);
    expect((await get(`/dossier/${unknown}/pdf`)).status).toBe(404);
    const [listed] = await shop.as('admin').inspector.links({ siteId: siteA.id });
    expect(listed?.revokedAt).toBeInstanceOf(Date);
  });
});

describe('« Mes sites »', () => {
  it('lists the account’s own sites with plan, devices and documents (reports with their code)', async () => {
    const mine = await shop.as('customerA').inspector.mySites();
    expect(mine.map((s) => s.name)).toEqual(['Restaurant Le Bon Coin']);
    expect(mine[0]!.devices).toHaveLength(3);
    expect(mine[0]!.documents).toEqual([
      expect.objectContaining({ kind: 'report', number: report.number, verificationCode: report.shortCode }),
    ]);
    const other = await shop.as('customerB').inspector.mySites();
    expect(other.map((s) => s.name)).toEqual(['Boulangerie Petit']);
  });

  it('never gives another customer’s site, by account or by signed link', async () => {
    const notFound = 'NOT_FOUND: Site introuvable.';
    expect(
      await codeOf(shop.as('customerB').inspector.mySitePdf({ siteId: siteA.id, number: report.number })),
    ).toBe(notFound);
    // B's own site, A's report number: the report is not of that site.
    expect(
      await codeOf(shop.as('customerB').inspector.mySitePdf({ siteId: siteB.id, number: report.number })),
    ).toBe('NOT_FOUND: Document introuvable.');
    const tokenB = siteToken(shop.services.config.AUTH_SECRET, siteB.id);
    expect(
      await codeOf(
        shop
          .as('anonymous')
          .inspector.tokenSitePdf({ token: tokenB, siteId: siteA.id, number: report.number }),
      ),
    ).toBe(notFound);
    const byLink = await shop.as('anonymous').inspector.sitesByToken({ token: tokenB });
    expect(byLink.map((s) => s.id)).toEqual([siteB.id]);
    const file = await shop.as('customerA').inspector.mySitePdf({ siteId: siteA.id, number: report.number });
    expect(file.filename).toBe(`rapport-${report.number}.pdf`);
  });

  it('« Signaler une observation » opens a request of source « sighting » at the site, with its photo', async () => {
    const photo = await storeImage(shop.sql, await photoJpeg({ width: 1200, height: 900 }));
    const sighting = {
      siteId: siteA.id,
      zoneId: siteA.zones[0]!.id,
      what: 'Crottes de souris derrière le four',
      name: 'Alice Martin',
      email: shop.users.customerA.email,
      phone: '06 12 34 56 78',
      photos: [photo.id],
    };
    const blank = await codeOf(shop.as('customerA').inspector.mySighting({ ...sighting, what: ' ' }));
    expect(blank).toMatch(/^BAD_REQUEST: /);
    expect(blank).toContain('Décrivez ce que vous avez observé.');
    expect(
      await codeOf(shop.as('customerA').inspector.mySighting({ ...sighting, zoneId: siteB.zones[0]!.id })),
    ).toBe('BAD_REQUEST: Choisissez une zone de ce site.');
    expect(await codeOf(shop.as('customerB').inspector.mySighting(sighting))).toBe(
      'NOT_FOUND: Site introuvable.',
    );
    const before = await shop.sql`select 1 from interventions where source = 'sighting'`;
    expect(before).toHaveLength(0);
    expect(await shop.as('customerA').inspector.mySighting(sighting)).toEqual({ ok: true });
    const rows = await shop.sql<{ siteId: string; customerId: string; photos: unknown[]; status: string }[]>`
      select site_id, customer_id, photos, status from interventions where source = 'sighting'`;
    expect(rows).toEqual([
      expect.objectContaining({ siteId: siteA.id, customerId: shop.users.customerA.id, status: 'requested' }),
    ]);
    expect(JSON.stringify(rows[0]!.photos)).toContain(photo.id);
    // The signed link reports for the site's customer too.
    const tokenA = siteToken(shop.services.config.AUTH_SECRET, siteA.id);
    await shop.as('anonymous').inspector.tokenSighting({ ...sighting, photos: [], token: tokenA });
    const [count] = await shop.sql<{ n: number }[]>`
      select count(*)::int as n from interventions where source = 'sighting' and site_id = ${siteA.id}
         and customer_id = ${shop.users.customerA.id}`;
    expect(count!.n).toBe(2);
  });
});
