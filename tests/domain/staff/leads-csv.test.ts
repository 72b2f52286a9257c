import { describe, expect, it } from 'vitest';
import { csvCell, leadsCsv } from '../../../src/domain/staff/leads-csv';

const HEADER = { createdAt: 'Time', name: 'Name', phone: 'Phone', email: 'E-mail', company: 'Company', message: 'Message' };

describe('the leads CSV', () => {
  it('quotes every cell, doubles quotes, keeps line breaks inside a cell', () => {
    const csv = leadsCsv([{ id: '1', createdAt: '2026-11-24', name: 'Li "Lei"', phone: '137', email: 'a@b.c', company: 'X, Ltd', message: 'two\nlines' }], HEADER);
    expect(csv).toBe('"Time","Name","Phone","E-mail","Company","Message"\r\n"2026-11-24","Li ""Lei""","137","a@b.c","X, Ltd","two\nlines"\r\n');
  });

  it('makes a formula inert for spreadsheets', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+86 137')).toBe('"\'+86 137"');
    expect(csvCell('plain')).toBe('"plain"');
  });
});
