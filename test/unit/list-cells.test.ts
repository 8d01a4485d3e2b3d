import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { aliasParts, cellValue, cellValues, isEntityName, isNpi, listDate, npisIn, surnameFirstName } from '#shared/features/sources/lists/list-cells.ts';
import { excelSerialDate, SheetFormatError, sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';

describe('the cells of state Medicaid lists', () => {
  it('reads the date formats one file mixes, and nothing else', () => {
    const today = new Date('2026-11-26T00:00:00Z');
    expect(listDate('2015-11-10 00:00:00', today)).toBe('2015-11-10');
    expect(listDate('7/5/2019', today)).toBe('2019-07-05');
    expect(listDate('07/05/2019 12:00:00 AM', today)).toBe('2019-07-05');
    expect(listDate('10/5/07', today)).toBe('2007-10-05');
    expect(listDate('10/5/98', today)).toBe('1998-10-05');
    expect(listDate('45826', today)).toBe('2025-06-18');
    expect(listDate('45826.75', today)).toBe('2025-06-18');
    for (const bad of ['Indefinite', '5/12012', '7/20/014', '2/30/2020', 'N/A', '']) expect(listDate(bad, today)).toBeNull();
  });

  it('counts Excel serial days from 1899-12-30, and from 1904-01-01 in a 1904 workbook', () => {
    expect(excelSerialDate(1)).toBe('1899-12-31');
    expect(excelSerialDate(61)).toBe('1900-03-01');
    expect(excelSerialDate(0)).toBeNull();
    expect(excelSerialDate(0 + 1, true)).toBe('1904-01-02');
  });

  it('treats the sentinels for none as empty and splits cells holding several values', () => {
    expect(cellValue(' N/A ')).toBe('');
    expect(cellValue('n/a')).toBe('');
    expect(cellValues('1093130247\n1033875703')).toEqual(['1093130247', '1033875703']);
    expect(cellValues('A; B & C and D, E')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('finds only valid NPIs among provider ids', () => {
    expect(npisIn('1003077710, 1033522974, PHA410230, 00A400330')).toEqual(['1003077710', '1033522974']);
    expect(npisIn('1234567893.0')).toEqual(['1234567893']);
    expect(npisIn('P1 - 1027986')).toEqual([]);
    expect(npisIn('1234567890')).toEqual([]); // wrong check digit
    expect(npisIn('12345678931')).toEqual([]); // eleven digits
    // NPIs are issued from 1 and 2 only: a state id of ten digits with a right check digit is no NPI.
    expect(isNpi('1234567893')).toBe(true);
    expect(isNpi('9000123452')).toBe(false);
    expect(npisIn('9000123452 & 1234567893')).toEqual(['1234567893']);
  });

  it('reads names written surname first, with or without a comma, credentials anywhere', () => {
    expect(surnameFirstName('DOE, JOHN L. MD')).toEqual({ last: 'DOE', first: 'JOHN', middle: 'L.' });
    expect(surnameFirstName('DOE MD, JOHN A')).toEqual({ last: 'DOE', first: 'JOHN', middle: 'A' });
    expect(surnameFirstName('DOE JOHN S           MD')).toEqual({ last: 'DOE', first: 'JOHN', middle: 'S' });
    expect(surnameFirstName('DE LA CRUZ, MARIA')).toEqual({ last: 'DE LA CRUZ', first: 'MARIA', middle: '' });
    expect(surnameFirstName('DOE JR, JOHN')).toEqual({ last: 'DOE', first: 'JOHN', middle: '' });
    expect(surnameFirstName('ACME')).toBeNull();
    expect(surnameFirstName('DOE, MD')).toBeNull();
  });

  it('reads a comma before credentials only, a credential right after the surname, and a surname that starts with a particle', () => {
    expect(surnameFirstName('DOE JOHN, MD')).toEqual({ last: 'DOE', first: 'JOHN', middle: '' });
    expect(surnameFirstName('Doe, John, MD')).toEqual({ last: 'Doe', first: 'John', middle: '' });
    expect(surnameFirstName('Doe, John A, D.O.')).toEqual({ last: 'Doe', first: 'John', middle: 'A' });
    expect(surnameFirstName('Doe, John MD/')).toEqual({ last: 'Doe', first: 'John', middle: '' });
    expect(surnameFirstName('DOE MD JOHN A')).toEqual({ last: 'DOE', first: 'JOHN', middle: 'A' });
    expect(surnameFirstName('DOE JR JOHN')).toEqual({ last: 'DOE', first: 'JOHN', middle: '' });
    expect(surnameFirstName('DE LA CRUZ MARIA L')).toEqual({ last: 'DE LA CRUZ', first: 'MARIA', middle: 'L' });
    expect(surnameFirstName('VAN DER BERG JAN')).toEqual({ last: 'VAN DER BERG', first: 'JAN', middle: '' });
    expect(surnameFirstName('ST. JOHN MARY')).toEqual({ last: 'ST. JOHN', first: 'MARY', middle: '' });
    expect(surnameFirstName('DE JOHN')).toEqual({ last: 'DE', first: 'JOHN', middle: '' });
    expect(surnameFirstName('LE THI MAI')).toEqual({ last: 'LE', first: 'THI', middle: 'MAI' });
  });

  it('tells a business’s name by its words, never by a surname that is also a word', () => {
    for (const name of [
      'INNOVATIVE SEATING LLC',
      'ACME HOME CARE, LLC',
      'JOHN DOE MD PC',
      'DOE MEDICAL P.C.',
      '149 EAST PHARMACY         INC',
      'Accurate Dentures NW',
      'S J DOE M  D P  C',
    ]) {
      expect(isEntityName(name), name).toBe(true);
    }
    for (const name of ['DOE, JOHN MD', 'CO, HANNAH I. LD', 'HOME, JOHN', 'CARE JANE', 'CHURCH, ANN', 'PC'])
      expect(isEntityName(name), name).toBe(name === 'PC');
  });

  it('splits the other names of a party off after their markers', () => {
    expect(aliasParts('DOE JANE AKA/DBA ROE JANE')).toEqual(['DOE JANE', 'ROE JANE']);
    expect(aliasParts('DOE JANE AKA / DBA ROE JANE A/K/A JANE ROE-DOE')).toEqual(['DOE JANE', 'ROE JANE', 'JANE ROE-DOE']);
    expect(aliasParts('dba: Widget Dentures')).toEqual(['Widget Dentures']);
    expect(aliasParts('Doe, John DBA Widget Pharmacy')).toEqual(['Doe, John', 'Widget Pharmacy']);
    expect(aliasParts('DOE MARK a/k/a MARCUS')).toEqual(['DOE MARK', 'MARCUS']);
    expect(aliasParts('ADAKAR JOHN')).toEqual(['ADAKAR JOHN']);
    expect(aliasParts('DOE JANE AKA')).toEqual(['DOE JANE']);
  });
});

/** A workbook of the sheets given, cells as written (`undefined`: no cell). */
function workbook(sheets: Record<string, (XLSX.CellObject | undefined)[][]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws: XLSX.WorkSheet = {};
    for (const [r, cells] of rows.entries()) {
      for (const [c, cell] of cells.entries()) if (cell) ws[XLSX.utils.encode_cell({ r, c })] = cell;
    }
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: Math.max(...rows.map((r) => r.length)) - 1 } });
    XLSX.utils.book_append_sheet(book, ws, name);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const text = (v: string): XLSX.CellObject => ({ t: 's', v });

describe('the rows of a workbook sheet', () => {
  it('reads a cell missing in the middle of a row as empty text (never a hole)', async () => {
    const rows = await sheetRows(
      workbook({
        List: [
          [text('A'), text('B'), text('C')],
          [text('x'), undefined, text('z')],
        ],
      }),
      /^List$/,
    );
    expect(rows[1]).toEqual(['x', '', 'z']);
    expect(Object.keys(rows[1]!)).toEqual(['0', '1', '2']);
  });

  it('reads date cells as ISO dates, number cells as digits, line breaks kept', async () => {
    const rows = await sheetRows(workbook({ List: [[{ t: 'n', v: 45190, z: 'm/d/yy' }, { t: 'n', v: 1295888063 }, text('a\nb')]] }), undefined);
    expect(rows).toEqual([['2023-09-21', '1295888063', 'a\nb']]);
  });

  it('refuses a workbook without the sheet, and, when the other sheets are named, one with any further sheet', async () => {
    const book = workbook({ 'Termination List': [[text('A')]], 'Reinstated Providers': [[text('B')]], Notes: [[text('C')]] });
    await expect(sheetRows(book, /^Exclusions$/)).rejects.toThrow(SheetFormatError);
    await expect(sheetRows(book, /^Exclusions$/)).rejects.toThrow(
      /no sheet named like \/\^Exclusions\$\/ \(sheets: "Termination List", "Reinstated Providers", "Notes"\)/,
    );
    expect(await sheetRows(book, /^Termination List$/)).toEqual([['A']]);
    await expect(sheetRows(book, /^Termination List$/, /^Reinstated Providers$/)).rejects.toThrow(/a sheet nobody reads: "Notes"/);
    const expected = workbook({ 'Termination List': [[text('A')]], 'Reinstated Providers': [[text('B')]] });
    expect(await sheetRows(expected, /^Termination List$/, /^Reinstated Providers$/)).toEqual([['A']]);
  });
});
