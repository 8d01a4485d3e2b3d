/**
 * The SAM.gov Exclusions Public Extract V2 CSV (`sam/SAM_Exclusions_Public_Extract_V2_<yyddd>.csv`,
 * zipped by the simulator when served) in its real layout: a UTF-8 BOM, the 31-column header, every field
 * double-quoted, CRLF line ends, dates MM/DD/YYYY but `Creation_Date` ISO, `Indefinite` for most
 * termination dates, `Record Status` empty. As on the real extract, other agencies' rows often leave
 * `Excluding Agency` and `CT Code` empty, and a firm named in a Cross-Reference keeps its own comma
 * (`(also ACME PAVING, LLC)`).
 *
 * HHS exclusions are mirrored from the LEIE: every sample person, namesake and business on the LEIE
 * file appears with agency HHS and CT code Z1 (without the DOB, which SAM does not publish), so the NPI
 * match, the same-name person with another NPI, and the name-only match of the LEIE scenarios exist
 * here too. A party with an NPI is also excluded by OPM (one row per excluding agency, same
 * identifiers); every other NPI is written float-formatted (`1234567890.0`). Other agencies' rows
 * (HUD, DLA, the services, OFAC) are unrelated people, firms, vessels and special entities that avoid
 * the sample providers' names.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type Day, isoDate, mmddyyyy, TODAY } from './dates.ts';
import type { LeieRow } from './leie-file.ts';
import { unrelatedRows } from './leie-file.ts';
import { NameTables } from './name-tables.ts';
import { NpiIssuer } from './npi.ts';
import { Rng } from './prng.ts';

/** The extract's 31 columns, in the published order. */
const samColumns = [
  'Classification',
  'Name',
  'Prefix',
  'First',
  'Middle',
  'Last',
  'Suffix',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'City',
  'State / Province',
  'Country',
  'Zip Code',
  'Open Data Flag',
  'Blank (Deprecated)',
  'Unique Entity ID',
  'Exclusion Program',
  'Excluding Agency',
  'CT Code',
  'Exclusion Type',
  'Additional Comments',
  'Active Date',
  'Termination Date',
  'Record Status',
  'Cross-Reference',
  'SAM Number',
  'CAGE',
  'NPI',
  'Creation_Date',
] as const;

type SamColumn = (typeof samColumns)[number];

export type SamRow = Partial<Record<SamColumn, string>>;

/** The extract's file name on the reference day. */
export const samSampleFile = 'sam/SAM_Exclusions_Public_Extract_V2_26305.csv';

const hhsComment =
  'Excluded by the Department of Health and Human Services from participation in all Federal health care programs pursuant to 42 U.S.C. ? 1320a-7';

const otherAgencies: readonly (readonly [readonly [string, string, string, string], number])[] = [
  [['HUD', 'R', 'Ineligible (Proceedings Completed)', 'NonProcurement'], 5],
  [['DLA', 'A', 'Ineligible (Proceedings Completed)', 'Reciprocal'], 3],
  [['ARMY', 'A', 'Prohibition/Restriction', 'Reciprocal'], 2],
  [['AF', 'A', 'Ineligible (Proceedings Pending)', 'Reciprocal'], 2],
  [['EPA', 'A', 'Voluntary Exclusion', 'Reciprocal'], 1],
  [['OPM', 'Z2', 'Prohibition/Restriction', 'Reciprocal'], 4],
];

