import { describe, expect, it } from 'vitest';
import { daySchema, isRealDay, isRealTimestamp } from './dates.js';

describe('one rule for days and timestamps typed or sent', () => {
  it('a day exists in the calendar (leap years, month lengths, month 13, short forms)', () => {
    for (const day of ['2026-01-31', '2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31']) {
      expect(isRealDay(day)).toBe(true);
    }
    for (const day of [
      '2026-13-01',
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-00-01',
      '2026-01-00',
    ]) {
      expect(isRealDay(day)).toBe(false);
    }
    for (const day of ['2026-1-01', '26-01-01', '2026-01-01T00:00', ' 2026-01-01', '0999-01-01', '']) {
      expect(isRealDay(day)).toBe(false);
    }
  });

  it('the schema refuses with the French message it is given', () => {
    const schema = daySchema('Indiquez la date du paiement.');
    expect(schema.safeParse('2026-02-28').success).toBe(true);
    const refused = schema.safeParse('2026-02-30');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Indiquez la date du paiement.');
    expect(schema.safeParse(20260228).error?.issues[0]?.message).toBe('Indiquez la date du paiement.');
  });

  it('a cursor timestamp is a real day and a time of day, as PostgreSQL or ISO prints it', () => {
    for (const at of [
      '2026-03-01 09:15:42.123456+01',
      '2026-03-01 23:59:59+05:30',
      '2026-03-01T09:15:42.123Z',
    ]) {
      expect(isRealTimestamp(at)).toBe(true);
    }
    for (const at of [
      '2026-13-01 09:15:42+01',
      '2026-02-30 09:15:42+01',
      '2026-03-01 24:00:00+01',
      '2026-03-01 09:60:00+01',
    ]) {
      expect(isRealTimestamp(at)).toBe(false);
    }
  });
});
