import type { ServerResponse } from 'node:http';
import { type ZipOptions, zipSync } from 'fflate';
import { CSV_BOM, csvLine } from '../../domain/orders/admin-list.js';
import { errors } from '../errors.js';
import { logger } from '../logger.js';
import { replyError } from './staff-gate.js';

/**
 * The one way a back-office file (backup, orders CSV, order log) is streamed to a browser.
 *
 * A download holds a database connection (and often a snapshot transaction with a cursor) for as
 * long as it writes. Whatever ends it (the last line, the browser cancelling, a network cut, a
 * reader that stops reading, an error), the producer's next write throws, so its transaction rolls
 * back and its connection goes back to the pool (issue 23, finding 2: ten cancelled backups used to
 * hold ten connections for good and took the shop down).
 */

/** Thrown into the producer when the client is gone (or stalled): not an error of ours. */
export class DownloadGone extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DownloadGone';
  }
}

/** A reader that takes nothing for this long is cut: a stalled download must not hold a connection. */
export const DOWNLOAD_STALL_MS = 30_000;

/** Downloads streaming at once on this instance: each holds a connection of the pool. */
export const DOWNLOADS_AT_ONCE = 2;
let running = 0;

export const DOWNLOAD_BUSY_MESSAGE = 'Un autre téléchargement est déjà en cours. Réessayez dans un instant.';

/** Headers of a file download that is never cached. */
export function startDownload(res: ServerResponse, contentType: string, fileName: string) {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
}

export type WriteChunk = (chunk: string) => Promise<void>;

/**
 * Streams `produce`'s chunks as the download `fileName`. Returns what `produce` returned, or null
 * when the download did not finish (client gone, stalled, or an error, logged; the connection is
 * then cut so that a partial file is never taken for a whole one). Returns false when the instance
 * already streams DOWNLOADS_AT_ONCE files (nothing was sent: the caller answers).
 */
export async function streamDownload<T>(
  res: ServerResponse,
  file: { contentType: string; fileName: string; what: string; stallMs?: number },
  produce: (write: WriteChunk) => Promise<T>,
): Promise<T | null | false> {
  if (running >= DOWNLOADS_AT_ONCE) return false;
  running += 1;
  let gone: DownloadGone | null = res.destroyed ? new DownloadGone('closed before start') : null;
  let wake: (() => void) | null = null;
  const onClose = () => {
    if (!res.writableFinished) gone ??= new DownloadGone('client closed the download');
    wake?.();
  };
  res.on('close', onClose);
  const write: WriteChunk = async (chunk) => {
    if (gone) throw gone;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const stall = setTimeout(() => {
          gone ??= new DownloadGone('client stopped reading');
          resolve();
        }, file.stallMs ?? DOWNLOAD_STALL_MS);
        wake = () => {
          clearTimeout(stall);
          wake = null;
          resolve();
        };
        res.once('drain', () => wake?.());
      });
    }
    if (gone) throw gone;
  };
  startDownload(res, file.contentType, file.fileName);
  try {
    const result = await produce(write);
    res.end();
    return result;
  } catch (error) {
    if (error instanceof DownloadGone) logger.info(`${file.what}: download ended early (${error.message})`);
    else logger.error(`${file.what} failed`, error);
    res.destroy();
    return null;
  } finally {
    running -= 1;
    res.off('close', onClose);
  }
}

/**
 * The back-office's CSV files (orders, customers, biocide register), in the French conventions of
 * domain/orders/admin-list.ts: the BOM and the header, then each batch of rows (a server-side cursor:
 * memory stays flat, and a slow reader holds the cursor back) as lines. Returns the number of rows.
 */
export async function writeCsv<Row>(
  write: WriteChunk,
  header: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  line: (row: Row) => string,
): Promise<number> {
  await write(CSV_BOM + csvLine([...header]));
  let count = 0;
  // A write that throws (the download ended) closes the cursor and frees the connection.
  for await (const rows of batches) {
    await write(rows.map(line).join(''));
    count += rows.length;
  }
  return count;
}

/** Streams a CSV file (streamDownload); answers the French "busy" refusal when it cannot start. */
export async function sendCsv(
  res: ServerResponse,
  file: { fileName: string; what: string },
  produce: (write: WriteChunk) => Promise<number>,
): Promise<void> {
  const done = await streamDownload(res, { contentType: 'text/csv; charset=utf-8', ...file }, produce);
  if (done === false) replyError(res, errors.downloadBusy());
}

export interface ZipEntry {
  name: string;
  content: Buffer | string;
  /** The entry's time; now when not given. */
  date?: Date;
}

/**
 * The one way a downloaded ZIP is made (the personal data export, the accountant's invoices):
 * deflated entries with their dates, opened by every archive tool.
 */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const files: Record<string, [Uint8Array, ZipOptions]> = {};
  for (const entry of entries) {
    const bytes = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    files[entry.name] = [new Uint8Array(bytes), { mtime: entry.date ?? new Date() }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
