import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SourceError } from '#shared/features/sources/errors.ts';
import type { FetchPolicy } from '#shared/features/sources/http-fetch.ts';
import { InvalidNpiError, NppesClient } from '#shared/features/sources/nppes/nppes-client.ts';
import { BoardSearch } from '#shared/features/sources/boards/board-search.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { SodaClient } from '#shared/features/sources/soda/soda-client.ts';
import { startSourceSimulator, type SourceSimulator } from '../../local/simulator/server.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { rejectionOf } from '../support/rejection.ts';

const policy: FetchPolicy = { timeoutMs: 400, retries: 1, backoffMs: 10 };
let data: SourceDataCopy;
let sim: SourceSimulator;
let nppes: NppesClient;
let boards: BoardSearch;

beforeAll(async () => {
  data = await copySourceData();
  sim = await startSourceSimulator({ dataDir: data.dir });
  process.env.SODA_BASE_URL = sim.url;
  // The simulator is on this machine, as on the local stack.
  process.env.SOURCE_ALLOW_LOOPBACK = 'true';
  nppes = new NppesClient(`${sim.url}/api/`, policy);
  boards = new BoardSearch(new SodaClient({ policy }));
});
afterAll(async () => {
  delete process.env.SOURCE_ALLOW_LOOPBACK;
  await sim.close();
  await data.remove();
});
afterEach(() => data.setFaults({}));

