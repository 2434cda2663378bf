import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, ownAddress } from './support/admin';
import { addToCart, ownProduct } from './support/catalogue';
import { confirmCheckout } from './support/checkout';
import { shopDatabaseUrl } from './support/history';
import { SHARED_STATE_PORT } from './support/server';
import { expect, test } from './support/test';

/*
 * Live updates across instances (issue 15): the e2e server (instance A) and a second instance (B)
 * of the same build on the same database. An admin's screens on A follow what the shop and the
 * customers do on B, without a reload; a customer's /compte on B follows what the admin does on A.
 * Browsers reach B through a loopback TCP proxy (the "network"), which a test cuts and restores.
 */

const PASSWORD = 'motdepasse-solide';

/** This spec runs on the shared state's server (instance A); B's network takes the port two above. */
const portB = SHARED_STATE_PORT + 2;
const baseB = `http://localhost:${portB}`;

/**
 * The network between the browsers and instance B: a TCP proxy on B's public port. down() drops
 * every connection at once (reset, as when a cable is pulled) and refuses new ones until up().
 * A real cut, not Playwright's routeWebSocket: that one swaps the page's WebSocket for a mock whose
 * refused connection fires 'close' without the 'error' a browser fires first, and tRPC's client
 * waits for 'open' or 'error' before its next retry, so it never retried.
 */
class Network {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly port: number,
    private readonly targetPort: number,
  ) {}

  async up() {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    // Dual stack: browsers try localhost on ::1 and 127.0.0.1.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, () => resolve());
    });
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }
}

/** A port nobody listens on now (the kernel's pick), for B itself, behind its network. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Each test drives three or four browsers across two servers: room on a busy shared machine.
test.describe.configure({ timeout: 180_000 });

let instanceB: ChildProcess | null = null;
let dataDirB = '';
let networkB: Network | null = null;
let envB: NodeJS.ProcessEnv = {};

/** Starts instance B (again, after stopB: same port, database, data and secret) and waits for it. */
async function startB() {
  const child = spawn(process.execPath, [path.resolve(process.env.DIST_DIR ?? 'dist', 'server/main.js')], {
    env: envB,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  instanceB = child;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`instance B exited with code ${code}`))),
  );
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${baseB}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.race([ready, exited]);
}

/** SIGTERM, as a deployment stops it: B tells its websocket clients to reconnect, then exits. */
async function stopB() {
  const child = instanceB;
  if (child && child.exitCode === null) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
}

test.beforeAll(async () => {
  dataDirB = mkdtempSync(path.join(os.tmpdir(), 'h27-e2e-b-'));
  const hiddenPort = await freePort();
  networkB = new Network(portB, hiddenPort);
  await networkB.up();
  envB = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(hiddenPort),
    // Seen by the browsers at its network's address, the only trusted origin then.
    PUBLIC_URL: baseB,
    DATABASE_URL: await shopDatabaseUrl(),
    DATA_DIR: dataDirB,
    MAIL_DIR: path.join(dataDirB, 'mail'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // Instance A seals the log with its own key; B leaves sealing to it.
    AUDIT_SEAL_INTERVAL: '0',
    LOG_LEVEL: 'warn',
    CHECKOUT_LIMIT_PER_IP: '1000',
    CHECKOUT_LIMIT_PER_EMAIL: '1000',
    TRUSTED_PROXIES: '127.0.0.1,::1',
  };
  await startB();
});

test.afterAll(async () => {
  await stopB();
  await networkB?.down();
  if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
});

/** Marks the page: a reload or a navigation by URL would lose the mark. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'same page';
  });
}
async function expectSamePage(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('same page');
}

/**
 * Records in the page the text of each notice as it is added: a MutationObserver, installed before
 * the page loads. A notice shows 5 seconds, and a wait that polled the page for it could miss it:
 * in a loaded CI run the admin's page fetched the notices' code a second after the order was placed
 * (its first notice), and the wait ran out 150 s later.
 */
