import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parisDay } from '../../../src/domain/site/time-zone';
import { createSql, withDatabase } from '../../../src/server/db/client';
import { runningCluster } from '../../../src/server/db/embedded';
import { openIntervention, type RequestFields } from '../../../src/server/interventions/commands';
import { recordOffPremisesSignature, sendDevis } from '../../../src/server/interventions/devis';
import { customerForm, placeOrder } from '../../support/orders';
import { insertSite } from '../../support/sites';
import { recordedVisit, sealedVisit, type VisitPlan } from '../../support/treatments';
import { currentServer } from './server';

/**
 * The database of the test's e2e server (serve.mjs, support/server.ts): the embedded cluster it
 * published in its data folder, or the database it created on DATABASE_URL's server.
 */
export async function shopDatabaseUrl(): Promise<string> {
  const { port, dataDir } = currentServer();
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL, `h27_e2e_${port}`);
  const cluster = await runningCluster(path.join(dataDir, 'postgres'));
  if (!cluster) throw new Error(`no running e2e cluster in ${dataDir}`);
  return `postgres://${cluster.user}:${encodeURIComponent(cluster.password)}@${cluster.host}:${cluster.port}/shop`;
}

/**
 * A guest's pickup order of one `productId`, placed `daysAgo` days before now through the server's
 * own command (the only past no page can make: a payment is never dated before its order's day, and
 * a closure needs a payment of a finished day). Returns the order's number.
 */
export async function orderPlacedDaysAgo(
  productId: string,
  lastName: string,
  daysAgo: number,
): Promise<string> {
  const sql = createSql(await shopDatabaseUrl(), 1);
  try {
    const at = new Date(Date.now() - daysAgo * 24 * 3600 * 1000).toISOString();
    const order = await placeOrder(
      sql,
      {
        customerId: null,
        customer: { ...customerForm, lastName, email: `${lastName.toLowerCase()}@example.fr` },
        deliveryMethod: 'pickup',
        lines: [{ productId, quantity: 1 }],
      },
      { actor: { kind: 'guest' }, requestId: 'e2e-history', at },
    );
    return order.orderNumber;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/**
 * An intervention requested through the server's own command, then a visit booked, recorded and,
 * with `seal`, its report signed and sealed through the technician's commands
 * (tests/support/treatments.ts), dated as `visit` says: the past no page can make (a visit is
 * recorded when it happens). Returns the intervention's number and the report's.
 */
export async function interventionVisited(
  city: string,
  visit: Omit<VisitPlan, 'interventionId'>,
  seal: boolean,
): Promise<{ number: string; reportNumber: string | null }> {
  const sql = createSql(await shopDatabaseUrl(), 1);
  try {
    const meta = {
      actor: { kind: 'guest' as const },
      at: new Date().toISOString(),
      requestId: 'e2e-register',
    };
    const { state } = await openIntervention(
      sql,
      {
        name: 'Camille Registre',
        email: `registre-${randomUUID().slice(0, 8)}@example.fr`,
        phone: '+33612345678',
        service: 'deratisation',
        siteType: 'commerce',
        street: '4 place du Marché',
        zipCode: '27400',
        city,
        urgency: 'semaine',
        preferredSlots: ['matin'],
        message: 'Rats en réserve',
        callbackConsent: false,
      },
      { meta, source: 'admin', customerId: null },
    );
    // The report's QR code and mail links are signed with a secret of this helper's: nothing follows them.
    const field = {
      sql,
      config: { PUBLIC_URL: 'http://localhost', AUTH_SECRET: 'e2e-history-report-links-not-followed' },
    };
    const plan = { ...visit, interventionId: state!.id };
    if (seal) return { number: state!.number, reportNumber: (await sealedVisit(field, plan)).number };
    await recordedVisit(field, plan);
    return { number: state!.number, reportNumber: null };
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/**
 * An intervention requested, quoted (one hour of labour at the first hourly rate) and signed at the
 * customer's home `daysAgo` days before now, through the server's own commands dated then: the
 * other past no page can make (a devis is signed on or after the day it was sent, and a payment is
 * never dated in the future, so « day 3 of the contract » has to be today). The devis mail's link
 * is signed with a secret of this helper's, not the server's: nothing follows it. Returns the
 * intervention's id and number.
 */
export async function interventionSignedOffPremisesDaysAgo(
  request: RequestFields,
  customerId: string | null,
  daysAgo: number,
  options: { siteId?: string } = {},
): Promise<{ id: string; number: string }> {
  const sql = createSql(await shopDatabaseUrl(), 1);
  const at = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
  const meta = {
    actor: { kind: 'system' as const, name: 'e2e-history' },
    at: at.toISOString(),
    requestId: 'e2e-history',
  };
  try {
    const { state } = await openIntervention(sql, request, {
      meta,
      source: 'admin',
      customerId,
      siteId: options.siteId ?? null,
    });
    const id = state!.id;
    const { number } = await sendDevis(
      sql,
      id,
      {
        siteType: request.siteType,
        customerKind: 'particulier',
        companyName: '',
        siren: '',
        headcount: null,
        activity: '',
        description: 'Dératisation de la réserve : postes d’appâtage sécurisés.',
        validityDays: 30,
        lines: [{ kind: 'labour', rateIndex: 0, minutes: 60 }],
      },
      {
        meta,
        config: { PUBLIC_URL: 'http://localhost', AUTH_SECRET: 'e2e-history-devis-link-not-followed' },
        clock: async () => at,
      },
    );
    await recordOffPremisesSignature(
      sql,
      id,
      {
        number: number!,
        signerName: request.name,
        signedOn: parisDay(at),
        urgentWords: null,
        expressRequest: true,
        acknowledgement: true,
      },
      meta,
    );
    return { id, number: state!.number };
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/**
 * A site with `devices` bait stations in its kitchen, as the back-office's site screens leave the
 * tables (tests/support/sites.ts), in the e2e shop's database.
 */
export async function siteWithDevices(name: string, devices: number) {
  const sql = createSql(await shopDatabaseUrl(), 1);
  try {
    return await insertSite(sql, {
      devices,
      name,
      placedAt: new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString(),
    });
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** A site archived behind an open screen's back, as another admin's « Archiver » does. */
export async function archiveSiteNow(siteId: string) {
  const sql = createSql(await shopDatabaseUrl(), 1);
  try {
    await sql`update sites set archived_at = now() where id = ${siteId}`;
  } finally {
    await sql.end({ timeout: 2 });
  }
}
