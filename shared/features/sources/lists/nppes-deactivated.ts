/**
 * The NPPES Deactivated NPI Report (CMS, monthly, around the 12th): every NPI deactivated in NPPES and
 * not reactivated since, going back to 2005 (355,330 NPIs on 2026-09-14). It is the full current list,
 * not a delta: each file replaces the last, and a reactivated NPI drops out of the next one.
 *
 * Found through the links of `https://download.cms.gov/nppes/NPI_Files.html` (single-quoted relative
 * hrefs, `href='./NPPES_Deactivated_NPI_Report_<MMDDYY>_V2.zip'`): the newest by the date in the name.
 * The ZIPs were named without `_V2` until 2025 (`NPPES_Deactivated_NPI_Report_041023.zip`) and with it
 * since; both namings are read, the newest date wins, and of two files of one date the `_V2` one. The
 * ZIP holds one workbook (`.xlsx`, sheet `DeactivatedNPIs`): a title row `NPPES Deactivated Records as
 * of <Mon DD YYYY>` (the date the content stands for), the header `NPI`, `NPPES Deactivation Date`, then
 * one row per NPI; the NPI is text (a numeric or float-formatted cell still reads as its ten digits),
 * the date text `MM/DD/YYYY`.
 *
 * The report names nobody and gives no reason (the reasons, death, disbandment, fraud or other, are only
 * in the full NPPES file): a row is found by its NPI alone (`searchBy: 'npi'`), so it is screened only
 * for an NPI the request supplies, and it matches on that NPI alone (sanctions-match.ts). The NPPES
 * registry API answers nothing for a deactivated NPI, so this list is what says why. A row holds no
 * party kind either (individuals and organisations alike are deactivated): rows count as individuals.
 */
import { isValidNpi } from '../nppes/npi.ts';
import type { ParseLimits } from '../parse-limits.ts';
import { listDate } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { npiKey } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const nppesDeactivatedColumns = ['NPI', 'NPPES Deactivation Date'] as const;

type Column = (typeof nppesDeactivatedColumns)[number];
const fieldsOf = rowFields<Column>(nppesDeactivatedColumns);

/** The page that links the NPPES downloads, under the base URL. */
export const nppesFilesPage = '/nppes/NPI_Files.html';

const reportName = /^NPPES_Deactivated_NPI_Report_(\d{2})(\d{2})(\d{2})(_V2)?\.zip$/i;

/**
 * The day (ISO) a report's file name stands for: `NPPES_Deactivated_NPI_Report_091426_V2.zip` and
 * `NPPES_Deactivated_NPI_Report_041023.zip` → 2026-09-14 and 2023-04-10 (MMDDYY, 20YY); null for any
 * other file or an impossible date.
 */
export function nppesDeactivatedFileDate(fileName: string): string | null {
  const m = reportName.exec(fileName.trim());
  if (!m) return null;
  return calendarDate(2000 + Number(m[3]), Number(m[1]), Number(m[2]));
}

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The rank of a file name: the day it stands for (in days since 1970) doubled, plus one for a `_V2`
 * name, so the newest day wins and, of one day's two namings, the `_V2` one; null for anything else.
 */
export function nppesDeactivatedRank(fileName: string): number | null {
  const date = nppesDeactivatedFileDate(fileName);
  if (date === null) return null;
  return (Date.parse(date) / 86_400_000) * 2 + (/_V2\.zip$/i.test(fileName.trim()) ? 1 : 0);
}

const monthNumbers: Readonly<Record<string, number>> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

/**
 * The date of the title row above the header, `NPPES Deactivated Records as of Oct 12 2026` (a full
 * month name, a comma or a dot also read), as an ISO date; null when no row above the header tells.
 */
