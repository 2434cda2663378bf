/**
 * The owner's sites (issue 38, ADR 042) on real PostgreSQL, through the sites router as the screen
 * calls it: a site, its zones, its plan's versions (a real PNG through the image pipeline) and its
 * devices; every rule refuses in French with a typed error and writes nothing; every change lands in
 * the site's audit trail; the label sheet PDF, read back as text by pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInput } from '../../src/domain/sites/site.js';
import { storeImage, sweepUnusedImages } from '../../src/server/images/images.js';
import {
  callerAs,
  clientFailure,
  createTestDatabase,
  createUser,
  type TestCaller,
  type TestDatabase,
} from '../support/db.js';
import { type RunningApp, signInCookie, startHttpApp } from '../support/http-app.js';
import { smallPng } from '../support/images.js';

let db: TestDatabase;
let app: RunningApp;
let admin: TestCaller;
let adminUser: { email: string; password: string };
let customer: Awaited<ReturnType<typeof createUser>>;
let technician: TestCaller;
let auditor: TestCaller;
let shopper: TestCaller;

beforeAll(async () => {
  db = await createTestDatabase();
  // PUBLIC_URL unset follows the port: the app's own address is the QR's.
  app = await startHttpApp(db);
  const services = app.services;
  const a = await createUser(services, { role: 'admin', email: 'patron.sites@example.fr' });
  adminUser = a;
  admin = callerAs(services, a);
  customer = await createUser(services, {
    firstName: 'Marius',
    lastName: 'Olivier',
    email: 'marius.vieuxport@example.fr',
  });
  shopper = callerAs(services, customer);
  technician = callerAs(services, await createUser(services, { role: 'technician' }));
  auditor = callerAs(services, await createUser(services, { role: 'auditor' }));
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const restaurant = (over: Partial<SiteInput> = {}): SiteInput => ({
  customerId: null,
  name: 'Restaurant Le Vieux Port',
  street: '12 quai de la Ville',
  zipCode: '27500',
  city: 'Pont-Audemer',
  siteType: 'restauration',
  ...over,
});

const changes = async (siteId: string) =>
  (
    await db.sql<{ action: string }[]>`select action from site_changes where site_id = ${siteId} order by id`
  ).map((r) => r.action);

const rowCounts = async () =>
  (
    await db.sql<{ n: string }[]>`
      select (select count(*) from sites) || '/' || (select count(*) from site_zones) || '/' ||
             (select count(*) from site_plans) || '/' || (select count(*) from site_devices) || '/' ||
             (select count(*) from site_changes) as n`
  )[0]!.n;

/** A site with a kitchen zone and a plan of 1200 × 800 px. */
async function siteWithPlan(name = 'Restaurant Le Vieux Port') {
  const site = await admin.sites.create(restaurant({ name }));
  const { id: zoneId } = await admin.sites.addZone({ siteId: site.id, name: 'Cuisine' });
  const image = await storeImage(db.sql, await smallPng(1200, 800), 'plan.png');
  const plan = await admin.sites.recordPlan({ siteId: site.id, imageId: image.id });
  return { site, zoneId, plan, imageId: image.id };
}

