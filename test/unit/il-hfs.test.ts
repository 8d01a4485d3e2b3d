/**
 * The Illinois HFS OIG sanctions list's rows: the one-field names (surname first, no comma, ` DBA `
 * aliases), persons told from organisations, the IDFPR license number as the Illinois board writes it,
 * Excel serial action dates, the complete action vocabulary, ZIP spellings; and the portal's workbook
 * (with its empty `<x:fill />`) read by the sheet reader.
 */
import { describe, expect, it } from 'vitest';
import { licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import {
  idfprLicense,
  ilActionType,
  ilActionTypes,
  ilHfsColumns,
  ilHfsEntry,
  ilHfsSanctions,
  ilNamesPerson,
  usZip,
} from '#shared/features/sources/lists/il-hfs.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { illinois } from '#shared/features/sources/boards/states/illinois.ts';
import { ilHfsWorkbook, portalStyles } from '../../local/simulator/il-hfs-portal.ts';
import yauzl from 'yauzl';

type Row = Partial<Record<(typeof ilHfsColumns)[number], string>>;
const row = (r: Row) => ilHfsColumns.map((c) => r[c] ?? '');

const realExample = row({
  'Provider Name': '7 HILLS HEALTHCARE CENTER',
  NPI: '1104075365',
  'Provider Type': 'GROUP',
  'Action Date': '45826',
  'Action Type': 'Terminated',
  Address: '455 E MAIN ST',
  City: 'EAST DUNDEE',
  State: 'IL',
  'Zip Code': '60118 - 1529',
});

describe('Illinois HFS OIG rows', () => {
  it('reads the notes’ example organisation row: Excel serial date, NPI, ZIP with spaced dash', () => {
    const entry = ilHfsEntry(realExample)!;
    expect(entry).toMatchObject({
      kind: 'entity',
      entityName: '7 HILLS HEALTHCARE CENTER',
      lastName: '',
      npi: '1104075365',
      licenses: [],
      city: 'EAST DUNDEE',
      state: 'IL',
      zip: '60118-1529',
      action: { agency: 'Illinois HFS OIG', type: 'Terminated', startDate: '2025-06-18', endDate: null, reinstatedDate: null, comments: 'GROUP' },
    });
    expect(entryKeys(entry)).toEqual(['E#7HILLSHEALTHCARECENTER', 'N#1104075365']);
  });

  it('reads a person’s one-field name surname first without a comma, and the names after DBA as aliases', () => {
    const entry = ilHfsEntry(
      row({ 'Provider Name': 'DRIGGERS LEMUEL A DBA DRIGGERS FAMILY PRACTICE', 'Provider Type': 'PHYSICIAN', 'Action Date': '45000', 'Action Type': 'Barred' }),
    )!;
    expect(entry).toMatchObject({ kind: 'individual', lastName: 'DRIGGERS', firstName: 'LEMUEL', middleName: 'A', aliases: ['DRIGGERS FAMILY PRACTICE'] });
    expect(entry.entityName).toBe('DRIGGERS LEMUEL A');
    expect(entryKeys(entry)).toEqual(['I#DRIGGERS']);
  });

  it('tells a person from an organisation by the provider type, else by the name', () => {
    expect(ilNamesPerson('PHYSICIAN', 'SMITH JOHN')).toBe(true);
    expect(ilNamesPerson('DENTIST', 'SMITH JOHN')).toBe(true);
    expect(ilNamesPerson('REGISTERED NURSE', 'SMITH JOHN')).toBe(true);
    expect(ilNamesPerson('GROUP', 'SMITH JOHN')).toBe(false);
    expect(ilNamesPerson('PHARMACY', 'WALGREEN CO')).toBe(false);
    expect(ilNamesPerson('HOME HEALTH AGENCY', 'CARING HANDS')).toBe(false);
    // No type, or one that is both (waiver service providers are people and agencies): the name decides.
    expect(ilNamesPerson('', 'CYR TERESA L')).toBe(true);
    expect(ilNamesPerson('None', 'CYR TERESA L')).toBe(true);
    expect(ilNamesPerson('WAIVER SERVICE PROVIDER', 'JONES MARY')).toBe(true);
    expect(ilNamesPerson('WAIVER SERVICE PROVIDER', 'BRIGHT FUTURES HOME CARE INC')).toBe(false);
    expect(ilNamesPerson('MEDICAR PROVIDER', '#1 CHAMPAIGN MEDICAL TRANSPORT LLC')).toBe(false);
    expect(ilNamesPerson('', 'ACME')).toBe(false);
    const person = ilHfsEntry(row({ 'Provider Name': 'CYR TERESA L', 'Action Date': '45000', 'Action Type': 'Suspended' }))!;
    const firm = ilHfsEntry(row({ 'Provider Name': 'ROCKFORD FAMILY MEDICINE PLLC', 'Action Date': '45000', 'Action Type': 'Suspended' }))!;
    expect([person.kind, firm.kind]).toEqual(['individual', 'entity']);
  });

  it('keeps the IDFPR license number as the Illinois board writes it (a lost leading zero put back), which agrees with the board’s', () => {
    expect(idfprLicense('036060408')).toBe('036060408');
    expect(idfprLicense('36060408')).toBe('036060408');
    expect(idfprLicense(' ')).toBe('');
    const entry = ilHfsEntry(row({ 'Provider Name': 'CYR TERESA L', 'License #': '036060408', 'Action Date': '45000', 'Action Type': 'Suspended' }))!;
    expect(entry.licenses).toEqual([{ state: 'IL', number: '036060408' }]);
    // The board connector returns license_number as the roster has it (9 digits); NPPES may write it with a dash.
    expect(licenseNumbersAgree('036060408', entry.licenses[0]!.number)).toBe(true);
    expect(licenseNumbersAgree('036-060408', entry.licenses[0]!.number, illinois.licenseNumberPrefix)).toBe(true);
    expect(licenseNumbersAgree('036060409', entry.licenses[0]!.number)).toBe(false);
  });

  it('reads every action type of the (complete) vocabulary, whatever its case; an unknown one as written', () => {
    expect(ilActionTypes.map((t) => ilActionType(t.toUpperCase()))).toEqual(['Terminated', 'Barred', 'Voluntary Withdrawal', 'Exclusion', 'Suspended']);
    expect(ilActionType(' voluntary  withdrawal ')).toBe('Voluntary Withdrawal');
    expect(ilActionType('Probation')).toBe('Probation');
  });

  it('reads the action date as an Excel serial number, or a date cell the reader gave as ISO', () => {
    expect(ilHfsEntry(row({ ...Object.fromEntries(ilHfsColumns.map((c, i) => [c, realExample[i]!])), 'Action Date': '2025-06-18' }))!.action.startDate).toBe(
      '2025-06-18',
    );
    expect(ilHfsEntry(row({ 'Provider Name': 'ACME HEALTH LLC', 'Action Date': '', 'Action Type': 'Terminated' }))!.action.startDate).toBeNull();
  });

  it('writes ZIP codes one way whatever the spelling', () => {
    expect(usZip('60118 - 1529')).toBe('60118-1529');
    expect(usZip('604732258')).toBe('60473-2258');
    expect(usZip('60101')).toBe('60101');
    expect(usZip('60101-1234')).toBe('60101-1234');
    expect(usZip('N/A')).toBe('');
  });

  it('keeps the provider type and the affiliation as comments; a row of another width or with no name is unreadable', () => {
    const entry = ilHfsEntry(
      row({
        'Provider Name': 'JONES MARY',
        'Provider Type': 'WAIVER SERVICE PROVIDER',
        Affiliation: 'BRIGHT FUTURES INC',
        'Action Date': '45000',
        'Action Type': 'Terminated',
      }),
    )!;
    expect(entry.action.comments).toBe('WAIVER SERVICE PROVIDER; Affiliation: BRIGHT FUTURES INC');
    expect(ilHfsEntry(realExample.slice(0, 11))).toBeNull();
    expect(ilHfsEntry(row({ 'Provider Name': ' ', 'Action Type': 'Terminated' }))).toBeNull();
  });

  it('is an operator-loaded list of the Illinois scope with a how-to-obtain naming the portal and its Download button', () => {
    expect(ilHfsSanctions.scope).toEqual({ kind: 'state', state: 'IL' });
    expect(ilHfsSanctions.locate.kind).toBe('operator_file');
    if (ilHfsSanctions.locate.kind === 'operator_file') {
      expect(ilHfsSanctions.locate.howToObtain).toContain('https://ilhfspartner3.dynamics365portals.us/sanctions/');
      expect(ilHfsSanctions.locate.howToObtain).toContain('"Download"');
      expect(ilHfsSanctions.locate.howToObtain).toContain('Active Sanctions');
    }
  });
});

function stylesOf(workbook: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(workbook, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'xl/styles.xml') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          let text = '';
          stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
          stream.on('end', () => resolve(text));
        });
      });
      zip.on('end', () => reject(new Error('no styles part')));
      zip.readEntry();
    });
  });
}

describe('the portal’s workbook', () => {
  it('carries an empty <x:fill /> in x:-prefixed styles, and the sheet reader reads it: serial dates as digits, text as written', async () => {
    const workbook = await ilHfsWorkbook([[...ilHfsColumns], realExample]);
    const styles = await stylesOf(workbook);
    expect(styles).toContain('<x:fill /></x:fills>');
    expect(styles).toMatch(/<x:styleSheet xmlns:x="/);
    const rows = await sheetRows(workbook, /^Active Sanctions$/);
    expect(rows[0]).toEqual([...ilHfsColumns]);
    // The row's unwritten cells (License #, Affiliation, Address 2) read as '' — no holes.
    expect(rows[1]).toEqual(realExample);
    expect(ilHfsEntry(rows[1]!)!.action.startDate).toBe('2025-06-18');
  });

  it('adds the empty fill after the standard ones and counts it', () => {
    const styles =
      '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills></styleSheet>';
    expect(portalStyles(styles)).toBe(
      '<x:styleSheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:fills count="3"><x:fill><x:patternFill patternType="none"/></x:fill><x:fill><x:patternFill patternType="gray125"/></x:fill><x:fill /></x:fills></x:styleSheet>',
    );
  });
});
