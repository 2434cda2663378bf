/**
 * The text of an .eml file as a person reads it: a mail written to disk (transport.ts) is
 * MIME-encoded by nodemailer, so an address or a name may be split by a quoted-printable soft line
 * break, or hidden in a base64 part. Searching the raw file misses them; searching this does not.
 */

/** Quoted-printable decoded: soft breaks joined, =XX bytes read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Every base64 block of the file (runs of base64 lines), decoded as UTF-8. */
function decodedBase64Blocks(text: string): string[] {
  const blocks = text.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? [];
  return blocks.map((b) => Buffer.from(b.replace(/\s+/g, ''), 'base64').toString('utf8'));
}

/** The raw file, its quoted-printable reading and its base64 parts, lower-cased: for searching. */
export function searchableEml(raw: string): string {
  return [raw, decodeQuotedPrintable(raw), ...decodedBase64Blocks(raw)].join('\n').toLowerCase();
}
