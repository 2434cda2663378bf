import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);
const server = path.join(root, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The static imports and re-exports of a source file (side-effect imports and import() included). */
function importsIn(text: string) {
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
      typeOnly: Boolean(m[1]),
      spec: m[2]!,
    })),
    ...[
      ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => ({ typeOnly: false, spec: m[1]! })),
  ];
}

const importsOf = (file: string) => importsIn(readFileSync(file, 'utf8'));

/** The file an import names, relative to src/server (null: a package or outside the server). */
function serverTarget(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const target = path.relative(server, path.resolve(path.dirname(file), spec)).replace(/\.js$/, '.ts');
  return target.startsWith('..') ? null : target;
}

/*
 * The server's rooms, lowest first (src/server/README.md). A file may import its own room and
 * lower levels only: a lower room announces (db/after-commit.ts), a higher room listens. Type
 * imports count too: a type running back up is a dependency running back up.
 */
const LEVELS: Record<string, number> = {
  // The kernel every room may use.
  'config.ts': 0,
  'logger.ts': 0,
  'paths.ts': 0,
  'errors.ts': 0,
  db: 1,
  limits: 2,
  mail: 2,
  settings: 3,
  auth: 4,
  // What a request is (services, session, address), read by every room that answers one; and the
  // one gate of non-tRPC routes, which the rooms' own routes (downloads, upload, maintenance page)
  // pass.
  'context.ts': 5,
  'http/staff-gate.ts': 5.5,
  'http/download.ts': 5.5,
  'settings/maintenance.ts': 5.5,
  images: 6,
  // Stores its products' images.
  catalog: 6.5,
  contact: 6,
  orders: 7,
  // The log's generic command path (ADR 032), over the orders' store; the interventions on it.
  log: 7.2,
  // Sites, their plans and devices (ADR 042): read by the visits, contracts and folders above.
  sites: 7.3,
  // The label sheet draws the reports' QR code with the documents' writer and the seller's name.
  'sites/labels-pdf.ts': 7.8,
  // The site's customer account is checked against the customers' room.
  'sites/commands.ts': 8.2,
  interventions: 7.4,
  // Documents of the orders (invoices, credit notes), checked by the audit.
  invoices: 7.5,
  // The checkout closes while a legally required mention (the seller's identity among them) is missing.
  'orders/checkout.ts': 7.6,
  // Devis take the documents' series, renderer and seller identity (docs/decisions/035-devis.md).
  'interventions/devis.ts': 7.6,
  // The customer's reports and invoices from them, read through the documents' readers (issue 37 point 7).
  'interventions/customer-documents.ts': 7.6,
  'interventions/devis-pdf.ts': 7.6,
  // Reports, their invoice and the treatments' register take the documents' renderer, series,
  // seller identity and audit (ADRs 038-040); the visit reads the technicians' certificates.
  'interventions/invoice.ts': 7.6,
  'interventions/privacy.ts': 7.6,
  'interventions/report-pdf.ts': 7.6,
  'interventions/report-verify.ts': 7.6,
  'interventions/reports.ts': 7.6,
  'interventions/treatment-register.ts': 7.6,
  'interventions/visits.ts': 8.1,
  // Yearly contracts (ADR 044): open interventions, book their appointments, issue documents.
  contracts: 7.7,
  // Readers of the order log and of accounts.
  customers: 8,
  // The inspector's folder and the customer's sites (ADR 045): read the sites, the interventions'
  // documents and register, the documents' renderer; the customer's observation is a request.
  inspector: 7.8,
  audit: 8,
  dashboard: 8,
  live: 8,
  seed: 8,
  // « Mise en service »: reads the settings, the seller's identity and the seeded password's mark.
  'settings/readiness.ts': 8.5,
  backup: 9,
  // Erases, exports and retains personal data across the rooms below.
  privacy: 9,
  // The erasure steps every stream with personal records takes (ADR 020): under the interventions'
  // and the contracts' erasers, which call them.
  'privacy/stream-records.ts': 7.5,
  'trpc.ts': 9,
  routers: 10,
  // Renders the shop's pages through the routers.
  storefront: 11,
  http: 12,
  cli: 13,
  'app.ts': 13,
  'main.ts': 14,
};

/** The level of a server file: its own entry, else its room's. */
function levelOf(target: string): number | undefined {
  const normalised = target.split(path.sep).join('/');
  return LEVELS[normalised] ?? LEVELS[normalised.split('/')[0]!];
}

const roomOf = (target: string) => target.split(path.sep)[0]!;

