/**
 * The row mapping of the three state Medicaid lists read from workbooks (WA HCA, CO HCPF, NY OMIG):
 * every quirk the notes record for each (coverage-sources.md A2.1, A2.6, A2.7 and C), one test each.
 */
import { describe, expect, it } from 'vitest';
import { licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import { luhnCheckDigit } from '#shared/features/sources/nppes/npi.ts';
import { coCitation, coHcpf, coHcpfColumns, coHcpfEntry } from '#shared/features/sources/lists/co-hcpf.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { npisIn } from '#shared/features/sources/lists/list-cells.ts';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { nyOmig, nyOmigColumns, nyOmigEntry, nyOmigOrganisationType } from '#shared/features/sources/lists/ny-omig.ts';
import { waHca, waHcaActionType, waHcaColumns, waHcaEntry, waHcaUpdated } from '#shared/features/sources/lists/wa-hca.ts';
import { sanctionBasis } from '#shared/features/verification/sanctions-match.ts';
import { listLookups } from '#shared/features/verification/sanctions-screen.ts';

/** A valid NPI from nine digits (the check digit added). */
const npi = (nine: string) => `${nine}${luhnCheckDigit(`80840${nine}`)}`;
const npiA = npi('109313024');
const npiB = npi('103387570');
const npiC = npi('129588806');

const row = (columns: readonly string[], values: Record<string, string>) => columns.map((c) => values[c] ?? '');
const wa = (values: Partial<Record<(typeof waHcaColumns)[number], string>>) =>
  waHcaEntry(row(waHcaColumns, { 'Date of Exclusion': '2023-09-21', Action: 'License Suspended', ...values }));
const co = (values: Partial<Record<(typeof coHcpfColumns)[number], string>>) =>
  coHcpfEntry(row(coHcpfColumns, { 'Termination Authority': '10 CCR 2505-10, Section 8.076.1.7.e', 'Termination Effective Date': '2011-05-05', ...values }));
const ny = (values: Partial<Record<(typeof nyOmigColumns)[number], string>>) =>
  nyOmigEntry(row(nyOmigColumns, { exclusion_effective_date: '04/21/2022', ...values }));

const person = (e: ListEntry | null) => e && { kind: e.kind, last: e.lastName, first: e.firstName, middle: e.middleName };

describe('the three lists as declared', () => {
  it('are state lists searched by name, each with its own base URL override, registered with the others', () => {
    for (const [definition, state] of [
      [waHca, 'WA'],
      [coHcpf, 'CO'],
      [nyOmig, 'NY'],
    ] as const) {
      expect(definition.scope).toEqual({ kind: 'state', state });
      expect(definition.searchBy).toBe('name');
      expect(listDefinitions[definition.id]).toBe(definition);
    }
    expect(new Set([waHca.baseUrlEnv, coHcpf.baseUrlEnv, nyOmig.baseUrlEnv]).size).toBe(3);
  });

  it('name the sheet each reads; CO allows its reinstated sheet and nothing else', () => {
    expect(waHca.format).toMatchObject({ kind: 'sheet', headerWithin: 6 });
    const sheetOf = (d: typeof waHca) => (d.format.kind === 'sheet' ? d.format.sheet : undefined);
    expect(sheetOf(waHca)!.test('Termination and exclusion list')).toBe(true);
    expect(sheetOf(coHcpf)!.test('Termination List')).toBe(true);
    expect(sheetOf(coHcpf)!.test('Reinstated Providers')).toBe(false);
    expect(coHcpf.format.kind === 'sheet' && coHcpf.format.otherSheets!.test('Reinstated Providers')).toBe(true);
    expect(sheetOf(nyOmig)!.test('Exclusions')).toBe(true);
  });

  it('a WA person is screened on the WA list by name, and on the CO and NY lists only by the NPI supplied', () => {
    const lookups = (npiGiven?: string) =>
      listLookups({ lastName: 'Doe', ...(npiGiven ? { npi: npiGiven } : {}) }, 'WA')
        .filter(({ list }) => ['wa_hca', 'co_hcpf', 'ny_omig'].includes(list.id))
        .map(({ list, lookup }) => [list.id, lookup]);
    expect(lookups()).toEqual([['wa_hca', { lastName: 'Doe' }]]);
    expect(lookups(npiA)).toEqual([
      ['wa_hca', { lastName: 'Doe', npi: npiA }],
      ['co_hcpf', { npi: npiA }],
      ['ny_omig', { npi: npiA }],
    ]);
  });
});

describe('WA HCA Provider Termination and Exclusion List', () => {
  it('a multi-line name: the person line is the row’s party, the business lines (in any order) its aliases', () => {
    const e = wa({ Name: 'Accurate Dentures NW\nOmni Dental and Denture\nDoe, Jane L. DN', 'NPI # or P1 #': `${npiA}\n${npiB}` });
    expect(person(e)).toEqual({ kind: 'individual', last: 'Doe', first: 'Jane', middle: 'L.' });
    expect(e!.entityName).toBe('Doe, Jane L. DN');
    expect(e!.aliases).toEqual(['Accurate Dentures NW', 'Omni Dental and Denture']);
    const first = wa({ Name: 'Roe, Kim A. PT\nEvergreen Physical Therapy' });
    expect(person(first)).toEqual({ kind: 'individual', last: 'Roe', first: 'Kim', middle: 'A.' });
    expect(first!.aliases).toEqual(['Evergreen Physical Therapy']);
  });

  it('a `dba:` line, or DBA inside the person’s line, is an alias; a trailing slash is dropped', () => {
    expect(wa({ Name: 'Doe, John MD\ndba: Widget Care Partners Llc' })!.aliases).toEqual(['Widget Care Partners Llc']);
    const inline = wa({ Name: 'Doe, John DBA Widget Pharmacy' });
    expect(person(inline)).toEqual({ kind: 'individual', last: 'Doe', first: 'John', middle: '' });
    expect(inline!.aliases).toEqual(['Widget Pharmacy']);
    expect(person(wa({ Name: 'Kim, Ian K. MD/\nCommunity Family Care ' }))).toEqual({ kind: 'individual', last: 'Kim', first: 'Ian', middle: 'K.' });
  });

  it('a name without a person line is a business: the first line its name, the others its aliases', () => {
    const e = wa({ Name: 'Evergreen Medical Supply LLC\nEvergreen DME', 'License #': 'NA' });
    expect(e).toMatchObject({ kind: 'entity', lastName: '', entityName: 'Evergreen Medical Supply LLC', aliases: ['Evergreen DME'], licenses: [] });
    expect(wa({ Name: 'Northwest Ambulette' })!.kind).toBe('entity');
    // A comma does not make a business a person.
    expect(wa({ Name: 'Cascade Health Services, LLC' })!.kind).toBe('entity');
  });

  it('names as HCA writes them: commas before credentials, several credentials, full middle names', () => {
    expect(person(wa({ Name: 'Fox, Sam, MD' }))).toEqual({ kind: 'individual', last: 'Fox', first: 'Sam', middle: '' });
    expect(person(wa({ Name: 'Ng, Gia Anh, ARNP' }))).toEqual({ kind: 'individual', last: 'Ng', first: 'Gia', middle: 'Anh' });
    expect(person(wa({ Name: 'Moss, Sara C. PA-C' }))).toEqual({ kind: 'individual', last: 'Moss', first: 'Sara', middle: 'C.' });
    expect(person(wa({ Name: 'Lee, Ann W. ML' }))).toEqual({ kind: 'individual', last: 'Lee', first: 'Ann', middle: 'W.' });
    expect(person(wa({ Name: 'Park, Eli A. AAC' }))).toEqual({ kind: 'individual', last: 'Park', first: 'Eli', middle: 'A.' });
  });

  it('NPIs as a number cell or text, several on lines, trailing spaces, `None`; ProviderOne ids kept apart', () => {
    expect(wa({ Name: 'Doe, Jo', 'NPI # or P1 #': npiC })).toMatchObject({ npi: npiC, identifiers: {} });
    const two = wa({ Name: 'Doe, Jo', 'NPI # or P1 #': `${npiA}\n${npiB}` })!;
    expect([two.npi, two.npis]).toEqual([npiA, [npiA, npiB]]);
    expect(wa({ Name: 'Doe, Jo', 'NPI # or P1 #': `${npiA}  ` })!.npi).toBe(npiA);
    expect(wa({ Name: 'Doe, Jo', 'NPI # or P1 #': 'None' })).toMatchObject({ npi: null, identifiers: {} });
    const p1 = wa({ Name: 'Doe, Jo', 'NPI # or P1 #': 'P1 - 1027986' })!;
    expect(p1).toMatchObject({ npi: null, identifiers: { providerone_id: '1027986' } });
    const mixed = wa({ Name: 'Doe, Jo', 'NPI # or P1 #': `${npiA}\nP1 - 1038220` })!;
    expect(mixed).toMatchObject({ npi: npiA, identifiers: { providerone_id: '1038220' } });
    expect(mixed.npis).toBeUndefined();
    const threeP1 = wa({ Name: 'Doe, Jo', 'NPI # or P1 #': 'P1 - 1035397\nP1 - 1089795\nP1 - 1029870' })!;
    expect(threeP1.identifiers).toEqual({ providerone_id: '1035397, 1089795, 1029870' });
  });

  it('`License #` is a WA credential number; an out-of-state one says so; placeholders and an NPI are none', () => {
    expect(wa({ Name: 'Doe, Jo', 'License #': 'MD00026765' })!.licenses).toEqual([{ state: 'WA', number: 'MD00026765' }]);
    expect(wa({ Name: 'Doe, Jo', 'License #': 'PT00006701\t' })!.licenses).toEqual([{ state: 'WA', number: 'PT00006701' }]);
    expect(wa({ Name: 'Doe, Jo', 'License #': 'MD12345 (OR)' })!.licenses).toEqual([{ state: 'OR', number: 'MD12345' }]);
    expect(wa({ Name: 'Doe, Jo', 'License #': 'MD12345 (OREGON)' })!.licenses).toEqual([{ state: 'OR', number: 'MD12345' }]);
    for (const none of ['NA', 'N/A', 'None', '', 'NPI 1760461909']) expect(wa({ Name: 'Doe, Jo', 'License #': none })!.licenses, none).toEqual([]);
  });

  it('the credential number joins the WA board’s `credentialnumber`, and the forms NPPES writes it in; another number rules the row out', () => {
    const listed = wa({ Name: 'Doe, Jane L. MD', 'License #': 'MD00026765', 'NPI # or P1 #': 'P1 - 1027986' })!;
    for (const board of ['MD00026765', 'md00026765', 'MD26765', '26765', 'MD 00026765']) {
      expect(licenseNumbersAgree(board, 'MD00026765'), board).toBe(true);
      expect(sanctionBasis({ firstName: 'Jane', lastName: 'Doe', licenses: [{ state: 'WA', number: board }] }, listed), board).toBe('license');
    }
    for (const other of ['MD00026766', 'DE00026765', 'MD60026765']) {
      expect(sanctionBasis({ firstName: 'Jane', lastName: 'Doe', licenses: [{ state: 'WA', number: other }] }, listed), other).toBeNull();
    }
  });

  it('a row with two NPIs matches a person on either, and rules out one whose NPI is neither; both are lookup keys', () => {
    const e = wa({ Name: 'Acme Dentures NW\nDoe, Jane L. DN', 'NPI # or P1 #': `${npiA}\n${npiB}` })!;
    expect(sanctionBasis({ firstName: 'Jane', lastName: 'Doe', npi: npiB }, e)).toBe('npi');
    expect(sanctionBasis({ firstName: 'Jane', lastName: 'Doe', npi: npiA }, e)).toBe('npi');
    expect(sanctionBasis({ firstName: 'Jane', lastName: 'Doe', npi: npiC }, e)).toBeNull();
    expect(entryKeys(e)).toEqual(['I#DOE', `N#${npiA}`, `N#${npiB}`]);
  });

  it('Excel dates, as the sheet reader gives them or as serial numbers', () => {
    expect(wa({ Name: 'Doe, Jo', 'Date of Exclusion': '2023-09-21' })!.action.startDate).toBe('2023-09-21');
    expect(wa({ Name: 'Doe, Jo', 'Date of Exclusion': '45190' })!.action.startDate).toBe('2023-09-21');
    expect(wa({ Name: 'Doe, Jo', 'Date of Exclusion': '9/21/2023' })!.action.startDate).toBe('2023-09-21');
  });

  it('the `Action` wordings, typos and all, become clean action types; the wording is kept (trimmed)', () => {
    const types: [string, string][] = [
      ['License Suspended', 'License suspended'],
      ['License Suspended ', 'License suspended'],
      ['License Suspened ', 'License suspended'],
      ['Licenses Suspension', 'License suspended'],
      ['Terminate Medicaid Authority', 'Medicaid termination'],
      ['License Surrendered', 'License surrendered'],
      ['Voluntary License Surrender', 'License surrendered'],
      ['License Voluntarily Surrendered', 'License surrendered'],
      ['License Revoked', 'License revoked'],
      ['License Revoked ', 'License revoked'],
      ['License Permanently Revoked', 'License permanently revoked'],
      ['Revocation of GA Permit', 'Permit revoked'],
      ['OIG Exclusion', 'OIG exclusion'],
      ['Manditory Exclusion from Medicaid', 'Mandatory exclusion from Medicaid'],
      ['License Expired', 'License expired'],
      ['Expired License', 'License expired'],
      ['expired License', 'License expired'],
      ['License expired', 'License expired'],
      ['License Expired/Suspended', 'License expired or suspended'],
      ['Medicaid Fraud Conviction', 'Medicaid fraud conviction'],
      ['Terminated by CMS', 'Terminated by CMS'],
      ['Something New', 'Something new'],
      ['', 'Medicaid termination or exclusion'],
    ];
    for (const [raw, type] of types) expect(waHcaActionType(raw), raw).toBe(type);
    expect(wa({ Name: 'Doe, Jo', Action: 'License Suspened ' })!.action).toMatchObject({
      agency: 'WA HCA',
      type: 'License suspended',
      program: 'Medicaid',
      comments: 'License Suspened',
      endDate: null,
      reinstatedDate: null,
    });
  });

  it('the list’s date is the `Updated` line above the header', () => {
    expect(waHcaUpdated([['Provider Termination and Exclusion List'], ['Updated 6/10/2026'], []])).toBe('2026-06-10');
    expect(waHcaUpdated([['Provider Termination and Exclusion List'], ['Updated: 06/10/2026 '], []])).toBe('2026-06-10');
    expect(waHcaUpdated([['Provider Termination and Exclusion List'], []])).toBeNull();
    expect(waHcaUpdated([['Updated recently']])).toBeNull();
  });

  it('a row without a name, or of another width, is not read', () => {
    expect(wa({ Name: '  ' })).toBeNull();
    expect(waHcaEntry(['Doe, Jo', 'MD00026765'])).toBeNull();
  });
});

describe('CO HCPF terminated provider list', () => {
  it('a person `LAST[ CRED], FIRST M`: the credential inside the surname part is dropped', () => {
    expect(person(co({ 'Provider Name': 'DOE MD, JOHN A' }))).toEqual({ kind: 'individual', last: 'DOE', first: 'JOHN', middle: 'A' });
    expect(person(co({ 'Provider Name': 'VAN DYKE PA, ANN' }))).toEqual({ kind: 'individual', last: 'VAN DYKE', first: 'ANN', middle: '' });
    expect(person(co({ 'Provider Name': 'ROE MD, JAMES S JR' }))).toEqual({ kind: 'individual', last: 'ROE', first: 'JAMES', middle: 'S' });
    expect(person(co({ 'Provider Name': 'ROE, KIM' }))).toEqual({ kind: 'individual', last: 'ROE', first: 'KIM', middle: '' });
  });

  it('a business is told by its words, comma or not; a name without a comma is a business', () => {
    expect(co({ 'Provider Name': 'INNOVATIVE SEATING LLC' })!.kind).toBe('entity');
    expect(co({ 'Provider Name': 'ACME HOME CARE, LLC' })!.kind).toBe('entity');
    expect(co({ 'Provider Name': 'JOHN T DOE MD PC', '"Doing Business As" Name': 'FRONT RANGE ONCOLOGY' })).toMatchObject({
      kind: 'entity',
      entityName: 'JOHN T DOE MD PC',
      aliases: ['FRONT RANGE ONCOLOGY'],
    });
    expect(co({ 'Provider Name': 'SUMMIT ORTHOTICS' })!.kind).toBe('entity');
  });

  it('the DBA name is an alias; a blank or a single space is none', () => {
    expect(co({ 'Provider Name': 'DOE, JO', '"Doing Business As" Name': ' ' })!.aliases).toEqual([]);
    expect(co({ 'Provider Name': 'DOE, JO', '"Doing Business As" Name': '' })!.aliases).toEqual([]);
    expect(co({ 'Provider Name': 'DOE, JO', '"Doing Business As" Name': 'DOE THERAPY' })!.aliases).toEqual(['DOE THERAPY']);
  });

  it('NPIs as text: `N/A`, several joined by `; `, `&`, ` and `, `, `', () => {
    expect(co({ 'Provider Name': 'DOE, JO', NPI: 'N/A' })).toMatchObject({ npi: null, identifiers: {} });
    for (const cell of [`${npiA}; ${npiB}`, `${npiA} & ${npiB}`, `${npiA}&${npiB}`, `${npiA} and ${npiB}`, `${npiA}, ${npiB}`]) {
      const e = co({ 'Provider Name': 'DOE, JO', NPI: cell })!;
      expect([e.npi, e.npis], cell).toEqual([npiA, [npiA, npiB]]);
    }
    expect(co({ 'Provider Name': 'DOE, JO', NPI: `${npiA} ` })!.npi).toBe(npiA);
  });

  it('ten-digit `9000…` values are Colorado Medicaid ids, never NPIs, even when their check digit happens to be right', () => {
    const medicaid = npi('900012345'); // a valid Luhn check digit, but NPIs start with 1 or 2
    expect(npisIn(medicaid)).toEqual([]);
    const e = co({ 'Provider Name': 'DOE, JO', NPI: `${npiA} & ${medicaid}` })!;
    expect(e).toMatchObject({ npi: npiA, identifiers: { co_medicaid_id: medicaid } });
    expect(e.npis).toBeUndefined();
    expect(co({ 'Provider Name': 'DOE, JO', NPI: '9000123450' })).toMatchObject({ npi: null, identifiers: { co_medicaid_id: '9000123450' } });
  });

  it('the termination authority is a citation: a Medicaid termination with the citation as its code, as written in the comments', () => {
    const e = co({ 'Provider Name': 'DOE, JO', 'Termination Authority': '10 C.C.R. 2505-10,  Section 8.076.1.7.e' })!;
    expect(e.action).toMatchObject({
      agency: 'CO HCPF',
      type: 'Medicaid termination',
      program: 'Medicaid',
      code: '10 CCR 2505-10, Section 8.076.1.7.e',
      comments: '10 C.C.R. 2505-10,  Section 8.076.1.7.e',
      startDate: '2011-05-05',
      endDate: null,
    });
    expect(coCitation('42 CFR 455.416(c) ')).toBe('42 CFR 455.416(c)');
  });

  it('the unnamed column after the header is ignored whatever a row writes there; Excel dates are read', () => {
    const cells = [...row(coHcpfColumns, { 'Provider Name': 'DOE, JO', 'Termination Effective Date': '40668' }), 'see note'];
    expect(coHcpfEntry(cells)).toMatchObject({ lastName: 'DOE', action: { startDate: '2011-05-05' } });
    expect(coHcpfEntry(['DOE, JO'])).toBeNull();
    expect(co({ 'Provider Name': ' ' })).toBeNull();
  });
});

describe('NY OMIG Medicaid exclusion list', () => {
  it('a person `LAST FIRST M [SUFFIX] [CRED]`, no comma, with padding before the credential', () => {
    expect(person(ny({ provider_name: 'DOE JOHN S           MD', provider_type: 'Physician' }))).toEqual({
      kind: 'individual',
      last: 'DOE',
      first: 'JOHN',
      middle: 'S',
    });
    expect(person(ny({ provider_name: 'ROE JAMES A III MD', provider_type: 'Physician' }))).toEqual({
      kind: 'individual',
      last: 'ROE',
      first: 'JAMES',
      middle: 'A',
    });
    expect(person(ny({ provider_name: 'ROE MARY ANN', provider_type: 'Registered Nurse' }))).toEqual({
      kind: 'individual',
      last: 'ROE',
      first: 'MARY',
      middle: 'ANN',
    });
  });

  it('the few names with a comma, a credential after the surname, and surnames that start with a particle', () => {
    expect(person(ny({ provider_name: 'DOE, JANE A. MD', provider_type: 'Physician' }))).toMatchObject({ last: 'DOE', first: 'JANE', middle: 'A.' });
    expect(person(ny({ provider_name: 'KIM SUN, MD', provider_type: 'Physician' }))).toMatchObject({ last: 'KIM', first: 'SUN', middle: '' });
    expect(person(ny({ provider_name: 'KIM MD SUN HEE', provider_type: 'Pharmacist' }))).toMatchObject({ last: 'KIM', first: 'SUN', middle: 'HEE' });
    expect(person(ny({ provider_name: 'DE LA CRUZ MARIA', provider_type: 'Registered Nurse' }))).toMatchObject({ last: 'DE LA CRUZ', first: 'MARIA' });
    // `LE` and `DO` are surnames of their own.
    expect(person(ny({ provider_name: 'LE THI MAI', provider_type: 'Registered Nurse' }))).toMatchObject({ last: 'LE', first: 'THI', middle: 'MAI' });
    expect(person(ny({ provider_name: 'DO ANH TUAN', provider_type: 'Physician' }))).toMatchObject({ last: 'DO', first: 'ANH', middle: 'TUAN' });
  });

  it('names after `AKA/DBA`, `A/K/A`, `AKA` are aliases', () => {
    expect(ny({ provider_name: 'DOE JANE AKA/DBA ROE JANE', provider_type: 'Registered Nurse' })).toMatchObject({
      lastName: 'DOE',
      firstName: 'JANE',
      aliases: ['ROE JANE'],
    });
    expect(ny({ provider_name: 'DOE MARK A/K/A DOE MARCUS', provider_type: 'Other' })!.aliases).toEqual(['DOE MARCUS']);
    expect(ny({ provider_name: '101 FIRST CARE PHARMACY INC AKA/DBA MI CASA RX', provider_type: 'Pharmacy' })).toMatchObject({
      kind: 'entity',
      entityName: '101 FIRST CARE PHARMACY INC',
      aliases: ['MI CASA RX'],
    });
  });

  it('person or business: a business word in the name, else the provider type’s head noun (an owner is a person)', () => {
    const kind = (name: string, type: string) => ny({ provider_name: name, provider_type: type })!.kind;
    expect(kind('1 MEDICAL SUPPLIES CORP', 'Durable Medical Equipment Business')).toBe('entity');
    expect(kind('149 EAST PHARMACY         INC', 'Pharmacy')).toBe('entity');
    // A professional corporation under a person's type is the corporation.
    expect(kind('DOE JOHN A MD PC', 'Physician')).toBe('entity');
    expect(kind('ROE GROUP', 'Physician Practice')).toBe('entity');
    expect(kind('DOE JOHN', 'Owner-Pharmacy')).toBe('individual');
    expect(kind('DOE JOHN', 'Owner of Transportation Company')).toBe('individual');
    expect(kind('DOE JOHN', 'Pharmacy Employee')).toBe('individual');
    expect(kind('DOE JOHN', 'Clinic Manager')).toBe('individual');
    expect(kind('DOE JOHN', 'Other')).toBe('individual');
    expect(kind('DOE JOHN', '')).toBe('individual');
    // A one-word name cannot be a person's.
    expect(kind('DOE', 'Other')).toBe('entity');
    const types: [string, boolean][] = [
      ['Pharmacy', true],
      ['Physician Practice', true],
      ['Transportation Company', true],
      ['Laboratory', true],
      ['Home Health Care Business', true],
      ['Clinic-Drug and Alcohol Treatment', true],
      ['Pharmacy-Internet', true],
      ['Adult Day Care', true],
      ['Physician', false],
      ['Registered Nurse', false],
      ['Owner-Pharmacy', false],
      ['Transportation Company Owner', false],
      ['Home Health Care President', false],
      ['Nurse Practitioner-Family Health', false],
      ['Dentist-Unlicensed', false],
      ['Family Care Provider', false],
    ];
    for (const [type, organisation] of types) expect(nyOmigOrganisationType(type), type).toBe(organisation);
  });

  it('the 8-digit zero-padded license is NY’s, and agrees with the 6-digit number NYSED and NPPES write', () => {
    const e = ny({ provider_name: 'DOE JOHN S MD', provider_type: 'Physician', license_num: '00136045' })!;
    expect(e.licenses).toEqual([{ state: 'NY', number: '00136045' }]);
    expect(licenseNumbersAgree('136045', '00136045')).toBe(true);
    expect(licenseNumbersAgree('0136045', '00136045')).toBe(true);
    expect(licenseNumbersAgree('136046', '00136045')).toBe(false);
    expect(sanctionBasis({ firstName: 'John', lastName: 'Doe', licenses: [{ state: 'NY', number: '136045' }] }, e)).toBe('license');
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Other', license_num: '' })!.licenses).toEqual([]);
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Other', license_num: '030012345678E' })!.licenses).toEqual([
      { state: 'NY', number: '030012345678E' },
    ]);
  });

  it('an NPI where there is one; dates `MM/DD/YYYY`; presence is the exclusion, with no end', () => {
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Physician', npi_num: npiA })!.npi).toBe(npiA);
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Physician', npi_num: '' })!.npi).toBeNull();
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Physician', npi_num: '__________' })!.npi).toBeNull();
    expect(ny({ provider_name: 'DOE JOHN', provider_type: 'Physician' })!.action).toEqual({
      agency: 'NY OMIG',
      type: 'Medicaid exclusion',
      program: 'Medicaid',
      code: '',
      startDate: '2022-04-21',
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: 'Physician',
    });
    expect(ny({ provider_name: '', provider_type: 'Physician' })).toBeNull();
  });
});
