/**
 * The NPPES Deactivated NPI Report, ingested from the source simulator as from download.cms.gov: the
 * downloads page → the newest ZIP by its date, named with `_V2` or without (the naming until 2025; of
 * one date the `_V2` one) → its workbook (a title row whose date is the as-of date, then the header)
 * → one item per NPI; an unchanged file left alone (304, or the same hash); a file with under half the
 * rows, a ZIP without a workbook and a changed header refused while the current version stays (a
 * forced one beyond the change budget held for review, an older one refused unless rolled back on
 * purpose); an operator's downloaded ZIP loaded with `--file`.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { acceptHeld } from '#shared/features/sources/plausibility/load-review.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { zipOf } from '../../local/simulator/xlsx-writer.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { awsReviewPorts, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';
import { expectTransportFault, transportFaults } from '../support/source-faults.ts';

const list = 'nppes_deactivated';
const store = () => dynamoSanctionsStore();
const ingest = (options: Parameters<typeof ingestList>[2] = {}) => ingestList(nppesDeactivated, store(), options);
const current = 'NPPES_Deactivated_NPI_Report_101226_V2';
/** The sample provider whose NPI was deactivated on 2026-10-06 (sample-data/README.md). */
const deactivatedNpi = '1516497777';

let data: SourceDataCopy;
let t: TestStack;

