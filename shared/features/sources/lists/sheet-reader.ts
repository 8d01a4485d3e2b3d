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
 * workbooks of these lists are small (under 45 MB unzipped, the largest the NPPES deactivation report's
 * 355,000 rows): the chosen sheet is read whole, then walked row by row.
 *
 * SheetJS inflates every part of an XLSX archive and parses every sheet, with no limit. So an XLSX is
 * opened here first (zip-member.ts, within the parse limits): the sheet is chosen from the workbook's
 * own list of sheets before any sheet is inflated, the other sheets and the parts no reader needs
 * (images, drawings, embedded files) are never inflated, the chosen sheet's cells are counted in its
 * XML before it is parsed, and SheetJS is handed the parts it reads, stored (uncompressed), with only
 * that sheet to parse and no more rows than the limit. A BIFF `.xls` is not compressed: its size is
 * its file's, and only the chosen sheet is parsed.
 */
import { posix } from 'node:path';
import { crc32 } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { defaultParseLimits, type ParseLimits, sizeText, UnsafeFileError } from '../parse-limits.ts';
import { quotedName } from './quoted-name.ts';
import { zipMembers } from './zip-member.ts';

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

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
const isOle2 = (bytes: Buffer) => bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/** XLSX is a ZIP archive; a BIFF `.xls` is an OLE2 compound file. Anything else (an HTML error page, a CSV) is no workbook. */
function checkWorkbookFile(bytes: Buffer): void {
  if (!isZip(bytes) && !isOle2(bytes)) {
    // What the file holds is never quoted: its size and what it lacks say enough.
    throw new SheetFormatError(`not a workbook (neither XLSX nor XLS): ${bytes.length} bytes without a ZIP or OLE2 signature`);
  }
}

const readOptions: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellDates: false,
  cellNF: true,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellText: false,
};

function read(bytes: Buffer, options: XLSX.ParsingOptions): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, { ...readOptions, ...options });
  } catch (error) {
    throw new SheetFormatError(`not a readable workbook (${(error as Error).message})`, { cause: error });
  }
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return xmlEntities[name] ?? whole;
  });
}

