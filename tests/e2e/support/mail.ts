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

/** Quoted-printable text as read: soft breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  const chars = [...joined];
  for (let i = 0; i < chars.length; i++) {
    const hex = chars[i] === '=' ? `${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}` : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(chars[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every .eml the e2e server wrote to this address, decoded (quoted-printable), oldest first. */
export async function mailsTo(to: string): Promise<string[]> {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  const dir = path.join(root, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: string[] = [];
  for (const file of files) {
    const text = decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8').catch(() => ''));
    if (text.includes(`To: ${to}`)) mails.push(text);
  }
  return mails;
}
