import { describe, expect, it } from 'vitest';
import { lastNameKeys, normalizeName } from '#shared/domain/names/normalize.ts';
import { isValidNpi } from '#shared/features/sources/nppes/npi.ts';
import { epochToIso, parseNppesResponse } from '#shared/features/sources/nppes/parse.ts';
import { anyOf, soqlString, surnameCondition, upperEquals } from '#shared/features/sources/soda/soql.ts';
import { CsvFormatError, CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import { checkHeader, leieDate, leieHeader, leieRecord } from '#shared/features/sources/leie/leie-record.ts';
import { recordKeys } from '#shared/features/sources/leie/exclusion-store.ts';

describe('NPI check digit', () => {
  it('accepts real NPIs and refuses a changed digit or a wrong length', () => {
    for (const npi of ['1689872012', '1457485542', '1851713903']) expect(isValidNpi(npi)).toBe(true);
    expect(isValidNpi('1689872013')).toBe(false);
    expect(isValidNpi('168987201')).toBe(false);
    expect(isValidNpi('16898720l2')).toBe(false);
  });
});

describe('NPPES responses', () => {
  const older = JSON.stringify({
    result_count: 1,
    results: [
      {
        number: 1689872012,
        enumeration_type: 'NPI-1',
        created_epoch: 1183680000,
        basic: {
          credential: 'M.D.',
          enumeration_date: '2007-07-06',
          first_name: 'BRIJ',
          gender: 'M',
          last_name: 'MOHAN',
          name: 'MOHAN BRIJ',
          name_suffix: '--',
          status: 'A',
        },
        identifiers: [{ code: '01', desc: 'Other', identifier: '255216', issuer: 'NY LICENSE', state: 'NY' }],
        taxonomies: [
          { code: '208600000X', desc: 'Surgery', license: '255216-1', primary: true, state: 'NY' },
          { code: '208600000X', desc: 'Surgery', license: 'R8004', primary: false, state: 'IA' },
        ],
        other_names: [],
      },
    ],
  });
  const current = JSON.stringify({
    result_count: 1,
    results: [
      {
        number: '1457485542',
        enumeration_type: 'NPI-1',
        created_epoch: '1173905876000',
        basic: { first_name: 'ANA', last_name: 'REYES-SOTO', sex: 'F', certification_date: '2024-01-02', status: 'A', name_prefix: '--' },
        taxonomies: [{ code: '163W00000X', desc: 'Registered Nurse', license: '429019', primary: true, state: 'CA', taxonomy_group: '' }],
        other_names: [{ code: '1', type: 'Former Name', first_name: 'ANA', last_name: 'SOTO' }],
        addresses: [
          { address_purpose: 'LOCATION', state: 'WA' },
          { address_purpose: 'MAILING', state: 'CA' },
        ],
      },
    ],
  });

  it('parses the older form (integer number and epoch seconds, gender)', () => {
    const r = parseNppesResponse(older);
    expect(r.ok).toBe(true);
    const id = r.ok ? r.identities[0]! : undefined;
    expect(id).toMatchObject({ npi: '1689872012', sex: 'M', name: { firstName: 'BRIJ', lastName: 'MOHAN', credential: 'M.D.', suffix: null } });
    expect(id!.createdAt).toBe('2007-07-06T00:00:00.000Z');
    expect(id!.taxonomies.map((t) => [t.licenseNumber, t.state, t.primary])).toEqual([
      ['255216-1', 'NY', true],
      ['R8004', 'IA', false],
    ]);
  });

  it('parses the current form (string number, millisecond-string epochs, sex, former names)', () => {
    const r = parseNppesResponse(current);
    const id = r.ok ? r.identities[0]! : undefined;
    expect(id).toMatchObject({ npi: '1457485542', sex: 'F', name: { lastName: 'REYES-SOTO', prefix: null }, addressStates: ['WA', 'CA'] });
    expect(id!.formerNames).toEqual([{ firstName: 'ANA', middleName: null, lastName: 'SOTO' }]);
    expect(epochToIso('1173905876000')).toBe('2007-03-14T20:57:56.000Z');
  });

  it('treats HTTP-200 Errors bodies as errors and anything else as malformed', () => {
    const errors = parseNppesResponse('{"Errors":[{"description":"Field state requires additional search criteria","field":"state","number":"07"}]}');
    expect(errors).toEqual({ ok: false, errors: [{ description: 'Field state requires additional search criteria', field: 'state', number: '07' }] });
    expect(() => parseNppesResponse('{"result_count":1,"res')).toThrow(/not JSON/);
    expect(() => parseNppesResponse('{"hello":1}')).toThrow(/neither/);
    expect(() => parseNppesResponse('{"result_count":1,"results":[{"number":"12"}]}')).toThrow(/malformed/);
  });
});

describe('SoQL building', () => {
  it('doubles single quotes so a value can never end its literal', () => {
    expect(soqlString("O'BRIEN")).toBe("'O''BRIEN'");
    const injection = "O'Brien'); DROP TABLE x; --";
    const where = upperEquals('lastname', injection);
    expect(where).toBe("upper(lastname) = 'O''BRIEN''); DROP TABLE X; --'");
    // Outside the literal, only the field and operator remain.
    expect(where.replace(/'(?:[^']|'')*'/g, "'…'")).toBe("upper(lastname) = '…'");
  });

  it('refuses field names that are not identifiers', () => {
    expect(() => upperEquals('lastname) OR (1=1', 'X')).toThrow();
  });

  it('matches a surname alone or as part of hyphenated and two-part surnames', () => {
    expect(surnameCondition('last_name', 'Garcia')).toBe(
      "(upper(last_name) = 'GARCIA' OR upper(last_name) like 'GARCIA-%' OR upper(last_name) like '%-GARCIA' OR upper(last_name) like 'GARCIA %' OR upper(last_name) like '% GARCIA')",
    );
    expect(anyOf(['a'])).toBe('a');
  });
});

describe('names', () => {
  it('normalise case, accents and punctuation', () => {
    expect(normalizeName("  josé  o'brien-SMITH jr. ")).toBe('JOSE OBRIEN-SMITH JR');
    expect(lastNameKeys('Garcia-Lopez')).toEqual(['GARCIALOPEZ', 'GARCIA', 'LOPEZ']);
    expect(lastNameKeys('De La Cruz')).toEqual(['DELACRUZ', 'CRUZ']);
    expect(lastNameKeys("O'Brien Jr.")).toEqual(['OBRIEN']);
    expect(lastNameKeys('Núñez')).toEqual(['NUNEZ']);
  });
});

describe('CSV parser', () => {
  const sample = '"A","B, with comma","C ""quoted"""\r\n"multi\r\nline","",""\r\nplain,unquoted,x\n"last","row","end"';
  const expected = [
    ['A', 'B, with comma', 'C "quoted"'],
    ['multi\r\nline', '', ''],
    ['plain', 'unquoted', 'x'],
    ['last', 'row', 'end'],
  ];
  const parseAll = (chunks: string[]) => {
    const parser = new CsvParser();
    const rows: string[][] = [];
    for (const c of chunks) parser.push(c, (r) => rows.push(r));
    parser.end((r) => rows.push(r));
    return rows;
  };

  it('parses quoted fields, doubled quotes, separators and line breaks inside quotes', () => {
    expect(parseAll([sample])).toEqual(expected);
  });

  it('gives the same rows however the input is split into chunks', () => {
    for (let i = 0; i <= sample.length; i++) {
      for (let j = i; j <= sample.length; j += 7) {
        expect(parseAll([sample.slice(0, i), sample.slice(i, j), sample.slice(j)]), `split at ${i},${j}`).toEqual(expected);
      }
    }
    expect(parseAll(sample.split(''))).toEqual(expected);
  });

  it('refuses broken quoting', () => {
    expect(() => parseAll(['"A","unterminated\r\n'])).toThrow(CsvFormatError);
    expect(() => parseAll(['"A"x,"B"\r\n'])).toThrow(CsvFormatError);
    expect(() => parseAll(['A,B"C\r\n'])).toThrow(CsvFormatError);
  });
});

describe('LEIE rows', () => {
  const row = (over: Partial<Record<(typeof leieHeader)[number], string>>) =>
    leieHeader.map((h) => over[h] ?? (h === 'NPI' ? '0000000000' : /DATE|DOB/.test(h) ? '00000000' : ''));

  it('reads individuals with and without identifiers', () => {
    const withIds = leieRecord(row({ LASTNAME: 'SMITH', FIRSTNAME: 'JOHN', NPI: '1689872012', DOB: '19680513', EXCLTYPE: '1128b4', EXCLDATE: '20200319' }));
    expect(withIds).toMatchObject({
      kind: 'individual',
      npi: '1689872012',
      dob: '1968-05-13',
      exclusionType: '1128b4',
      exclusionDate: '2020-03-19',
      reinstatementDate: null,
    });
    const nameOnly = leieRecord(row({ LASTNAME: 'SMITH', FIRSTNAME: 'JOHN' }));
    expect(nameOnly).toMatchObject({ npi: null, dob: null, waiverDate: null });
  });

  it('tells business entities apart and keeps waivers', () => {
    const entity = leieRecord(row({ BUSNAME: '#1 MARKETING SERVICE, INC', GENERAL: 'OTHER BUSINESS', WAIVERDATE: '20210101', WVRSTATE: 'NY' }));
    expect(entity).toMatchObject({ kind: 'entity', businessName: '#1 MARKETING SERVICE, INC', waiverDate: '2021-01-01', waiverState: 'NY' });
    expect(recordKeys(entity!)).toEqual(['E#1MARKETINGSERVICEINC']);
    expect(recordKeys(leieRecord(row({ LASTNAME: 'GARCIA-LOPEZ', FIRSTNAME: 'ANA' }))!)).toEqual(['I#GARCIALOPEZ', 'I#GARCIA', 'I#LOPEZ']);
  });

  it('refuses rows without 18 columns and an unexpected header', () => {
    expect(leieRecord(['A', 'B'])).toBeNull();
    expect(() => checkHeader([...leieHeader.slice(0, 17), 'WAIVERSTATE'])).toThrow(/header/);
    expect(() => checkHeader([...leieHeader])).not.toThrow();
    expect(leieDate('00000000')).toBeNull();
    expect(leieDate('20230230')).toBeNull();
  });
});
