/** Keeps the header and the chosen rows of a sample CSV, so a test loads the rows it asks about and not thousands. */
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';

const quoted = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** The header row, then the first `first` rows and every later row `keep` accepts, written back as CSV. */
export function keepCsvRows(text: string, keep: (row: string[]) => boolean, first = 300): string {
  const rows: string[][] = [];
  const parser = new CsvParser();
  const take = (row: string[]) => {
    if (rows.length <= first || keep(row)) rows.push(row);
  };
  parser.push(text, take);
  parser.end(take);
  return `${rows.map((row) => row.map(quoted).join(',')).join('\r\n')}\r\n`;
}

/** A row naming any of these surnames (case-insensitive) in any cell. */
export const naming =
  (...surnames: string[]) =>
  (row: string[]) =>
    row.some((cell) => surnames.some((name) => cell.toUpperCase().includes(name.toUpperCase())));
