// Starts the production build for the e2e run on a fresh database: a new embedded cluster in a
// temporary folder, or a freshly created database on DATABASE_URL's server.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';

// A fresh folder each run: E2E_DATA_DIR (set by playwright.config.ts), else a new temporary one.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'h27-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.MAIL_DIR ??= path.join(dataDir, 'mail');
process.env.NODE_ENV = 'production';
process.env.ADMIN_EMAIL ??= 'admin@hygiene-anti-nuisibles-27.fr';
process.env.ADMIN_PASSWORD ??= 'admin12345';
// The specs sign in with the README's development password, which production otherwise refuses.
process.env.ALLOW_PUBLISHED_ADMIN_PASSWORD = 'true';
process.env.LOG_LEVEL ??= 'warn';
// The e2e tier shares the machine with the Vitest tiers: at niceness 19 the image worker (the
// seed's catalogue, the uploads) gets only what they leave, which is nearly nothing.
process.env.IMAGE_WORKER_NICENESS ??= '0';
// The shop tests place many orders from one address and one email: room for them.
process.env.CHECKOUT_LIMIT_PER_IP ??= '1000';
process.env.CHECKOUT_LIMIT_PER_EMAIL ??= '1000';
// The browser reaches the app as through a local reverse proxy: a test that needs its own client
// address (the sign-in rate-limit burst) sends X-Forwarded-For, and the others keep 127.0.0.1.
process.env.TRUSTED_PROXIES ??= '127.0.0.1,::1';
// PUBLIC_URL stays unset, as on a developer's machine: localhost, 127.0.0.1 and [::1] on PORT
// are all trusted origins (links in mails use http://localhost:PORT).
delete process.env.PUBLIC_URL;
// Production mode refuses published secrets: the e2e server gets a random one.
process.env.AUTH_SECRET ??= randomBytes(32).toString('base64url');

if (process.env.DATABASE_URL) {
  const server = new URL(process.env.DATABASE_URL);
  // One database per e2e port, so that two runs on one server (CI and a developer) never drop
  // each other's database.
  const name = `h27_e2e_${Number(process.env.PORT) || 0}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  process.env.DATABASE_URL = server.toString();
}
// Tell tests where mails are written.
console.log(`E2E data dir: ${dataDir}`);
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import(pathToFileURL(path.resolve(process.env.DIST_DIR ?? 'dist', 'server/main.js')).href);
