/**
 * SAM.gov Exclusions Public Extract V2: a daily ZIP (`SAM_Exclusions_Public_Extract_V2_<yyddd>.ZIP`,
 * about 12 MB, about 170,000 rows) found through sam.gov's file-extract listing, downloaded without a
 * key (the download answers 303 to the file store; 204 for a name with no file behind it yet).
 *
 * One CSV member, UTF-8 with an optional BOM, every field double-quoted, 31 columns. Active records
 * only: an exclusion that ended disappears from the next file. One row per excluding agency, so a party
 * excluded by HHS and OPM has two rows sharing its identifiers; each is kept as its own action.
 * Individuals have split names (Prefix/First/Middle/Last/Suffix), firms, vessels and special entities
 * one `Name`. The NPI (on about 12% of rows) may be float-formatted (`1234567890.0`). Dates are
 * `MM/DD/YYYY` (`Creation_Date` ISO, and ISO accepted everywhere); the termination date may be
 * `Indefinite`. Cross-Reference holds aliases as `(also NAME, NAME)`, a firm's name with its own comma
 * (`PEANUT BUTTER, LLC`) kept whole. `Excluding Agency`, `CT Code` and `Record Status` are often empty
 * (a row is read without them). Address placeholders `-` and `XX` mean none.
 */
import type { ParseLimits } from '../parse-limits.ts';
import type { ListEntry } from './list-entry.ts';
import type { ListDefinition } from './list-definition.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const samExtractColumns = [
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

export type SamColumn = (typeof samExtractColumns)[number];

const fieldsOf = rowFields<SamColumn>(samExtractColumns);

const filePattern = /_V2_(\d{5})\.zip$/i;

/** `SAM_Exclusions_Public_Extract_V2_26279.ZIP` → 26279 (yyddd); null for any other name. */
export function samFileRank(fileName: string): number | null {
  const m = filePattern.exec(fileName);
  return m ? Number(m[1]) : null;
}

/** The extract's file name for a UTC day. */
export function samFileName(day: Date): string {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - start) / 86_400_000) + 1;
  return `SAM_Exclusions_Public_Extract_V2_${String(day.getUTCFullYear() % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}.ZIP`;
}

/** The day (ISO) a file name stands for: yyddd, 20yy. */
export function samFileDate(fileName: string): string | null {
  const rank = samFileRank(fileName);
  if (rank === null) return null;
  const year = 2000 + Math.floor(rank / 1000);
  const dayOfYear = rank % 1000;
  if (dayOfYear < 1 || dayOfYear > 366) return null;
  const date = new Date(Date.UTC(year, 0, dayOfYear));
  return date.getUTCFullYear() === year ? date.toISOString().slice(0, 10) : null;
}

