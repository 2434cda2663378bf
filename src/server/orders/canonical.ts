import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no spaces, undefined members dropped. The same value read
 * back from jsonb gives the same text, so hashes can be recomputed from the database or a file.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error('Non-finite number in an event');
    return JSON.stringify(value);
  }
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  // Keys in UTF-16 code unit order (the default sort's), written in one pass: every append hashes
  // its event's content with this.
  const record = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `{${out}}`;
}

/** What an event's hash covers besides its position. */
export interface HashedContent {
  streamId: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: string;
  prevHash: string | null;
}

export const eventContent = (c: HashedContent): string =>
  canonicalJson({
    streamId: c.streamId,
    version: c.version,
    type: c.type,
    data: c.data,
    metadata: c.metadata,
    recordedAt: c.recordedAt,
    prevHash: c.prevHash,
  });

/** sha256 of "<position>\n<canonical content>", hex: the same formula the append computes in SQL. */
export const eventHash = (position: number, content: string): string =>
  createHash('sha256').update(`${position}\n${content}`, 'utf8').digest('hex');
