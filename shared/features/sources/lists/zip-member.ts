/**
 * Reads the one CSV member of a ZIP archive as a stream of text, never the whole member in memory; or
 * the one member of another kind (a workbook) whole, as a buffer; or the members of a workbook archive
 * (sheet-reader.ts), each within the parse limits (parse-limits.ts).
 *
 * The library is yauzl (npm `yauzl`, pinned): it reads the archive through its central directory (the
 * authoritative list of members, so sizes written after the data in a data descriptor are known), with
 * random access to a file on disk, inflates with Node's own zlib, refuses malformed archives (a cut-off
 * download has no end-of-central-directory record), refuses member names outside the archive (`../`,
 * absolute paths) and checks each member's size against the directory while inflating (a member that
 * inflates past its declared size fails). Streaming readers that follow the local headers instead
 * (fflate's Unzip, unzipper) cannot know a member's size when the archive writes it after the data, and
 * inflate in JavaScript. yauzl does not check the member's CRC-32; this module does.
 *
 * Before inflating, every member's declared size and compression ratio, the number of members and the
 * sum of the sizes read are checked against the limits; while inflating, the bytes produced are counted
 * and the member is abandoned at the limit. A limit passed throws UnsafeFileError('limit'); an archive
 * that cannot be read safely (unreadable, truncated, damaged, a member named outside it, encrypted)
 * UnsafeFileError('malformed_archive'). An archive that does not hold the one member expected throws
 * ZipFormatError (the file's format changed).
 */
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { defaultParseLimits, type ParseLimits, ratioFloorBytes, sizeText, UnsafeFileError } from '../parse-limits.ts';
import { quotedName, readsAsName } from './quoted-name.ts';

export class ZipFormatError extends Error {}

/** A kind of member: its file name pattern and what errors call it. */
export interface MemberKind {
  readonly pattern: RegExp;
  readonly label: string;
}

export type ZipLimits = Pick<ParseLimits, 'maxMemberBytes' | 'maxInflatedBytes' | 'maxRatio' | 'maxMembers'>;

const csvKind: MemberKind = { pattern: /\.csv$/i, label: 'CSV' };

/** A member as errors name it: its name quoted when it reads as one, else its length (quoted-name.ts). */
const memberName = (name: string) => quotedName(name, 'member name');

/** A member as `the … member` names it. */
const memberLabel = (name: string) => (readsAsName(name) ? JSON.stringify(name) : `unnamed (${name.length} characters, not quoted)`);

const malformed = (message: string, cause?: unknown) => new UnsafeFileError('malformed_archive', message, { cause });

/** A member name that would land outside the archive's folder when extracted. */
export function unsafeMemberName(name: string): boolean {
  return /^[/\\]|^[A-Za-z]:|(^|[/\\])\.\.([/\\]|$)|\0/.test(name);
}

/** Throws UnsafeFileError when the member's declared size or ratio is past the limits. */
function checkDeclared(entry: yauzl.Entry, limits: ZipLimits): void {
  if (entry.isEncrypted()) throw malformed(`the member ${memberName(entry.fileName)} is encrypted`);
  if (entry.uncompressedSize > limits.maxMemberBytes) {
    throw new UnsafeFileError(
      'limit',
      `the member ${memberName(entry.fileName)} inflates to ${sizeText(entry.uncompressedSize)}, over the limit of ${sizeText(limits.maxMemberBytes)}`,
    );
  }
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > ratioFloorBytes && ratio > limits.maxRatio) {
    throw new UnsafeFileError(
      'limit',
      `the member ${memberName(entry.fileName)} inflates ${Math.round(ratio)} times its compressed size, over the limit of ${limits.maxRatio}`,
    );
  }
}

/** Every member of the archive (folders aside), each checked against the limits from the directory alone. */
async function directory(zip: yauzl.ZipFile, limits: ZipLimits): Promise<yauzl.Entry[]> {
  const members: yauzl.Entry[] = [];
  let count = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (++count > limits.maxMembers) throw new UnsafeFileError('limit', `the archive holds more than ${limits.maxMembers} members, the limit`);
      if (unsafeMemberName(entry.fileName)) throw malformed(`the archive names a member outside itself: ${memberName(entry.fileName)}`);
      if (entry.fileName.endsWith('/')) continue;
      checkDeclared(entry, limits);
      members.push(entry);
    }
  } catch (error) {
    if (error instanceof UnsafeFileError) throw error;
    const reason = (error as Error).message;
    // yauzl's own check of the names (it refuses them before handing the entry on).
    const unsafeName = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/s.exec(reason);
    if (unsafeName) throw malformed(`the archive names a member outside itself: ${memberName(unsafeName[1]!)}`, error);
    throw malformed(`the archive's directory cannot be read (${reason})`, error);
  }
  return members;
}