const pdfText = (pdf: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'labels-')), 'l.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('sites', () => {
  it('creates a site for a customer, edits it, lists it by name, city and customer, and archives it', async () => {
    const site = await admin.sites.create(
      restaurant({ customerId: customer.id, name: 'Brasserie du Théâtre' }),
    );
    expect(site).toMatchObject({ name: 'Brasserie du Théâtre', customerId: customer.id, archivedAt: null });
    const edited = await admin.sites.update({
      siteId: site.id,
      ...restaurant({ customerId: customer.id, name: 'Brasserie du Théâtre', city: 'Bernay' }),
    });
    expect(edited.city).toBe('Bernay');
    for (const search of ['theatre', 'BERNAY', 'marius olivier', 'vieuxport@'])
      expect(
        (await admin.sites.list({ search })).map((s) => s.id),
        search,
      ).toContain(site.id);
    expect((await admin.sites.list({ search: 'Evreux' })).map((s) => s.id)).not.toContain(site.id);
    const [row] = (await admin.sites.list({ search: 'théâtre' })).filter((s) => s.id === site.id);
    expect(row).toMatchObject({
      customerName: 'Marius Olivier',
      customerEmail: customer.email,
      deviceCount: 0,
    });

    await admin.sites.archive({ siteId: site.id });
    expect((await admin.sites.list({ search: 'theatre' })).map((s) => s.id)).not.toContain(site.id);
    expect((await admin.sites.list({ search: 'theatre', archived: true })).map((s) => s.id)).toContain(
      site.id,
    );
    await expect(admin.sites.addZone({ siteId: site.id, name: 'Cave' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Ce site est archivé : il ne peut plus être modifié.',
    });
    expect(await changes(site.id)).toEqual(['site_created', 'site_updated', 'site_archived']);
    const [trail] = await db.sql<{ changedByEmail: string }[]>`
      select changed_by_email from site_changes where site_id = ${site.id} limit 1`;
    expect(trail!.changedByEmail).toBe(adminUser.email);
  });

  it('refuses bad input in French and writes nothing', async () => {
    const before = await rowCounts();
    expect(await clientFailure(admin.sites.create(restaurant({ zipCode: '275' })))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Le code postal compte 5 chiffres.',
    });
    expect(await clientFailure(admin.sites.create(restaurant({ name: '  ' })))).toMatchObject({
      message: 'Indiquez le nom du site.',
    });
    // A customer that is not one (the admin's own account) or does not exist.
    const notACustomer = (
      await db.sql<{ id: string }[]>`select id from users where email = ${adminUser.email}`
    )[0]!.id;
    for (const customerId of [notACustomer, 'no-such-account'])
      await expect(admin.sites.create(restaurant({ customerId }))).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Ce client n’existe pas. Choisissez un client de la liste.',
        cause: { code: 'CUSTOMER_UNKNOWN' },
      });
    expect(await rowCounts()).toBe(before);
  });

  it('keeps zone names unique per site, orders them, and removes a zone only when no device uses it', async () => {
    const { site, zoneId } = await siteWithPlan('Boulangerie Martin');
    const { id: cave } = await admin.sites.addZone({ siteId: site.id, name: 'Cave' });
    await expect(admin.sites.addZone({ siteId: site.id, name: 'cuisine' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Une zone porte déjà ce nom sur ce site.',
    });
    await admin.sites.renameZone({ zoneId: cave, name: 'Réserve' });
    await admin.sites.reorderZones({ siteId: site.id, zoneIds: [cave, zoneId] });
    expect((await admin.sites.byId({ siteId: site.id })).zones.map((z) => z.name)).toEqual([
      'Réserve',
      'Cuisine',
    ]);

    const device = await admin.sites.addDevice({
      siteId: site.id,
      kind: 'poste_appatage',
      zoneId,
      point: { x: 0.2, y: 0.3 },
    });
    const before = await rowCounts();
    await expect(admin.sites.removeZone({ zoneId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'La zone « Cuisine » porte encore 1 dispositif : déplacez-le ou retirez-le d’abord.',
      cause: { code: 'ZONE_IN_USE' },
    });
    expect(await rowCounts()).toBe(before);
    // Once the device is taken off, the zone can go; the device's row and history stay.
    await admin.sites.removeDevice({ deviceId: device.id });
    await admin.sites.removeZone({ zoneId });
    expect((await admin.sites.byId({ siteId: site.id })).zones.map((z) => z.name)).toEqual(['Réserve']);
    const [kept] = await db.sql<
      { removedAt: Date | null }[]
    >`select removed_at from site_devices where id = ${device.id}`;
    expect(kept!.removedAt).not.toBeNull();
    expect(await changes(site.id)).toEqual([
      'site_created',
      'zone_added',
      'plan_uploaded',
      'zone_added',
      'zone_renamed',
      'zones_reordered',
      'device_added',
      'device_removed',
      'zone_removed',
    ]);
  });

  it('records each plan upload as the next version, its size from the stored image, and keeps it from the sweeper', async () => {
    const { site, plan, imageId } = await siteWithPlan('Hôtel des Arts');
    expect(plan).toMatchObject({
      version: 1,
      width: 1200,
      height: 800,
      imageUrl: `/images/${imageId}/1280.webp`,
    });
    const second = await storeImage(db.sql, await smallPng(900, 1200), 'plan-2.png');
    expect(await admin.sites.recordPlan({ siteId: site.id, imageId: second.id })).toMatchObject({
      version: 2,
      width: 900,
      height: 1200,
    });
    const detail = await admin.sites.byId({ siteId: site.id });
    expect(detail.plan?.version).toBe(2);
    expect(detail.planVersions.map((p) => p.version)).toEqual([2, 1]);
    expect(detail.planVersions[1]!.uploadedByEmail).toBe(adminUser.email);
    await expect(
      admin.sites.recordPlan({ siteId: site.id, imageId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cette image n’a pas été reçue. Envoyez le plan à nouveau.',
    });
    // The day-old uploads nobody uses are swept; a plan, even an old version, is used.
    await db.sql`update images set created_at = now() - interval '2 days' where id in (${imageId}, ${second.id})`;
    await sweepUnusedImages(db.sql);
    const left = await db.sql`select id from images where id in (${imageId}, ${second.id})`;
    expect(left).toHaveLength(2);
  });

  it('numbers devices per site and never gives a removed device’s number again', async () => {
    const { site, zoneId } = await siteWithPlan('Cantine scolaire');
    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(
        await admin.sites.addDevice({
          siteId: site.id,
          kind: 'poste_appatage',
          zoneId,
          point: { x: 0.1 * (i + 1), y: 0.5 },
        }),
      );
    expect(placed.map((d) => d.label)).toEqual(['PA-01', 'PA-02', 'PA-03']);
    expect(new Set(placed.map((d) => d.code)).size).toBe(3);
    for (const d of placed) expect(d.code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    await admin.sites.removeDevice({ deviceId: placed[2]!.id });
    const next = await admin.sites.addDevice({ siteId: site.id, kind: 'plaque_glu', zoneId, point: null });
    expect(next.label).toBe('PG-04');
    // Another site starts at 1.
    const other = await siteWithPlan('Cantine de la mairie');
    expect(
      (
        await admin.sites.addDevice({
          siteId: other.site.id,
          kind: 'desinsectiseur',
          zoneId: null,
          point: null,
        })
      ).label,
    ).toBe('DI-01');
    const detail = await admin.sites.byId({ siteId: site.id });
    expect(detail.devices.map((d) => d.label)).toEqual(['PA-01', 'PA-02', 'PG-04']);
    await expect(
      admin.sites.moveDevice({ deviceId: placed[2]!.id, point: { x: 0.5, y: 0.5 } }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Ce dispositif a été retiré : il ne peut plus être modifié.',
    });
  });

  it('moves a device and changes its zone; refuses a point off the plan, another site’s zone, and a point before any plan', async () => {
    const { site, zoneId } = await siteWithPlan('Supérette du port');
    const { id: cave } = await admin.sites.addZone({ siteId: site.id, name: 'Cave' });
    const device = await admin.sites.addDevice({
      siteId: site.id,
      kind: 'piege_pheromones',
      zoneId,
      point: { x: 0.5, y: 0.5 },
    });
    await admin.sites.moveDevice({ deviceId: device.id, point: { x: 0.75, y: 0.25 } });
    await admin.sites.changeDeviceZone({ deviceId: device.id, zoneId: cave });
    const [moved] = (await admin.sites.byId({ siteId: site.id })).devices;
    expect(moved).toMatchObject({ x: 0.75, y: 0.25, zoneName: 'Cave', label: 'PP-01' });

    const other = await siteWithPlan('Pizzeria Napoli');
    const before = await rowCounts();
    for (const point of [
      { x: 1.2, y: 0.5 },
      { x: 0.5, y: -0.1 },
    ])
      expect(await clientFailure(admin.sites.moveDevice({ deviceId: device.id, point }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Le point doit se trouver sur le plan.',
      });
    expect(
      await clientFailure(
        admin.sites.addDevice({ siteId: site.id, kind: 'poste_appatage', zoneId, point: { x: 2, y: 0 } }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Le point doit se trouver sur le plan.' });
    await expect(
      admin.sites.addDevice({
        siteId: site.id,
        kind: 'poste_appatage',
        zoneId: other.zoneId,
        point: { x: 0.1, y: 0.1 },
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Cette zone appartient à un autre site.',
      cause: { code: 'ZONE_OF_ANOTHER_SITE' },
    });
    await expect(
      admin.sites.changeDeviceZone({ deviceId: device.id, zoneId: other.zoneId }),
    ).rejects.toMatchObject({
      cause: { code: 'ZONE_OF_ANOTHER_SITE' },
    });
    await expect(
      admin.sites.reorderZones({ siteId: site.id, zoneIds: [other.zoneId, zoneId] }),
    ).rejects.toMatchObject({ cause: { code: 'ZONE_OF_ANOTHER_SITE' } });
    const planless = await admin.sites.create(restaurant({ name: 'Sans plan' }));
    await expect(
      admin.sites.addDevice({
        siteId: planless.id,
        kind: 'poste_appatage',
        zoneId: null,
        point: { x: 0.5, y: 0.5 },
      }),
    ).rejects.toMatchObject({ message: 'Envoyez d’abord le plan du site pour y placer des dispositifs.' });
    const afterPlanless = await rowCounts();
    // The refused calls above wrote nothing (the site « Sans plan » and its trail line apart).
    const [s, z, p, d, c] = before.split('/').map(Number);
    expect(afterPlanless).toBe([s! + 1, z, p, d, c! + 1].join('/'));
  });

  it('refuses every change and every read to anyone but an admin', async () => {
    const { site, zoneId } = await siteWithPlan('Épicerie fine');
    const before = await rowCounts();
    for (const [who, caller, code] of [
      ['technician', technician, 'FORBIDDEN'],
      ['auditor', auditor, 'FORBIDDEN'],
      ['customer', shopper, 'FORBIDDEN'],
      ['anonymous', callerAs(app.services, null), 'UNAUTHORIZED'],
    ] as const) {
      await expect(caller.sites.list({}), who).rejects.toMatchObject({ code });
      await expect(caller.sites.byId({ siteId: site.id }), who).rejects.toMatchObject({ code });
      await expect(caller.sites.create(restaurant()), who).rejects.toMatchObject({ code });
      await expect(
        caller.sites.addDevice({
          siteId: site.id,
          kind: 'poste_appatage',
          zoneId,
          point: { x: 0.5, y: 0.5 },
        }),
        who,
      ).rejects.toMatchObject({ code });
      await expect(caller.sites.removeZone({ zoneId }), who).rejects.toMatchObject({ code });
    }
    expect(await rowCounts()).toBe(before);
  });
});

describe('the label sheet', () => {
  it('prints one label per device in place: QR, label, kind, zone, site and code; one device alone on ?device', async () => {
    const { site, zoneId } = await siteWithPlan('Restaurant Le Vieux Port');
    const devices = [];
    for (let i = 0; i < 12; i++)
      devices.push(
        await admin.sites.addDevice({
          siteId: site.id,
          kind: 'poste_appatage',
          zoneId,
          point: { x: (i + 1) / 13, y: 0.5 },
        }),
      );
    const glue = await admin.sites.addDevice({
      siteId: site.id,
      kind: 'plaque_glu',
      zoneId: null,
      point: null,
    });
    await admin.sites.removeDevice({ deviceId: devices[11]!.id });
    const cookie = await signInCookie(app.url, adminUser.email, adminUser.password);
    const get = (query = '', c = cookie) =>
      fetch(`${app.url}/api/admin/sites/${site.id}/labels.pdf${query}`, {
        headers: { cookie: c, origin: app.url },
      });

    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const d of devices.slice(0, 11)) {
      expect(text).toContain(d.label);
      expect(text).toContain(d.code);
    }
    expect(text).not.toContain(devices[11]!.code);
    expect(text).toContain('PG-13');
    expect(text).toContain('Poste d’appâtage');
    expect(text).toContain('Plaque de glu');
    expect(text).toContain('Cuisine');
    expect(text).toContain('Sans zone');
    // Every label names the site (pdftotext may cut a long name across lines: its first word counts).
    expect(text.match(/Restaurant/g)).toHaveLength(12);

    const one = await get(`?device=${glue.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-disposition')).toContain('etiquettes-restaurant-le-vieux-port-pg-13.pdf');
    const single = pdfText(Buffer.from(await one.arrayBuffer()));
    expect(single).toContain('PG-13');
    expect(single).not.toContain('PA-01');
    expect((await get(`?device=${devices[11]!.id}`)).status).toBe(404);
  });

  it('encodes the device’s scan URL in its QR, which a camera reads', async () => {
    const { site } = await siteWithPlan('Crêperie du Port');
    const device = await admin.sites.addDevice({
      siteId: site.id,
      kind: 'desinsectiseur',
      zoneId: null,
      point: null,
    });
    const cookie = await signInCookie(app.url, adminUser.email, adminUser.password);
    const res = await fetch(`${app.url}/api/admin/sites/${site.id}/labels.pdf?device=${device.id}`, {
      headers: { cookie, origin: app.url },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-qr-'));
    writeFileSync(path.join(dir, 'l.pdf'), Buffer.from(await res.arrayBuffer()));
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-png',
      '-singlefile',
      path.join(dir, 'l.pdf'),
      path.join(dir, 'p'),
    ]);
    const page = sharp(readFileSync(path.join(dir, 'p.png')));
    const { width = 0, height = 0 } = await page.metadata();
    // The first label: the grid's top-left cell.
    const { data, info } = await page
      .extract({ left: 0, top: 0, width: Math.floor(width / 3), height: Math.floor(height / 7) })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(
      `${app.url}/admin/tournee?dispositif=${device.code}`,
    );
  });

  it('is refused to anyone but an admin', async () => {
    const { site } = await siteWithPlan('Traiteur Dubois');
    const url = `${app.url}/api/admin/sites/${site.id}/labels.pdf`;
    expect((await fetch(url, { headers: { origin: app.url } })).status).toBe(401);
    const cookie = await signInCookie(app.url, customer.email, customer.password);
    const res = await fetch(url, { headers: { cookie, origin: app.url } });
    expect(res.status).toBe(403);
    const admins = await signInCookie(app.url, adminUser.email, adminUser.password);
    expect(
      (
        await fetch(`${app.url}/api/admin/sites/00000000-0000-4000-8000-000000000000/labels.pdf`, {
          headers: { cookie: admins, origin: app.url },
        })
      ).status,
    ).toBe(404);
  });
});
