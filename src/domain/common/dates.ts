import { z } from 'zod';

/**
 * Calendar values typed by people or sent by programs: a day (YYYY-MM-DD) and a timestamp as
 * PostgreSQL prints it (list cursors). One rule for every input, so that `2026-13-01` or
 * `2026-02-30` is refused with a French message before any query: PostgreSQL would roll
 * `2026-02-30` over to 2 March when read through a JavaScript Date, and postgres.js's serializer
 * throws on `2026-13-01` (third probe, findings 2 and 8).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for YYYY-MM-DD naming a day that exists (29 February only in leap years), years 1000 to 9999. */
export function isRealDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1000) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A day (YYYY-MM-DD) that exists in the calendar; `message` is what the form shows under the field. */
export const daySchema = (message = 'Date invalide') =>
  z.string({ error: message }).refine(isRealDay, { error: message });

/**
 * A timestamp as PostgreSQL prints a timestamptz (`2026-03-01 09:15:42.123456+01`, microseconds and
 * minutes of offset optional), or in ISO form (`T`, `Z`): the keyset cursors of the back-office
 * lists. Its day must exist and its time be a time of day.
 */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

export function isRealTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match || !isRealDay(match[1] as string)) return false;
  const [h, min, s] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const [oh, om] = [Number(match[6] ?? 0), Number(match[7] ?? 0)];
  return h < 24 && min < 60 && s < 60 && oh <= 15 && om < 60;
}
