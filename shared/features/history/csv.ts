/**
 * The CSV of a history export (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read accents,
 * CRLF line ends), one row per verification. A cell a spreadsheet would read as a formula (starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`, so it shows as text. Pure.
 */
import type { HistorySummary } from '../verification/history-attributes.ts';

export const csvByteOrderMark = '\uFEFF';

export const csvColumns = [
  'verification_id',
  'created_at',
  'mode',
  'first_name',
  'last_name',
  'state',
  'npi',
  'license_name',
  'license_number',
  'status',
  'verified',
  'expiry_date',
  'disciplinary_action',
  'oig_excluded',
  'sanctioned',
  'record_url',
] as const;

const formulaStart = /^[=+\-@\t\r]/;

/** One cell: neutralised if a spreadsheet would run it, quoted if it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const csvHeader = csvByteOrderMark + csvLine(csvColumns);

/** The row of one verification: its summary, and the URL of its public record. */
export function csvRow(verificationId: string, h: HistorySummary, recordUrl: string): string {
  return csvLine([
    verificationId,
    h.created_at,
    h.mode,
    h.first_name,
    h.last_name,
    h.state,
    h.npi,
    h.license_name,
    h.license_number,
    h.status,
    h.verified,
    h.expiry_date,
    h.disciplined,
    h.oig_excluded,
    h.sanctioned,
    recordUrl,
  ]);
}
