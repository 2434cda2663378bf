import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../src/domain/contact/schema.js';
import { CALLBACK_CONSENT_WORDING } from '../../src/domain/interventions/request.js';
import type { Context, Services, SessionUser } from '../../src/server/context.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createCallerFactory } from '../../src/server/trpc.js';
import type { TestDatabase } from '../support/db.js';
import { type TestShop, testShop } from '../support/shop.js';

/* Issue 36: the contact form opens an intervention; the back-office pipeline lists it. */
let shop: TestShop;
let db: TestDatabase;
let services: Services;

beforeAll(async () => {
  shop = await testShop();
  ({ db, services } = shop);
});
afterAll(async () => {
  await shop.drop();
});

const createCaller = createCallerFactory(appRouter);
const callerFrom = (ip: string, user: SessionUser | null = null) =>
  createCaller({ ...services, user, requestId: `test-${ip}`, ip } satisfies Context);

const request = (n: number) => ({
  name: `Visiteur ${n}`,
  email: `visiteur${n}@example.fr`,
  phone: '06 12 34 56 78',
  service: 'guepe' as const,
  siteType: 'logement_ancien' as const,
  street: `${n} rue des Lilas`,
  zipCode: '27000',
  city: 'Évreux',
  urgency: 'urgent' as const,
  preferredSlots: ['matin' as const, 'samedi' as const],
  message: 'Nid de guêpes sous le toit',
  callbackConsent: true,
});

describe('interventions.request', () => {
  it('opens an intervention with the site facts and the consent to be called back, with its words and time', async () => {
    const before = Date.now();
    await expect(callerFrom('10.1.0.1').interventions.request(request(1))).resolves.toEqual({ ok: true });
    const [row] = await db.sql`select * from interventions where email = 'visiteur1@example.fr'`;
    expect(row).toMatchObject({
      status: 'requested',
      source: 'form',
      phone: '+33612345678',
      siteType: 'logement_ancien',
      street: '1 rue des Lilas',
      preferredSlots: ['matin', 'samedi'],
      callbackConsentWording: CALLBACK_CONSENT_WORDING,
    });
    expect((row!.callbackConsentAt as Date).getTime()).toBeGreaterThanOrEqual(before - 5000);
    const [mail] =
      await db.sql`select subject, text_body from mail_outbox where kind = 'shop-intervention-request'`;
    expect(mail!.subject).toContain(`Demande d'intervention ${row!.number}`);
    expect(mail!.textBody).toContain('Logement de plus de 2 ans');
    expect(mail!.textBody).toContain('/admin/interventions');
    // The old inbox is not written any more.
    expect(await db.sql`select 1 from contact_requests where email = 'visiteur1@example.fr'`).toHaveLength(0);
  });

  it('records no consent when the box is not ticked, whatever words the client sends', async () => {
    await callerFrom('10.1.0.2').interventions.request({ ...request(2), callbackConsent: false });
    const [row] =
      await db.sql`select callback_consent_at, callback_consent_wording from interventions where email = 'visiteur2@example.fr'`;
    expect(row).toEqual({ callbackConsentAt: null, callbackConsentWording: null });
  });

  it('refuses a request without site type or address, in French, and stores nothing', async () => {
    const { siteType: _, ...noSite } = request(3);
    await expect(callerFrom('10.1.0.3').interventions.request(noSite as never)).rejects.toThrow(
      'Veuillez choisir le type de lieu.',
    );
    await expect(
      callerFrom('10.1.0.3').interventions.request({ ...request(3), zipCode: '2700' }),
    ).rejects.toThrow('Veuillez indiquer un code postal à 5 chiffres.');
    expect(await db.sql`select 1 from interventions where email = 'visiteur3@example.fr'`).toHaveLength(0);
  });

  it('stores nothing for a robot (honeypot) and limits one address', async () => {
    await callerFrom('10.1.0.4').interventions.request({ ...request(4), website: 'http://spam' });
    expect(await db.sql`select 1 from interventions where email = 'visiteur4@example.fr'`).toHaveLength(0);
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
      await callerFrom('10.1.0.5').interventions.request(request(5));
    await expect(callerFrom('10.1.0.5').interventions.request(request(5))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await db.sql`select 1 from interventions where email = 'visiteur5@example.fr'`).toHaveLength(
      CONTACT_RATE_LIMIT.max,
    );
  });

  it('feeds the pipeline: counts per stage, status filter, search, « Perdu » with its reason', async () => {
    const admin = shop.as('admin');
    const counts = await admin.interventions.counts();
    const [{ n }] = (await db.sql`select count(*)::int as n from interventions`) as unknown as [
      { n: number },
    ];
    expect(counts.requested).toBe(n);
    const found = await admin.interventions.list({ search: 'visiteur2@' });
    expect(found.map((r) => r.email)).toEqual(['visiteur2@example.fr']);
    await admin.interventions.markLost({ id: found[0]!.id, reason: 'A trouvé un autre prestataire' });
    expect((await admin.interventions.counts()).lost).toBe(1);
    expect((await admin.interventions.list({ status: 'lost' })).map((r) => r.lostReason)).toEqual([
      'A trouvé un autre prestataire',
    ]);
    expect(await admin.interventions.list({ status: 'requested', search: 'visiteur2@' })).toEqual([]);
    expect((await admin.interventions.list({ search: '%' })).length).toBe(0);
  });
});