async function recordNotices(page: Page) {
  await page.addInitScript(() => {
    const texts: string[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { notices: string[] }).notices = texts;
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('li[data-swipe-direction]')) {
        if (seen.has(notice) || !notice.textContent) continue;
        seen.add(notice);
        texts.push(notice.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * From now on (recordNotices): returns a wait for the next « Commande … reçue. » notice, which
 * gives its text. Called before the order is placed, so that no notice can come first.
 */
async function nextNewOrderNotice(page: Page): Promise<() => Promise<string>> {
  const recorded = () => page.evaluate(() => (window as unknown as { notices?: string[] }).notices ?? []);
  const from = (await recorded()).length;
  return async () => {
    let text: string | undefined;
    await expect
      .poll(
        async () => {
          const added = (await recorded()).slice(from);
          text = added.map((t) => /Commande CMD-[\d-]+ reçue\./.exec(t)?.[0]).find((t) => t !== undefined);
          return text;
        },
        { timeout: 150_000 },
      )
      .toBeDefined();
    return text ?? '';
  };
}

/**
 * Orders one trap (a product of its own, created on A) through the shop of `base` (signed in or as
 * a guest); returns the order number.
 */
async function orderTrap(page: Page, base: string, email: string) {
  await addToCart(page, await ownProduct('Piège à rats du direct'), { base });
  await page.goto(`${base}/checkout`);
  return confirmCheckout(page, {
    firstName: 'Gaspard',
    lastName: 'Lemonnier',
    email,
    phone: '06 11 22 33 44',
    address: '3 rue de la Harpe',
    city: 'Vernon',
    postalCode: '27200',
  });
}

/** An admin signed in on instance A (or the one at `base`), on the orders screen. */
async function adminOnOrders(browser: Browser, base = '', prepare?: (page: Page) => Promise<void>) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await recordNotices(page);
  await ownAddress(page);
  await prepare?.(page);
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Commandes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Commandes' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(/^\d[\d\s ]* commandes?$/);
  return page;
}

test("an admin's orders screen on one instance shows a guest's order placed on another, at once", async ({
  browser,
}) => {
  const admin = await adminOnOrders(browser);
  await markPage(admin);
  const announced = await nextNewOrderNotice(admin);
  // The guest shops on instance B, in a browser of their own.
  const guest = await (await browser.newContext()).newPage();
  await ownAddress(guest);
  const number = await orderTrap(guest, baseB, `gaspard.${randomBytes(4).toString('hex')}@example.fr`);

  expect(await announced()).toBe(`Commande ${number} reçue.`);
  await expect(admin.getByTestId('order-row').first()).toContainText(number);
  await expectSamePage(admin);
});

test("the customer's /compte and an open order dialog follow the status an admin sets on another instance", async ({
  browser,
}) => {
  const customer = await (await browser.newContext()).newPage();
  await ownAddress(customer);
  const sockets: string[] = [];
  customer.on('websocket', (ws) => sockets.push(ws.url()));
  const email = `lea.${randomBytes(4).toString('hex')}@example.fr`;
  await customer.goto(`${baseB}/auth`);
  await customer.getByRole('button', { name: 'Créer un compte' }).click();
  await customer.getByLabel('Prénom').fill('Léa');
  await customer.getByLabel('Nom', { exact: true }).fill('Lemonnier');
  await customer.getByLabel('Email').fill(email);
  await customer.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await customer.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(customer).toHaveURL(/\/boutique$/);
  const number = await orderTrap(customer, baseB, email);
  // The storefront opens no socket, signed in or not; /compte opens one for the signed-in customer.
  expect(sockets).toEqual([]);
  await customer.goto(`${baseB}/compte`);
  const card = customer.getByTestId('order-card').filter({ hasText: number });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);
  await markPage(customer);

  // An admin on B has the order's details open...
  const watcher = await adminOnOrders(browser, baseB);
  await watcher
    .getByTestId('order-row')
    .filter({ hasText: number })
    .getByRole('button', { name: `Détails de la commande ${number}` })
    .click();
  const timeline = watcher.getByRole('dialog', { name: `Commande ${number}` }).getByTestId('order-timeline');
  await expect(timeline.locator('li')).toHaveCount(1);

  // ...while another on A ships it.
  const admin = await adminOnOrders(browser);
  const row = admin.getByTestId('order-row').filter({ hasText: number });
  await row.getByLabel(`Statut de la commande ${number}`).selectOption('shipped');
  // "Expédiée" asks for the carrier and the tracking number first (both optional).
  await admin
    .getByRole('dialog', { name: 'Marquer comme expédiée' })
    .getByRole('button', { name: 'Marquer expédiée' })
    .click();
  await expect(admin.getByText('Statut de la commande mis à jour.', { exact: true })).toBeVisible();

  await expect(card.getByText('Expédiée', { exact: true })).toBeVisible();
  await expectSamePage(customer);
  await expect(timeline.locator('li')).toHaveCount(2);
  await expect(timeline.locator('li').nth(1)).toContainText('Statut : En attente → Expédiée');
});

/**
 * An admin follows the orders on B while a guest shops on A. After a first order arrived live, B
 * becomes unreachable (`lose`); the header says so; an order is placed meanwhile; B comes back
 * (`restore`): the notice goes by itself, the missed order is announced (replayed from the log
 * after the last event the screen got) and listed, all on the same page.
 */
async function missedWhileDisconnected(
  browser: Browser,
  lose: () => Promise<void>,
  restore: () => Promise<void>,
) {
  // Two orders, a cut and a comeback with backoff (or a restart) on a busy shared machine.
  test.setTimeout(300_000);
  const admin = await adminOnOrders(browser, baseB);
  await markPage(admin);
  const guest = await (await browser.newContext()).newPage();
  await ownAddress(guest);
  const email = `gaspard.${randomBytes(4).toString('hex')}@example.fr`;
  const announcedFirst = await nextNewOrderNotice(admin);
  const first = await orderTrap(guest, '', email);
  expect(await announcedFirst()).toBe(`Commande ${first} reçue.`);
  const notice = admin.getByText('Connexion perdue, reconnexion…', { exact: true });
  await expect(notice).toBeHidden();

  await lose();
  await expect(notice).toBeVisible({ timeout: 60_000 });
  const announced = await nextNewOrderNotice(admin);
  const missed = await orderTrap(guest, '', email);
  await restore();

  // Reconnected with backoff (seconds), without a reload.
  await expect(notice).toBeHidden({ timeout: 60_000 });
  expect(await announced()).toBe(`Commande ${missed} reçue.`);
  await expect(admin.getByTestId('order-row').first()).toContainText(missed);
  await expectSamePage(admin);
}

test('after a lost network the orders screen says so, reconnects by itself and shows the order it missed', async ({
  browser,
}) => {
  await missedWhileDisconnected(
    browser,
    async () => networkB?.down(),
    async () => networkB?.up(),
  );
});

test('after a server restart the orders screen says so, reconnects by itself and shows the order it missed', async ({
  browser,
}) => {
  await missedWhileDisconnected(browser, stopB, startB);
});