export function nppesDeactivatedTitleDate(preamble: readonly (readonly string[])[]): string | null {
  for (const row of preamble) {
    for (const cell of row) {
      const m = /\bas of\s+([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/i.exec(cell);
      const month = m ? monthNumbers[m[1]!.toUpperCase()] : undefined;
      if (m && month) return calendarDate(Number(m[3]), month, Number(m[2]));
    }
  }
  return null;
}

/** An NPI cell as ten digits: text, a number, or a float-formatted `1234567893.0`; null unless the check digit is right. */
export function deactivatedNpi(cell: string): string | null {
  const m = /^(\d{10})(?:\.0*)?$/.exec(cell.trim());
  return m && isValidNpi(m[1]!) ? m[1]! : null;
}

/** One data row → entry; null for a row without a valid NPI or a readable deactivation date (malformed). */
export function nppesDeactivatedEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const npi = deactivatedNpi(get('NPI'));
  const deactivated = listDate(get('NPPES Deactivation Date'));
  if (!npi || !deactivated) return null;
  return {
    kind: 'individual',
    lastName: '',
    firstName: '',
    middleName: '',
    entityName: '',
    npi,
    dob: null,
    licenses: [],
    reference: null,
    identifiers: {},
    aliases: [],
    city: '',
    state: '',
    zip: '',
    country: '',
    action: {
      agency: 'CMS NPPES',
      type: 'NPI deactivated',
      program: '',
      code: '',
      startDate: deactivated,
      // In force until the NPI is reactivated, when it drops out of the next report.
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: '',
    },
  };
}

const MiB = 1024 * 1024;

/**
 * The deactivation report's parse limits (parse-limits.ts). The real report is a ZIP of about 2 MB
 * holding one XLSX: 355,330 rows of two columns on 2026-09-14, growing by some tens of thousands a
 * year. A workbook of 355,000 such rows holds a sheet part of about 33 MB and a shared-string table of
 * 9 MB (inflated), and parsing it takes about 200 MB of heap (700,000 rows: 375 MB). A sheet is parsed
 * whole, so these limits are held to what the worker's 1,024 MB allow: 96 MiB per part, 128 MiB for
 * all the parts read, 750,000 rows and 1,600,000 cells (twice the real report).
 */
export const nppesDeactivatedLimits: Partial<ParseLimits> = {
  maxMemberBytes: 96 * MiB,
  maxInflatedBytes: 128 * MiB,
  maxRows: 750_000,
  maxCells: 1_600_000,
};

export const nppesDeactivated: ListDefinition = {
  id: 'nppes_deactivated',
  // Monthly, cumulative since 2005: a month adds and reactivates a few thousand of 355,000 NPIs.
  changeBudget: { share: 0.05, minRows: 25 },
  displayName: 'NPPES Deactivated NPI Report',
  formatConfidence: 'observed',
  formatNotes:
    'Title row (`NPPES Deactivated Records as of Jul 08 2024`, … Apr 14 2025, … Sep 14 2026), header, sheet DeactivatedNPIs and both file namings as public readers of the real reports quote them; no real rows found to commit.',
  scope: { kind: 'federal' },
  searchBy: 'npi',
  baseUrlEnv: 'NPPES_FILES_BASE_URL',
  defaultBaseUrl: 'https://download.cms.gov',
  locate: {
    kind: 'page_links',
    pageUrl: (base) => `${base}${nppesFilesPage}`,
    hops: [{ href: /NPPES_Deactivated_NPI_Report_\d{6}(?:_V2)?\.zip$/i }],
    pick: nppesDeactivatedRank,
  },
  // The title row comes first; a blank or a second title line is tolerated.
  format: { kind: 'sheet', zipped: true, headerWithin: 4, asOfFromPreamble: nppesDeactivatedTitleDate },
  limits: nppesDeactivatedLimits,
  header: nppesDeactivatedColumns,
  entry: nppesDeactivatedEntry,
  keys: (entry) => (entry.npi ? [npiKey(entry.npi)] : []),
  asOf: nppesDeactivatedFileDate,
};
