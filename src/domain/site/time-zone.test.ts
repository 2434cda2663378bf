import { describe, expect, it } from 'vitest';
import { exportFileName, parisDay } from './time-zone.js';

describe('the Paris day', () => {
  it('is the calendar day in Paris, summer and winter time alike', () => {
    expect(parisDay(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(parisDay(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(parisDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(parisDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('dates every exported file (orders, log, backup) with it', () => {
    expect(exportFileName('sauvegarde', 'ndjson', new Date('2026-12-31T23:15:00Z'))).toBe(
      'sauvegarde-2027-01-01.ndjson',
    );
  });
});
