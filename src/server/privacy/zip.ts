/**
 * The data export's ZIP, through fflate (the invoices' ZIP uses it too): deflated entries with
 * their dates, opened by every archive tool.
 */
import { type ZipOptions, zipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  content: Buffer | string;
  date?: Date;
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  const files: Record<string, [Uint8Array, ZipOptions]> = {};
  for (const entry of entries) {
    const bytes = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    files[entry.name] = [new Uint8Array(bytes), { mtime: entry.date ?? new Date() }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
