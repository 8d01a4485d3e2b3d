/**
 * Hostile source files, made in the test (never committed): zip bombs (honest or lying about their
 * sizes), XLSX bombs (a huge part, many sheets), members named outside the archive, and endless rows.
 * The archives are written here byte by byte, so a member's declared sizes and name can be anything.
 */
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** A member as written: its name, its data (deflated unless `stored`), and what the directory declares. */
export interface RawMember {
  readonly name: string;
  readonly data: Buffer;
  readonly stored?: boolean;
  readonly crc: number;
  readonly size: number;
  /** The uncompressed size the headers declare (default: the true one). */
  readonly declaredSize?: number;
}

/** `text` as a deflated member. */
export function member(name: string, text: string | Buffer): RawMember {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(bytes), crc: crc32(bytes) >>> 0, size: bytes.length };
}

/**
 * A member of `size` bytes repeating `fill` (after an optional `head`), deflated as a stream: the
 * inflated bytes are never held by the test, only the compressed ones (about a thousandth of them).
 */
export async function bombMember(name: string, size: number, fill = ' ', head = '', declaredSize?: number): Promise<RawMember> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const headBytes = Buffer.from(head, 'utf8');
  const block = Buffer.alloc(1024 * 1024, fill);
  let crc = crc32(headBytes);
  deflate.write(headBytes);
  let left = size - headBytes.length;
  while (left > 0) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
    left -= piece.length;
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(out), crc: crc >>> 0, size, declaredSize };
}

/** A ZIP archive of the members, exactly as given (names, declared sizes). */
export function zipArchive(members: readonly RawMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, 'utf8');
    const size = m.declaredSize ?? m.size;
    const method = m.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(m.crc, 14);
    local.writeUInt32LE(m.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(m.crc, 16);
    central.writeUInt32LE(m.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, m.data);
    centrals.push(central, name);
    offset += 30 + name.length + m.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A sheet part holding `rows` of inline text cells. */
export function sheetXml(rows: readonly (readonly string[])[]): string {
  const body = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((cell) => `<c t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`).join('')}</row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/**
 * The parts of an XLSX workbook of the named sheets, `sheets[i]` at `xl/worksheets/sheet<i+1>.xml`;
 * a sheet given as a RawMember is that member (a bomb), else its rows' XML.
 */
export function workbookMembers(sheets: readonly { readonly name: string; readonly part: RawMember | readonly (readonly string[])[] }[]): RawMember[] {
  const ns = 'http://schemas.openxmlformats.org/';
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const members: RawMember[] = [
    member(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`,
    ),
    member(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}package/2006/relationships"><Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    member(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}spreadsheetml/2006/main" xmlns:r="${ns}officeDocument/2006/relationships"><sheets>${sheets
        .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    member(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}package/2006/relationships">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${ns}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}</Relationships>`,
    ),
  ];
  for (const [i, sheet] of sheets.entries()) {
    const name = `xl/worksheets/sheet${i + 1}.xml`;
    members.push('data' in sheet.part ? { ...sheet.part, name } : member(name, sheetXml(sheet.part as readonly (readonly string[])[])));
  }
  return members;
}

/** Resident memory now, in MB (after a collection when the runtime allows one). */
export function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
}

/** The peak resident memory of the process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
