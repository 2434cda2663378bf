import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_PHOTO_MESSAGES } from '../../src/domain/interventions/request.js';
import type { Services } from '../../src/server/context.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { sweepUnusedImages } from '../../src/server/images/images.js';
import { IMAGE_MESSAGES } from '../../src/server/images/process.js';
import { REQUEST_PHOTO_LIMIT } from '../../src/server/interventions/request-photos.js';
import { eraseSubject } from '../../src/server/privacy/erase.js';
import type { TestDatabase } from '../support/db.js';
import { photoJpeg, smallPng, textFile } from '../support/images.js';
import { type TestShop, testShop } from '../support/shop.js';

/*
 * Issue 36: a visitor joins photos to a « Demande d'intervention ». Each goes, without an account,
 * through the product images' pipeline (sniffed, bounded, EXIF dropped, WebP widths) on its own
 * route, limited per address; the request names the ids, which the server checks.
 */
let shop: TestShop;
let db: TestDatabase;
let services: Services;
let http: HttpServer;
let url: string;

beforeAll(async () => {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  url = `http://localhost:${port}`;
  shop = await testShop({ PUBLIC_URL: url });
  ({ db, services } = shop);
  http = await createHttpServer(services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
}, 120_000);
afterAll(async () => {
  await http?.close();
  await shop.drop();
});

async function upload(body: Buffer, options: { type?: string; origin?: string } = {}) {
  const res = await fetch(`${url}/api/demande/photos`, {
    method: 'POST',
    headers: {
      'content-type': options.type ?? 'application/octet-stream',
      'x-file-name': encodeURIComponent('nid.jpg'),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    body: new Uint8Array(body),
  });
  const json = (await res.json()) as { id?: string; url?: string; code?: string; message?: string };
  return { status: res.status, ...json };
}

async function request(email: string, photos: string[]) {
  const res = await fetch(`${url}/api/trpc/interventions.request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Camille Photo',
      email,
      phone: '0612345678',
      service: 'guepe',
      siteType: 'logement_ancien',
      street: '12 rue des Lilas',
      zipCode: '27000',
      city: 'Évreux',
      callbackConsent: true,
      photos,
    }),
  });
  const json = (await res.json()) as { error?: { message: string; data: { domainCode?: string } } };
  return { status: res.status, ...json };
}

const stored = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from images`)[0]!.n;
const interventionsOf = (email: string) =>
  db.sql<{ photos: { id: string; url: string; thumbUrl: string }[] }[]>`
    select photos from interventions where email = ${email}`;

describe('a request with photos', () => {
  it('takes two photos without an account, stripped and resized, and the request keeps both', async () => {
    const jpeg = await photoJpeg({ width: 2000, height: 1500, orientation: 6 });
    const first = await upload(jpeg);
    const second = await upload(await smallPng());
    expect(first).toMatchObject({ status: 201 });
    expect(second).toMatchObject({ status: 201 });
    const [largest] = await db.sql<{ data: Buffer }[]>`
      select data from image_variants where image_id = ${first.id!} and width = 1280`;
    const meta = await sharp(largest!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    expect(await request('photos@example.fr', [first.id!, second.id!])).toMatchObject({ status: 200 });
    const [row] = await interventionsOf('photos@example.fr');
    expect(row!.photos).toEqual([
      { id: first.id, url: `/images/${first.id}/1280.webp`, thumbUrl: `/images/${first.id}/320.webp` },
      { id: second.id, url: `/images/${second.id}/1280.webp`, thumbUrl: `/images/${second.id}/320.webp` },
    ]);
    const served = await fetch(`${url}${row!.photos[0]!.thumbUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // The sweep of unused uploads keeps a request's photos and removes a photo no request named.
    const left = await upload(await smallPng(120, 90));
    await sweepUnusedImages(db.sql, 0);
    const ids = (await db.sql<{ id: string }[]>`select id from images`).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids).not.toContain(left.id);

    // Erasing the requester deletes the photos too (the log keeps their ids only).
    await db.sql.begin((tx) =>
      eraseSubject(
        tx,
        { userId: null, emails: ['photos@example.fr'], guestOrderIds: [] },
        { reason: 'admin-request', actor: { kind: 'system' }, requestId: 'test' },
      ),
    );
    expect(await db.sql`select id from images where id in (${first.id!}, ${second.id!})`).toEqual([]);
    expect((await fetch(`${url}/images/${first.id}/320.webp`)).status).toBe(404);
  });

  it('refuses an id the pipeline never stored, and more than four photos: nothing recorded', async () => {
    const unknown = await request('unknown@example.fr', ['a0000000-0000-4000-8000-0000000000ff']);
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toBe(REQUEST_PHOTO_MESSAGES.unknown);
    expect(unknown.error?.data.domainCode).toBe('REQUEST_PHOTO_UNKNOWN');
    const five = Array.from({ length: 5 }, (_, i) => `a0000000-0000-4000-8000-00000000000${i}`);
    const tooMany = await request('many@example.fr', five);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.message).toBe(REQUEST_PHOTO_MESSAGES.tooMany);
    expect(await interventionsOf('unknown@example.fr')).toEqual([]);
    expect(await interventionsOf('many@example.fr')).toEqual([]);
  });

  it('checks what a visitor sends: an image by its bytes, our own pages, octet-stream only', async () => {
    const before = await stored();
    expect(await upload(textFile)).toMatchObject({
      status: 422,
      code: 'IMAGE_INVALID',
      message: IMAGE_MESSAGES.notAnImage,
    });
    expect(await upload(await smallPng(), { origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    expect(await upload(await smallPng(), { type: 'multipart/form-data; boundary=x' })).toMatchObject({
      status: 415,
    });
    expect(await stored()).toBe(before);
  });

  it('limits the photos per client address, with a French message', async () => {
    const png = await smallPng(40, 40);
    // This file's earlier uploads counted too: fill the window, then one more is refused.
    const [used] = await db.sql<{ count: number }[]>`
      select count from abuse_counters where key like 'request-photo:%'`;
    for (let i = used!.count; i < REQUEST_PHOTO_LIMIT.max; i++) {
      expect((await upload(png)).status).toBe(201);
    }
    const before = await stored();
    expect(await upload(png)).toMatchObject({
      status: 429,
      code: 'REQUEST_PHOTO_RATE_LIMITED',
      message: REQUEST_PHOTO_MESSAGES.rateLimited,
    });
    expect(await stored()).toBe(before);
  });
});