const board = (state: keyof typeof stateBoards) => stateBoards[state]!;
/** Every given name: these tests read the connectors, not the given-name narrowing. */
const anyGivenName = { prefixes: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'] };

const failureOf = (promise: Promise<unknown>) => rejectionOf(promise, SourceError);

describe('NPPES client over HTTP', () => {
  it('looks up both response forms by NPI', async () => {
    const current = await nppes.lookup('1457485542');
    expect(current).toMatchObject({ npi: '1457485542', name: { firstName: 'CHIDI', lastName: 'OKAFOR' }, sex: 'M' });
    expect(current!.taxonomies[0]).toMatchObject({ licenseNumber: 'RN60001234', state: 'WA', primary: true });
    const older = await nppes.lookup('1689872012');
    expect(older).toMatchObject({ npi: '1689872012', sex: 'F', name: { lastName: 'SHAH', credential: 'M.D.' } });
    expect(await nppes.lookup('1234567893')).toBeNull();
  });

  it('validates the check digit before calling', async () => {
    await expect(nppes.lookup('1457485543')).rejects.toBeInstanceOf(InvalidNpiError);
  });

  it('searches individuals by name and state', async () => {
    const found = await nppes.searchIndividuals({ lastName: 'okafor', state: 'WA' });
    expect(found.map((i) => i.npi)).toEqual(['1457485542']);
    expect(await nppes.searchIndividuals({ lastName: 'OKAFOR', state: 'TX' })).toEqual([]);
  });

  it('turns an HTTP-200 Errors body into a rejected query, not an outage', async () => {
    const error = await failureOf(nppes.searchIndividuals({ lastName: 'O*' }));
    expect(error.failure).toBe('rejected');
    expect(error.unavailable).toBe(false);
    expect(error.message).toMatch(/Wildcard/i);
  });
});

describe('state boards over HTTP', () => {
  it('Washington: exact surname, hyphenated part, and an apostrophe that must be escaped', async () => {
    const okafor = await boards.search(board('WA'), { surnames: ['OKAFOR'], givenNames: anyGivenName });
    expect(okafor.licenses.map((l) => [l.licenseNumber, l.profession, l.status, l.birthYear])).toEqual([['RN60001234', 'registered_nurse', 'active', 1985]]);
    const garcia = await boards.search(board('WA'), { surnames: ['GARCIA'], givenNames: anyGivenName });
    expect(garcia.licenses.map((l) => [l.lastName, l.disciplinary])).toEqual([['GARCIA-LOPEZ', true]]);
    const obrien = await boards.search(board('WA'), { surnames: ["O'BRIEN"], givenNames: anyGivenName });
    expect(obrien.licenses.map((l) => [l.licenseNumber, l.status])).toEqual([['MT60009999', 'expired']]);
    expect(okafor.source).toBe('Washington State Department of Health');
  });

  it('Colorado: discipline rows merged into one license; a non-healthcare license with the same number left out', async () => {
    const result = await boards.search(board('CO'), { surnames: ['Nakamura'], givenNames: anyGivenName });
    expect(result.licenses.map((l) => [l.licenseType, l.rowCount, l.disciplinary, l.expiryDate])).toEqual([['RN', 2, true, '2027-09-30']]);
  });

  it('Illinois: the CPA license of a physician is left out', async () => {
    const result = await boards.search(board('IL'), { surnames: ['SHAH'], givenNames: anyGivenName });
    expect(result.licenses.map((l) => [l.licenseNumber, l.profession])).toEqual([['036123456', 'physician']]);
  });

  it('Texas: all four datasets are searched; RN and VN with the same number stay two licenses', async () => {
    const result = await boards.search(board('TX'), { surnames: ['WHITE'], givenNames: anyGivenName });
    expect(result.licenses.map((l) => [l.datasetId, l.licenseNumber, l.firstName, l.status]).sort()).toEqual([
      ['tgb2-j935', '800001', 'JOHN', 'active'],
      ['tm3v-pfq9', 'Q1234', 'JOHN', 'active'],
      ['yjie-tuwv', '800001', 'JOANNE', 'expired'],
    ]);
  });

  it('Delaware: discipline joined from the discipline dataset', async () => {
    const result = await boards.search(board('DE'), { surnames: ['BROWN'], givenNames: anyGivenName });
    const nurse = result.licenses.find((l) => l.licenseNumber === 'L1-0012482')!;
    expect([nurse.profession, nurse.disciplinary, nurse.expiryDate]).toEqual(['registered_nurse', true, '2026-09-30']);
  });

  it('sees an edited board file without a restart', async () => {
    const rows = [
      {
        credentialnumber: 'RN60001234',
        lastname: 'OKAFOR',
        firstname: 'CHIDI',
        credentialtype: 'Registered Nurse License',
        status: 'SUSPENDED',
        expirationdate: '20270301',
        actiontaken: 'Yes',
      },
    ];
    await data.write('boards/qxh8-f4bd.json', JSON.stringify(rows));
    const result = await boards.search(board('WA'), { surnames: ['OKAFOR'], givenNames: anyGivenName });
    expect(result.licenses.map((l) => [l.status, l.disciplinary])).toEqual([['suspended', true]]);
  });
});

describe('fault modes become typed errors', () => {
  const cases = [
    ['down', 'connection'],
    ['timeout', 'timeout'],
    ['error', 'server_error'],
    ['malformed', 'malformed'],
  ] as const;

  it.each(cases)('NPPES %s → %s', async (mode, failure) => {
    await data.setFaults({ nppes: { mode } });
    const started = Date.now();
    const error = await failureOf(nppes.lookup('1457485542'));
    expect(error.failure).toBe(failure);
    expect(error.unavailable).toBe(true);
    expect(error.source).toBe('NPPES NPI Registry');
    if (mode === 'timeout') expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each(cases)('a board dataset %s → %s, for the whole state', async (mode, failure) => {
    await data.setFaults({ 'tgb2-j935': { mode } });
    const error = await failureOf(boards.search(board('TX'), { surnames: ['WHITE'], givenNames: anyGivenName }));
    expect(error.failure).toBe(failure);
    expect(error.unavailable).toBe(true);
    expect(error.source).toBe('Texas Medical Board and Texas Board of Nursing');
    // Other states are unaffected.
    expect((await boards.search(board('WA'), { surnames: ['OKAFOR'], givenNames: anyGivenName })).licenses).toHaveLength(1);
  });

  it('latency is honoured, and a slow source still answers within the time limit', async () => {
    await data.setFaults({ nppes: { latency_ms: 150 } });
    const started = Date.now();
    expect(await nppes.lookup('1457485542')).not.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('Socrata throttling', () => {
  it('without an app token a throttled query (429) is retried, then reported as throttled; with a token it is not throttled', async () => {
    const throttled = await startSourceSimulator({ dataDir: data.dir, anonymousSodaRequestsPerMinute: 1 });
    try {
      const dataset = { baseUrl: throttled.url, id: 'qxh8-f4bd', source: 'Washington State Department of Health' };
      const anonymous = new SodaClient({ policy: { ...policy, maxRetryAfterMs: 50 }, appToken: '' });
      expect(await anonymous.page(dataset, { limit: 1 })).toHaveLength(1);
      const error = await failureOf(anonymous.page(dataset, { limit: 1 }));
      expect(error.failure).toBe('throttled');
      expect(error.status).toBe(429);
      const withToken = new SodaClient({ policy, appToken: 'app-token-123' });
      for (let i = 0; i < 3; i++) expect(await withToken.page(dataset, { limit: 1 })).toHaveLength(1);
    } finally {
      await throttled.close();
    }
  });
});
