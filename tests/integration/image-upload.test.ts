import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import type { Services } from '../../src/server/context.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { processImage, setImageWorkerNiceness, stopImageWorker } from '../../src/server/images/images.js';
import { IMAGE_MESSAGES } from '../../src/server/images/process.js';
import type { TestDatabase } from '../support/db.js';
import { freePort, signInCookie } from '../support/http-app.js';
import {
  jpegZipPolyglot,
  oversizedFile,
  photoJpeg,
  pixelBombPng,
  smallPng,
  svgFile,
  textFile,
  truncatedJpeg,
} from '../support/images.js';
import { type TestShop, testShop } from '../support/shop.js';

let shop: TestShop;
let db: TestDatabase;
let services: Services;
let http: HttpServer;
let url: string;
const cookies: Record<'admin' | 'customerA' | 'customerB', string> = {
  admin: '',
  customerA: '',
  customerB: '',
};
let photo: Buffer;

const signIn = (email: string, password: string) => signInCookie(url, email, password);

beforeAll(async () => {
  const port = await freePort();
  url = `http://localhost:${port}`;
  shop = await testShop({ PUBLIC_URL: url, AUTH_RATE_LIMIT_MAX: '1000' });
  ({ db, services } = shop);
  http = await createHttpServer(services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  for (const role of ['admin', 'customerA', 'customerB'] as const) {
    cookies[role] = await signIn(shop.users[role].email, shop.users[role].password);
  }
  // A 12-megapixel camera JPEG, shot with the phone turned (EXIF orientation 6).
  photo = await photoJpeg({ orientation: 6 });
}, 120_000);
afterAll(async () => {
  await http?.close();
  await shop.drop();
});

async function upload(
  body: Buffer,
  options: { cookie?: string; type?: string; name?: string; origin?: string } = {},
) {
  const res = await fetch(`${url}/api/admin/images`, {
    method: 'POST',
    headers: {
      'content-type': options.type ?? 'application/octet-stream',
      'x-file-name': encodeURIComponent(options.name ?? 'photo.jpg'),
      ...(options.cookie === undefined
        ? { cookie: cookies.admin }
        : options.cookie
          ? { cookie: options.cookie }
          : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    body: new Uint8Array(body),
  });
  const json = (await res.json()) as {
    url?: string;
    id?: string;
    code?: string;
    message?: string;
    width?: number;
    height?: number;
  };
  return { status: res.status, ...json };
}

const stored = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from images`)[0]!.n;

describe('who may upload', () => {
  it('refuses anonymous visitors and customers, stores nothing; the admin may', async () => {
    const png = await smallPng();
    const before = await stored();
    expect(await upload(png, { cookie: '' })).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await upload(png, { cookie: cookies.customerA })).toMatchObject({
      status: 403,
      code: 'NOT_ADMIN',
    });
    expect(await upload(png, { cookie: cookies.customerB })).toMatchObject({
      status: 403,
      code: 'NOT_ADMIN',
    });
    expect(await stored()).toBe(before);
    expect(await upload(png)).toMatchObject({ status: 201 });
    expect(await stored()).toBe(before + 1);
  });

  it('refuses a cross-site origin and a form-encoded body (no CSRF through a plain form)', async () => {
    const png = await smallPng();
    const before = await stored();
    expect(await upload(png, { origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    expect(await upload(png, { type: 'multipart/form-data; boundary=x' })).toMatchObject({ status: 415 });
    expect(await upload(png, { type: 'text/plain' })).toMatchObject({ status: 415 });
    expect(await stored()).toBe(before);
  });
});

describe('the pipeline', () => {
  it('turns a 12 MP photo into WebP widths, upright, without its metadata, served immutable', async () => {
    const result = await upload(photo, { name: 'IMG_2041.JPG' });
    expect(result).toMatchObject({ status: 201, width: 1280, height: 1707 });
    const variants = await db.sql<{ width: number; data: Buffer }[]>`
      select width, data from image_variants where image_id = ${result.id!} order by width`;
    expect(variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    for (const v of variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      // Orientation applied: the landscape sensor picture is now portrait, and no EXIF is left to rotate it again.
      expect(meta.height).toBeGreaterThan(meta.width!);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const res = await fetch(`${url}${result.url}/640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
  }, 60_000);

  it('accepts PNG, GIF and WebP recognised by their bytes whatever their name', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    expect(await upload(await smallPng(), { name: 'sans-extension' })).toMatchObject({ status: 201 });
    expect(await upload(gif, { name: 'anim.png' })).toMatchObject({ status: 201 });
    expect(await upload(webp, { name: 'photo.jpg' })).toMatchObject({ status: 201 });
  });
});

describe('the worker', () => {
  /** The image worker among this process's children, and its niceness (ps's NI column). */
  const workerNiceness = () => {
    const lines = execFileSync('ps', ['-o', 'ni=,args=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
    const line = lines.split('\n').find((l) => l.includes('image-worker'));
    return line === undefined ? null : Number(line.trim().split(/\s+/)[0]);
  };

  it('runs at niceness 19 unless IMAGE_WORKER_NICENESS says otherwise', async () => {
    expect(loadConfig({}).IMAGE_WORKER_NICENESS).toBe(19);
    expect(() => loadConfig({ IMAGE_WORKER_NICENESS: '20' })).toThrow(/IMAGE_WORKER_NICENESS/);
    try {
      for (const niceness of [19, 7]) {
        stopImageWorker();
        setImageWorkerNiceness(niceness);
        expect(await upload(await smallPng())).toMatchObject({ status: 201 });
        expect(workerNiceness()).toBe(niceness);
      }
    } finally {
      stopImageWorker();
      setImageWorkerNiceness(services.config.IMAGE_WORKER_NICENESS);
    }
  });

  it('a stopped worker that exits late fails none of the next worker’s jobs', async () => {
    const png = await smallPng();
    expect(await upload(png)).toMatchObject({ status: 201 });
    stopImageWorker();
    // Sent at once to a new worker, before the stopped one has exited.
    const variants = await processImage(png);
    expect(variants.length).toBeGreaterThan(0);
  });
});

describe('abuse: each refused with a French message, nothing stored', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, string, number][] = [
    ['an SVG', () => svgFile, IMAGE_MESSAGES.notAnImage, 422],
    ['a text file renamed .jpg', () => textFile, IMAGE_MESSAGES.notAnImage, 422],
    ['a JPEG/ZIP polyglot', jpegZipPolyglot, IMAGE_MESSAGES.hiddenData, 422],
    ['a 60-megapixel PNG of a few KB', () => pixelBombPng(), IMAGE_MESSAGES.tooManyPixels, 422],
    // Issue 23, finding 10: 40 MP exactly, but one pixel wide (it held the worker for 24-40 s).
    ['a 77 KB PNG of 1 × 40,000,000 px', () => pixelBombPng(1, 40_000_000), IMAGE_MESSAGES.sideTooLong, 422],
    ['an 11 MB file', () => oversizedFile(), IMAGE_MESSAGES.tooBig, 413],
    ['a truncated JPEG', truncatedJpeg, IMAGE_MESSAGES.notAnImage, 422],
    ['an empty file', () => Buffer.alloc(0), IMAGE_MESSAGES.notAnImage, 422],
  ];
  for (const [name, make, message, status] of cases) {
    it(`refuses ${name}`, async () => {
      const body = await make();
      if (name.includes('60-megapixel')) expect(body.length).toBeLessThan(10_000);
      const before = await stored();
      const result = await upload(body, { name: 'photo.jpg' });
      expect(result).toMatchObject({ status, message });
      expect(await stored()).toBe(before);
    });
  }
});
