import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The .eml the e2e server wrote to this address: its data folder is E2E_DATA_DIR, set by
 * playwright.config.ts for the server and the tests alike. Quoted-printable soft breaks are joined.
 */
export async function findMail(to: string, mustContain: string): Promise<string | null> {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  const dir = path.join(root, 'mail');
  for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
    const text = (await readFile(path.join(dir, file), 'utf8').catch(() => '')).replace(/=\r?\n/g, '');
    if (text.includes(`To: ${to}`) && text.includes(mustContain)) return text;
  }
  return null;
}
