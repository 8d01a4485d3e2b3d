/**
 * A one-sheet XLSX workbook written the way Excel writes one (the parts a reader needs and no more):
 * text cells in the shared-string table (`t="s"`), numbers as plain numeric cells, cell references on
 * every cell, a `<dimension>`, and optionally the first row merged across the used columns (a title).
 * The parts are deflated with Node's zlib through yazl, as the simulator's other archives are, so a
 * workbook of hundreds of thousands of rows is written in a second or two and compresses as Excel's does.
 */
import yazl from 'yazl';

/** A cell: text, a number, or nothing. */
export type XlsxCell = string | number | null;

export interface XlsxOptions {
  /** The sheet's name (default `Sheet1`). */
  readonly sheetName?: string;
  /** Merge the first row across the used columns (a title row). */
  readonly mergeTitle?: boolean;
  /** The archive members' modification time (default 2026-01-01, so the bytes depend on the content only). */
  readonly mtime?: Date;
}

const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** `0` → `A`, `25` → `Z`, `26` → `AA`. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function parts(rows: readonly (readonly XlsxCell[])[], options: XlsxOptions): Map<string, string> {
  const strings = new Map<string, number>();
  let stringRefs = 0;
  const stringIndex = (text: string): number => {
    stringRefs++;
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  let width = 1;
  for (const row of rows) width = Math.max(width, row.length);
  const lines: string[] = [];
  for (const [r, row] of rows.entries()) {
    const cells: string[] = [];
    for (const [c, cell] of row.entries()) {
      if (cell === null || cell === '') continue;
      const ref = `${columnName(c)}${r + 1}`;
      cells.push(typeof cell === 'number' ? `<c r="${ref}"><v>${cell}</v></c>` : `<c r="${ref}" t="s"><v>${stringIndex(cell)}</v></c>`);
    }
    lines.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  }
  const last = `${columnName(width - 1)}${Math.max(1, rows.length)}`;
  const merge = options.mergeTitle && width > 1 ? `<mergeCells count="1"><mergeCell ref="A1:${columnName(width - 1)}1"/></mergeCells>` : '';
  const sheet =
    `${xmlDeclaration}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}"><dimension ref="A1:${last}"/>` +
    `<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>` +
    `<sheetData>${lines.join('')}</sheetData>${merge}` +
    `<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
  const sst =
    `${xmlDeclaration}<sst xmlns="${mainNs}" count="${stringRefs}" uniqueCount="${strings.size}">` +
    [...strings.keys()].map((text) => `<si><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${escapeXml(text)}</t></si>`).join('') +
    '</sst>';
  const sheetName = escapeXml(options.sheetName ?? 'Sheet1');
  return new Map([
    [
      '[Content_Types].xml',
      `${xmlDeclaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${xmlDeclaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${xmlDeclaration}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${xmlDeclaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relNs}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId3" Type="${relNs}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${xmlDeclaration}<styleSheet xmlns="${mainNs}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
    ['xl/sharedStrings.xml', sst],
  ]);
}

/** The archive of `members` (name → content), each deflated, in the given order. */
export function zipOf(members: ReadonlyMap<string, string | Buffer>, mtime = new Date(Date.UTC(2026, 0, 1))): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of members) zip.addBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, name, { mtime, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The XLSX bytes of one sheet holding `rows`. */
export function xlsxOf(rows: readonly (readonly XlsxCell[])[], options: XlsxOptions = {}): Promise<Buffer> {
  return zipOf(parts(rows, options), options.mtime);
}
