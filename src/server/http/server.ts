import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { toNodeHandler } from 'better-auth/node';
import compression from 'compression';
import sirv from 'sirv';
import type { ViteDevServer } from 'vite';
import { WebSocketServer } from 'ws';
import { toId, UUID_PATTERN } from '../../domain/security/ids.js';
import { isKnownRoute } from '../../domain/site/routes.js';
import { AUDIT_ARCHIVE_PATH, AUDIT_EXPORT_PATH, handleAuditExport } from '../audit/log-download.js';
import { unsealedAge } from '../audit/sealer.js';
import { CLIENT_IP_HEADER } from '../auth/auth.js';
import { createSocketRegistry, listenForRevocations } from '../auth/session-revocation.js';
import { BACKUP_PATH, handleBackupDownload } from '../backup/backup.js';
import type { Config } from '../config.js';
import { clientIp, createContext, type Services } from '../context.js';
import { CUSTOMERS_CSV_PATH, handleCustomersCsv } from '../customers/csv-download.js';
import { errors, toTRPCError } from '../errors.js';
import {
  DOCUMENT_PATH,
  DOCUMENT_UPLOAD_PATH,
  handleDocumentUpload,
  serveDocument,
} from '../images/documents.js';
import { readImageVariant } from '../images/images.js';
import {
  handleImageUpload,
  handleVisitPhotoUpload,
  IMAGE_UPLOAD_PATH,
  VISIT_PHOTO_UPLOAD_PATH,
} from '../images/upload.js';
import {
  FOLDER_PDF_PATH,
  folderHeaders,
  folderPageStatus,
  handleFolderPdf,
} from '../inspector/folder-http.js';
import { FOLDER_PATH } from '../inspector/links.js';
import { handleRequestPhotoUpload, REQUEST_PHOTO_PATH } from '../interventions/request-photos.js';
import {
  handleTreatmentRegisterCsv,
  handleTreatmentRegisterPdf,
  TREATMENT_REGISTER_CSV_PATH,
  TREATMENT_REGISTER_PDF_PATH,
} from '../interventions/treatment-register.js';
import { handleSignedOrderDocument, SIGNED_ORDER_DOCUMENT_PATH } from '../invoices/signed-order.js';
import { startLiveHub } from '../live/hub.js';
import { logger } from '../logger.js';
import { BIOCIDE_REGISTER_PATH, handleBiocideRegister } from '../orders/biocide-register.js';
import { handleOrdersCsv, ORDERS_CSV_PATH } from '../orders/csv-download.js';
import { clientDistDir, projectRoot } from '../paths.js';
import { CUSTOMER_DATA_PATH, handleCustomerData, handleOwnData, OWN_DATA_PATH } from '../privacy/download.js';
import { appRouter } from '../routers/index.js';
import { registerCache } from '../settings/caches.js';
import { refuseDuringMaintenance } from '../settings/maintenance.js';
import { handleSiteLabels, SITE_LABELS_PATH } from '../sites/labels-pdf.js';
import {
  pageRedirect,
  searchEngineFile,
  shopPage,
  sitePage,
  UNKNOWN_PRODUCT_LIMIT,
} from '../storefront/pages.js';
import {
  connectSources,
  createSocketGuard,
  guardRequest,
  hardenServer,
  LIMITS,
  normalizeRequestPath,
} from './guards.js';

const securityHeaders = (config: Config): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSources(config)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

/** The types of what this file serves itself (pages, search-engine files); built assets go through sirv. */
const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * The build's assets (dist/client files other than pages) through sirv: types, validators, ranges and
 * 304s from a maintained library (issue 22, point 3). Hashed files under /assets/ never change; the
 * others (favicon, manifest, icons) are kept an hour. Pages are not static: they are chosen by route
 * and rendered from the settings and the database below, so they stay here.
 */
