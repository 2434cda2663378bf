/**
 * Runs the official e-invoicing business rules (tests/einvoice/README.md) on a Factur-X XML, in
 * process, with SaxonJS: the CEN EN 16931 CII schematron, the Factur-X 1.09 EN 16931 one and the
 * French BR-FR rules. Each stylesheet is compiled once (30-40 s) into a SEF file cached under
 * node_modules/.cache/einvoice (EINVOICE_CACHE), keyed by the stylesheet's hash, and loaded once per
 * process; a document then takes about a second per set.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const rules = path.join(root, 'tests/einvoice');

export const EINVOICE_SETS = {
  EN16931: 'EN16931-CII-validation.xslt',
  FACTURX: 'FACTUR-X_EN16931.xslt',
  BRFR: 'BR-FR-CII.xslt',
} as const;
export type EinvoiceSet = keyof typeof EINVOICE_SETS;

export interface FailedAssert {
  set: EinvoiceSet;
  id: string;
  /** fatal, error (the CEN set's errors), warning or information. */
  flag: string;
  location: string;
  text: string;
}

interface SaxonApi {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: unknown };
  XPath: {
    evaluate(xpath: string, context: unknown, options?: Record<string, unknown>): unknown;
  };
}

const cacheDir = () =>
  path.resolve(process.env.EINVOICE_CACHE ?? path.join(root, 'node_modules/.cache/einvoice'));

const compiled = new Map<EinvoiceSet, string>();

/** The compiled stylesheet's file, once `compileSets` made it. */
function compiledSet(set: EinvoiceSet): string {
  const file = compiled.get(set);
  if (!file) throw new Error(`einvoice: call compileSets() before validating with ${set}`);
  return file;
}

/** Compiles `xsl` into the SEF file `out` (written beside, then renamed: never read half written). */
async function compileInto(xsl: string, out: string) {
  const partial = `${out}.${process.pid}.tmp`;
  const bin = require.resolve('xslt3/xslt3.js');
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [bin, `-xsl:${xsl}`, `-export:${partial}`, '-nogo', '-relocate:on'],
      { maxBuffer: 16 * 1024 * 1024 },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  renameSync(partial, out);
}

/** A lock older than this was left by a process that died while compiling (a compile takes 30 s to a few minutes). */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * `out`, compiled by this process or by another one: the first process to take the set's lock (a
 * directory, created atomically) compiles; the others wait for its file instead of compiling the same
 * set again (two test files of one run both validate: on a fresh clone each set is compiled once).
 */
async function ensureCompiled(xsl: string, out: string) {
  const lock = `${out}.lock`;
  while (!existsSync(out)) {
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!existsSync(out)) await compileInto(xsl, out);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Compiles the sets the cache has no copy of, side by side (30-40 s each on an idle machine; a
 * fresh clone pays it once, later runs reuse node_modules/.cache/einvoice).
 */
export async function compileSets(sets: readonly EinvoiceSet[] = ['EN16931', 'FACTURX', 'BRFR']) {
  const cache = cacheDir();
  mkdirSync(cache, { recursive: true });
  // The Factur-X rules read their code lists with document() relative to the compiled stylesheet
  // (copied beside, then renamed: another test file may be reading it).
  const codes = path.join(cache, 'FACTUR-X_EN16931_codedb.xml');
  copyFileSync(path.join(rules, 'FACTUR-X_EN16931_codedb.xml'), `${codes}.${process.pid}.tmp`);
  renameSync(`${codes}.${process.pid}.tmp`, codes);
  await Promise.all(
    sets.map(async (set) => {
      const xsl = path.join(rules, EINVOICE_SETS[set]);
      const hash = createHash('sha256').update(readFileSync(xsl)).digest('hex').slice(0, 16);
      const out = path.join(cache, `${set}-${hash}.sef.json`);
      await ensureCompiled(xsl, out);
      compiled.set(set, out);
    }),
  );
}

const loaded = new Map<EinvoiceSet, unknown>();
let saxon: SaxonApi | null = null;

function stylesheet(set: EinvoiceSet): unknown {
  saxon ??= require('saxon-js') as SaxonApi;
  let sef = loaded.get(set);
  if (!sef) {
    sef = JSON.parse(readFileSync(compiledSet(set), 'utf8'));
    loaded.set(set, sef);
  }
  return sef;
}

/** Every failed assert of `set` on `xml` (empty: the document passes). */
export function einvoiceFailures(set: EinvoiceSet, xml: string): FailedAssert[] {
  const compiled = stylesheet(set);
  const api = saxon as SaxonApi;
  const result = api.transform(
    {
      stylesheetInternal: compiled,
      stylesheetBaseURI: `file://${compiledSet(set)}`,
      sourceText: xml,
      destination: 'document',
    },
    'sync',
  );
  const failed = api.XPath.evaluate('//*:failed-assert', result.principalResult, {
    resultForm: 'array',
  }) as { getAttribute(name: string): string | null }[];
  return failed.map((n) => ({
    set,
    id: n.getAttribute('id') ?? '',
    flag: n.getAttribute('flag') || 'fatal',
    location: (n.getAttribute('location') ?? '')
      .replace(/\[namespace-uri\(\)='[^']*'\]/g, '')
      .replace(/\*:/g, ''),
    text: String(api.XPath.evaluate('normalize-space(*:text)', n)).slice(0, 300),
  }));
}

/** The asserts that reject a document: fatal, or error (how the CEN set flags its rules). */
export const isFatal = (f: FailedAssert) => f.flag === 'fatal' || f.flag === 'error';

export const formatFailures = (failures: readonly FailedAssert[]) =>
  failures.map((f) => `${f.set} ${f.id} [${f.flag}] ${f.location}\n    ${f.text}`).join('\n');
