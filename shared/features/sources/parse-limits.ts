/**
 * The limits within which a source file is parsed, so a hostile or broken file (an archive bomb, a
 * workbook of many or huge sheets, one endless CSV row) is refused within the ingest worker's memory
 * (1,024 MB) and time (900 s) instead of exhausting them on every retry. Each limit sits comfortably
 * above the largest real file of its source: the defaults cover the small lists and rosters (100 to
 * 100,000 rows, files of a few MB); the large sources (the SAM extract, the NPPES deactivation report,
 * the OIG LEIE, the Florida MQA roster) set their own next to their definitions, with the real sizes.
 *
 * An archive's sizes are checked twice: from its central directory before anything is inflated (the
 * declared size of each member, its ratio to the compressed size, their sum), and while inflating (the
 * bytes actually produced), since a directory can lie.
 *
 * A file past a limit, or an archive that cannot be read safely (a member named outside the archive, a
 * truncated or damaged archive), throws UnsafeFileError; the ingest turns it into an IngestRefusal
 * (ingest-refusal.ts): logged, counted, alarmed and final.
 */

export interface ParseLimits {
  /** The file as stored: the archive, the workbook, the CSV (bytes). */
  readonly maxFileBytes: number;
  /** One archive member or workbook part, inflated (bytes). */
  readonly maxMemberBytes: number;
  /** All the members of one archive that are read, inflated (bytes). */
  readonly maxInflatedBytes: number;
  /** Inflated size over compressed size of one member, checked for members over `ratioFloorBytes`. */
  readonly maxRatio: number;
  /** Members of one archive (a workbook is an archive of some ten parts). */
  readonly maxMembers: number;
  /** Sheets of one workbook. */
  readonly maxSheets: number;
  /** Cells of the sheet read (its parsed size in memory, about 100 bytes a cell). */
  readonly maxCells: number;
  /** Rows of one file. */
  readonly maxRows: number;
  /** Characters of one row, separators included. */
  readonly maxRowChars: number;
  /** Characters of one field or cell. */
  readonly maxFieldChars: number;
  /** Fields of one row. */
  readonly maxColumns: number;
}

const MiB = 1024 * 1024;

/** Below this inflated size a member's ratio is not checked (a small, repetitive part compresses very well). */
export const ratioFloorBytes = MiB;

/**
 * The limits of a small list or roster. The largest such files: the California Medi-Cal list (CSV,
 * 3.3 MB, 23,120 rows), Florida's Medicaid list (over 4 MB, 83,630 rows), the Texas BHEC roster (about
 * 98,000 rows); workbooks under 1 MB of some ten parts with one to six sheets; rows under 4 KB with at
 * most 39 columns. Deflated text and sheet XML compress 5 to 20 times; a zip bomb, about 1,000 times.
 */
export const defaultParseLimits: ParseLimits = {
  maxFileBytes: 32 * MiB,
  maxMemberBytes: 64 * MiB,
  maxInflatedBytes: 128 * MiB,
  maxRatio: 100,
  maxMembers: 256,
  maxSheets: 32,
  maxCells: 2_000_000,
  maxRows: 500_000,
  maxRowChars: 256 * 1024,
  maxFieldChars: 64 * 1024,
  maxColumns: 256,
};

/** The default limits with a source's own. */
export function parseLimits(overrides: Partial<ParseLimits> = {}): ParseLimits {
  return { ...defaultParseLimits, ...overrides };
}

/** Why a file was not parsed: past a limit, or an archive that cannot be read safely. */
export class UnsafeFileError extends Error {
  readonly kind: 'limit' | 'malformed_archive';

  constructor(kind: 'limit' | 'malformed_archive', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnsafeFileError';
    this.kind = kind;
  }
}

/** `n` bytes, for messages: `12.3 MiB`. */
export function sizeText(n: number): string {
  if (n >= MiB) return `${(n / MiB).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** Throws UnsafeFileError('limit') when a file is larger than the limit. */
export function checkFileSize(bytes: number, limits: ParseLimits): void {
  if (bytes > limits.maxFileBytes) {
    throw new UnsafeFileError('limit', `the file is ${sizeText(bytes)}, over the limit of ${sizeText(limits.maxFileBytes)}`);
  }
}

/** Throws UnsafeFileError('limit') when the rows read so far are more than the limit. */
export function checkRowCount(rows: number, limits: ParseLimits): void {
  if (rows > limits.maxRows) throw new UnsafeFileError('limit', `the file has more than ${limits.maxRows} rows, the limit`);
}
