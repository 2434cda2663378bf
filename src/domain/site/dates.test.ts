import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { biocideRegisterFileName } from '../catalog/biocide-register.js';
import { documentDate } from '../invoices/document.js';
import {
  exportFileName,
  frenchDateTime,
  frenchDay,
  frenchLongDate,
  frenchWeekdayDate,
  shortDate,
  shortDateTime,
} from './dates.js';
import { frenchTime } from './wall-time.js';

/** 00:15 in Paris on 23 November 2026: still the 22nd in UTC. */
const PARIS_MIDNIGHT = new Date('2026-11-22T23:15:00Z');
/** 00:15 in Paris on 1 July 2026 (summer time): still 30 June in UTC. */
const SUMMER_MIDNIGHT = new Date('2026-06-30T22:15:00Z');

describe('every date a person reads is the Paris day', () => {
  it('at 00:15 in Paris, winter and summer: the day that has begun in Paris', () => {
    expect(frenchLongDate(PARIS_MIDNIGHT)).toBe('23 novembre 2026');
    expect(frenchLongDate(PARIS_MIDNIGHT.toISOString())).toBe('23 novembre 2026');
    expect(shortDate(PARIS_MIDNIGHT)).toBe('23/11/2026');
    expect(shortDateTime(PARIS_MIDNIGHT)).toBe('23/11/2026 00:15');
    expect(frenchDateTime(PARIS_MIDNIGHT)).toBe('23 novembre 2026 à 00:15');
    expect(frenchTime(PARIS_MIDNIGHT)).toBe('0 h 15');
    expect(frenchTime(new Date('2026-06-30T12:05:00Z'))).toBe('14 h 05');
    expect(documentDate(PARIS_MIDNIGHT.toISOString())).toBe('23/11/2026');
    expect(frenchLongDate(SUMMER_MIDNIGHT)).toBe('1 juillet 2026');
    expect(shortDate(SUMMER_MIDNIGHT)).toBe('01/07/2026');
  });

  it('one minute before Paris midnight is still the day before', () => {
    const before = new Date('2026-11-22T22:59:00Z');
    expect(shortDate(before)).toBe('22/11/2026');
    expect(frenchLongDate(before)).toBe('22 novembre 2026');
  });

  it('names files after the Paris day (the biocide register, exports)', () => {
    expect(biocideRegisterFileName(PARIS_MIDNIGHT)).toBe('registre-biocides-2026-11-23.csv');
    expect(exportFileName('mes-donnees', 'zip', PARIS_MIDNIGHT)).toBe('mes-donnees-2026-11-23.zip');
  });

  it('shows a calendar day as written', () => {
    expect(frenchDay('2026-11-23')).toBe('23/11/2026');
    expect(frenchWeekdayDate('2026-11-23')).toBe('lundi 23 novembre 2026');
  });
});

/*
 * One formatter: dates are formatted in src/domain/site/dates.ts (and time-zone.ts, wall-time.ts, french-day.ts) only. A date
 * formatted by hand elsewhere is how the UTC day crept into /commande, the withdrawal form and the
 * biocide register's file name.
 */
const ROOT = path.resolve(__dirname, '../..');
const OWNERS = new Set([
  'domain/site/dates.ts',
  'domain/site/time-zone.ts',
  'domain/site/wall-time.ts',
  'domain/site/french-day.ts',
]);
const FORBIDDEN: [RegExp, string][] = [
  [/\.reverse\(\)\.join\('\/'\)/, 'a day written dd/mm/yyyy by hand (use frenchDay)'],
  [/toLocale(Date|Time)String\(/, 'toLocaleDateString (use the formatters of dates.ts)'],
  [/new Intl\.DateTimeFormat\(/, 'a date format of its own'],
  [/(At|Date|date)\)?\.slice\(0, 10\)\)/, 'an instant cut to its UTC day (use parisDay or frenchLongDate)'],
  [/toISOString\(\)\.slice\(0, 10\)\}/, 'a UTC day in a text or file name (use parisDay / exportFileName)'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('one date formatter', () => {
  it('no source file formats a date outside src/domain/site/dates.ts', () => {
    const found: string[] = [];
    for (const file of sources(ROOT)) {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      if (OWNERS.has(relative)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [pattern, what] of FORBIDDEN) if (pattern.test(text)) found.push(`${relative}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
