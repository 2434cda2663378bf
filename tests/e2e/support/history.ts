import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { InterventionEvent } from '../../../src/domain/interventions/events';
import { createSql, withDatabase } from '../../../src/server/db/client';
import { runningCluster } from '../../../src/server/db/embedded';
import { openIntervention } from '../../../src/server/interventions/commands';
import { interventionModel } from '../../../src/server/interventions/model';
import { handleStreamCommand } from '../../../src/server/log/stream-commands';
import { customerForm, placeOrder } from '../../support/orders';

/**
 * The e2e shop's own database (serve.mjs): the embedded cluster its server published in
 * E2E_DATA_DIR, or the database it created on DATABASE_URL's server.
 */
export async function shopDatabaseUrl(): Promise<string> {
  const port = Number(process.env.E2E_PORT ?? 3107);
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL, `h27_e2e_${port}`);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is unset: run through playwright.config.ts');
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
 * An intervention requested through the server's own command, with `events` (treatments, a sealed
 * report) appended through the one append path. FIXTURE (issue 37, until the visit and report
 * commands land in the e2e: support/treatment-events.ts).
 * Returns the intervention's number.
 */
export async function interventionWithTreatments(
  city: string,
  events: (version: number) => InterventionEvent[],
): Promise<string> {
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
    await handleStreamCommand(sql, interventionModel, state!.id, meta, () => events(state!.version));
    return state!.number;
  } finally {
    await sql.end({ timeout: 2 });
  }
}
