import { describe, expect, it } from 'vitest';
import { csvDigits, csvLine, orderFiltersSchema } from './admin-list';

describe('the orders CSV (walk defect 8)', () => {
  it('keeps phones and postcodes as text a spreadsheet will not turn into numbers', () => {
    expect(csvDigits('+33611223344')).toBe('"=""+33611223344"""');
    expect(csvDigits('01000')).toBe('"=""01000"""');
    expect(csvLine([{ digits: '01000' }, 'Bourg'])).toBe('"=""01000""";Bourg\r\n');
    // Anything else is an ordinary cell, formula guard included.
    expect(csvDigits('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvDigits('')).toBe('');
  });

  it('refuses an unknown status in French', () => {
    const result = orderFiltersSchema.safeParse({ status: 'perdue' });
    expect(result.error?.issues[0]?.message).toBe('Statut inconnu');
  });
});
