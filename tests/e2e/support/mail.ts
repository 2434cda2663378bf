import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { currentServer } from './server';

/**
 * The .eml the test's e2e server wrote to this address (its data folder: support/server.ts). Quoted-printable soft breaks are joined.
 */
export async function findMail(to: string, mustContain: string): Promise<string | null> {
  const dir = path.join(currentServer().dataDir, 'mail');
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
  const dir = path.join(currentServer().dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: string[] = [];
  for (const file of files) {
    const text = decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8').catch(() => ''));
    if (text.includes(`To: ${to}`)) mails.push(text);
  }
  return mails;
}
