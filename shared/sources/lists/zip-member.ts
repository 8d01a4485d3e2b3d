/**
 * Reads the one CSV member of a ZIP archive as a stream of text, never the whole member in memory; or
 * the one member of another kind (a workbook) whole, as a buffer.
 *
 * The library is yauzl (npm `yauzl`, pinned): it reads the archive through its central directory (the
 * authoritative list of members, so sizes written after the data in a data descriptor are known), with
 * random access to a file on disk, inflates with Node's own zlib, refuses malformed archives (a cut-off
 * download has no end-of-central-directory record) and checks each member's size against the directory.
 * It is small (one dependency), has been maintained by the same author for a decade and is what
 * extract-zip and other widely used tools build on. Streaming readers that follow the local headers
 * instead (fflate's Unzip, unzipper) cannot know a member's size when the archive writes it after the
 * data, and inflate in JavaScript. yauzl does not check the member's CRC-32; this module does.
 */
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export class ZipFormatError extends Error {}

/** A kind of member: its file name pattern and what errors call it. */
export interface MemberKind {
  readonly pattern: RegExp;
  readonly label: string;
}

const csvKind: MemberKind = { pattern: /\.csv$/i, label: 'CSV' };

async function onlyMember(zip: yauzl.ZipFile, kind: MemberKind): Promise<yauzl.Entry> {
  const members: yauzl.Entry[] = [];
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('/') && kind.pattern.test(entry.fileName)) members.push(entry);
  }
  if (members.length !== 1) {
    throw new ZipFormatError(`the archive holds ${members.length} ${kind.label} members (${members.map((m) => m.fileName).join(', ') || 'none'}), not one`);
  }
  return members[0]!;
}

async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ZipFormatError(`not a readable ZIP archive (${(error as Error).message})`, { cause: error });
  }
}

async function memberStream(zip: yauzl.ZipFile, entry: yauzl.Entry, kind: MemberKind): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new ZipFormatError(`the ${kind.label} member cannot be read (${(error as Error).message})`, { cause: error });
  }
}

/** The archive's single member matching `kind`, whole; ZipFormatError when there is not exactly one or it is damaged. */
export async function zipMemberBytes(file: string, kind: MemberKind): Promise<Buffer> {
  const zip = await openZip(file);
  try {
    const entry = await onlyMember(zip, kind);
    const stream = await memberStream(zip, entry, kind);
    const chunks: Buffer[] = [];
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        chunks.push(chunk);
      }
    } catch (error) {
      throw new ZipFormatError(`the ${kind.label} member is damaged (${(error as Error).message})`, { cause: error });
    }
    if (crc >>> 0 !== entry.crc32 >>> 0) throw new ZipFormatError(`the ${kind.label} member fails its CRC-32 check`);
    return Buffer.concat(chunks);
  } finally {
    zip.close();
  }
}

/** The UTF-8 text of the archive's single `.csv` member, in chunks; ZipFormatError on anything else. */
export async function* zipCsvText(file: string): AsyncGenerator<string> {
  const zip = await openZip(file);
  try {
    const entry = await onlyMember(zip, csvKind);
    const stream = await memberStream(zip, entry, csvKind);
    const decoder = new TextDecoder('utf-8');
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        const text = decoder.decode(chunk, { stream: true });
        if (text) yield text;
      }
    } catch (error) {
      throw new ZipFormatError(`the CSV member is damaged (${(error as Error).message})`, { cause: error });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
    if (crc >>> 0 !== entry.crc32 >>> 0) throw new ZipFormatError('the CSV member fails its CRC-32 check');
  } finally {
    zip.close();
  }
}