/** Imports that run back up (or sideways between two rooms of one level) in the server. */
function upwardImports(files: { file: string; text: string }[]) {
  const found: string[] = [];
  for (const { file, text } of files) {
    const from = path.relative(server, file);
    if (/\.test\.tsx?$/.test(from)) continue;
    const level = levelOf(from);
    if (level === undefined) {
      found.push(`${from} has no level`);
      continue;
    }
    for (const { spec } of importsIn(text)) {
      const target = serverTarget(file, spec);
      if (!target || roomOf(target) === roomOf(from)) continue;
      const targetLevel = levelOf(target);
      if (targetLevel === undefined || targetLevel >= level) found.push(`${from} imports ${target}`);
    }
  }
  return found;
}

const serverFiles = () => sources(server).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('layout boundaries', () => {
  it('keeps src/domain pure: no server, client, database, tRPC or React imports', () => {
    for (const file of sources(path.join(root, 'domain'))) {
      for (const { spec } of importsOf(file)) {
        expect(spec, file).not.toMatch(
          /(\/server\/|\/client\/|^postgres|^@trpc|^react|^kysely|^better-auth)/,
        );
      }
    }
  });

  it('lets src/client import from the server only types', () => {
    let serverImports = 0;
    // A client test is never bundled: it may run the real server (use-form.test.ts reads the real
    // error formatter's answer through a real tRPC client).
    for (const file of sources(path.join(root, 'client')).filter((f) => !/\.test\.tsx?$/.test(f))) {
      for (const { spec, typeOnly } of importsOf(file)) {
        if (!spec.includes('/server/')) continue;
        serverImports += 1;
        expect(typeOnly, `${file} imports ${spec}`).toBe(true);
      }
    }
    // The router type is imported somewhere: the scan does see server imports.
    expect(serverImports).toBeGreaterThan(0);
  });

  it('runs no server import back up: each room imports only its own and lower levels', () => {
    expect(upwardImports(serverFiles())).toEqual([]);
  });

  it('keeps db/ a layer: it imports no room, only the kernel', () => {
    for (const file of sources(path.join(server, 'db'))) {
      for (const { spec } of importsOf(file)) {
        const target = serverTarget(file, spec);
        if (!target || roomOf(target) === 'db') continue;
        expect(levelOf(target), `${file} imports ${target}`).toBe(0);
      }
    }
  });

  it('lets orders/ and catalog/ announce their commits through the port, never by importing live/', () => {
    for (const room of ['orders', 'catalog']) {
      for (const file of sources(path.join(server, room))) {
        for (const { spec } of importsOf(file)) {
          expect(serverTarget(file, spec) ?? '', `${file} imports ${spec}`).not.toMatch(/^live\//);
        }
      }
    }
  });

  it('reads site facts from src/domain/site: the server imports from src/client only what renders pages', () => {
    for (const { file, text } of serverFiles()) {
      for (const { spec } of importsIn(text)) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec));
        if (!target.startsWith('client')) continue;
        expect(target, `${file} imports ${spec}`).toMatch(/^client\/(entry-server\.(js|tsx?)|lib\/)/);
        expect(target, `${file} imports ${spec}`).not.toMatch(/features\/marketing\/business/);
      }
    }
  });
});

describe('one definition per rule', () => {
  it('checks ids only through src/domain/security/ids.ts (no other uuid pattern, no z.uuid())', () => {
    const others = [
      ...sources(path.join(root, 'server')),
      ...sources(path.join(root, 'domain')),
      ...sources(path.join(root, 'client')),
    ]
      .filter(
        (file) => !file.endsWith(path.join('domain', 'security', 'ids.ts')) && !/\.test\.tsx?$/.test(file),
      )
      .filter((file) =>
        /\[0-9a-f\]\{8\}|\[0-9a-f-\]\{36\}|z\.uuid\(|\bisUuid\b/i.test(readFileSync(file, 'utf8')),
      );
    expect(others).toEqual([]);
  });
});

describe('client input limits', () => {
  it('reads every maxLength from src/domain/common/limits.ts (no retyped number)', () => {
    const retyped = sources(path.join(root, 'client')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/maxLength=\{\s*\d+\s*\}|maxLength="\d+"/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(retyped).toEqual([]);
  });
});

describe('the layering check itself', () => {
  const at = (room: string) => path.join(server, room);
  it('sees a planted import running back up, a sideways one, and a type-only one', () => {
    expect(
      upwardImports([
        { file: at('db/client.ts'), text: "import { placeOrder } from '../orders/place.js';" },
        { file: at('orders/place.ts'), text: "import { ordersCommitted } from '../live/signals.js';" },
        { file: at('images/images.ts'), text: "import type { X } from '../contact/receive.js';" },
        { file: at('mail/outbox.ts'), text: "export { y } from '../auth/auth.js';" },
      ]),
    ).toHaveLength(4);
  });
  it('lets a room import lower levels and itself', () => {
    expect(
      upwardImports([
        {
          file: at('orders/place.ts'),
          text: "import { a } from '../db/after-commit.js';\nimport { b } from './store.js';",
        },
      ]),
    ).toEqual([]);
  });
});
