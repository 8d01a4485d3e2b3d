import { GetObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { lastNameKeys } from '#shared/domain/names/normalize.ts';
import { bucketName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions, samExtractColumns } from '#shared/features/sources/lists/sam-exclusions.ts';
import { zipOfCsv } from '../../local/simulator/sam-extract.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { samCsv, type SamRow } from '../support/sam-extract.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';
import { expectTransportFault, transportFaults } from '../support/source-faults.ts';

const store = () => dynamoSanctionsStore();
const ingest = (options: Parameters<typeof ingestList>[2] = {}) => ingestList(samExclusions, store(), options);
const fixtureName = 'SAM_Exclusions_Public_Extract_V2_26329';
let data: SourceDataCopy;
let t: TestStack;

beforeAll(async () => {
  // A hung download is given up on after 1 s here (30 s by default).
  process.env.LIST_RESPONSE_TIMEOUT_MS = '1000';
  data = await copySourceData();
  t = await startTestStack({ sourceDataDir: data.dir });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

type Row = SamRow;
const filler = (n: number, prefix: string): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    Classification: 'Individual',
    First: 'PAT',
    Last: `${prefix}${i}`,
    'Excluding Agency': 'HHS',
    'Active Date': '01/01/2020',
    'Termination Date': 'Indefinite',
    'SAM Number': `S${prefix}${i}`,
  }));

describe('SAM.gov exclusions extract ingestion', () => {
  it('loads the newest listed extract from the ZIP: BOM, float NPI, one entry per agency, firms apart, raw file archived', async () => {
    // A name the listing already shows with no file behind it (204): the day before is loaded.
    await data.write('sam/SAM_Exclusions_Public_Extract_V2_26330.csv', '');
    const outcome = await invokeAs('ListIngest', () => ingest());
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'sam', file_name: `${fixtureName}.ZIP`, as_of: '2026-11-25' });
    if (outcome.outcome !== 'ingested') return;
    expect(outcome.stats).toMatchObject({ rows: 6, individuals: 4, entities: 2, with_npi: 3, malformed_rows: 0 });
    // One item per lookup key of each row: OKAFOR ×2 and GARCIA-LOPEZ with their NPIs, JONES, two entities.
    expect(outcome.items).toBe(2 * 2 + (lastNameKeys('GARCIA-LOPEZ').length + 1) + 1 + 2);

    const okafor = await store().find('sam', { lastName: 'Okafor' });
    expect(okafor.list?.version).toBe(outcome.version);
    expect(okafor.entries.map((f) => [f.entry.npi, f.entry.action.agency, f.entry.action.code, f.entry.action.indefinite, f.entry.action.endDate])).toEqual([
      ['1457485542', 'HHS', 'Z1', true, null],
      ['1457485542', 'OPM', 'Z2', true, null],
    ]);
    expect(okafor.entries[0]!.entry).toMatchObject({ kind: 'individual', firstName: 'CHIDI', middleName: 'N.', reference: 'S4MR3OKA1', state: 'OH' });
    expect(okafor.entries[0]!.entry.action.startDate).toBe('2023-01-15');

    // By NPI alone, by either part of a two-part surname, and an entity by its name.
    expect((await store().find('sam', { npi: '1457485542' })).entries).toHaveLength(2);
    expect((await store().find('sam', { lastName: 'Lopez' })).entries.map((f) => f.entry.npi)).toEqual(['1306849450']);
    const jones = (await store().find('sam', { lastName: 'JONES' })).entries[0]!.entry;
    expect(jones).toMatchObject({ city: '', state: '', aliases: ['BOBBY JONES', 'ROBERT B JONES'], action: { endDate: '2029-07-30', indefinite: false } });
    const acme = (await store().find('sam', { entityName: 'Acme Home Health Services LLC' })).entries;
    expect(acme.map((f) => f.entry)).toEqual([expect.objectContaining({ kind: 'entity', identifiers: { uei: 'ZQGGHJH74DW7', cage: '7ABC1' } })]);
    expect((await store().find('sam', { lastName: 'ACME' })).entries).toEqual([]);

    expect(outcome.archive_key).toMatch(/^lists\/sam\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{12}-SAM_Exclusions_Public_Extract_V2_26329\.ZIP$/);
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: outcome.archive_key }));
    const bytes = Buffer.from(await archived.Body!.transformToByteArray());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(archived.Metadata?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does nothing when the newest file has not changed (conditional GET on the file store)', async () => {
    const before = (await store().current('sam'))!;
    const again = await invokeAs('ListIngest', () => ingest());
    expect(again).toEqual({ outcome: 'unchanged', list: 'sam', reason: 'not_modified', version: before.version });
    expect((await store().current('sam'))!.checked_at! >= before.checked_at!).toBe(true);
  });

  it('the scheduled check runs the worker from the queue', async () => {
    const before = (await store().current('sam'))!;
    await new Promise((r) => setTimeout(r, 5));
    await t.stack.scheduler.fire('samCheck');
    await waitFor(async () => ((await store().current('sam'))!.checked_at! > before.checked_at! ? true : undefined), 30_000);
    expect((await store().current('sam'))!.version).toBe(before.version);
  });

  it('loads the next day’s file, without a BOM, under a new version', async () => {
    const before = (await store().current('sam'))!;
    await data.write(
      'sam/SAM_Exclusions_Public_Extract_V2_26331.csv',
      samCsv([
        ...filler(5, 'NEXT'),
        { Classification: 'Individual', First: 'ADA', Last: 'OKAFOR', NPI: '1861594319.00', 'Termination Date': 'Indefinite', 'SAM Number': 'S4ADA' },
      ]),
    );
    const outcome = await ingest();
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      previous_version: before.version,
      file_name: 'SAM_Exclusions_Public_Extract_V2_26331.ZIP',
      stats: { rows: 6, with_npi: 1 },
    });
    const okafor = await store().find('sam', { lastName: 'OKAFOR' });
    expect(okafor.entries.map((f) => [f.entry.firstName, f.entry.npi])).toEqual([['ADA', '1861594319']]);
  });

  it('refuses a file whose header changed, loudly, and keeps the current version', async () => {
    const before = (await store().current('sam'))!;
    const renamed = samExtractColumns.map((c) => (c === 'NPI' ? 'NPI Number' : c));
    await data.write('sam/SAM_Exclusions_Public_Extract_V2_26332.csv', samCsv(filler(10, 'HDR'), renamed));
    const error = await rejectionOf(ingest(), SourceError);
    expect(error.failure).toBe('malformed');
    expect(error.message).toMatch(/unexpected header .*column 30 is "NPI Number", expected "NPI"/);
    expect((await store().current('sam'))!.version).toBe(before.version);
    await rm(join(data.dir, 'sam/SAM_Exclusions_Public_Extract_V2_26332.csv'));
  });

  it('refuses a file with under half the rows of the current version; --force loads it', async () => {
    const before = (await store().current('sam'))!;
    await data.write('sam/SAM_Exclusions_Public_Extract_V2_26333.csv', samCsv(filler(2, 'SHORT')));
    const error = await rejectionOf(ingest(), SourceError);
    expect(error.message).toMatch(/new list has 2 rows against 6: refusing to switch/);
    expect((await store().current('sam'))!.version).toBe(before.version);
    const forced = await ingest({ force: true });
    expect(forced).toMatchObject({ outcome: 'ingested', stats: { rows: 2 } });
    await rm(join(data.dir, 'sam/SAM_Exclusions_Public_Extract_V2_26333.csv'));
  });

  it.each(transportFaults)('%s: the ingest reports it (%s) and the current version stays', (mode, failure) =>
    expectTransportFault(
      data,
      'sam',
      mode,
      failure,
      () => ingest({ force: true }),
      async () => (await store().current('sam'))?.version,
    ),
  );

  it('rewrites an unchanged list after 30 days, so its rows never reach their TTL', async () => {
    // The day-333 extract withdrawn, the one before it is loaded again: on purpose, as it is older.
    const loaded = await ingest({ force: true, rollback: 'the day-333 extract was withdrawn' });
    expect(loaded).toMatchObject({ outcome: 'ingested', file_name: 'SAM_Exclusions_Public_Extract_V2_26331.ZIP' });
    const current = (await store().current('sam'))!;
    const later = (days: number) => () => new Date(Date.parse(current.ingested_at) + days * 86_400_000);
    expect(await ingest({ now: later(29) })).toMatchObject({ outcome: 'unchanged', reason: 'not_modified', version: current.version });
    const refreshed = await ingest({ now: later(31) });
    expect(refreshed).toMatchObject({ outcome: 'ingested', previous_version: current.version, file_name: current.file_name });
    expect((await store().current('sam'))!).toMatchObject({ sha256: current.sha256, version: refreshed.version });
  });
});