function onlyMember(members: readonly yauzl.Entry[], kind: MemberKind): yauzl.Entry {
  const matching = members.filter((entry) => kind.pattern.test(entry.fileName));
  if (matching.length !== 1) {
    throw new ZipFormatError(
      `the archive holds ${matching.length} ${kind.label} members (${matching.map((m) => memberName(m.fileName)).join(', ') || 'none'}), not one`,
    );
  }
  return matching[0]!;
}

async function openZip(file: string | Buffer): Promise<yauzl.ZipFile> {
  try {
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
    return typeof file === 'string' ? await yauzl.openPromise(file, options) : await yauzl.fromBufferPromise(file, options);
  } catch (error) {
    throw malformed(`not a readable ZIP archive (${(error as Error).message})`, error);
  }
}

/**
 * The inflated chunks of a member, counted against `allowed` bytes (the member's limit, or what is left
 * of the archive's), then checked against its CRC-32.
 */
async function* memberChunks(zip: yauzl.ZipFile, entry: yauzl.Entry, label: string, allowed: number): AsyncGenerator<Buffer> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw malformed(`the ${label} member cannot be read (${(error as Error).message})`, error);
  }
  let crc = 0;
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > allowed) {
        throw new UnsafeFileError('limit', `the ${label} member inflates past ${sizeText(allowed)}, the limit: reading stopped there`);
      }
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof UnsafeFileError) throw error;
    throw malformed(`the ${label} member is damaged (${(error as Error).message})`, error);
  } finally {
    stream.destroy();
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw malformed(`the ${label} member fails its CRC-32 check`);
}

async function wholeMember(zip: yauzl.ZipFile, entry: yauzl.Entry, label: string, allowed: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of memberChunks(zip, entry, label, allowed)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The archive's single member matching `kind`, whole; ZipFormatError when there is not exactly one, UnsafeFileError when unsafe. */
export async function zipMemberBytes(file: string, kind: MemberKind, limits: ZipLimits = defaultParseLimits): Promise<Buffer> {
  const zip = await openZip(file);
  try {
    const entry = onlyMember(await directory(zip, limits), kind);
    return await wholeMember(zip, entry, kind.label, Math.min(limits.maxMemberBytes, limits.maxInflatedBytes));
  } finally {
    zip.close();
  }
}

/**
 * The members of an archive held in memory (a workbook) that `wanted` accepts, inflated, by name; the
 * directory of every member is checked first, and the sum of the members read is held to the limit.
 */
export async function zipMembers(bytes: Buffer, wanted: (name: string) => boolean, limits: ZipLimits): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  try {
    const read = (await directory(zip, limits)).filter((entry) => wanted(entry.fileName));
    const declared = read.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.maxInflatedBytes) {
      throw new UnsafeFileError('limit', `the archive's parts inflate to ${sizeText(declared)}, over the limit of ${sizeText(limits.maxInflatedBytes)}`);
    }
    const members = new Map<string, Buffer>();
    let left = limits.maxInflatedBytes;
    for (const entry of read) {
      const member = await wholeMember(zip, entry, memberLabel(entry.fileName), Math.min(limits.maxMemberBytes, left));
      left -= member.length;
      members.set(entry.fileName, member);
    }
    return members;
  } finally {
    zip.close();
  }
}

/** The UTF-8 text of the archive's single `.csv` member, in chunks; ZipFormatError or UnsafeFileError on anything else. */
export async function* zipCsvText(file: string, limits: ZipLimits = defaultParseLimits): AsyncGenerator<string> {
  const zip = await openZip(file);
  try {
    const entry = onlyMember(await directory(zip, limits), csvKind);
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of memberChunks(zip, entry, 'CSV', Math.min(limits.maxMemberBytes, limits.maxInflatedBytes))) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    zip.close();
  }
}
