import net from 'node:net';
import { createTRPCClient, createWSClient, httpLink, wsLink } from '@trpc/client';
import { afterAll, beforeAll, onTestFinished, vi } from 'vitest';
import WebSocket from 'ws';
import type { Services } from '../../src/server/context.js';
import { createHttpServer, type HttpServer } from '../../src/server/http/server.js';
import type { AppRouter } from '../../src/server/routers/index.js';
import { createTestServices, type TestDatabase } from './db.js';
import { type TestShop, testShop } from './shop.js';

/**
 * Holds `Date` still until the current test ends. The app of startHttpApp runs in the test's
 * process, so its time windows (a shop page's 10 s cache entry, the unknown-page limit's 60 s)
 * cannot run out while a loaded machine serves a test's requests.
 */
export function holdDateStill() {
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** The real HTTP server (tRPC, websocket, better-auth) on a free loopback port. */
export interface RunningApp {
  services: Services;
  http: HttpServer;
  port: number;
  /** The origin pages of this app have (http://localhost:<port>). */
  url: string;
  close(): Promise<void>;
}

/** A free loopback port (the trusted loopback origins follow PORT, so it is chosen before listening). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** Signs in through better-auth at `url` and returns the session's Cookie header. */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Starts the server with PORT set and, unless given, PUBLIC_URL unset (the loopback origins of the
 * port are trusted, as on a developer's machine).
 */
export async function startHttpApp(db: TestDatabase, env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const services = createTestServices(db, { PORT: String(port), AUTH_RATE_LIMIT_MAX: '1000', ...env });
  const http = await createHttpServer(services, { dev: false });
  await new Promise<void>((r) => http.server.listen(port, '127.0.0.1', () => r()));
  return { services, http, port, url: `http://localhost:${port}`, close: () => http.close() };
}

/** A test shop (tests/support/shop.ts) served by the real HTTP server, and the HTML it serves. */
export interface ServedShop {
  shop: TestShop;
  app: RunningApp;
  /** The raw HTML served at `pathname`, as a client without JavaScript (or a crawler) reads it. */
  html(pathname: string): Promise<{ status: number; text: string }>;
}

/**
 * The calling file's served shop: opened before its tests (beforeAll), closed and dropped after them
 * (afterAll); `shop` and `app` are set once beforeAll has run.
 */
export function servedShopForFile(): ServedShop {
  const served = {} as ServedShop;
  served.html = (pathname) => servedHtml(served.app, pathname);
  beforeAll(async () => {
    served.shop = await testShop();
    served.app = await startHttpApp(served.shop.db);
  });
  afterAll(async () => {
    await served.app?.close();
    await served.shop?.drop();
  });
  return served;
}

/**
 * The HTML `app` serves at `pathname`: spaces made plain, React's text separators dropped, the
 * entities a test reads decoded.
 */
export async function servedHtml(
  app: RunningApp,
  pathname: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${app.port}${pathname}`);
  const text = (await res.text())
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { status: res.status, text };
}

/** What /api answers: better-auth's { code, message } or tRPC's { error }. */
export interface ApiBody {
  code?: string;
  message?: string;
  error?: { message: string; data: { code: string; domainCode?: string } };
}

/** A browser-like client: one cookie jar, the page's Origin on every request. */
export function browserClient(app: RunningApp, origin = app.url, extraHeaders: Record<string, string> = {}) {
  let cookie = '';
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name] = pair!.split('=');
      const rest = cookie
        .split('; ')
        .filter((c) => c && !c.startsWith(`${name}=`))
        .join('; ');
      cookie = /max-age=0/i.test(line) ? rest : [rest, pair].filter(Boolean).join('; ');
    }
  };
  const headers = () => ({ origin, ...extraHeaders, ...(cookie ? { cookie } : {}) });
  return {
    get cookie() {
      return cookie;
    },
    async post(pathname: string, body: unknown, extra: Record<string, string> = {}) {
      const res = await fetch(`http://127.0.0.1:${app.port}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers(), ...extra },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        redirect: 'manual',
      });
      remember(res);
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: res.status, body: json as ApiBody | null, headers: res.headers };
    },
    async signUp(email: string, password = 'un long mot de passe normand 27') {
      return this.post('/api/auth/sign-up/email', {
        firstName: 'Jean',
        lastName: 'Martin',
        name: 'Jean Martin',
        email,
        password,
      });
    },
    async signIn(email: string, password = 'un long mot de passe normand 27') {
      return this.post('/api/auth/sign-in/email', { email, password });
    },
    /** tRPC over HTTP with this jar's cookie and origin. */
    trpc() {
      return createTRPCClient<AppRouter>({
        links: [httpLink({ url: `http://127.0.0.1:${app.port}/api/trpc`, headers })],
      });
    },
    /** tRPC over the websocket; the cookie and origin are those of the upgrade request. */
    socket() {
      const upgradeHeaders = headers();
      class BrowserSocket extends WebSocket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols, { headers: upgradeHeaders });
        }
      }
      const wsClient = createWSClient({
        url: `ws://127.0.0.1:${app.port}/api/trpc`,
        WebSocket: BrowserSocket as unknown as typeof globalThis.WebSocket,
        retryDelayMs: () => 50,
      });
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
      return { client, close: () => wsClient.close(), raw: wsClient };
    },
  };
}
export type BrowserClient = ReturnType<typeof browserClient>;