describe('a list published as a plain CSV', () => {
  it('reads it with its BOM, by the same definition otherwise', async () => {
    const csvList = { ...samExclusions, id: 'sam_csv', format: { kind: 'csv' } as const };
    const outcome = await ingestList(csvList, store(), { file: join(data.dir, 'sam', `${fixtureName}.csv`) });
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'sam_csv', file_name: `${fixtureName}.csv`, stats: { rows: 6, with_npi: 3 } });
    expect((await store().find('sam_csv', { npi: '1457485542' })).entries).toHaveLength(2);
  });
});

describe('npm run admin -- ingest <list>', () => {
  const run = async (stateDir: string, ...args: string[]) => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'ingest', ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, LOCAL_STATE_DIR: stateDir, SOURCE_DATA_DIR: data.dir },
    });
    return JSON.parse(stdout) as { outcome: string; file_name?: string; stats?: { rows: number } };
  };

  it('loads SAM from the source, then an operator’s downloaded ZIP with --file; refuses an unknown list', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-sam-'));
    try {
      expect(await run(stateDir, 'sam')).toMatchObject({ outcome: 'ingested', file_name: 'SAM_Exclusions_Public_Extract_V2_26331.ZIP', stats: { rows: 6 } });
      const zip = join(stateDir, 'SAM_Exclusions_Public_Extract_V2_26340.ZIP');
      const csv = await readFile(join(data.dir, 'sam', `${fixtureName}.csv`));
      await writeFile(
        zip,
        await zipOfCsv(Buffer.concat([csv, Buffer.from(samCsv(filler(3, 'FILE')).split('\r\n').slice(1).join('\r\n'))]), `${fixtureName}.CSV`, new Date()),
      );
      expect(await run(stateDir, 'sam', '--file', zip)).toMatchObject({
        outcome: 'ingested',
        file_name: 'SAM_Exclusions_Public_Extract_V2_26340.ZIP',
        stats: { rows: 9 },
      });
      const unknown = await run(stateDir, 'nosuch').catch((error: { code: number; stderr: string }) => error);
      expect(unknown).toMatchObject({ code: 2, stderr: expect.stringMatching(/ingest takes one list: sam/) });
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  }, 180_000);
});
