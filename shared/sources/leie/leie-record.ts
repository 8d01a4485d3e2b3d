/**
 * OIG LEIE rows (UPDATED.csv): 18 quoted columns, dates YYYYMMDD with `00000000` for none, NPI
 * `0000000000` when unknown. Individuals and business entities (BUSNAME set, no person name) are told
 * apart. The file lists current exclusions only (reinstated parties are removed); a waiver allows
 * payment in the named state only.
 */

export const leieHeader = [
  'LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'GENERAL', 'SPECIALTY', 'UPIN', 'NPI', 'DOB', 'ADDRESS',
  'CITY', 'STATE', 'ZIP', 'EXCLTYPE', 'EXCLDATE', 'REINDATE', 'WAIVERDATE', 'WVRSTATE',
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
}

export class LeieFormatError extends Error {}

/** `YYYYMMDD` → ISO date; `00000000`, empty or impossible dates → null. */
export function leieDate(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  if (!m || value === '00000000') return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

export function checkHeader(row: readonly string[]): void {
  const got = row.map((c) => c.trim().toUpperCase().replace(/^\uFEFF/, ''));
  if (got.length !== leieHeader.length || got.some((c, i) => c !== leieHeader[i])) {
    throw new LeieFormatError(`Unexpected LEIE header: ${got.join(',').slice(0, 300)}`);
  }
}

/** One data row → record, or null when the row does not have the 18 columns. */
export function leieRecord(row: readonly string[]): LeieRecord | null {
  if (row.length !== leieHeader.length) return null;
  const [last, first, mid, bus, general, specialty, upin, npi, dob, address, city, state, zip, type, excl, rein, waiver, wvrState] =
    row.map((c) => c.trim()) as string[];
  const npiValue = /^\d{10}$/.test(npi!) && npi !== '0000000000' ? npi! : null;
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
