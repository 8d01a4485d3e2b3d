/**
 * The Medi-Cal Suspended and Ineligible Provider List's rows: `N/A`, organisations (First Name N/A),
 * several license numbers in a cell (spaces inside), Medi-Cal provider numbers mixed with NPIs (one row,
 * several NPIs, each found and each agreeing), the suspension date in both spellings, the indefinite
 * period, one person on several rows; and the file's header with its line break, BOM and empty last name.
 */
import { describe, expect, it } from 'vitest';
import { caLicenseNumbers, caMediCalColumns, caMediCalEntry, caMediCalParty, caMediCalSuspended, caPlace } from '#shared/features/sources/lists/ca-medi-cal.ts';
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { sanctionBasis } from '#shared/features/verification/sanctions-match.ts';

type Row = Partial<Record<(typeof caMediCalColumns)[number], string>>;
const aka = caMediCalColumns[3];
const row = (r: Row) => caMediCalColumns.map((c) => r[c] ?? '');

const organisation = row({
  'Last Name': '2nd Chance for Recovery, Inc.',
  'First Name': 'N/A',
  'Middle Name': 'N/A',
  [aka]: 'N/A',
  'Address(es)': '600 East 7th St., Los Angeles, CA, 90021',
  'Provider Type': 'Entity/Corporation',
  'License Number': 'N/A',
  'Provider Number': '1003077710, 1033522974, 1346589777, 1760751606',
  'Date of Suspension': '05/23/2018',
  'Active Period': 'Indefinitely effective',
});

const person: Row = {
  'Last Name': 'MERCER',
  'First Name': 'DANIEL',
  'Middle Name': 'N/A',
  [aka]: 'N/A',
  'Address(es)': '12 Oak St, San Diego, CA, 92101',
  'Provider Type': 'Physician; Surgeon',
  'License Number': ' C 40851',
  'Provider Number': '00A400330, 1245319599',
  'Date of Suspension': '3/7/2021',
  'Active Period': 'Indefinitely effective',
};

