import { describe, expect, it } from 'vitest';
import { cellValue, cellValues, listDate, npisIn, surnameFirstName } from '#shared/sources/lists/list-cells.ts';
import { excelSerialDate } from '#shared/sources/lists/sheet-reader.ts';

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
});
