import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvDigits,
  csvLine,
  orderCsvFileName,
  orderDeletable,
  orderFiltersSchema,
} from './admin-list.js';

describe('a CSV cell', () => {
  it('never lets a spreadsheet run text as a formula: =, +, -, @, tab or carriage return first gets an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","clic")')).toBe(`"'=HYPERLINK(""http://x"",""clic"")"`);
    expect(csvCell('+SOMME(A1:A2)')).toBe("'+SOMME(A1:A2)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('keeps a plain phone number a phone number, and ordinary text and numbers as they are', () => {
    expect(csvCell('+33 6 11 22 33 44')).toBe('+33 6 11 22 33 44');
    expect(csvCell('+33611223344')).toBe('+33611223344');
    expect(csvCell('Marie Lefèvre')).toBe('Marie Lefèvre');
    expect(csvCell('a=b')).toBe('a=b');
    // A number is the program's own (an amount, a count), never a formula.
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding the separator, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Zoé; "Test"')).toBe('"Zoé; ""Test"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvLine(['a', '=1', 3])).toBe("a;'=1;3\r\n");
  });
});

describe('the CSV file name', () => {
  it('is dated with the Paris day, not the UTC one', () => {
    // 23:30 UTC on 22 November is 00:30 on the 23rd in Paris (winter time, UTC+1).
    expect(orderCsvFileName(new Date('2026-11-22T23:30:00Z'))).toBe('commandes-2026-11-23.csv');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Paris (summer time, UTC+2).
    expect(orderCsvFileName(new Date('2026-06-30T22:30:00Z'))).toBe('commandes-2026-07-01.csv');
    expect(orderCsvFileName(new Date('2026-11-23T10:00:00Z'))).toBe('commandes-2026-11-23.csv');
  });
});

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

describe('orderDeletable (issue 35: no trash icon where the server refuses)', () => {
  const unpaid = { invoiced: false, paidCents: 0, paymentStatus: 'pending' };
  it('offers deletion of an unpaid, uninvoiced order only', () => {
    expect(orderDeletable(unpaid)).toBe(true);
    expect(orderDeletable({ ...unpaid, paymentStatus: 'failed' })).toBe(true);
    expect(orderDeletable({ ...unpaid, invoiced: true })).toBe(false);
    // One cent received is enough.
    expect(orderDeletable({ ...unpaid, paidCents: 1 })).toBe(false);
    expect(orderDeletable({ ...unpaid, paymentStatus: 'paid' })).toBe(false);
    expect(orderDeletable({ ...unpaid, paymentStatus: 'refunded' })).toBe(false);
  });
});
