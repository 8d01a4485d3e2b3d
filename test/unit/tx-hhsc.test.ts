/**
 * The Texas HHSC OIG exclusions list's rows: firms and people (a single-space CompanyName), `n/a`,
 * full middle names, the three date formats of one file, reinstated rows kept with their date, license
 * shapes as the Texas boards write them, occupations mixed with numeric codes, the action taken from
 * the comments; and the BIFF8 `.xls` the simulator builds, read back by the sheet reader.
 */
import { describe, expect, it } from 'vitest';
import { licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { txActionType, txHhscColumns, txHhscEntry, txHhscExclusions, txOccupation } from '#shared/features/sources/lists/tx-hhsc.ts';
import { actionInForce, sanctionBasis } from '#shared/features/verification/sanctions-match.ts';
import { txHhscWorkbook } from '../../local/simulator/tx-hhsc-portal.ts';

type Row = Partial<Record<(typeof txHhscColumns)[number], string>>;
const row = (r: Row) => txHhscColumns.map((c) => r[c] ?? '');

const person: Row = {
  CompanyName: ' ',
  LastName: 'PRICE',
  FirstName: 'SUSAN',
  MidInitial: 'PATRICIA',
  Occupation: 'LVN',
  LicenseNumber: '546824',
  StartDate: '2024-03-05',
  AddDate: '2024-03-20',
  Waiver: 'No',
  WebComments: 'Conviction',
};

describe('Texas HHSC OIG rows', () => {
  it('reads the notes’ example firm row', () => {
    const entry = txHhscEntry(
      row({
        CompanyName: 'AC Pharmacy LLC',
        Occupation: 'Pharmacy',
        LicenseNumber: '29993',
        NPI: '1619356656',
        StartDate: '2015-11-10',
        AddDate: '2017-08-07',
        Waiver: 'No',
        WebComments: 'License or Certification revoked, suspended,  Voluntary Surrender or otherwise terminated',
      }),
    )!;
    expect(entry).toMatchObject({
      kind: 'entity',
      entityName: 'AC Pharmacy LLC',
      lastName: '',
      npi: '1619356656',
      licenses: [{ state: 'TX', number: '29993' }],
      action: {
        agency: 'Texas HHSC OIG',
        type: 'License or certification revoked, suspended or surrendered',
        startDate: '2015-11-10',
        reinstatedDate: null,
        comments: 'License or Certification revoked, suspended, Voluntary Surrender or otherwise terminated; Occupation: Pharmacy',
      },
    });
    expect(entryKeys(entry)).toEqual(['E#ACPHARMACYLLC', 'N#1619356656']);
  });

  it('reads a person (CompanyName a single space) with a whole middle name in MidInitial', () => {
    const entry = txHhscEntry(row(person))!;
    expect(entry).toMatchObject({
      kind: 'individual',
      lastName: 'PRICE',
      firstName: 'SUSAN',
      middleName: 'PATRICIA',
      entityName: 'SUSAN PATRICIA PRICE',
      aliases: [],
    });
    expect(entryKeys(entry)).toEqual(['I#PRICE']);
  });

  it('reads n/a as nothing, in any case and any column', () => {
    const entry = txHhscEntry(row({ ...person, MidInitial: 'n/a', LicenseNumber: 'N/A', NPI: 'n/a', Occupation: 'n/a', ReinstatedDate: 'n/a' }))!;
    expect(entry).toMatchObject({ middleName: '', licenses: [], npi: null, action: { reinstatedDate: null, comments: 'Conviction' } });
    expect(txHhscEntry(row({ CompanyName: ' ', LastName: 'n/a', FirstName: 'n/a' }))).toBeNull();
  });

  it('reads the three date formats of one file: date cells (ISO from the reader, a time of day dropped), M/D/YYYY text, YYYY-MM-DD 00:00:00 text', () => {
    const entry = txHhscEntry(row({ ...person, StartDate: '2024-03-05', ReinstatedDate: '9/8/2025', EligibleToReapplyDate: '2025-03-05 00:00:00' }))!;
    expect(entry.action).toMatchObject({ startDate: '2024-03-05', reinstatedDate: '2025-09-08', endDate: null });
    expect(entry.action.comments).toContain('Eligible to reapply from 2025-03-05');
    // A start date missing: the date the row was added stands in.
    expect(txHhscEntry(row({ ...person, StartDate: '' }))!.action.startDate).toBe('2024-03-20');
  });

  it('keeps a reinstated row: in force until the reinstatement date, no match after it', () => {
    const past = txHhscEntry(row({ ...person, ReinstatedDate: '8/3/2026', WebComments: 'REINSTATED' }))!;
    const future = txHhscEntry(row({ ...person, ReinstatedDate: '12/31/2026' }))!;
    expect(actionInForce(past, '2026-11-01')).toBe(false);
    expect(actionInForce(past, '2026-08-02')).toBe(true);
    expect(actionInForce(future, '2026-11-01')).toBe(true);
    // Eligibility to reapply is not reinstatement.
    expect(actionInForce(txHhscEntry(row({ ...person, EligibleToReapplyDate: '2025-01-01 00:00:00' }))!, '2026-11-01')).toBe(true);
    expect(past.action.type).toBe('Medicaid exclusion');
  });

  it('keeps the license shapes as written, and they agree with the Texas boards’ numbers', () => {
    const licenseOf = (number: string) => txHhscEntry(row({ ...person, LicenseNumber: number }))!.licenses;
    expect(licenseOf('546824')).toEqual([{ state: 'TX', number: '546824' }]);
    expect(licenseOf('H3249')).toEqual([{ state: 'TX', number: 'H3249' }]);
    expect(licenseOf('H-3249')).toEqual([{ state: 'TX', number: 'H-3249' }]);
    expect(licenseOf(' ')).toEqual([]);
    // The Texas Medical Board roster writes H3249; the Board of Nursing 546824.
    expect(licenseNumbersAgree('H3249', 'H-3249')).toBe(true);
    expect(licenseNumbersAgree('H3249', 'H3249')).toBe(true);
    expect(licenseNumbersAgree('546824', '546824')).toBe(true);
    expect(licenseNumbersAgree('H3249', 'J3249')).toBe(false);
    // Matched as a license of the state: the board's number confirms, another number of the state rules out.
    const entry = txHhscEntry(row({ ...person, LicenseNumber: 'H-3249' }))!;
    const query = { firstName: 'SUSAN', lastName: 'PRICE' };
    expect(sanctionBasis({ ...query, licenses: [{ state: 'TX', number: 'H3249' }] }, entry)).toBe('license');
    expect(sanctionBasis({ ...query, licenses: [{ state: 'TX', number: 'K1111' }] }, entry)).toBeNull();
    expect(sanctionBasis({ ...query, licenses: [{ state: 'IL', number: '036060408' }] }, entry)).toBe('name_only');
  });

  it('reads the NPI where there is one (a wrong check digit is none)', () => {
    expect(txHhscEntry(row({ ...person, NPI: '1619356656' }))!.npi).toBe('1619356656');
    expect(txHhscEntry(row({ ...person, NPI: '1619356657' }))!.npi).toBeNull();
  });

  it('keeps the occupation, a numeric provider-type code said to be one', () => {
    expect(txOccupation('RN')).toBe('RN');
    expect(txOccupation('Registered Nurse')).toBe('Registered Nurse');
    expect(txOccupation('104')).toBe('provider type 104');
    expect(txHhscEntry(row({ ...person, Occupation: '20' }))!.action.comments).toBe('Conviction; Occupation: provider type 20');
  });

  it('takes the kind of action from the comments where it is clear, else Medicaid exclusion', () => {
    expect(txActionType('Federal mandated exclusion')).toBe('Federal mandated exclusion');
    expect(txActionType('MEDICARE EXCLUSION')).toBe('Federal mandated exclusion');
    expect(txActionType('License or Certification revoked, suspended or otherwise terminated')).toBe(
      'License or certification revoked, suspended or surrendered',
    );
    expect(txActionType('Lic Vol Surr in Lieu of Discp Action')).toBe('License or certification revoked, suspended or surrendered');
    expect(txActionType('Conviction')).toBe('Conviction');
    expect(txActionType('Board action')).toBe('Board action');
    expect(txActionType('Reinstated')).toBe('Medicaid exclusion');
    expect(txActionType('')).toBe('Medicaid exclusion');
    expect(txActionType('Fraud, waste or abuse')).toBe('Medicaid exclusion');
  });

  it('is found through an ASP.NET postback, screened in Texas', () => {
    expect(txHhscExclusions.scope).toEqual({ kind: 'state', state: 'TX' });
    expect(txHhscExclusions.locate).toMatchObject({ kind: 'aspnet_postback', eventTarget: 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS' });
  });
});

describe('the Texas .xls', () => {
  it('is BIFF8 (OLE2) with the sheet EXCEL_Destination; date cells (with a time of day) read as ISO dates, text dates as written', async () => {
    const xls = txHhscWorkbook([
      [...txHhscColumns],
      row({ ...person, StartDate: '2024-03-05T14:30', AddDate: '2024-03-20', ReinstatedDate: '9/8/2025', EligibleToReapplyDate: '2025-03-05 00:00:00' }),
    ]);
    expect(xls.subarray(0, 8)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    const rows = await sheetRows(xls, /^EXCEL_Destination$/);
    expect(rows[0]).toEqual([...txHhscColumns]);
    expect(rows[1]).toEqual(
      row({ ...person, StartDate: '2024-03-05', AddDate: '2024-03-20', ReinstatedDate: '9/8/2025', EligibleToReapplyDate: '2025-03-05 00:00:00' }),
    );
    expect(txHhscEntry(rows[1]!)!.action).toMatchObject({ startDate: '2024-03-05', reinstatedDate: '2025-09-08' });
  });
});
