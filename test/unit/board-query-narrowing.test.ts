/**
 * The engine's board queries, with a board that answers exactly what a given-name narrowed query can
 * return: a license reachable only through the registry's name for a supplied NPI is still found, and
 * the narrowing of the main query is what the cache key records.
 */
import { describe, expect, it } from 'vitest';
import { givenNameWithinForms } from '#shared/domain/names/given-name-forms.ts';
import type { BoardLicense, BoardQuery } from '#shared/features/sources/license-record.ts';
import type { NppesIdentity } from '#shared/features/sources/nppes/parse.ts';
import type { SourceCache } from '#shared/features/verification/source-cache.ts';
import { runVerification, type VerificationPorts } from '#shared/features/verification/verification-engine.ts';

const npi = '1457485542';
const now = new Date('2026-11-20T12:00:00Z');

function license(firstName: string, licenseNumber: string): BoardLicense {
  return {
    state: 'WA',
    source: 'Washington State Department of Health',
    datasetId: 'qxh8-f4bd',
    licenseNumber,
    firstName,
    middleName: '',
    lastName: 'SMITH',
    suffix: '',
    name: `${firstName} Smith`,
    licenseType: 'Registered Nurse License',
    classification: { kind: 'profession', profession: 'registered_nurse' },
    profession: 'registered_nurse',
    status: 'active',
    rawStatus: 'ACTIVE',
    statusRecognised: true,
    expiryDate: '2028-06-30',
    issueDate: null,
    disciplinary: false,
    birthYear: null,
    rowCount: 1,
  };
}

const registryRecord: NppesIdentity = {
  npi,
  enumerationType: 'NPI-1',
  name: { firstName: 'ROBERT', middleName: null, lastName: 'SMITH', prefix: null, suffix: null, credential: 'RN' },
  organizationName: null,
  sex: 'M',
  status: 'A',
  enumerationDate: null,
  lastUpdated: null,
  createdAt: null,
  taxonomies: [{ code: '163W00000X', description: 'Registered Nurse', state: 'WA', licenseNumber: 'RN60001111', primary: true }],
  formerNames: [],
  addressStates: ['WA'],
};

function ports(board: readonly BoardLicense[], queries: BoardQuery[]): VerificationPorts {
  const noCache: SourceCache = { get: async () => undefined, put: () => undefined, flush: async () => undefined };
  return {
    searchBoard: async (_board, query) => {
      queries.push(query);
      return {
        state: 'WA',
        source: 'Washington State Department of Health',
        licenses: board.filter((l) => givenNameWithinForms(query.givenNames, l.firstName)),
        asOf: now.toISOString(),
      };
    },
    lookupNpi: async () => registryRecord,
    searchRegistry: async () => [],
    currentExclusionList: async () => undefined,
    findExclusions: async () => [],
    findSanctions: async () => undefined,
    cache: noCache,
  };
}

describe('board queries narrowed by given name', () => {
  it('find a license the board holds under a form only the registry name reaches', async () => {
    // Bob → Robert (registry) → Rob (board): Rob is no form of Bob, but is one of Robert.
    const queries: BoardQuery[] = [];
    const board = [license('ROB', 'RN60001111'), license('BOBBY', 'RN60002222')];
    const outcome = await runVerification({ first_name: 'Bob', last_name: 'Smith', state: 'WA', npi }, ports(board, queries), now);
    expect(outcome.status).toBe('active');
    expect(outcome.license?.licenseNumber).toBe('RN60001111');
    expect(outcome.identity?.basis).toContain('npi_license_link');
    // The second query also reaches board records of Robert typed with a neighbouring first key (DOBERT…).
    expect(queries.map((q) => q.givenNames.prefixes)).toEqual([
      ['B', 'ROBERT'],
      ['B', 'DOBERT', 'EOBERT', 'FOBERT', 'R', 'TOBERT'],
    ]);
  });

  it('ask the board once when the registry name adds nothing', async () => {
    const queries: BoardQuery[] = [];
    const board = [license('ROBERT', 'RN60001111')];
    const outcome = await runVerification({ first_name: 'Robert', last_name: 'Smith', state: 'WA', npi }, ports(board, queries), now);
    expect(outcome.license?.licenseNumber).toBe('RN60001111');
    expect(queries).toHaveLength(1);
  });
});
