/**
 * Reads the rows of one sheet of a workbook (XLSX, or the legacy BIFF `.xls` some states still
 * publish) as text cells, the way the CSV lists are read:
 * - a text cell as written (line breaks inside a cell kept: several values in one cell are the list's);
 * - a date cell (a number with a date format) as its ISO date, whatever the workbook's date system;
 * - any other number as its plain decimal digits (an NPI stored as a number reads as ten digits);
 * - an empty or error cell as ''.
 * Trailing empty cells are dropped, so a row is as long as its last written cell.
 *
 * The library is SheetJS Community Edition 0.20.3 (npm `@e965/xlsx`, pinned: SheetJS publishes its
 * releases on its own CDN, and this package republishes them on npm unchanged; npm's `xlsx` stopped at
 * 0.18.5, which has two published vulnerabilities fixed since). It is the one JavaScript reader of both
 * XLSX and BIFF8 `.xls` (Texas publishes the latter), copes with the quirks the state files carry (an
 * empty `<fill/>` in the styles, inline strings, shared formulas) and has no dependencies. The
 * workbooks of these lists are small (under 30 MB unzipped, the largest the NPPES deactivation report's
 * 355,000 rows): a workbook is read whole, then walked row by row.
 */
import * as XLSX from '@e965/xlsx';

export class SheetFormatError extends Error {}

/** Which sheet holds the list: a name pattern (the first sheet whose name matches), or the first sheet. */
export type SheetChoice = RegExp | undefined;

const msPerDay = 86_400_000;
/** 1899-12-30: day 0 of the 1900 date system (Excel's phantom 1900-02-29 makes serial 60 the only casualty). */
const epoch1900 = Date.UTC(1899, 11, 30);
/** 1904-01-01: day 0 of the 1904 date system. */
const epoch1904 = Date.UTC(1904, 0, 1);

/** An Excel serial date (days since the epoch, time as the fraction) as an ISO date; null when out of range. */
export function excelSerialDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return null;
  const ms = (date1904 ? epoch1904 : epoch1900) + Math.floor(serial) * msPerDay;
  return new Date(ms).toISOString().slice(0, 10);
}

function numberText(value: number): string {
  if (Number.isInteger(value)) return BigInt(value).toString();
  return String(value);
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'n': {
      const value = cell.v as number;
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format && XLSX.SSF.is_date(format)) return excelSerialDate(value, date1904) ?? numberText(value);
      return numberText(value);
    }
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    default:
      return '';
  }
}

/** XLSX is a ZIP archive; a BIFF `.xls` is an OLE2 compound file. Anything else (an HTML error page, a CSV) is no workbook. */
function isWorkbookFile(bytes: Buffer): boolean {
  const zip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  const ole2 = bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  return zip || ole2;
}

function workbookOf(bytes: Buffer): XLSX.WorkBook {
  if (!isWorkbookFile(bytes)) {
    // What the file holds is never quoted: its size and what it lacks say enough.
    throw new SheetFormatError(`not a workbook (neither XLSX nor XLS): ${bytes.length} bytes without a ZIP or OLE2 signature`);
  }
  try {
    return XLSX.read(bytes, { type: 'buffer', dense: true, cellDates: false, cellNF: true, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch (error) {
    throw new SheetFormatError(`not a readable workbook (${(error as Error).message})`, { cause: error });
  }
}

/**
 * The rows of the chosen sheet as text cells; SheetFormatError when the file is no workbook or lacks the
 * sheet, or, when `others` is given, holds a sheet that is neither the chosen one nor one of `others`
 * (rows of the list could sit on a sheet nobody reads).
 */
export function sheetRows(bytes: Buffer, choice: SheetChoice, others?: RegExp): string[][] {
  const workbook = workbookOf(bytes);
  const sheets = `sheets: ${workbook.SheetNames.join(', ') || 'none'}`;
  const name = choice ? workbook.SheetNames.find((n) => choice.test(n)) : workbook.SheetNames[0];
  if (name === undefined) {
    throw new SheetFormatError(`the workbook has no sheet ${choice ? `named like ${choice}` : ''} (${sheets})`);
  }
  const unexpected = others ? workbook.SheetNames.filter((n) => n !== name && !others.test(n)) : [];
  if (unexpected.length > 0) {
    throw new SheetFormatError(`the workbook has a sheet nobody reads: ${unexpected.map((n) => JSON.stringify(n)).join(', ')} (${sheets})`);
  }
  const sheet = workbook.Sheets[name];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const dense = (sheet as { '!data'?: (XLSX.CellObject | undefined)[][] } | undefined)?.['!data'];
  if (!sheet || !dense) return [];
  const rows: string[][] = [];
  for (const cells of dense) {
    // Array.from, not map: a dense row has holes where no cell was written, and each must read as ''.
    const row = Array.from(cells ?? [], (cell) => cellText(cell, date1904));
    while (row.length > 0 && row[row.length - 1] === '') row.pop();
    rows.push(row);
  }
  return rows;
}
