/**
 * The state board connectors run over rows the boards really published (test/fixtures/real/<dataset>,
 * each with a SOURCE.md naming where the rows were found): fields, statuses, professions, dates and names
 * as the connector reads them, every real status mapped, and a real row found by the surname query the
 * connector sends and matched to the person asked for. A dataset without published rows found is not
 * here (its connector's `format.confidence` stays below `confirmed`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { givenNameForms } from '#shared/domain/names/given-name-forms.ts';
import { surnameQueryTerms } from '#shared/domain/names/normalize.ts';
import { licenseNumberScopeOf } from '#shared/features/sources/boards/board-definition.ts';
import { BoardSearch, licensesFromRows } from '#shared/features/sources/boards/board-search.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { washington } from '#shared/features/sources/boards/states/washington.ts';
import type { SodaClient, SodaRow } from '#shared/features/sources/soda/soda-client.ts';
import { resolveIdentity } from '#shared/features/verification/identity-resolution.ts';
import { rowMatches } from '../../local/simulator/soql-evaluator.ts';
import { parseWhere } from '../../local/simulator/soql-parser.ts';

const realDir = join(import.meta.dirname, '../fixtures/real');
const readRows = (id: string): SodaRow[] => JSON.parse(readFileSync(join(realDir, id, 'rows.json'), 'utf8')) as SodaRow[];

/** A SODA client answering from fixed rows, evaluating the query's `$where` as Socrata would (the simulator's evaluator). */
function sodaOver(rows: readonly SodaRow[], wheres: string[] = []): SodaClient {
  return {
    query: async (_dataset: unknown, query: { where?: string }) => {
      wheres.push(query.where ?? '');
      const condition = parseWhere(query.where!);
      return rows.filter((row, i) => rowMatches(condition, row, i));
    },
  } as unknown as SodaClient;
}

describe('Washington DOH qxh8-f4bd: real published rows', () => {
  const rows = readRows('qxh8-f4bd');
  const dataset = washington.datasets[0]!;
  const licenses = licensesFromRows(washington, dataset, rows);
  const byNumber = new Map(licenses.map((l) => [l.licenseNumber, l]));

  it('rows.json is the CSV export with lower-cased headers and empty cells left out, nothing else changed', () => {
    const [header, ...lines] = readFileSync(join(realDir, 'qxh8-f4bd', 'washington.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    const columns = header!.split(',');
    // The file holds no quoted cell (no comma inside a value): a plain split reads it.
    const converted = lines.map((line) => {
      const cells = line.split(',');
      expect(cells).toHaveLength(columns.length);
      return Object.fromEntries(columns.flatMap((c, i) => (cells[i] === '' ? [] : [[c.toLowerCase(), cells[i]!]])));
    });
    expect(rows).toEqual(converted);
    expect(rows).toHaveLength(102);
  });

  it('every row carries the columns the connector requires and reads as one license', () => {
    for (const row of rows)
      for (const column of ['credentialnumber', 'lastname', 'firstname', 'credentialtype', 'status']) expect(row[column], column).toBeDefined();
    expect(licenses).toHaveLength(rows.length);
  });

  it('maps every status in the real rows, none left unrecognised', () => {
    const seen = new Map<string, string>();
    for (const license of licenses) {
      expect(license.statusRecognised, license.rawStatus).toBe(true);
      seen.set(license.rawStatus, license.status);
    }
    expect(Object.fromEntries(seen)).toEqual({
      ACTIVE: 'active',
      EXPIRED: 'expired',
      SUPERSEDED: 'inactive',
      'EXPIRED WA - ACTIVE MSL': 'expired',
      CLOSED: 'inactive',
    });
  });

  it('reads each real credential type as its profession', () => {
    const professionOf = new Map<string, string | null>();
    for (const license of licenses) professionOf.set(license.licenseType, license.profession);
    expect(Object.fromEntries(professionOf)).toEqual({
      'Advanced Registered Nurse Practitioner License': 'nurse_practitioner',
      'Advanced Registered Nurse Practitioner Temporary Practice Permit': 'nurse_practitioner',
      'Advanced Registered Nurse Practitioner Anesthetist License': 'nurse_anesthetist',
      'Advanced Registered Nurse Practitioner Clinical Specialist License': 'clinical_nurse_specialist',
      'Registered Nurse License': 'registered_nurse',
      'Registered Nurse Temporary Practice Permit': 'registered_nurse',
    });
    for (const profession of professionOf.values()) expect(washington.datasets[0]!.professions).toContain(profession);
  });

  it('reads YYYYMMDD dates, the birth year, the discipline flag and Mixed Case names as published', () => {
    expect(byNumber.get('AP60958305')).toMatchObject({
      firstName: 'Jacqueline',
      middleName: 'Sophia',
      lastName: 'Panton',
      name: 'Jacqueline Sophia Panton',
      licenseType: 'Advanced Registered Nurse Practitioner License',
      status: 'active',
      rawStatus: 'ACTIVE',
      expiryDate: '2026-06-17',
      issueDate: '2019-06-17',
      birthYear: 1968,
      disciplinary: false,
      rowCount: 1,
    });
    // A permit without an expiration date; a superseded permit without a middle name.
    expect(byNumber.get('N361448888')).toMatchObject({
      lastName: 'Wright-Genous',
      middleName: '',
      expiryDate: null,
      status: 'inactive',
      issueDate: '2023-05-22',
    });
    expect(byNumber.get('RN61277235')).toMatchObject({ status: 'expired', rawStatus: 'EXPIRED WA - ACTIVE MSL', expiryDate: '2024-02-20' });
    expect(byNumber.get('AP61374458')).toMatchObject({ firstName: 'Kelly', lastName: 'LaPointe' });
    expect(licenses.every((l) => l.birthYear !== null && l.disciplinary === false)).toBe(true);
    // A CLOSED credential (an application closed without issue) carries no dates at all.
    for (const license of licenses) expect(license.issueDate === null, license.licenseNumber).toBe(license.rawStatus === 'CLOSED');
    expect(byNumber.get('AP61381469')).toMatchObject({ status: 'inactive', issueDate: null, expiryDate: null, profession: 'nurse_anesthetist' });
  });

  it('finds Mixed Case rows by the upper-cased surname and given-name query, and the matcher matches them', async () => {
    const cases = [
      { first: 'Kelly', last: 'LAPOINTE', number: 'AP61374458' },
      { first: 'misty', last: 'wright-genous', number: 'AP61446608' },
      { first: 'CONNIE', last: 'MCCLAIN', number: 'AP61496619' },
      { first: 'Ashley', last: 'Lovett', number: 'AP61602982' },
    ];
    for (const { first, last, number } of cases) {
      const wheres: string[] = [];
      const result = await new BoardSearch(sodaOver(rows, wheres)).search(washington, { surnames: surnameQueryTerms(last), givenNames: givenNameForms(first) });
      expect(wheres[0], last).toContain('upper(lastname)');
      expect(wheres[0], last).toContain('upper(firstname)');
      const found = result.licenses.map((l) => l.licenseNumber);
      expect(found, last).toContain(number);
      const identity = resolveIdentity(
        { firstName: first, lastName: last, state: 'WA' },
        result.licenses,
        { kind: 'none' },
        {
          numberScope: licenseNumberScopeOf(washington),
        },
      );
      expect(identity.kind, last).toBe('match');
      if (identity.kind === 'match')
        expect(
          identity.licenses.map((l) => l.licenseNumber),
          last,
        ).toContain(number);
    }
  });

  it('the board that answers from these rows is marked confirmed', () => {
    expect(stateBoards.WA!.format.confidence).toBe('confirmed');
  });
});
