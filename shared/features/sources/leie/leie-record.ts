/**
 * OIG LEIE rows (UPDATED.csv): 18 columns, the header row unquoted and every data field quoted, CRLF
 * line ends; dates YYYYMMDD with `00000000` for none (a business's DOB is empty), NPI `0000000000`
 * when unknown. Individuals and business entities (BUSNAME set, no person name) are told
 * apart. The file lists current exclusions only (reinstated parties are removed); a waiver allows
 * payment in the named state only.
 */

export const leieHeader = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

export interface LeieRecord {
  readonly kind: 'individual' | 'entity';
  readonly lastName: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly businessName: string;
  readonly general: string;
  readonly specialty: string;
  readonly upin: string | null;
  readonly npi: string | null;
  /** ISO date or null. */
  readonly dob: string | null;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly exclusionType: string;
  readonly exclusionDate: string | null;
  readonly reinstatementDate: string | null;
  readonly waiverDate: string | null;
  readonly waiverState: string | null;
  /** The record's row number in the file it was ingested from (1 is the header), once stored and read back. */
  readonly fileRow?: number;
}

export class LeieFormatError extends Error {}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `YYYYMMDD` → ISO date; `00000000`, empty or impossible dates → null. Validated with arithmetic, not
 * Date objects: it runs four times per row on 85,000 rows.
 */
export function leieDate(value: string): string | null {
  if (value.length !== 8 || value === '00000000') return null;
  for (let i = 0; i < 8; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  if (year < 1800 || month < 1 || month > 12 || day < 1) return null;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > daysInMonth[month - 1]! + (leap ? 1 : 0)) return null;
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

export function checkHeader(row: readonly string[]): void {
  const got = row.map((c) =>
    c
      .trim()
      .toUpperCase()
      .replace(/^\uFEFF/, ''),
  );
  if (got.length !== leieHeader.length || got.some((c, i) => c !== leieHeader[i])) {
    // The file's own text is never quoted (an error page answered instead of the file would be).
    const differs = leieHeader.findIndex((name, i) => got[i] !== name);
    const column = differs === -1 ? '' : `; column ${differs + 1} is not ${JSON.stringify(leieHeader[differs])}`;
    throw new LeieFormatError(`Unexpected LEIE header (${got.length} columns, expected ${leieHeader.length}${column})`);
  }
}

/** One data row → record, or null when the row does not have the 18 columns. Values are used as quoted. */
export function leieRecord(row: readonly string[]): LeieRecord | null {
  if (row.length !== leieHeader.length) return null;
  const [last, first, mid, bus, general, specialty, upin, npi, dob, address, city, state, zip, type, excl, rein, waiver, wvrState] = row as string[];
  const npiValue = npi!.length === 10 && npi !== '0000000000' && /^\d{10}$/.test(npi!) ? npi! : null;
  return {
    kind: !last && !first && bus ? 'entity' : 'individual',
    lastName: last!,
    firstName: first!,
    middleName: mid!,
    businessName: bus!,
    general: general!,
    specialty: specialty!,
    upin: upin || null,
    npi: npiValue,
    dob: leieDate(dob!),
    address: address!,
    city: city!,
    state: state!,
    zip: zip!,
    exclusionType: type!,
    exclusionDate: leieDate(excl!),
    reinstatementDate: leieDate(rein!),
    waiverDate: leieDate(waiver!),
    waiverState: wvrState || null,
  };
}
