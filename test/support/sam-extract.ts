/** SAM.gov exclusions extracts written for tests: the extract's 31 columns, every field quoted, CRLF lines. */
import { samExtractColumns } from '#shared/features/sources/lists/sam-exclusions.ts';

export type SamRow = Partial<Record<(typeof samExtractColumns)[number], string>>;

const quoted = (v: string) => `"${v.replaceAll('"', '""')}"`;

/** The CSV of an extract holding `rows` (a row's missing fields are empty; `Record Status` is Active). */
export function samCsv(rows: readonly SamRow[], header: readonly string[] = samExtractColumns): string {
  const line = (r: SamRow) => samExtractColumns.map((c) => quoted(r[c] ?? (c === 'Record Status' ? 'Active' : ''))).join(',');
  return `${[header.map(quoted).join(','), ...rows.map(line)].join('\r\n')}\r\n`;
}
