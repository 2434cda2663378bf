import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { browserClient, type RunningApp, startHttpApp } from '../support/http-app.js';

/* Issue 29, point 4: the customers CSV, a thin sibling of the orders CSV. */

let db: TestDatabase;
let app: RunningApp;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startHttpApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const csvUrl = (query = '') => `http://127.0.0.1:${app.port}/api/admin/customers.csv${query}`;

async function signedIn(email: string, role?: 'admin' | 'auditor') {
  const browser = browserClient(app);
  await browser.signUp(email);
  if (role)
    await db.sql`update profiles set role = ${role} where id = (select id from users where email = ${email})`;
  await browser.signIn(email);
  return browser;
}

describe('customers CSV export', () => {
  it('writes the filtered customers for a French spreadsheet, phones and postcodes kept as text', async () => {
    const admin = await signedIn(`csv-admin-${Date.now()}@example.fr`, 'admin');
    const email = `zelie-${Date.now()}@example.fr`;
    await signedIn(email);
    await db.sql`update profiles set first_name = 'Zélie', last_name = 'Export;1', phone = '+33611223344',
                   postal_code = '01000', city = 'Bourg-en-Bresse'
                 where id = (select id from users where email = ${email})`;
    const res = await fetch(csvUrl('?search=z%C3%A9lie&role='), { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, line, end] = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(bytes)
      .slice(1)
      .split('\r\n');
    expect(header).toBe(
      'Prénom;Nom;Email;Téléphone;Adresse;Code postal;Ville;Pays;Rôle;Inscrit le;Commandes;Total dépensé (€)',
    );
    expect(line).toMatch(
      new RegExp(
        `^Zélie;"Export;1";${email};"=""\\+33611223344""";;"=""01000""";Bourg-en-Bresse;France;Client;\\d{2}/\\d{2}/\\d{4};0;0,00$`,
      ),
    );
    expect(end).toBe('');
  });

  it('is refused to anonymous, customers, auditors and other sites', async () => {
    expect((await fetch(csvUrl())).status).toBe(401);
    const customer = await signedIn(`csv-client-${Date.now()}@example.fr`);
    expect((await fetch(csvUrl(), { headers: { cookie: customer.cookie } })).status).toBe(403);
    const auditor = await signedIn(`csv-auditor-${Date.now()}@example.fr`, 'auditor');
    expect((await fetch(csvUrl(), { headers: { cookie: auditor.cookie } })).status).toBe(403);
    const admin = await signedIn(`csv-admin2-${Date.now()}@example.fr`, 'admin');
    const crossSite = await fetch(csvUrl(), {
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});
