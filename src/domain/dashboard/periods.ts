/**
 * Days and periods of the dashboard, in Europe/Paris time. A day is a Paris calendar day written
 * 'YYYY-MM-DD'; the database turns it into the instant it starts (`day::timestamp at time zone
 * 'Europe/Paris'`), so summer and winter time are PostgreSQL's business, not arithmetic here.
 */
import { z } from 'zod';
import { daySchema } from '../common/dates.js';

/** A calendar day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both included). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A range of whole Paris days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The last `days` days up to `today` (today included), and the same number of days just before.
 * "Today" compares today so far with the whole of yesterday.
 */
export function periodAndPrevious(today: string, days: number): { current: DayRange; previous: DayRange } {
  const from = addDays(today, -(days - 1));
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

/** The dashboard's revenue periods: today, 7 days, 30 days. */
export const REVENUE_PERIODS = [
  { key: 'today', days: 1, label: "Aujourd'hui", previousLabel: 'hier' },
  { key: 'week', days: 7, label: '7 derniers jours', previousLabel: 'les 7 jours précédents' },
  { key: 'month', days: 30, label: '30 derniers jours', previousLabel: 'les 30 jours précédents' },
] as const;
export type RevenuePeriodKey = (typeof REVENUE_PERIODS)[number]['key'];

/** The longest range the analytics tab accepts (bounds the work of one request). */
export const MAX_RANGE_DAYS = 366 * 3;

const day = daySchema('Date invalide');

/** The analytics tab's chosen period, parsed alike by the picker and the procedures. */
export const dayRangeSchema = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, {
    error: 'La date de début doit précéder la date de fin',
    path: ['to'],
  })
  .refine((range) => daysBetween(range.from, range.to) <= MAX_RANGE_DAYS, {
    error: 'Période trop longue (3 ans au plus)',
    path: ['from'],
  });

/** Presets of the date range picker, relative to today (Paris). */
export const RANGE_PRESETS = [
  { key: '7d', label: '7 derniers jours' },
  { key: '30d', label: '30 derniers jours' },
  { key: '90d', label: '90 derniers jours' },
  { key: 'month', label: 'Ce mois-ci' },
  { key: 'lastMonth', label: 'Mois dernier' },
  { key: 'year', label: 'Cette année' },
] as const;
export type RangePresetKey = (typeof RANGE_PRESETS)[number]['key'];

export function presetRange(key: RangePresetKey, today: string): DayRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (key) {
    case '7d':
      return periodAndPrevious(today, 7).current;
    case '30d':
      return periodAndPrevious(today, 30).current;
    case '90d':
      return periodAndPrevious(today, 90).current;
    case 'month':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
