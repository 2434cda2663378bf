import { describe, expect, it } from 'vitest';
import { documentNumber, documentSeries } from '../invoices/document.js';
import { parisYear, seriesNumber, yearlySeries } from './yearly-series.js';

describe('yearly series: a series per Paris year, numbers on six digits from 1', () => {
  it('the year is the Paris year of the instant: 31 December 23:00 UTC is already 1 January in Paris', () => {
    expect(parisYear(new Date('2026-12-31T22:59:59.999Z'))).toBe(2026);
    expect(parisYear(new Date('2026-12-31T23:00:00.000Z'))).toBe(2027);
    // Summer time: Paris is UTC+2.
    expect(parisYear(new Date('2027-06-30T22:00:00.000Z'))).toBe(2027);
  });
  it('« FA-2026-000001 »: prefix, year, six digits', () => {
    expect(seriesNumber(yearlySeries('CMD', 2026), 123)).toBe('CMD-2026-000123');
    expect(seriesNumber(yearlySeries('FA', 2027), 1)).toBe('FA-2027-000001');
    expect(seriesNumber('AV-2026', 1_000_000)).toBe('AV-2026-1000000');
  });
  it('documents number with it', () => {
    const at = new Date('2026-12-31T23:30:00.000Z');
    expect(documentSeries('FA', at)).toBe('FA-2027');
    expect(documentNumber(documentSeries('AV', at), 2)).toBe('AV-2027-000002');
  });
});
