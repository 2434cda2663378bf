/**
 * The Paris wall clock of an instant (the appointments' slots, a short deadline's hour), apart from
 * dates.ts and time-zone.ts: a module of its own so that the storefront's chunks that read days do
 * not carry it (the initial JS budget, docs/decisions/017-js-budget.md).
 */
import { SHOP_TIME_ZONE } from './time-zone.js';

const wallFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall clock of an instant: day 'YYYY-MM-DD' and time 'HH:MM' (appointments' slots). */
export function parisWallTime(at: Date | string): { day: string; time: string } {
  const parts = Object.fromEntries(
    wallFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: SHOP_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** « 14 h 05 » (« 0 h 15 »), the Paris time of an instant, as French text writes an hour (a short deadline). */
export const frenchTime = (value: Date | string): string =>
  parisTime.format(new Date(value)).replace(':', ' h ');