describe('Medi-Cal Suspended and Ineligible rows', () => {
  it('reads the notes’ example organisation: First Name N/A, its name in Last Name, four NPIs, each a key and each agreeing', () => {
    const entry = caMediCalEntry(organisation)!;
    expect(entry).toMatchObject({
      kind: 'entity',
      entityName: '2nd Chance for Recovery, Inc.',
      npi: '1003077710',
      npis: ['1003077710', '1033522974', '1346589777', '1760751606'],
      licenses: [],
      aliases: [],
      city: 'Los Angeles',
      state: 'CA',
      zip: '90021',
      identifiers: {},
      action: {
        agency: 'California DHCS',
        type: 'Medi-Cal suspension',
        startDate: '2018-05-23',
        endDate: null,
        indefinite: true,
        comments: 'Entity/Corporation',
      },
    });
    expect(entryKeys(entry)).toEqual(['E#2NDCHANCEFORRECOVERYINC', 'N#1003077710', 'N#1033522974', 'N#1346589777', 'N#1760751606']);
  });

  it('tells the NPIs from the Medi-Cal provider numbers by the check digit', () => {
    const entry = caMediCalEntry(row(person))!;
    expect(entry).toMatchObject({ kind: 'individual', lastName: 'MERCER', firstName: 'DANIEL', middleName: '', npi: '1245319599' });
    expect(entry.npis).toBeUndefined();
    expect(entry.identifiers).toEqual({ medi_cal_provider_number: '00A400330' });
    // A ten-digit number with a wrong check digit is a provider number, not an NPI.
    const other = caMediCalEntry(row({ ...person, 'Provider Number': 'PHA410230; 1245319598' }))!;
    expect(other.npi).toBeNull();
    expect(other.identifiers).toEqual({ medi_cal_provider_number: 'PHA410230, 1245319598' });
  });

  it('matches a person by any of the row’s NPIs, and rules out a request with another', () => {
    const entry = caMediCalEntry(row({ ...person, 'Provider Number': '00A400330, 1245319599, 1003077710' }))!;
    const query = { firstName: 'DANIEL', lastName: 'MERCER' };
    expect(sanctionBasis({ ...query, npi: '1245319599' }, entry)).toBe('npi');
    expect(sanctionBasis({ ...query, npi: '1003077710' }, entry)).toBe('npi');
    expect(sanctionBasis({ ...query, npi: '1033522974' }, entry)).toBeNull();
  });

  it('splits license numbers on , and ; and drops spaces inside them', () => {
    expect(caLicenseNumbers(' C 40851')).toEqual(['C40851']);
    expect(caLicenseNumbers('A12345; G70081')).toEqual(['A12345', 'G70081']);
    expect(caLicenseNumbers('C23473, 512345')).toEqual(['C23473', '512345']);
    expect(caLicenseNumbers('N/A')).toEqual([]);
    expect(caMediCalEntry(row({ ...person, 'License Number': 'A12345; G 70081' }))!.licenses).toEqual([
      { state: 'CA', number: 'A12345' },
      { state: 'CA', number: 'G70081' },
    ]);
  });

  it('reads the other names one per line, the suspension date zero-padded or not, and the place of the first address', () => {
    const entry = caMediCalEntry(row({ ...person, [aka]: 'AKA: DAN MERCER\nDANNY MERCER-HALE', 'Date of Suspension': '03/07/2021' }))!;
    expect(entry.aliases).toEqual(['DAN MERCER', 'DANNY MERCER-HALE']);
    expect(entry.action.startDate).toBe('2021-03-07');
    expect(caMediCalEntry(row(person))!.action.startDate).toBe('2021-03-07');
    expect(caPlace('1 A St, Fresno, CA 93701; 2 B St, Davis, CA, 95616')).toEqual({ city: 'Fresno', state: 'CA', zip: '93701' });
    expect(caPlace('N/A')).toEqual({ city: '', state: '', zip: '' });
  });

  it('reads an Active Period other than "Indefinitely effective" as the action’s end where it gives a date', () => {
    const entry = caMediCalEntry(row({ ...person, 'Active Period': 'Effective through 12/31/2025' }))!;
    expect(entry.action).toMatchObject({ indefinite: false, endDate: '2025-12-31' });
    expect(entry.action.comments).toBe('Physician; Surgeon; Effective through 12/31/2025');
  });

  it('takes one person’s rows with the same suspension and identifiers as one action (other addresses, other names, other spacing)', () => {
    const a = caMediCalEntry(row(person))!;
    const b = caMediCalEntry(
      row({ ...person, 'Address(es)': '9 Elm St, Fresno, CA, 93701', [aka]: 'DAN MERCER', 'License Number': 'C40851', 'Date of Suspension': '03/07/2021' }),
    )!;
    const later = caMediCalEntry(row({ ...person, 'Date of Suspension': '3/7/2024' }))!;
    expect(caMediCalParty(a)).not.toBeNull();
    expect(caMediCalParty(a)).toBe(caMediCalParty(b));
    expect(caMediCalParty(later)).not.toBe(caMediCalParty(a));
    // A row with neither NPI nor license says nothing about being the same person: kept as it is.
    expect(caMediCalParty(caMediCalEntry(row({ ...person, 'License Number': 'N/A', 'Provider Number': 'N/A' }))!)).toBeNull();
    expect(caMediCalParty(caMediCalEntry(organisation)!)).toBeNull();
  });

  it('reads no row of another width, nor one without a name', () => {
    expect(caMediCalEntry(organisation.slice(0, 10))).toBeNull();
    expect(caMediCalEntry(row({ ...person, 'Last Name': 'N/A' }))).toBeNull();
  });

  it('has the header as the file writes it: the 4th with a line break, the 11th empty', () => {
    const rows: string[][] = [];
    const parser = new CsvParser();
    const file =
      '\uFEFFLast Name,First Name,Middle Name,"A/K/A-Also Known As\nD/B/A-Doing Business as",Address(es),Provider Type,License Number,Provider Number,Date of Suspension,Active Period,\n';
    parser.push(file, (r) => rows.push(r));
    parser.end((r) => rows.push(r));
    expect([rows[0]![0]!.replace(/^\uFEFF/, ''), ...rows[0]!.slice(1)]).toEqual([...caMediCalColumns]);
    expect(caMediCalSuspended.header).toHaveLength(11);
    expect(caMediCalSuspended.scope).toEqual({ kind: 'state', state: 'CA' });
    expect(caMediCalSuspended.locate).toMatchObject({ kind: 'page_links' });
  });
});
