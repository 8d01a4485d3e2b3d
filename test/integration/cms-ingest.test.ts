/**
 * The two data.cms.gov lists (Medicare opt-out affidavits, revoked Medicare providers and suppliers)
 * ingested from the simulator's data API, read in pages of 2 rows here (LIST_PAGE_SIZE).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { cmsOptOut, cmsOptOutDataset } from '#shared/features/sources/lists/cms-opt-out.ts';
import { cmsRevoked, cmsRevokedDataset } from '#shared/features/sources/lists/cms-revoked.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const store = () => dynamoSanctionsStore();
const optOutFile = `cms/${cmsOptOutDataset}.json`;
const revokedFile = `cms/${cmsRevokedDataset}.json`;
let data: SourceDataCopy;
let t: TestStack;

type Row = Record<string, string>;

const affidavit = (npi: string, first: string, last: string, start: string, end: string, updated = '10/15/2026'): Row => ({
  NPI: npi,
  'First Name': first,
  'Last Name': last,
  Specialty: 'Psychiatry',
  'Optout Effective Date': start,
  'Optout End Date': end,
  'First Line Street Address': '1 MAIN ST',
  'Second Line Street Address': '',
  'City Name': 'DAYTON',
  'State Code': 'OH',
  'Zip code': '45402',
  'Eligible to Order and Refer': 'Y',
  'Last updated': updated,
});

const optOutRows: Row[] = [
  affidavit('1245319599', 'MARIA', 'DELGADO', '03/01/2022', '02/28/2024'),
  affidavit('1093817322', 'JAMES', 'PARK-LEE', '01/10/2025', '01/09/2027'),
  // The next affidavit of the same NPI, later in the list: the one kept.
  affidavit('1245319599', 'MARIA', 'DELGADO', '03/01/2024', '', '11/20/2026'),
  affidavit('1588667638', 'EVELYN', 'STONE', '05/05/2020', '05/04/2022'),
  // Keys written as an older answer of the API wrote them.
  {
    NPI: '1679576722',
    First_Name: 'OMAR',
    Last_Name: 'HADDAD',
    Optout_Effective_Date: '07/01/2025',
    Optout_End_Date: '06/30/2027',
    City_Name: 'AKRON',
    State_Code: 'OH',
    Last_updated: '09/01/2026',
  },
];

const revocation = (id: string, npi: string, first: string, last: string, org: string, reason: string, start: string, bar: string): Row => ({
  ENRLMT_ID: id,
  NPI: npi,
  MULTIPLE_NPI_FLAG: 'N',
  FIRST_NAME: first,
  LAST_NAME: last,
  ORG_NAME: org,
  STATE_CD: 'OH',
  PROVIDER_TYPE_DESC: org ? 'PART B SUPPLIER - DME' : 'PRACTITIONER - FAMILY PRACTICE',
  REVOCATION_RSN: reason,
  REVOCATION_EFCTV_DT: start,
  REENROLLMENT_BAR_EXPRTN_DT: bar,
});

const revokedRows: Row[] = [
  revocation('I20040101000001', '1710987654', 'GRACE', 'WINTERS', '', '424.535(a)(3) - Felony Conviction', '06/15/2024', '06/15/2034'),
  revocation('O20100101000002', '1912345678', '', '', 'SUNRISE DME SUPPLY LLC', '424.535(a)(8) - Abuse of Billing Privileges', '01/02/2023', '01/02/2033'),
  revocation('I20120101000003', '1811111119', 'ALAN', 'WINTERS', '', '424.535(a)(1) - Noncompliance', '02/03/2021', '02/03/2031'),
];

const json = (rows: readonly object[]) => JSON.stringify(rows);

beforeAll(async () => {
  process.env.LIST_PAGE_SIZE = '2';
  process.env.LIST_RESPONSE_TIMEOUT_MS = '1000';
  data = await copySourceData();
  await mkdir(join(data.dir, 'cms'), { recursive: true });
  await data.write(optOutFile, json(optOutRows));
  await data.write(revokedFile, json(revokedRows));
  t = await startTestStack({ sourceDataDir: data.dir });
});
afterAll(async () => {
  delete process.env.LIST_PAGE_SIZE;
  await t.stop();
  await data.remove();
});

const api = (dataset: string, query: string) => fetch(`${process.env.CMS_DATA_BASE_URL}/data-api/v1/dataset/${dataset}/data?${query}`);

describe('the simulator’s data.cms.gov data API', () => {
  it('pages with size and offset, filters by NPI, and answers the Socrata-style $limit with 404', async () => {
    const page = (await (await api(cmsOptOutDataset, 'size=2&offset=2')).json()) as Row[];
    expect(page.map((r) => r['Last Name'] ?? r.Last_Name)).toEqual(['DELGADO', 'STONE']);
    const filtered = (await (await api(cmsOptOutDataset, 'filter[NPI]=1245319599')).json()) as Row[];
    expect(filtered.map((r) => r['Optout Effective Date'])).toEqual(['03/01/2022', '03/01/2024']);
    expect((await api(cmsOptOutDataset, '$limit=10')).status).toBe(404);
    expect((await api(cmsOptOutDataset, 'size=ten')).status).toBe(400);
    expect((await api('00000000-0000-0000-0000-000000000000', 'size=2')).status).toBe(404);
  });
});

describe('CMS Medicare opt-out affidavits', () => {
  const ingest = (options: Parameters<typeof ingestList>[2] = {}) => ingestList(cmsOptOut, store(), options);

  it('reads every page, keeps the last affidavit of an NPI, matches field names tolerantly, and archives the pages', async () => {
    const outcome = await invokeAs('ListIngest', () => ingest());
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      list: 'cms_opt_out',
      file_name: 'opt-out-affidavits-2026-11-20.jsonl',
      as_of: '2026-11-20',
      stats: { rows: 4, individuals: 4, entities: 0, with_npi: 4, malformed_rows: 0, superseded_rows: 1 },
    });
    if (outcome.outcome !== 'ingested') return;

    const delgado = await store().find('cms_opt_out', { lastName: 'Delgado' });
    expect(delgado.entries.map((f) => f.entry.action)).toEqual([
      expect.objectContaining({ agency: 'CMS', type: 'Medicare opt-out', startDate: '2024-03-01', endDate: null }),
    ]);
    expect((await store().find('cms_opt_out', { npi: '1245319599' })).entries).toHaveLength(1);
    expect((await store().find('cms_opt_out', { lastName: 'Lee' })).entries.map((f) => f.entry.npi)).toEqual(['1093817322']);
    const haddad = (await store().find('cms_opt_out', { npi: '1679576722' })).entries[0]!.entry;
    expect(haddad).toMatchObject({ kind: 'individual', firstName: 'OMAR', city: 'AKRON', action: { startDate: '2025-07-01', endDate: '2027-06-30' } });

    expect(outcome.archive_key).toMatch(/^lists\/cms_opt_out\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{12}-opt-out-affidavits-2026-11-20\.jsonl$/);
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: outcome.archive_key }));
    const text = await archived.Body!.transformToString();
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(optOutRows);
    // The list's hash is that of the rows as archived (read page by page, one object a line): the evidence re-hashes.
    expect((await store().current('cms_opt_out'))!.sha256).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('leaves an unchanged list alone (the same hash)', async () => {
    const before = (await store().current('cms_opt_out'))!;
    expect(await ingest()).toEqual({ outcome: 'unchanged', list: 'cms_opt_out', reason: 'same_content', version: before.version });
  });

  it('the scheduled check runs the worker from the queue', async () => {
    const before = (await store().current('cms_opt_out'))!;
    await new Promise((r) => setTimeout(r, 5));
    await t.stack.scheduler.fire('cmsOptOutCheck');
    await waitFor(async () => ((await store().current('cms_opt_out'))!.checked_at! > before.checked_at! ? true : undefined), 30_000);
    expect((await store().current('cms_opt_out'))!.version).toBe(before.version);
  });

  it('refuses a page whose rows lack a required field, and keeps the current version', async () => {
    const before = (await store().current('cms_opt_out'))!;
    const changed = optOutRows.map((row, i) => (i === 3 ? { ...row, 'Last Name': undefined } : row));
    await data.write(optOutFile, json(changed));
    try {
      const error = await rejectionOf(ingest(), SourceError);
      expect(error.failure).toBe('malformed');
      expect(error.message).toMatch(/row 4 has no field "Last Name"/);
    } finally {
      await data.write(optOutFile, json(optOutRows));
    }
    expect((await store().current('cms_opt_out'))!.version).toBe(before.version);
  });

  it('refuses a page that is not an array of row objects', async () => {
    const before = (await store().current('cms_opt_out'))!;
    await data.write(optOutFile, json([...optOutRows.slice(0, 2), ['NPI', 'First Name'], ...optOutRows.slice(2)]));
    try {
      const error = await rejectionOf(ingest(), SourceError);
      expect(error.message).toMatch(/row 3 is not an object/);
    } finally {
      await data.write(optOutFile, json(optOutRows));
    }
    expect((await store().current('cms_opt_out'))!.version).toBe(before.version);
  });

  it('refuses a list with under half the rows of the current version; --force with a rollback loads it', async () => {
    const before = (await store().current('cms_opt_out'))!;
    await data.write(optOutFile, json(optOutRows.slice(0, 1)));
    try {
      const error = await rejectionOf(ingest(), SourceError);
      expect(error.message).toMatch(/new list has 1 rows against 4: refusing to switch/);
      expect((await store().current('cms_opt_out'))!.version).toBe(before.version);
      // Its newest affidavit is older than the version in force's: the list went back in time.
      expect((await rejectionOf(ingest({ force: true }), IngestRefusal)).message).toMatch(/before the version in force/);
      expect(await ingest({ force: true, rollback: 'CMS withdrew the newest affidavits' })).toMatchObject({ outcome: 'ingested', stats: { rows: 1 } });
    } finally {
      await data.write(optOutFile, json(optOutRows));
    }
    expect(await ingest({ force: true })).toMatchObject({ outcome: 'ingested', stats: { rows: 4 } });
  });

  it.each([
    ['down', 'connection'],
    ['timeout', 'timeout'],
    ['error', 'server_error'],
    ['malformed', 'malformed'],
  ] as const)('%s: the ingest reports it (%s) and the current version stays', async (mode, failure) => {
    const before = (await store().current('cms_opt_out'))!.version;
    await data.setFaults({ cms: { mode } });
    try {
      const error = await rejectionOf(ingest({ force: true }), SourceError);
      expect(error.failure).toBe(failure);
      if (mode === 'malformed') expect(error.message).toMatch(/page at offset 0 is not JSON/);
    } finally {
      await data.setFaults({});
    }
    expect((await store().current('cms_opt_out'))!.version).toBe(before);
  });

  it('rewrites an unchanged list after 30 days, so its rows never reach their TTL', async () => {
    const current = (await store().current('cms_opt_out'))!;
    const later = (days: number) => () => new Date(Date.parse(current.ingested_at) + days * 86_400_000);
    expect(await ingest({ now: later(29) })).toMatchObject({ outcome: 'unchanged', reason: 'same_content', version: current.version });
    const refreshed = await ingest({ now: later(31) });
    expect(refreshed).toMatchObject({ outcome: 'ingested', previous_version: current.version, file_name: current.file_name });
    expect((await store().current('cms_opt_out'))!).toMatchObject({ sha256: current.sha256, version: refreshed.version });
  });
});

describe('CMS revoked Medicare providers and suppliers', () => {
  it('reads every page: people by surname and NPI, the re-enrolment bar as the end, an org row as an entity', async () => {
    const outcome = await invokeAs('ListIngest', () => ingestList(cmsRevoked, store()));
    const day = new Date().toISOString().slice(0, 10);
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      list: 'cms_revoked',
      file_name: `revoked-providers-${day}.jsonl`,
      as_of: day,
      stats: { rows: 3, individuals: 2, entities: 1, with_npi: 3, malformed_rows: 0 },
    });
    const winters = await store().find('cms_revoked', { lastName: 'WINTERS' });
    expect(winters.entries.map((f) => [f.entry.firstName, f.entry.npi])).toEqual([
      ['GRACE', '1710987654'],
      ['ALAN', '1811111119'],
    ]);
    expect(winters.entries[0]!.entry).toMatchObject({
      reference: 'I20040101000001',
      state: 'OH',
      action: { agency: 'CMS', type: 'Medicare revocation: 424.535(a)(3) - Felony Conviction', startDate: '2024-06-15', endDate: '2034-06-15' },
    });
    expect((await store().find('cms_revoked', { npi: '1811111119' })).entries.map((f) => f.entry.firstName)).toEqual(['ALAN']);
    const org = (await store().find('cms_revoked', { entityName: 'Sunrise DME Supply LLC' })).entries;
    expect(org.map((f) => f.entry)).toEqual([expect.objectContaining({ kind: 'entity', npi: '1912345678', lastName: '' })]);
  });

  it('refuses a shrunk list and keeps the current version', async () => {
    const before = (await store().current('cms_revoked'))!;
    await data.write(revokedFile, json(revokedRows.slice(0, 1)));
    try {
      const error = await rejectionOf(ingestList(cmsRevoked, store()), SourceError);
      expect(error.message).toMatch(/new list has 1 rows against 3/);
    } finally {
      await data.write(revokedFile, json(revokedRows));
    }
    expect((await store().current('cms_revoked'))!.version).toBe(before.version);
  });
});