function builtAssets(): (req: IncomingMessage, res: ServerResponse) => boolean {
  // No build yet (development, the integration tests): nothing to serve; sirv reads the folder once.
  if (!existsSync(clientDistDir)) return () => false;
  const handler = sirv(clientDistDir, {
    dev: false,
    etag: true,
    extensions: [],
    setHeaders: (res, pathname) =>
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      ),
  });
  /** Whether the asset was found and is being sent. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    let missing = false;
    handler(req, res, () => {
      missing = true;
    });
    return !missing;
  };
}

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
}

/** Built files are immutable for the life of the process: read each once ("Vider le cache" clears it). */
const staticCache = new Map<string, StaticFile | null>();
registerCache('static-files', () => staticCache.clear());

async function loadStatic(file: string): Promise<StaticFile | null> {
  if (staticCache.has(file)) return staticCache.get(file) ?? null;
  let entry: StaticFile | null = null;
  try {
    if ((await stat(file)).isFile()) {
      const body = await readFile(file);
      entry = {
        body,
        type: mimeTypes[path.extname(file)] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
    }
  } catch {
    entry = null;
  }
  staticCache.set(file, entry);
  return entry;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  status: number,
  cacheControl: string,
) {
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', file.etag);
  if (status === 200 && req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** A pre-rendered page when the build made one (dist/client/<path>/index.html), else the SPA shell. */
async function servePage(req: IncomingMessage, res: ServerResponse, pathname: string) {
  const clean = pathname.replace(/\/+$/, '');
  const safe = path.normalize(clean).replace(/^(\.\.[/\\])+/, '');
  const prerendered = safe && safe !== '/' ? path.join(clientDistDir, safe, 'index.html') : null;
  const known = isKnownRoute(pathname);
  const file =
    (known && prerendered && (await loadStatic(prerendered))) ||
    (known && pathname === '/' && (await loadStatic(path.join(clientDistDir, 'index.html')))) ||
    (!known && (await loadStatic(path.join(clientDistDir, '404.html')))) ||
    (await loadStatic(path.join(clientDistDir, 'spa.html'))) ||
    (await loadStatic(path.join(clientDistDir, 'index.html')));
  if (!file) {
    res.statusCode = 503;
    res.end('Client build missing: run npm run build');
    return;
  }
  send(req, res, file, known ? 200 : 404, 'no-cache');
}

/**
 * The page shell the shop pages are rendered into: the built one (spa.html, or index.html when the
 * build pre-rendered nothing); the source index.html, through Vite, in development and before any
 * build (integration tests).
 */
async function pageShell(vite: ViteDevServer | null, pathname: string): Promise<string> {
  const source = () => readFile(path.join(projectRoot, 'index.html'), 'utf8');
  if (vite) return await vite.transformIndexHtml(pathname, await source());
  const built =
    (await loadStatic(path.join(clientDistDir, 'spa.html'))) ??
    (await loadStatic(path.join(clientDistDir, 'index.html')));
  return built ? built.body.toString('utf8') : await source();
}

/** How long a stopping server lets requests in flight finish before closing their connections. */
const DRAIN_TIMEOUT_MS = 5_000;

const imagePath = new RegExp(`^/images/(${UUID_PATTERN})/(\\d{2,4})\\.webp$`, 'i');

type RouteHandler = (services: Services, req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** One entry of the route table: true when it answered the request. */
type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> | boolean;

/** The routes outside tRPC and better-auth, by exact path; each handler starts with requireRole. */
const backOfficeRoutes = new Map<string, RouteHandler>([
  [IMAGE_UPLOAD_PATH, handleImageUpload],
  [VISIT_PHOTO_UPLOAD_PATH, handleVisitPhotoUpload],
  [DOCUMENT_UPLOAD_PATH, handleDocumentUpload],
  [AUDIT_EXPORT_PATH, handleAuditExport],
  [AUDIT_ARCHIVE_PATH, handleAuditExport],
  [ORDERS_CSV_PATH, handleOrdersCsv],
  [CUSTOMERS_CSV_PATH, handleCustomersCsv],
  [BIOCIDE_REGISTER_PATH, handleBiocideRegister],
  [TREATMENT_REGISTER_CSV_PATH, handleTreatmentRegisterCsv],
  [TREATMENT_REGISTER_PDF_PATH, handleTreatmentRegisterPdf],
  [OWN_DATA_PATH, handleOwnData],
  [CUSTOMER_DATA_PATH, handleCustomerData],
  [BACKUP_PATH, handleBackupDownload],
  // The guest's invoice: its right is the signed order token, not a session (invoices/signed-order.ts).
  [SIGNED_ORDER_DOCUMENT_PATH, handleSignedOrderDocument],
  // A visitor's request photos: no session, the origin and a per-address limit (request-photos.ts).
  [REQUEST_PHOTO_PATH, handleRequestPhotoUpload],
]);

export interface HttpServer {
  server: http.Server;
  close(): Promise<void>;
}

export async function createHttpServer(services: Services, options: { dev: boolean }): Promise<HttpServer> {
  const authHandler = toNodeHandler(services.auth);
  const compress = compression({ threshold: 1024 });
  let vite: ViteDevServer | null = null;
  const headers = Object.entries(securityHeaders(services.config));
  const serveAsset = builtAssets();

  /** The API: tRPC over HTTP (batches bounded by the guard on the decoded calls). */
  const trpc: Route = async (req, res, url) => {
    if (!url.pathname.startsWith('/api/trpc')) return false;
    res.setHeader('Cache-Control', 'no-store');
    await nodeHTTPRequestHandler({
      req,
      res,
      path: url.pathname.slice('/api/trpc/'.length),
      router: appRouter,
      createContext: ({ req }) => createContext(services, req),
      maxBodySize: LIMITS.trpcBodyBytes,
      // tRPC's own count (of the decoded path) behind the guard's, should the two ever differ.
      maxBatchSize: LIMITS.batchCalls,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          logger.error(`tRPC ${path ?? ''} failed`, error.cause ?? error);
      },
    });
    return true;
  };

  /** The back-office's non-tRPC routes: each passes the one gate (staff-gate.ts requireRole). */
  const backOffice: Route = async (req, res, url) => {
    const route = backOfficeRoutes.get(url.pathname);
    if (!route) return false;
    await route(services, req, res);
    return true;
  };

  /** A site's label sheet (sites/labels-pdf.ts): the site's id is in the path. */
  const siteLabels: Route = async (req, res, url) => {
    const siteId = SITE_LABELS_PATH.exec(url.pathname)?.[1];
    if (!siteId) return false;
    await handleSiteLabels(services, req, res, toId(siteId)!);
    return true;
  };

  /** Safety data sheets (PDF), public and immutable like the images. */
  const safetySheets: Route = async (req, res, url) => {
    const documentId = DOCUMENT_PATH.exec(url.pathname)?.[1];
    if (!documentId || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    await serveDocument(services, documentId, res);
    return true;
  };

  /** Sign-in, sign-up and sessions (better-auth). */
  const auth: Route = async (req, res, url) => {
    if (!url.pathname.startsWith('/api/auth/')) return false;
    res.setHeader('Cache-Control', 'no-store');
    // The rate limiter keys on this header: always ours, never the client's (see auth.ts).
    req.headers[CLIENT_IP_HEADER] = clientIp(req, services.config.TRUSTED_PROXIES);
    await authHandler(req, res);
    return true;
  };

  /** Product images, by id and width; an id is never reused, so they are cached forever. */
  const images: Route = async (_req, res, url) => {
    if (!url.pathname.startsWith('/images/')) return false;
    // Anything else under /images/ (a malformed id, an unknown width) is an unknown image: 404.
    const image = imagePath.exec(url.pathname);
    const id = image ? toId(image[1]) : null;
    const variant = image && id ? await readImageVariant(services.sql, id, Number(image[2])) : null;
    if (!variant) {
      res.statusCode = 404;
      res.end();
      return true;
    }
    res.setHeader('Content-Type', variant.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(variant.data);
    return true;
  };

  /** robots.txt and sitemap.xml, from the public address and the catalogue. */
  const searchEngines: Route = async (req, res, url) => {
    const seo =
      req.method === 'GET' || req.method === 'HEAD' ? searchEngineFile(services, url.pathname) : null;
    if (!seo) return false;
    const file = await seo;
    send(
      req,
      res,
      { ...file, type: mimeTypes[path.extname(url.pathname)]! },
      file.status,
      'public, max-age=3600',
    );
    return true;
  };

  /**
   * The database answers (else this throws: 500), then a metrics line for monitoring: the age of the
   * oldest unsealed event, "late" past twice AUDIT_SEAL_INTERVAL (the status stays 200: a restart
   * would not seal anything).
   */
  const health: Route = async (_req, res, url) => {
    if (url.pathname !== '/healthz') return false;
    const age = await unsealedAge(services.sql, services.config);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(`ok\noldest_unsealed_event_age_seconds ${age.seconds}${age.late ? ' late' : ''}\n`);
    return true;
  };

  /**
   * The inspector's folder (inspector/folder-http.ts): its PDF, and its page with the status the
   * link has (200, 410 revoked, 404 unknown), kept out of search engines.
   */
  const inspectorFolder: Route = async (req, res, url) => {
    if (!url.pathname.startsWith('/dossier/') || (req.method !== 'GET' && req.method !== 'HEAD'))
      return false;
    const pdf = FOLDER_PDF_PATH.exec(url.pathname)?.[1];
    if (pdf) {
      await handleFolderPdf(services, req, res, pdf);
      return true;
    }
    const token = FOLDER_PATH.exec(url.pathname)?.[1];
    if (!token) return false;
    if (await refuseDuringMaintenance(services, req, res, url.pathname)) return true;
    const page = await sitePage(services, url.pathname, () => pageShell(vite, url.pathname));
    if (!page) return false;
    const status = await folderPageStatus(services, token);
    folderHeaders(res);
    send(req, res, { ...page, type: mimeTypes['.html']! }, status, 'no-store');
    return true;
  };

  /**
   * Pages that need the database: maintenance (pages only; assets, API and the back-office stay),
   * redirects, /boutique and /produit/:id rendered on the server, and every other page rendered
   * with the current settings (storefront/pages.ts).
   */
  const dynamicPages: Route = async (req, res, url) => {
    const { pathname } = url;
    // A dot in a page's own path (/produit/a.b) does not make it a file (issue 23, finding 10).
    const isPage = !path.extname(pathname) || pathname.endsWith('.html') || isKnownRoute(pathname);
    if (!isPage || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (await refuseDuringMaintenance(services, req, res, pathname)) return true;
    const redirect = await pageRedirect(services, pathname, req.headers);
    if (redirect) {
      res.statusCode = 302;
      res.setHeader('Location', redirect);
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return true;
    }
    const ip = clientIp(req, services.config.TRUSTED_PROXIES);
    const page = shopPage(services, pathname, () => pageShell(vite, pathname), ip);
    if (!page) {
      // Every other page, with the shop's current identity and delivery claims in its HTML; the
      // build's files (business.ts's facts) only when the settings cannot be read.
      const site = await sitePage(services, pathname, () => pageShell(vite, pathname))?.catch((error) => {
        logger.warn(`Serving the build's page for ${pathname}: ${(error as Error).message}`);
        return null;
      });
      if (!site) return false;
      send(req, res, { ...site, type: mimeTypes['.html']! }, site.status, 'no-cache');
      return true;
    }
    const file = await page;
    // Past the limit of unknown product pages from one address (issue 23, finding 10): plain text.
    const limited = file.status === 429;
    if (limited) res.setHeader('Retry-After', String(UNKNOWN_PRODUCT_LIMIT.windowMs / 1000));
    const type = limited ? 'text/plain; charset=utf-8' : mimeTypes['.html']!;
    send(req, res, { ...file, type }, file.status, 'no-cache');
    return true;
  };

  /** In development, Vite serves the sources and the page shell. */
  const development: Route = (req, res, url) => {
    if (!vite) return false;
    vite.middlewares(req, res, async () => {
      const template = await readFile(path.join(projectRoot, 'index.html'), 'utf8');
      const html = await vite!.transformIndexHtml(url.pathname, template);
      res.statusCode = isKnownRoute(url.pathname) ? 200 : 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(html);
    });
    return true;
  };

  /** The build: its assets through sirv, then the pre-rendered page or the app shell (404 unknown). */
  const built: Route = async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.end();
      return true;
    }
    if (path.extname(url.pathname) && !url.pathname.endsWith('.html') && serveAsset(req, res)) return true;
    await servePage(req, res, url.pathname);
    return true;
  };

  /** The route table: tried in this order, the first that answers ends the request. */
  const routes: Route[] = [
    trpc,
    backOffice,
    siteLabels,
    safetySheets,
    auth,
    images,
    searchEngines,
    health,
    inspectorFolder,
    dynamicPages,
    development,
    built,
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of headers) {
      if (!(options.dev && name === 'Content-Security-Policy')) res.setHeader(name, value);
    }
    if (guardRequest(req, res, services.config)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const route of routes) if (await route(req, res, url)) return;
  };

  // While stopping, answered keep-alive connections are closed at once instead of idling until the cut.
  let stopping = false;
  const server = http.createServer({ maxHeaderSize: LIMITS.maxHeaderBytes }, (req, res) => {
    res.once('finish', () => {
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    if (stopping) res.setHeader('Connection', 'close');
    compress(req as never, res as never, () => {
      handle(req, res).catch((error) => {
        logger.error(`${req.method} ${req.url} failed`, error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  });
  server.keepAliveTimeout = 65_000;
  hardenServer(server);

  if (options.dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    });
  } else if (!existsSync(path.join(clientDistDir, 'index.html'))) {
    logger.warn('dist/client is missing: run `npm run build` (npm start does it for you)');
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.wsMessageBytes });
  const socketGuard = createSocketGuard(wss, services.config);
  // Sockets by user, closed at once when any instance revokes that user's sessions.
  const userSockets = createSocketRegistry();
  const revocations = await listenForRevocations(services.sql, userSockets);
  // Live updates: one LISTEN per instance fanning out to every subscription (src/server/live).
  const live = await startLiveHub(services.sql, {
    queueItems: services.config.LIVE_QUEUE_ITEMS,
    pollMs: services.config.LIVE_POLL_MS,
  });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: async ({ req, res }) => {
      const ctx = await createContext(services, req, res);
      if (ctx.user) {
        // Refused (typed error, then closed by tRPC) beyond the account's bound on this instance.
        const max = services.config.WS_MAX_PER_USER;
        if (userSockets.count(ctx.user.id) >= max) throw toTRPCError(errors.tooManySockets(max));
        userSockets.track(ctx.user.id, res);
      }
      return { ...ctx, live };
    },
    keepAlive: { enabled: true, pingMs: 25_000, pongWaitMs: 5_000 },
  });
  server.on('upgrade', (req, socket, head) => {
    const pathname = normalizeRequestPath(req);
    if (pathname === '/api/trpc') {
      if (socketGuard.refuseUpgrade(req, socket)) return;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } else if (!vite) {
      socket.destroy();
    }
  });

  return {
    server,
    async close() {
      // Websocket clients are told to reconnect (to another instance, or to this one once it is back).
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1012, 'Server restarting');
      wss.close();
      // Subscriptions still running end (their sockets are closing: clients resume elsewhere).
      await live.stop();
      await revocations.stop();
      await vite?.close();
      // Stop accepting, let requests in flight finish (bounded), then cut what is left.
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => {
        server.closeAllConnections();
        for (const client of wss.clients) client.terminate();
      }, DRAIN_TIMEOUT_MS);
      cut.unref();
      await closed;
      clearTimeout(cut);
    },
  };
}
