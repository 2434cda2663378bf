/**
 * The French public holidays (C. trav. L3133-1) of metropolitan France, as Paris calendar days
 * 'YYYY-MM-DD': the fixed ones and those that follow Easter (Easter Monday, Ascension, Whit
 * Monday). Alsace-Moselle's extra days are not the shop's (Normandy). Pure.
 */
import { addDays } from '../dashboard/periods.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const FIXED = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];

/** The eleven public holidays of a year, in calendar order. */
export function frenchPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const moving = [addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)];
  return [...FIXED.map((md) => `${year}-${md}`), ...moving].sort();
}

const byYear = new Map<number, Set<string>>();

/** Whether a day is a French public holiday. */
export function isFrenchPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  let set = byYear.get(year);
  if (!set) {
    set = new Set(frenchPublicHolidays(year));
    byYear.set(year, set);
  }
  return set.has(day);
}
