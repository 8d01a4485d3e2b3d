/**
 * The Massachusetts BHPL connector: the JSON format of the board lookup. Over the live site's rendered
 * result grids (test/fixtures/real/ma_bhpl: the members the connector reads are the grid's column ids,
 * every displayed status is in its vocabulary, the LMHC type and numbers read), then served by a local
 * server answering in the search API's shape: the request as the site sends it, every mapped value, and
 * the drift guards (no `results.data`, a row without a required member, a capped count, too many rows),
 * each the board unavailable, never "no license" nor a status.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { givenNameForms } from '#shared/domain/names/given-name-forms.ts';
import { BoardSearch, licensesFromRows } from '#shared/features/sources/boards/board-search.ts';
import { sharedStart } from '#shared/features/sources/boards/html-lookup.ts';
import { massachusetts, massachusettsLookup } from '#shared/features/sources/boards/states/massachusetts.ts';
import type { SodaClient } from '#shared/features/sources/soda/soda-client.ts';

const dataset = massachusetts.datasets[0]!;
const grid = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/real/ma_bhpl/grid-rows.json'), 'utf8')) as {
  columnIds: string[];
  rows: Record<string, string>[];
};

describe('Massachusetts result grids (real, rendered)', () => {
  it('the members the connector reads are the grid columns of the live page', () => {
    const read = [dataset.fields.licenseNumber, dataset.fields.firstName, dataset.fields.lastName, dataset.fields.middleName, dataset.fields.suffix];
    read.push(dataset.fields.status, dataset.fields.expiry, dataset.fields.issued, 'suspendedStartDate');
    for (const member of read) expect(grid.columnIds, member).toContain(member);
  });

  it('every status displayed is in the vocabulary, with its comma-free spellings read as the page writes them', () => {
    const displayed = new Set(grid.rows.map((r) => r.computedStatus!));
    expect(displayed).toEqual(new Set(['Current', 'Expired', 'Deceased', 'Revoked', 'Out of Business']));
    for (const status of displayed) expect(dataset.statuses[status.toUpperCase()], status).toBeDefined();
  });

  it('the LMHC rows map as the searched type: counselor, their numbers and statuses', () => {
    const lmhc = grid.rows.filter((r) => r.licenseMetaName === massachusettsLookup.licenseTypes[0]!.title);
    expect(lmhc.map((r) => [r.licenseNumber, r.computedStatus])).toEqual([
      ['LMHC6175', 'Revoked'],
      ['LMHC3675', 'Expired'],
      ['LMHC5000034', 'Current'],
    ]);
    const licenses = licensesFromRows(
      massachusetts,
      dataset,
      lmhc.map((r, i) => ({ ...r, id: String(i), license_type: r.licenseMetaName! })),
    );
    expect(licenses.map((l) => [l.licenseNumber, l.profession, l.status, l.statusRecognised, l.disciplinary])).toEqual([
      ['LMHC6175', 'counselor', 'revoked', true, true],
      ['LMHC3675', 'counselor', 'expired', true, false],
      ['LMHC5000034', 'counselor', 'active', true, false],
    ]);
  });

  it('a type not searched (a social worker license on the same page) is no covered profession', () => {
    expect(dataset.classify({ license_type: 'Licensed Independent Clinical Social Worker (LICSW) License' })).toEqual({ kind: 'unclassified', unknown: true });
  });
});

describe('Massachusetts statuses', () => {
  const license = (computedStatus: string, extra: Record<string, string> = {}) =>
    licensesFromRows(massachusetts, dataset, [
      {
        id: '1',
        licenseNumber: 'LMHC10203',
        firstName: 'Michele',
        lastName: 'Davis',
        computedStatus,
        license_type: 'Licensed Mental Health Counselor License',
        ...extra,
      },
    ])[0]!;

  it('reads the values with a comma whole, negative ones first; discipline from the status or an action date', () => {
    expect(license('Suspension, Expired')).toMatchObject({ status: 'suspended', statusRecognised: true, disciplinary: true });
    expect(license('Probation, Expired')).toMatchObject({ status: 'expired', disciplinary: true });
    expect(license('Suspension')).toMatchObject({ status: 'suspended', disciplinary: true });
    expect(license('Surrendered')).toMatchObject({ status: 'revoked' });
    expect(license('Stayed Suspension')).toMatchObject({ status: 'suspended', disciplinary: true });
    expect(license('Probation')).toMatchObject({ status: 'active', disciplinary: true });
    expect(license('Non-Disciplinary Restriction')).toMatchObject({ status: 'active', disciplinary: false });
    expect(license('Current', { revokedDate: '2025-05-26T00:00:00' })).toMatchObject({ status: 'active', disciplinary: true });
    expect(license('Current', { suspendedStartDate: '2026-04-08' })).toMatchObject({ disciplinary: true });
    expect(license('Current', { expirationDate: '2027-07-26T00:00:00' }).expiryDate).toBe('2027-07-26');
  });

  it('a status outside the vocabulary is unreadable, never active', () => {
    const unknown = license('Current, Pending Review');
    expect(unknown).toMatchObject({ statusRecognised: false, rawStatus: 'Current, Pending Review' });
    expect(unknown.status).not.toBe('active');
  });

  it('the given name sent is the start the query prefixes share', () => {
    expect(sharedStart(['MICHELE', 'MICHELLE'])).toBe('MICHEL');
    expect(sharedStart(['ROBERT', 'BOB'])).toBe('');
  });
});

describe('Massachusetts lookup served as the API answers', () => {
  let server: Server;
  const requests: { path: string; body: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }[] = [];
  let answer: (body: Record<string, unknown>) => unknown;
  const row = (over: Record<string, unknown> = {}) => ({
    id: 90211,
    licenseNumber: 'LMHC10203',
    firstName: 'Michele',
    lastName: 'Davis',
    middleInitial: 'L',
    mailingCity: null,
    computedAddress: null,
    computedStatus: 'Current',
    revokedDate: null,
    suspendedStartDate: null,
    suspendedEndDate: null,
    surrenderedDate: null,
    expirationDate: '2027-02-28T00:00:00',
    ...over,
  });
  const results = (data: unknown[], total = data.length) => ({ results: { data, totalDataCount: total } });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        requests.push({ path: `${req.method} ${req.url}`, body, headers: req.headers });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer(body)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    vi.stubEnv('MA_BHPL_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    vi.stubEnv('SOURCE_ALLOW_LOOPBACK', 'true');
    requests.length = 0;
    answer = (body) => results(body.licenseMetaId === 35 ? [row(), row({ id: 5, licenseNumber: 'LMHC555', firstName: 'Nora' })] : []);
  });

  const search = (last: string, first: string) =>
    new BoardSearch({} as SodaClient).search(massachusetts, { surnames: [last], givenNames: givenNameForms(first) });

  it('one POST per license type, as the site sends it; the matching row mapped', async () => {
    const found = await search('Davis', 'Michele');
    expect(requests.map((r) => r.path)).toEqual(['POST /api-public/search', 'POST /api-public/search']);
    expect(requests.map((r) => r.body)).toEqual(
      [35, 34].map((licenseMetaId) => ({
        licenseBoard: 'BOARD_OF_REGISTRATION_OF_ALLIED_MENTAL_HEALTH_AND_HUMAN_SERVICES_PROFESSIONS',
        licenseMetaId,
        // The query's prefixes (M, and a first letter's slips) share no start: the search is by surname.
        firstName: '',
        lastName: 'DAVIS',
        searchType: 'BY_LICENSEE_NAME',
      })),
    );
    expect(requests[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      origin: 'https://checkahealthlicense.mass.gov',
      referer: 'https://checkahealthlicense.mass.gov/',
    });
    expect(found.licenses).toEqual([
      {
        state: 'MA',
        source: 'Massachusetts Bureau of Health Professions Licensure',
        datasetId: 'ma_bhpl',
        licenseNumber: 'LMHC10203',
        firstName: 'Michele',
        middleName: 'L',
        lastName: 'Davis',
        suffix: '',
        name: 'Michele L Davis',
        licenseType: 'Licensed Mental Health Counselor License',
        classification: { kind: 'profession', profession: 'counselor' },
        profession: 'counselor',
        status: 'active',
        rawStatus: 'Current',
        statusRecognised: true,
        expiryDate: '2027-02-28',
        issueDate: null,
        disciplinary: false,
        birthYear: null,
        rowCount: 1,
      },
    ]);
  });

  it('a requested profession: only its type is asked for', async () => {
    const query = { surnames: ['Davis'], givenNames: givenNameForms('Michele') };
    await new BoardSearch({} as SodaClient).search(massachusetts, { ...query, profession: 'marriage_family_therapist' });
    expect(requests.map((r) => r.body.licenseMetaId)).toEqual([34]);
    requests.length = 0;
    const found = await new BoardSearch({} as SodaClient).search(massachusetts, { ...query, profession: 'counselor' });
    expect(requests.map((r) => r.body.licenseMetaId)).toEqual([35]);
    expect(found.licenses.map((l) => l.licenseNumber)).toEqual(['LMHC10203']);
  });

  it('rows whose holder cannot match (a "contains" match on the surname, another given name) are left out', async () => {
    answer = () => results([row({ lastName: 'Davison' }), row({ id: 2, licenseNumber: 'LMHC2', firstName: 'Nancy' })]);
    expect((await search('Davis', 'Michele')).licenses).toEqual([]);
    answer = () => results([]);
    expect((await search('Absentname', 'Ann')).licenses).toEqual([]);
  });

  it('a capped search (more counted than returned) or more rows than the bound is no answer', async () => {
    answer = () => results([row()], 10_000);
    await expect(search('Davis', 'Michele')).rejects.toMatchObject({ failure: 'too_many_rows' });
    answer = () => results(Array.from({ length: massachusettsLookup.maxRows + 1 }, (_, i) => row({ id: i, licenseNumber: `LMHC${i}` })));
    await expect(search('Davis', 'Michele')).rejects.toMatchObject({ failure: 'too_many_rows' });
  });

  it('an answer without results.data, or a row without a required member, makes the board unavailable', async () => {
    answer = () => ({ data: [row()], totalDataCount: 1 });
    await expect(search('Davis', 'Michele')).rejects.toMatchObject({ failure: 'malformed', reason: { code: 'format_changed' } });
    answer = () => results([{ ...row(), computedStatus: undefined }]);
    await expect(search('Davis', 'Michele')).rejects.toMatchObject({ failure: 'malformed', reason: { code: 'format_changed' } });
    answer = () => results([row()], 0);
    await expect(search('Davis', 'Michele')).rejects.toMatchObject({ failure: 'malformed' });
  });

  it('a status outside the vocabulary is an unreadable license, never active', async () => {
    answer = () => results([row({ computedStatus: 'Administrative Hold' })]);
    const [license] = (await search('Davis', 'Michele')).licenses;
    expect(license).toMatchObject({ statusRecognised: false, rawStatus: 'Administrative Hold' });
  });
});
