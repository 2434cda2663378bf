import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import { DOCUMENT_MESSAGES } from '../../src/server/images/documents.js';
import { freePort, signInCookie } from '../support/http-app.js';
import { smallPng } from '../support/images.js';
import { type TestShop, testShop } from '../support/shop.js';

/* Issue 27's non-tRPC routes: safety data sheet uploads and downloads, the biocide sales register. */

let shop: TestShop;
let http: HttpServer;
let url: string;
const cookies: Record<'admin' | 'customerA', string> = { admin: '', customerA: '' };
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

const signIn = (email: string, password: string) => signInCookie(url, email, password);

beforeAll(async () => {
  const port = await freePort();
  url = `http://localhost:${port}`;
  shop = await testShop({ PUBLIC_URL: url, AUTH_RATE_LIMIT_MAX: '1000' });
  http = await createHttpServer(shop.services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  for (const role of ['admin', 'customerA'] as const) {
    cookies[role] = await signIn(shop.users[role].email, shop.users[role].password);
  }
}, 120_000);
afterAll(async () => {
  await http?.close();
  await shop.drop();
});

const upload = (body: Buffer, cookie: string | null) =>
  fetch(`${url}/api/admin/documents`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': 'fds.pdf',
      origin: url,
      ...(cookie ? { cookie } : {}),
    },
    body: new Uint8Array(body),
  });

const documentCount = async () =>
  (await shop.sql<{ n: number }[]>`select count(*)::int as n from documents`)[0]!.n;

describe('safety data sheets over HTTP', () => {
  it('are uploaded by admins only, checked by their bytes, and served immutable', async () => {
    expect((await upload(pdf, null)).status).toBe(401);
    expect((await upload(pdf, cookies.customerA)).status).toBe(403);
    const before = await documentCount();
    const png = await upload(await smallPng(), cookies.admin);
    expect(png.status).toBe(422);
    expect(await png.json()).toMatchObject({ code: 'NOT_A_PDF', message: DOCUMENT_MESSAGES.notAPdf });
    expect(await documentCount()).toBe(before);

    const res = await upload(pdf, cookies.admin);
    expect(res.status).toBe(201);
    const { url: path } = (await res.json()) as { url: string };
    const served = await fetch(`${url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(`${url}/documents/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});

describe('the biocide sales register', () => {
  const register = (cookie: string | null) =>
    fetch(`${url}/api/admin/biocides-register.csv`, {
      headers: { origin: url, ...(cookie ? { cookie } : {}) },
    });

  it('is downloaded by admins only, as a French CSV', async () => {
    expect((await register(null)).status).toBe(401);
    expect((await register(cookies.customerA)).status).toBe(403);
    const res = await register(cookies.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/registre-biocides-\d{4}-\d{2}-\d{2}\.csv/);
    // The byte-order mark that makes spreadsheets read UTF-8 (res.text() would drop it).
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFDate;Commande;Acheteur;')).toBe(true);
  });
});