function samNumber(rng: Rng): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let out = 'S4MR';
  for (let i = 0; i < 5; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

function place(row: LeieRow): SamRow {
  return { 'Address 1': row.address, City: row.city, 'State / Province': row.state, Country: 'USA', 'Zip Code': row.zip };
}

function partyFields(row: LeieRow): SamRow {
  return row.busName
    ? { Classification: 'Firm', Name: row.busName }
    : { Classification: 'Individual', First: row.firstName, Middle: row.midName, Last: row.lastName };
}

function action(rng: Rng, agency: string, code: string, type: string, program: string, active: Day, comment = ''): SamRow {
  const definite = agency !== 'HHS' && agency !== 'OPM' && rng.chance(0.35);
  return {
    'Excluding Agency': agency,
    'CT Code': code,
    'Exclusion Type': type,
    'Exclusion Program': program,
    'Additional Comments': comment,
    'Active Date': mmddyyyy(active),
    'Termination Date': definite ? mmddyyyy(TODAY + rng.int(200, 3000)) : 'Indefinite',
    'Record Status': '',
    Creation_Date: isoDate(Math.min(TODAY - 1, active + rng.int(0, 20))),
  };
}

/** The cross-reference of another agency's row: now and then another spelling of a person, or the firm a party ran. */
function crossReference(rng: Rng, row: LeieRow, firm: boolean): string {
  if (!firm && row.lastName && rng.chance(0.03)) return `(also  ${row.firstName} ${row.lastName}-SMITH ,  ${row.firstName.slice(0, 1)} ${row.lastName} )`;
  if (!firm && row.lastName && rng.chance(0.04)) return `(also ${row.lastName} ${rng.pick(firmTrades)}, ${rng.pick(legalForms)})`;
  return '';
}

const firmTrades = ['CONSTRUCTION', 'PAVING', 'ELECTRIC SERVICE', 'CONTRACTING', 'SUPPLY'];
const legalForms = ['LLC', 'INC.', 'CO.'];

/** The HHS row mirroring an LEIE row, and the OPM row of a party with an NPI. */
function mirrored(rng: Rng, row: LeieRow, index: number): SamRow[] {
  const npi = row.npi ? (index % 2 === 0 ? `${row.npi}.0` : row.npi) : '';
  const shared: SamRow = { ...partyFields(row), ...place(row), 'SAM Number': samNumber(rng), NPI: npi };
  const rows: SamRow[] = [{ ...shared, ...action(rng, 'HHS', 'Z1', 'Prohibition/Restriction', 'Reciprocal', row.excluded, hhsComment) }];
  if (row.npi) {
    rows.push({
      ...shared,
      'SAM Number': samNumber(rng),
      ...action(rng, 'OPM', 'Z2', 'Prohibition/Restriction', 'Reciprocal', Math.min(TODAY - 2, row.excluded + rng.int(10, 200))),
    });
  }
  return rows;
}

/** A row of another agency: a person, a firm, a vessel or a special entity unrelated to the sample. */
function otherRow(rng: Rng, row: LeieRow): SamRow {
  const [agency, code, type, program] = rng.weighted(otherAgencies);
  const active = TODAY - rng.int(30, 6000);
  const kind = rng.float();
  let party: SamRow = partyFields(row);
  if (kind < 0.02) party = { Classification: 'Vessel', Name: `${row.lastName || 'SEA'} STAR` };
  else if (kind < 0.04) party = { Classification: 'Special Entity Designation', Name: `${row.lastName || row.city} TRADING GROUP` };
  const firm = party.Classification !== 'Individual';
  const taken = action(rng, agency, code, type, program, active);
  // Rows reciprocated from other systems often name no excluding agency and no CT code.
  const unnamed = agency !== 'OPM' && rng.chance(0.3);
  return {
    ...party,
    ...place(row),
    'Unique Entity ID': firm && rng.chance(0.93) ? samNumber(rng).slice(4) + rng.digits(7) : '',
    CAGE: firm && rng.chance(0.05) ? `${rng.digits(1)}${samNumber(rng).slice(4, 8)}` : '',
    'SAM Number': samNumber(rng),
    NPI: !firm && agency === 'OPM' && row.npi ? row.npi : '',
    'Cross-Reference': crossReference(rng, row, firm),
    ...taken,
    ...(unnamed ? { 'Excluding Agency': '', 'CT Code': '' } : {}),
  };
}

/**
 * The extract's rows: HHS mirrors of the sample LEIE rows and of part of the unrelated ones, and
 * `others` rows of other agencies (names avoiding `avoid`, "FIRST|LAST").
 */
export function samRows(
  rng: Rng,
  sampleLeie: readonly LeieRow[],
  unrelatedLeie: readonly LeieRow[],
  names: NameTables,
  npis: NpiIssuer,
  others: number,
  avoid: ReadonlySet<string>,
): SamRow[] {
  const rows: SamRow[] = [];
  sampleLeie.forEach((row, i) => {
    rows.push(...mirrored(rng.fork(`sample:${i}`), row, i));
  });
  unrelatedLeie.forEach((row, i) => {
    const r = rng.fork(`unrelated:${i}`);
    if (r.chance(0.5)) rows.push(...mirrored(r, row, i));
  });
  unrelatedRows(rng.fork('others'), names, npis, others, avoid).forEach((row, i) => {
    rows.push(otherRow(rng.fork(`other:${i}`), row));
  });
  return rows;
}

const quote = (value: string): string => `"${value.replaceAll('"', '""')}"`;

export function samLine(row: SamRow): string {
  return `${samColumns.map((c) => quote(row[c] ?? '')).join(',')}\r\n`;
}

export const samHeaderLine = `\uFEFF${samColumns.map(quote).join(',')}\r\n`;

const sortKey = (row: SamRow) => [row.Name ?? '', row.Last ?? '', row.First ?? '', row['Excluding Agency'] ?? '', row['SAM Number'] ?? ''].join('\u0000');

export function samCsv(rows: readonly SamRow[]): string {
  return (
    samHeaderLine +
    [...rows]
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
      .map(samLine)
      .join('')
  );
}

/**
 * Writes an N-row extract CSV of unrelated parties (HHS mirrors and other agencies, about 12% with an
 * NPI), streamed to disk; for load tests of the SAM ingest (about 170,000 rows, the live file's size).
 */
export async function writeSamBenchmarkFile(path: string, rows: number, rng: Rng, names: NameTables, npis: NpiIssuer): Promise<void> {
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(samHeaderLine);
  let written = 0;
  for (let chunk = 0; written < rows; chunk++) {
    const leie = unrelatedRows(rng.fork(`chunk:${chunk}`), names, npis, Math.min(5_000, rows - written));
    for (let i = 0; i < leie.length && written < rows; i++) {
      const r = rng.fork(`row:${chunk}:${i}`);
      const row = leie[i]!;
      const lines = r.chance(0.55) ? mirrored(r, row, i) : [otherRow(r, row)];
      for (const line of lines.slice(0, rows - written)) {
        await write(samLine(line));
        written++;
      }
    }
  }
  out.end();
  await once(out, 'finish');
}

/** The benchmark extract of a seed: `rows` rows, the same bytes for the same seed. */
export function writeSamBenchmark(path: string, rows: number, seed = '42'): Promise<void> {
  const rng = new Rng(`sam-benchmark:${seed}`);
  return writeSamBenchmarkFile(path, rows, rng, NameTables.load(), new NpiIssuer(rng.fork('npi')));
}