/** The attributes of one XML start tag, by name as written (`r:id` keeps its prefix). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out.set(m[1]!, decodeXml(m[2] ?? m[3] ?? ''));
  return out;
}

/** The start tags of elements of a local name, whatever their namespace prefix. */
function tags(xml: string, localName: string): Map<string, string>[] {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${localName}\\b[^>]*>`, 'g'))].map((m) => attributes(m[0]));
}

/** A relationship's target as a member name, resolved against the folder of the part that holds it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  return posix.normalize(posix.join(posix.dirname(from), target));
}

/**
 * Targets of a part's relationships by id, each resolved to a member name; `part` null: the package's
 * own relationships (`_rels/.rels`, whose targets are relative to the archive's root).
 */
function relationships(members: ReadonlyMap<string, Buffer>, part: string | null): Map<string, { target: string; type: string }> {
  const relsPath = part === null ? '_rels/.rels' : posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const from = part ?? 'package';
  const out = new Map<string, { target: string; type: string }>();
  for (const rel of tags(members.get(relsPath)?.toString('utf8') ?? '', 'Relationship')) {
    const id = rel.get('Id');
    const target = rel.get('Target');
    if (id && target && rel.get('TargetMode') !== 'External') out.set(id, { target: resolveTarget(from, target), type: rel.get('Type') ?? '' });
  }
  return out;
}

/** The parts of an XLSX archive no reader of a sheet's values needs: images, drawings, embedded files, macros. */
const unread =
  /^xl\/(media|drawings|charts|chartsheets|embeddings|printerSettings|pivotCache|pivotTables|externalLinks|activeX|ctrlProps|diagrams|customXml|model|slicers|slicerCaches|timelines|richData|threadedComments|persons)\/|\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|vml|bin)$/i;
/** Parts that describe the workbook: which sheets it has, and where. */
const bookPart = /^(\[Content_Types\]\.xml|_rels\/\.rels|[^/]+\/[^/]+\.xml|[^/]+\/_rels\/[^/]+\.xml\.rels)$/;

interface SheetEntry {
  readonly name: string;
  /** Its part in the archive, where the workbook's relationships tell. */
  readonly part: string | undefined;
}

/** The workbook's sheets, in order, from its own parts (no sheet is inflated to learn them). */
function listedSheets(book: ReadonlyMap<string, Buffer>): SheetEntry[] {
  const office = [...relationships(book, null).values()].find((rel) => rel.type.endsWith('/officeDocument'));
  const workbookPart = office?.target ?? 'xl/workbook.xml';
  const xml = book.get(workbookPart)?.toString('utf8');
  if (xml === undefined) throw new SheetFormatError(`not a readable workbook (no workbook part ${quotedName(workbookPart, 'part name')})`);
  const rels = relationships(book, workbookPart);
  return tags(xml, 'sheet').map((sheet) => {
    const idKey = [...sheet.keys()].find((key) => /(^|:)id$/.test(key) && key !== 'sheetId');
    return { name: sheet.get('name') ?? '', part: idKey ? rels.get(sheet.get(idKey)!)?.target : undefined };
  });
}

/** Cell elements (`<c …>`, any prefix) in a sheet's XML, counted in slices (never the whole part as one string). */
function countCells(xml: Buffer, stopAfter: number): number {
  const slice = 1 << 20;
  const overlap = 64;
  const cell = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;
  let count = 0;
  for (let start = 0; start < xml.length; start += slice) {
    const text = xml.toString('latin1', start, Math.min(xml.length, start + slice + overlap));
    for (const m of text.matchAll(cell)) {
      // A match starting in the overlap is the next slice's.
      if (m.index < slice && ++count > stopAfter) return count;
    }
  }
  return count;
}

/** A ZIP archive of the members, stored (uncompressed): what SheetJS reads without inflating anything. */
export function storedZip(members: ReadonlyMap<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of members) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.size, 8);
  end.writeUInt16LE(members.size, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A sheet as errors name it: its name quoted when it reads as one, else its length (quoted-name.ts). */
const sheetName = (name: string) => quotedName(name, 'sheet name');

/** The sheet `choice` picks among `names`; SheetFormatError when none, or when a sheet outside `others` would go unread. */
function chooseSheet(names: readonly string[], choice: SheetChoice, others: RegExp | undefined, limits: ParseLimits): string {
  if (names.length > limits.maxSheets) throw new UnsafeFileError('limit', `the workbook has ${names.length} sheets, over the limit of ${limits.maxSheets}`);
  const sheets = `sheets: ${names.map(sheetName).join(', ') || 'none'}`;
  const name = choice ? names.find((n) => choice.test(n)) : names[0];
  if (name === undefined) {
    throw new SheetFormatError(`the workbook has no sheet ${choice ? `named like ${choice}` : ''} (${sheets})`);
  }
  const unexpected = others ? names.filter((n) => n !== name && !others.test(n)) : [];
  if (unexpected.length > 0) {
    throw new SheetFormatError(`the workbook has a sheet nobody reads: ${unexpected.map(sheetName).join(', ')} (${sheets})`);
  }
  return name;
}

/** The chosen sheet of an XLSX archive, parsed alone, the archive read within the limits. */
async function xlsxSheet(
  bytes: Buffer,
  choice: SheetChoice,
  others: RegExp | undefined,
  limits: ParseLimits,
): Promise<{ workbook: XLSX.WorkBook; name: string }> {
  const book = await zipMembers(bytes, (name) => bookPart.test(name) && !unread.test(name), limits);
  const listed = listedSheets(book);
  const name = chooseSheet(
    listed.map((s) => s.name),
    choice,
    others,
    limits,
  );
  const chosen = listed.find((s) => s.name === name)!.part;
  const sheetParts = new Set(listed.flatMap((s) => (s.part ? [s.part] : [])));
  // When the workbook's relationships do not tell the sheet's part, every sheet part is read (within the limits).
  const parts = await zipMembers(
    bytes,
    (member) => !unread.test(member) && !book.has(member) && (chosen === undefined || !sheetParts.has(member) || member === chosen),
    { ...limits, maxInflatedBytes: limits.maxInflatedBytes - [...book.values()].reduce((n, b) => n + b.length, 0) },
  );
  const sheetXml = chosen ? parts.get(chosen) : undefined;
  if (sheetXml && countCells(sheetXml, limits.maxCells) > limits.maxCells) {
    throw new UnsafeFileError('limit', `the sheet ${sheetName(name)} has more than ${limits.maxCells} cells, the limit`);
  }
  const stored = storedZip(new Map([...book, ...parts]));
  book.clear();
  parts.clear();
  return { workbook: read(stored, { sheets: name, sheetRows: limits.maxRows + 1 }), name };
}

/** The chosen sheet of a BIFF `.xls`, parsed alone. */
function xlsSheet(bytes: Buffer, choice: SheetChoice, others: RegExp | undefined, limits: ParseLimits): { workbook: XLSX.WorkBook; name: string } {
  const names = read(bytes, { bookSheets: true }).SheetNames;
  const name = chooseSheet(names, choice, others, limits);
  return { workbook: read(bytes, { sheets: name, sheetRows: limits.maxRows + 1 }), name };
}

/**
 * The rows of the chosen sheet as text cells; SheetFormatError when the file is no workbook or lacks the
 * sheet, or, when `others` is given, holds a sheet that is neither the chosen one nor one of `others`
 * (rows of the list could sit on a sheet nobody reads). UnsafeFileError when the workbook is past the
 * limits (its size, its parts' inflated sizes, its sheets, the sheet's cells, rows, columns or cell
 * length) or its archive cannot be read safely.
 */
export async function sheetRows(bytes: Buffer, choice: SheetChoice, others?: RegExp, limits: ParseLimits = defaultParseLimits): Promise<string[][]> {
  checkWorkbookFile(bytes);
  if (bytes.length > limits.maxFileBytes) {
    throw new UnsafeFileError('limit', `the workbook is ${sizeText(bytes.length)}, over the limit of ${sizeText(limits.maxFileBytes)}`);
  }
  const { workbook, name } = isZip(bytes) ? await xlsxSheet(bytes, choice, others, limits) : xlsSheet(bytes, choice, others, limits);
  const sheet = workbook.Sheets[name];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const dense = (sheet as { '!data'?: (XLSX.CellObject | undefined)[][] } | undefined)?.['!data'];
  if (!sheet || !dense) return [];
  if (dense.length > limits.maxRows) throw new UnsafeFileError('limit', `the sheet ${sheetName(name)} has more than ${limits.maxRows} rows, the limit`);
  const rows: string[][] = [];
  for (const [r, cells] of dense.entries()) {
    if ((cells?.length ?? 0) > limits.maxColumns) {
      throw new UnsafeFileError('limit', `row ${r + 1} of the sheet has more than ${limits.maxColumns} columns, the limit`);
    }
    // Array.from, not map: a dense row has holes where no cell was written, and each must read as ''.
    const row = Array.from(cells ?? [], (cell) => cellText(cell, date1904));
    for (const text of row) {
      if (text.length > limits.maxFieldChars) {
        throw new UnsafeFileError('limit', `a cell in row ${r + 1} of the sheet is longer than ${limits.maxFieldChars} characters, the limit`);
      }
    }
    while (row.length > 0 && row[row.length - 1] === '') row.pop();
    rows.push(row);
  }
  return rows;
}
