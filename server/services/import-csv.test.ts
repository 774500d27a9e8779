import { describe, expect, it } from 'vitest';
import { AppError } from '../../common/errors.ts';
import { LEAD_IMPORT_COLUMNS } from '../../common/schemas/imports.ts';
import { csvText, headerError, parseCsv, recordInput } from './import-csv.ts';

describe('reading an import file', () => {
  it('reads quoted cells with commas, quotes and line breaks; a record over several lines is one spreadsheet row', () => {
    const { header, records } = parseCsv('Name,Note\r\n"Smith, Ann","She said ""hi""\ntwice"\r\n\r\nBob,plain\n');
    expect(header).toEqual(['name', 'note']);
    expect(records).toEqual([
      { row: 2, cells: ['Smith, Ann', 'She said "hi"\ntwice'] },
      // the blank line keeps its row number
      { row: 4, cells: ['Bob', 'plain'] },
    ]);
  });

  it('drops a byte-order mark and refuses bytes that are not UTF-8 text', () => {
    expect(csvText(Buffer.from('\uFEFFa,b'))).toBe('a,b');
    expect(() => csvText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(AppError);
    expect(() => csvText(Buffer.from([0x61, 0xc3, 0x28]))).toThrow(AppError);
  });

  it('names unknown, missing and repeated columns in one problem; optional columns may be left out', () => {
    const required = LEAD_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.header);
    expect(headerError(LEAD_IMPORT_COLUMNS, required)).toBeNull();
    const problem = headerError(LEAD_IMPORT_COLUMNS, [...required.filter((h) => h !== 'industry'), 'sector', 'urgency', 'urgency']);
    expect(problem?.message).toMatch(/^Unknown columns: sector\. Missing columns: industry\. Repeated columns: urgency\./);
    expect(problem).toMatchObject({ row: 1, column: null });
  });

  it('leaves blank cells out, as an empty form field is', () => {
    expect(recordInput(LEAD_IMPORT_COLUMNS, ['company_name', 'urgency'], ['  Acme  ', ''])).toEqual({ companyName: 'Acme' });
  });
});
