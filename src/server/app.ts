import { shopIdentity } from '../domain/settings/settings.js';
import { stopAuditRuns } from './audit/runs.js';
import { startSealer } from './audit/sealer.js';
import { createAuth } from './auth/auth.js';
import type { Config } from './config.js';
import type { Services } from './context.js';
import { sweepContracts } from './contracts/commands.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createHttpServer, type HttpServer } from './http/server.js';
import { setImageWorkerNiceness, startImageSweeper, stopImageWorker } from './images/images.js';
import { sendDueReminders } from './interventions/appointments.js';
import { expireDueDevis } from './interventions/devis.js';
import { importInboxRequests } from './interventions/inbox-import.js';
import { issueDocumentsOnDecisions } from './invoices/issue.js';
import { announceCommitsLive } from './live/signals.js';
import { logger } from './logger.js';
import { startMailOutbox } from './mail/outbox.js';
import { createMailer, mailDir } from './mail/transport.js';
import { queueMissedConfirmations } from './orders/confirmation-mail.js';
import { orderLinker } from './orders/order-link.js';
import { resealAtStart } from './privacy/reseal.js';
import { startRetention } from './privacy/retention.js';
import { seed } from './seed/seed.js';
import { listenForCacheClears } from './settings/caches.js';
import { cachedSettings } from './settings/store.js';

export interface App {
  services: Services;
  db: Database;
  http: HttpServer;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates, seeds when asked, and listens. stop() undoes all of it. */
export async function startApp(config: Config, options: { dev?: boolean } = {}): Promise<App> {
  const db = await openDatabase(config);
  setImageWorkerNiceness(config.IMAGE_WORKER_NICENESS);
  // The order and catalog writers announce their commits through this port (db/after-commit.ts).
  const stopAnnouncing = announceCommitsLive();
  // Every order decision issues the documents it implies, in its transaction (orders/after-decision.ts).
  const stopIssuing = issueDocumentsOnDecisions(orderLinker(config));
  try {
    const applied = await migrate(db.sql);
    if (applied.length) logger.info(`Applied migrations: ${applied.join(', ')}`);
    // Once: personal fields still inside version 1 events move to their records (ADR 020).
    await resealAtStart(db.sql, config.AUDIT_KEY, config.AUDIT_WITNESS_FILE);
    // The old inbox's items become interventions (once each: idempotent, inbox-import.ts).
    await importInboxRequests(db.sql);
    const auth = createAuth(db.sql, config);
    const services: Services = { sql: db.sql, config, auth };
    if (config.SEED) await seed(db.sql, auth, config);
    const http = await createHttpServer(services, { dev: options.dev ?? false });
    await new Promise<void>((resolve, reject) => {
      http.server.once('error', reject);
      http.server.listen(config.PORT, config.HOST, () => resolve());
    });
    const address = http.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;
    // Sends every queued mail (account mails, order confirmations, shop notifications) with retries,
    // shared safely by every instance.
    // The sender's name is the shop's name in its settings, read at each send (short cache).
    const senderName = async () => (await cachedSettings(db.sql, config)).settings.shopName;
    const outbox = await startMailOutbox(db.sql, createMailer(config, senderName), {
      sweep: async () => {
        const { settings } = await cachedSettings(db.sql, config);
        await queueMissedConfirmations(db.sql, shopIdentity(settings), { orderUrl: orderLinker(config) });
        // Devis past their validity close their intervention as « Perdu » (docs/decisions/035-devis.md).
        await expireDueDevis(db.sql);
        // Appointment reminders due (the schedule is rows in PostgreSQL, ADR 036).
        await sendDueReminders(db.sql, {
          publicUrl: config.PUBLIC_URL,
          secret: config.AUTH_SECRET,
          settings,
        });
        // Yearly contracts: renewals, planned visits, Chatel notices, invoices due (ADR 044).
        await sweepContracts(db.sql, {
          publicUrl: config.PUBLIC_URL,
          secret: config.AUTH_SECRET,
          settings,
          config: { PUBLIC_URL: config.PUBLIC_URL, AUTH_SECRET: config.AUTH_SECRET },
        });
      },
    });
    // Settings saves and "Vider le cache" on any instance clear this one's caches.
    const cacheClears = await listenForCacheClears(db.sql);
    const sealer = startSealer(db.sql, config);
    // Uploads of cancelled product dialogs, removed after a day (images.ts).
    const imageSweeper = startImageSweeper(db.sql);
    // Personal data kept no longer than the privacy policy says (ADR 020), one instance at a time.
    const retention = startRetention(db.sql, async () => ({
      dryRun: false,
      mailDir: mailDir(config),
      shopName: (await cachedSettings(db.sql, config)).settings.shopName,
    }));
    let stopping: Promise<void> | null = null;
    return {
      services,
      db,
      http,
      url,
      stop() {
        stopping ??= (async () => {
          imageSweeper.stop();
          await http.close();
          // After the drain: an upload in flight finishes its processing first.
          stopImageWorker();
          await outbox.stop();
          await cacheClears.stop();
          await sealer.stop();
          await retention.stop();
          // Verification runs of the audit page end recorded as interrupted.
          await stopAuditRuns();
          await db.close();
          stopAnnouncing();
          stopIssuing();
        })();
        return stopping;
      },
    };
  } catch (error) {
    stopAnnouncing();
    stopIssuing();
    await db.close().catch(() => undefined);
    throw error;
  }
}
