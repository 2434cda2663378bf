import { describe, expect, it } from 'vitest';
import { exportFileName, parisDay } from './time-zone.js';

describe('the Paris day', () => {
  it('is the calendar day in Paris, summer and winter time alike', () => {
    expect(parisDay(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(parisDay(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(parisDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(parisDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it("gives Intl's answer minute by minute, in any order, across the days the clocks change", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Around midnight and the changes of 2026 (29 March, 25 October), and a day of 1900 (Paris
    // then ran on its mean solar time, 9 min 21 s ahead of UTC).
    const starts = ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '1900-06-01T23:00:00Z'];
    for (const start of starts) {
      const instants = Array.from({ length: 8 * 60 }, (_, m) => Date.parse(start) + m * 60_000 + 1_000);
      // Forwards, then backwards: the answer never depends on the instant asked before.
      for (const ms of [...instants, ...instants.reverse()]) {
        expect(parisDay(new Date(ms))).toBe(intl.format(new Date(ms)));
      }
    }
  });

  it('dates every exported file (orders, log, backup) with it', () => {
    expect(exportFileName('sauvegarde', 'ndjson', new Date('2026-12-31T23:15:00Z'))).toBe(
      'sauvegarde-2027-01-01.ndjson',
    );
  });
});