beforeAll(async () => {
  // A hung download is given up on after 1 s here (30 s by default).
  process.env.LIST_RESPONSE_TIMEOUT_MS = '1000';
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const header = 'NPI,NPPES Deactivation Date\n';
/** Report rows of valid NPIs from the sample's committed report (NPI order), with their dates. */
async function sampleRows(count: number): Promise<string[]> {
  const text = await readFile(join(sampleDataDir, 'nppes-deactivated', `${current}.csv`), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1, count + 1);
}
const reportPath = (name: string) => join(data.dir, 'nppes-deactivated', name);
/** The source simulator, as download.cms.gov. */
const sim = () => process.env.NPPES_FILES_BASE_URL!;

describe('the NPPES Deactivated NPI Report', () => {
  it('is found on the downloads page, its newest V2 ZIP read through its workbook, one item per NPI, the raw ZIP archived', async () => {
    const page = await fetch(`${sim()}/nppes/NPI_Files.html`);
    const html = await page.text();
    expect(html).toContain(`href='./${current}.zip'`);
    expect(html).toContain("href='./NPPES_Deactivated_NPI_Report_091426_V2.zip'");
    expect(html).toContain("href='./NPPES_Deactivated_NPI_Report_121024.zip'");

    const outcome = await invokeAs('ListIngest', () => ingest());
    expect(outcome).toMatchObject({ outcome: 'ingested', list, file_name: `${current}.zip`, as_of: '2026-10-12', previous_version: null });
    if (outcome.outcome !== 'ingested') return;
    // Every tenth NPI is a number cell in the simulator's workbook: all are read, none malformed.
    expect(outcome.stats).toMatchObject({ rows: 3001, with_npi: 3001, malformed_rows: 0, entities: 0 });
    expect(outcome.items).toBe(3001);

    const found = await store().find(list, { npi: deactivatedNpi });
    expect(found.list?.version).toBe(outcome.version);
    expect(found.entries.map((f) => [f.row, f.entry.npi, f.entry.lastName, f.entry.action])).toEqual([
      [
        expect.any(Number),
        deactivatedNpi,
        '',
        {
          agency: 'CMS NPPES',
          type: 'NPI deactivated',
          program: '',
          code: '',
          startDate: '2026-10-06',
          endDate: null,
          indefinite: false,
          reinstatedDate: null,
          comments: '',
        },
      ],
    ]);
    // Rows are numbered as the sheet numbers them: the title is row 1, the header row 2.
    expect(found.entries[0]!.row).toBeGreaterThanOrEqual(3);
    expect((await store().find(list, { lastName: 'ERWIN' })).entries).toEqual([]);

    expect(outcome.archive_key).toMatch(new RegExp(`^lists/${list}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f]{12}-${current}\\.zip$`));
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: outcome.archive_key }));
    expect(archived.ContentType).toBe('application/zip');
    const bytes = Buffer.from(await archived.Body!.transformToByteArray());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(archived.Metadata).toMatchObject({ 'source-file': `${current}.zip`, 'source-etag': expect.stringMatching(/^".+"$/) });
  });

  it('leaves an unchanged file alone: a 304 on the conditional GET, or the same hash for the same bytes', async () => {
    const before = (await store().current(list))!;
    expect(await invokeAs('ListIngest', () => ingest())).toEqual({ outcome: 'unchanged', list, reason: 'not_modified', version: before.version });
    // The same ZIP downloaded by hand is the same content.
    const dir = await mkdtemp(join(tmpdir(), 'nppes-zip-'));
    try {
      const zip = join(dir, `${current}.zip`);
      await writeFile(zip, Buffer.from(await (await fetch(`${sim()}/nppes/${current}.zip`)).arrayBuffer()));
      expect(await ingest({ file: zip })).toEqual({ outcome: 'unchanged', list, reason: 'same_content', version: before.version });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the scheduled check runs the worker from the queue', async () => {
    const before = (await store().current(list))!;
    await new Promise((r) => setTimeout(r, 5));
    await t.stack.scheduler.fire('nppesDeactivatedCheck');
    await waitFor(async () => ((await store().current(list))!.checked_at! > before.checked_at! ? true : undefined), 30_000);
    expect((await store().current(list))!.version).toBe(before.version);
  });

  it('reads a name without _V2 as the same report: an older date, or the same date as a _V2 name, is not taken', async () => {
    const before = (await store().current(list))!;
    await data.write('nppes-deactivated/NPPES_Deactivated_NPI_Report_101126.csv', header + (await sampleRows(3000)).join('\n'));
    await data.write('nppes-deactivated/NPPES_Deactivated_NPI_Report_101226.csv', header + (await sampleRows(3000)).join('\n'));
    const html = await fetch(`${sim()}/nppes/NPI_Files.html`).then((r) => r.text());
    expect(html).toContain("href='./NPPES_Deactivated_NPI_Report_101126.zip'");
    expect(html).toContain("href='./NPPES_Deactivated_NPI_Report_101226.zip'");
    expect(await ingest()).toMatchObject({ outcome: 'unchanged', reason: 'not_modified', version: before.version });
    await rm(reportPath('NPPES_Deactivated_NPI_Report_101126.csv'));
    await rm(reportPath('NPPES_Deactivated_NPI_Report_101226.csv'));
  });

  it('loads next month’s report under a new version: reactivated NPIs drop out, unreadable rows are counted', async () => {
    const before = (await store().current(list))!;
    const rows = (await sampleRows(3001)).filter((row) => !row.startsWith(deactivatedNpi));
    // The provider's NPI reactivated; two rows unreadable (a wrong check digit, no date), one float-formatted.
    const next = [...rows.slice(1), '1234567890,11/02/2026', '1689872012,', '1851713903.0,11/03/2026'];
    await data.write('nppes-deactivated/NPPES_Deactivated_NPI_Report_110926_V2.csv', header + next.join('\n'));
    const outcome = await ingest();
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      previous_version: before.version,
      file_name: 'NPPES_Deactivated_NPI_Report_110926_V2.zip',
      as_of: '2026-11-09',
      stats: { rows: rows.length, malformed_rows: 2 },
    });
    expect((await store().find(list, { npi: deactivatedNpi })).entries).toEqual([]);
    expect((await store().find(list, { npi: '1851713903' })).entries.map((f) => f.entry.action.startDate)).toEqual(['2026-11-03']);
  });

  it('refuses a report with under half the rows of the current version; --force holds it for review, accepted by an operator', async () => {
    const before = (await store().current(list))!;
    await data.write('nppes-deactivated/NPPES_Deactivated_NPI_Report_111026_V2.csv', header + (await sampleRows(1000)).join('\n'));
    const error = await rejectionOf(ingest(), SourceError);
    expect(error.failure).toBe('malformed');
    expect(error.message).toMatch(new RegExp(`new list has 1000 rows against ${before.stats.rows}: refusing to switch`));
    expect((await store().current(list))!.version).toBe(before.version);
    // Beyond the list's change budget: the version in force keeps answering until an operator accepts.
    expect(await ingest({ force: true })).toMatchObject({ outcome: 'held', previous_version: before.version });
    expect((await store().current(list))!.version).toBe(before.version);
    await acceptHeld(awsReviewPorts(), list, new Date());
    expect((await store().current(list))!.stats.rows).toBe(1000);
    await rm(reportPath('NPPES_Deactivated_NPI_Report_111026_V2.csv'));
    // Back to the report before it: older than the version in force, so only on purpose.
    expect(await rejectionOf(ingest({ force: true }), IngestRefusal)).toMatchObject({ kind: 'implausible' });
    expect(await ingest({ force: true, rollback: 'the 11/10 report was withdrawn' })).toMatchObject({
      outcome: 'ingested',
      file_name: 'NPPES_Deactivated_NPI_Report_110926_V2.zip',
    });
  });

  it('refuses a ZIP without a workbook, and a workbook whose header changed, keeping the current version', async () => {
    const before = (await store().current(list))!;
    const csvOnly = await zipOf(new Map([['NPPES Deactivated NPI Report 20261110.csv', header + (await sampleRows(3000)).join('\n')]]));
    await writeFile(reportPath('NPPES_Deactivated_NPI_Report_111026_V2.zip'), csvOnly);
    const noWorkbook = await rejectionOf(ingest(), SourceError);
    expect(noWorkbook.failure).toBe('malformed');
    expect(noWorkbook.message).toMatch(/the archive holds 0 workbook members/);
    await rm(reportPath('NPPES_Deactivated_NPI_Report_111026_V2.zip'));

    await data.write('nppes-deactivated/NPPES_Deactivated_NPI_Report_111026_V2.csv', `NPI,Deactivation Date,Reason\n${(await sampleRows(3000)).join('\n')}`);
    const changed = await rejectionOf(ingest(), SourceError);
    expect(changed.failure).toBe('malformed');
    expect(changed.message).toMatch(/unexpected header \(3 columns, expected 2; column 2 is "Deactivation Date", expected "NPPES Deactivation Date"\)/);
    await rm(reportPath('NPPES_Deactivated_NPI_Report_111026_V2.csv'));
    expect((await store().current(list))!.version).toBe(before.version);
  });

  it.each(transportFaults)('%s: the ingest reports it (%s) and the current version stays', (mode, failure) =>
    expectTransportFault(
      data,
      'nppes_deactivated',
      mode,
      failure,
      () => ingest({ force: true }),
      async () => (await store().current(list))?.version,
    ),
  );
});

describe('npm run admin -- ingest nppes_deactivated --file', () => {
  it('loads a report ZIP an operator downloaded', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-nppes-'));
    try {
      const zip = join(stateDir, `${current}.zip`);
      await writeFile(zip, Buffer.from(await (await fetch(`${sim()}/nppes/${current}.zip`)).arrayBuffer()));
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'ingest', list, '--file', zip], {
        cwd: join(import.meta.dirname, '..', '..'),
        env: { ...process.env, LOCAL_STATE_DIR: stateDir, SOURCE_DATA_DIR: data.dir },
      });
      expect(JSON.parse(stdout)).toMatchObject({ outcome: 'ingested', list, file_name: `${current}.zip`, as_of: '2026-10-12', stats: { rows: 3001 } });
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  }, 180_000);
});