/** `MM/DD/YYYY` or `YYYY-MM-DD` → ISO date; anything else (blank, impossible dates) → null. */
export function samDate(value: string): string | null {
  const v = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = us ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!us && !iso) return null;
  const [y, m, d] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : [Number(iso![1]), Number(iso![2]), Number(iso![3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The NPI as ten digits: `1234567890.0` → `1234567890`; blank, zeros or anything else → null. */
export function samNpi(value: string): string | null {
  const m = /^(\d{10})(?:\.0*)?$/.exec(value.trim());
  return m && m[1] !== '0000000000' ? m[1]! : null;
}

/**
 * Legal forms and generational suffixes that follow a comma inside one name (`PEANUT BUTTER, LLC`,
 * `ACME, INC.`, `JOHN DOE, JR.`): a part of the cross-reference that starts with one of them belongs to
 * the name before it.
 */
const nameTails = new Set([
  'LLC',
  'PLLC',
  'LLP',
  'LP',
  'LTD',
  'LIMITED',
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'PC',
  'PA',
  'PLC',
  'NA',
  'SA',
  'SRL',
  'GMBH',
  'AG',
  'BV',
  'JR',
  'SR',
  'II',
  'III',
  'IV',
]);

const continuesName = (part: string): boolean => nameTails.has((part.split(' ')[0] ?? '').replace(/[.,]/g, '').toUpperCase());

/**
 * `(also  NAME ,  NAME )` → the names, each once, sorted (the published order is not stable). Names are
 * separated by commas, but a firm's name holds commas too (`(also PEANUT BUTTER, LLC)`,
 * `(also VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC DBA …)`): a part that starts with a legal form
 * or a generational suffix is joined to the name before it.
 */
export function samAliases(value: string): string[] {
  const inner = /^\(\s*also\s+([\s\S]*)\)\s*$/i.exec(value.trim())?.[1] ?? value;
  const names: string[] = [];
  for (const part of inner.split(',').map((name) => name.replace(/\s+/g, ' ').trim())) {
    if (part === '') continue;
    if (names.length > 0 && continuesName(part)) names[names.length - 1] = `${names[names.length - 1]}, ${part}`;
    else names.push(part);
  }
  return [...new Set(names)].sort();
}

const place = (value: string) => {
  const v = value.trim();
  return v === '-' || v.toUpperCase() === 'XX' ? '' : v;
};

/** One data row → entry; null when the row does not have the 31 columns. */
export function samEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const individual = get('Classification').toLowerCase() === 'individual';
  const termination = get('Termination Date');
  const indefinite = termination.toLowerCase() === 'indefinite';
  const identifiers: Record<string, string> = {};
  if (get('Unique Entity ID')) identifiers.uei = get('Unique Entity ID');
  if (get('CAGE')) identifiers.cage = get('CAGE');
  const personName = [get('First'), get('Middle'), get('Last')].filter(Boolean).join(' ');
  return {
    kind: individual ? 'individual' : 'entity',
    lastName: individual ? get('Last') : '',
    firstName: individual ? get('First') : '',
    middleName: individual ? get('Middle') : '',
    entityName: individual ? get('Name') || personName : get('Name'),
    npi: samNpi(get('NPI')),
    dob: null,
    licenses: [],
    reference: get('SAM Number') || null,
    identifiers,
    aliases: samAliases(get('Cross-Reference')),
    city: place(get('City')),
    state: place(get('State / Province')),
    zip: place(get('Zip Code')),
    country: place(get('Country')),
    action: {
      agency: get('Excluding Agency'),
      type: get('Exclusion Type'),
      program: get('Exclusion Program'),
      code: get('CT Code'),
      startDate: samDate(get('Active Date')),
      endDate: indefinite ? null : samDate(termination),
      indefinite,
      reinstatedDate: null,
      comments: get('Additional Comments').slice(0, 2000),
    },
  };
}

const listingPath = '/api/prod/fileextractservices/v1/api/listfiles?domain=Exclusions/Public%20V2&privacy=Public';

const MiB = 1024 * 1024;

/**
 * The SAM extract's parse limits (parse-limits.ts). The real extract is a ZIP of about 12 MB holding
 * one CSV of 168,328 rows of 31 columns (2026-08/09), some 75 MB inflated (text compresses about six
 * times). The CSV is streamed, never held whole, so its inflated size costs time, not memory: 128 MiB
 * for the ZIP, 1 GiB inflated, 1,000,000 rows and a ratio of 100 sit far above the real file and far
 * below a zip bomb (about 1,000 times).
 */
export const samLimits: Partial<ParseLimits> = {
  maxFileBytes: 128 * MiB,
  maxMemberBytes: 1024 * MiB,
  maxInflatedBytes: 1024 * MiB,
  maxRows: 1_000_000,
};

export const samExclusions: ListDefinition = {
  id: 'sam',
  // Daily, active records only: a day's additions and ended exclusions are tens to hundreds of 170,000 rows.
  changeBudget: { share: 0.02, minRows: 25 },
  displayName: 'SAM.gov Exclusions',
  formatConfidence: 'confirmed',
  formatNotes:
    'Tested on 16 real published rows (selectiveintellect/p5-parse-samgov t/05_parser_exclusion_v2.t, Nov 2023; test/fixtures/real/sam): empty agency, CT code and record status, ISO creation dates, firm aliases with commas.',
  scope: { kind: 'federal' },
  searchBy: 'name',
  baseUrlEnv: 'SAM_BASE_URL',
  defaultBaseUrl: 'https://sam.gov',
  // The download answers 303 to GSA's extracts bucket, addressed either way S3 allows.
  allowedHosts: ['falextracts.s3.amazonaws.com', 's3.amazonaws.com'],
  locate: {
    kind: 'listing',
    // A cache-buster, as sam.gov's own front end sends.
    listingUrl: (base) => `${base}${listingPath}&random=${Date.now()}`,
    fileNames: (listing) => {
      const items = (listing as { _embedded?: { customS3ObjectSummaryList?: unknown } })._embedded?.customS3ObjectSummaryList;
      if (!Array.isArray(items)) throw new Error('no _embedded.customS3ObjectSummaryList array');
      return items.flatMap((item) => {
        const { key, displayKey } = (item ?? {}) as { key?: unknown; displayKey?: unknown };
        const name = typeof displayKey === 'string' && displayKey ? displayKey : typeof key === 'string' ? key.split('/').at(-1)! : '';
        return name ? [name] : [];
      });
    },
    pick: samFileRank,
    downloadUrl: (base, fileName) =>
      `${base}/api/prod/fileextractservices/v1/api/download/Exclusions/Public%20V2/${encodeURIComponent(fileName)}?privacy=Public`,
  },
  format: { kind: 'zip_csv' },
  limits: samLimits,
  header: samExtractColumns,
  entry: samEntry,
  keys: entryKeys,
  asOf: samFileDate,
};
