/**
 * The state Medicaid lists published as workbooks (WA HCA, CO HCPF, NY OMIG), ingested from the
 * simulator as from the states: the landing page's link (WA, CO) or the fixed URL (NY), then the XLSX
 * the simulator builds from the sample's CSV (preamble, multi-line cells, number NPIs, date cells). A
 * changed header, a missing sheet, a sheet nobody reads, a page without its link and a list with under
 * half the rows are refused, and the current version stays.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { coHcpf } from '#shared/features/sources/lists/co-hcpf.ts';
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import type { ListDefinition } from '#shared/features/sources/lists/list-definition.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { nyOmig } from '#shared/features/sources/lists/ny-omig.ts';
import { waHca } from '#shared/features/sources/lists/wa-hca.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { csvLine } from '../../local/sample-data/medicaid-list-people.ts';
import { buildWorkbook } from '../../local/simulator/medicaid-list-sites.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const store = () => dynamoSanctionsStore();
let data: SourceDataCopy;
let t: TestStack;

beforeAll(async () => {
  process.env.LIST_RESPONSE_TIMEOUT_MS = '2000';
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const csvOf = (name: string) => readFile(join(data.dir, 'lists', name), 'utf8');

/** The rows of a sheet's CSV (cells with line breaks inside quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  const parser = new CsvParser();
  parser.push(text, (row) => rows.push(row));
  parser.end((row) => rows.push(row));
  return rows;
}

/** Runs `change` with the files given in place, then puts the sample's files back whatever happened. */
async function withChanged(files: Record<string, string | Buffer>, change: () => Promise<void>): Promise<void> {
  const saved = await Promise.all(Object.keys(files).map(async (f) => [f, await readFile(join(data.dir, f)).catch(() => null)] as const));
  try {
    for (const [file, content] of Object.entries(files)) await writeFile(join(data.dir, file), content);
    await change();
  } finally {
    for (const [file, content] of saved) {
      if (content === null) await rm(join(data.dir, file), { force: true });
      else await writeFile(join(data.dir, file), content);
    }
  }
}

/** The ingest is refused as malformed with `message`, and the current version stays. */
async function refused(definition: ListDefinition, message: RegExp, options: { force?: boolean } = {}): Promise<void> {
  const before = await store().current(definition.id);
  const error = await rejectionOf(ingestList(definition, store(), options), SourceError);
  expect(error.failure).toBe('malformed');
  expect(error.message).toMatch(message);
  expect((await store().current(definition.id))?.version).toBe(before?.version);
}

/** A workbook written as `lists/<name>.xlsx`, served instead of the CSV. */
const workbookFile = (sheets: Record<string, string[][]>) => buildWorkbook(Object.entries(sheets).map(([name, rows]) => ({ spec: { name, file: '' }, rows })));

describe('WA HCA Provider Termination and Exclusion List', () => {
  it('follows the landing page’s link to the workbook: preamble date, multi-line cells, number NPIs, date cells; the raw file archived', async () => {
    const outcome = await invokeAs('ListIngest', () => ingestList(waHca, store()));
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      list: 'wa_hca',
      file_name: 'provider-termination-and-exclusion-list.xlsx',
      // From the `Updated 10/23/2026` line above the header.
      as_of: '2026-10-23',
      stats: { rows: 234, malformed_rows: 0 },
    });
    if (outcome.outcome !== 'ingested') return;
    expect(outcome.stats.entities).toBeGreaterThan(0);

    // The sample's multi-line row: the business line first, then the person; the business's NPI and hers.
    const dixon = (await store().find('wa_hca', { npi: '1584014678' })).entries.map((f) => f.entry);
    expect(dixon).toEqual([
      expect.objectContaining({
        kind: 'individual',
        lastName: 'Dixon',
        firstName: 'Thomas',
        aliases: ['Dixon Dentures NW'],
        npis: [expect.any(String), '1584014678'],
        licenses: [{ state: 'WA', number: 'MD00725573' }],
        action: expect.objectContaining({ type: 'Medicaid termination', agency: 'WA HCA', startDate: '2026-04-05' }),
      }),
    ]);
    // Found by surname too; a ProviderOne id is no NPI; the typed action is cleaned, its wording kept.
    const mcewen = (await store().find('wa_hca', { lastName: 'MCEWEN' })).entries.map((f) => f.entry);
    expect(mcewen).toEqual([
      expect.objectContaining({
        npi: null,
        identifiers: { providerone_id: expect.stringMatching(/^\d{7}$/) },
        licenses: [{ state: 'WA', number: 'MD60384170' }],
        action: expect.objectContaining({ type: 'License suspended', comments: 'License Suspened' }),
      }),
    ]);

    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: outcome.archive_key }));
    expect(archived.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(
      Buffer.from(await archived.Body!.transformToByteArray())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('does nothing when the workbook has not changed (conditional GET); the scheduled check runs the worker', async () => {
    const before = (await store().current('wa_hca'))!;
    expect(await ingestList(waHca, store())).toEqual({ outcome: 'unchanged', list: 'wa_hca', reason: 'not_modified', version: before.version });
    await new Promise((r) => setTimeout(r, 5));
    await t.stack.scheduler.fire('waHcaCheck');
    await waitFor(async () => ((await store().current('wa_hca'))!.checked_at! > before.checked_at! ? true : undefined), 30_000);
  });

  it('refuses a changed header', async () => {
    const csv = await csvOf('wa-hca.csv');
    await withChanged({ 'lists/wa-hca.csv': csv.replace('NPI # or P1 #', 'NPI') }, () =>
      refused(waHca, /unexpected header \(5 columns, expected 5; column 3 is "NPI", expected "NPI # or P1 #"\)/),
    );
  });

  it('refuses a workbook without its sheet', async () => {
    const rows = csvRows(await csvOf('wa-hca.csv'));
    await withChanged({ 'lists/wa-hca.xlsx': workbookFile({ Sheet1: rows }) }, () =>
      refused(waHca, /the workbook has no sheet named like .*\(sheets: "Sheet1"\)/),
    );
  });

  it('refuses a landing page without the link: the page changed', async () => {
    await data.setFaults({ wa_hca: { mode: 'malformed' } });
    try {
      await refused(waHca, /has no link like text \/HCA Medicaid providers listing\/i/, { force: true });
    } finally {
      await data.setFaults({});
    }
  });

  it('refuses a list with under half the rows of the current version', async () => {
    // The preamble, the header and 100 rows.
    const rows = csvRows(await csvOf('wa-hca.csv')).slice(0, 4 + 100);
    await withChanged({ 'lists/wa-hca.csv': rows.map(csvLine).join('') }, () => refused(waHca, /new list has 100 rows against 234: refusing to switch/));
  });
});

describe('CO HCPF terminated provider list', () => {
  it('follows the link to the workbook; reads the termination sheet, leaves the reinstated one alone', async () => {
    const outcome = await ingestList(coHcpf, store());
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      list: 'co_hcpf',
      file_name: 'Terminated Provider List.xlsx',
      stats: { rows: 318, malformed_rows: 0 },
    });
    // The NPI and a Colorado Medicaid id in one cell.
    const moore = (await store().find('co_hcpf', { npi: '1603517891' })).entries.map((f) => f.entry);
    expect(moore).toEqual([
      expect.objectContaining({
        kind: 'individual',
        lastName: 'MOORE',
        firstName: 'NANCY',
        npi: '1603517891',
        identifiers: { co_medicaid_id: expect.stringMatching(/^9000\d{6}$/) },
        action: expect.objectContaining({ type: 'Medicaid termination', code: '10 CCR 2505-10, Section 8.076.1.7.e', agency: 'CO HCPF' }),
      }),
    ]);
    // On the reinstated sheet only: not loaded.
    expect((await store().find('co_hcpf', { npi: '1283463218' })).entries).toEqual([]);
  });

  it('refuses a changed header, a workbook without the termination sheet, and one with a sheet nobody reads', async () => {
    const csv = await csvOf('co-hcpf.csv');
    await withChanged({ 'lists/co-hcpf.csv': csv.replace('Termination Effective Date', 'Effective Date') }, () =>
      refused(coHcpf, /column 5 is "Effective Date", expected "Termination Effective Date"/),
    );
    const rows = csvRows(csv);
    await withChanged({ 'lists/co-hcpf.xlsx': workbookFile({ 'Reinstated Providers': rows }) }, () =>
      refused(coHcpf, /the workbook has no sheet named like .*\(sheets: "Reinstated Providers"\)/),
    );
    await withChanged({ 'lists/co-hcpf.xlsx': workbookFile({ 'Termination List': rows, 'Termination List 2025': rows }) }, () =>
      refused(coHcpf, /a sheet nobody reads: "Termination List 2025"/),
    );
  });

  it('when the site turns the service away (HCPF sits behind a bot filter), an operator’s saved workbook is loaded with --file', async () => {
    const before = (await store().current('co_hcpf'))!;
    await data.setFaults({ co_hcpf: { mode: 'error' } });
    try {
      expect((await rejectionOf(ingestList(coHcpf, store(), { force: true }), SourceError)).failure).toBe('server_error');
    } finally {
      await data.setFaults({});
    }
    const saved = join(data.dir, 'Terminated Provider List (saved).xlsx');
    await writeFile(
      saved,
      Buffer.from(await (await fetch(`${process.env.CO_HCPF_BASE_URL}/sites/hcpf/files/Terminated%20Provider%20List.xlsx`)).arrayBuffer()),
    );
    const outcome = await ingestList(coHcpf, store(), { file: saved, force: true });
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      previous_version: before.version,
      file_name: 'Terminated Provider List (saved).xlsx',
      stats: { rows: 318 },
    });
  });

  it('refuses a list with under half the rows', async () => {
    const lines = (await csvOf('co-hcpf.csv')).split('\n');
    await withChanged({ 'lists/co-hcpf.csv': `${lines.slice(0, 120).join('\n')}\n` }, () =>
      refused(coHcpf, /new list has 119 rows against 318: refusing to switch/),
    );
  });
});

describe('NY OMIG Medicaid exclusion list', () => {
  it('downloads the workbook from its fixed URL: 8,931 rows, people and businesses, padded licenses', async () => {
    const outcome = await ingestList(nyOmig, store());
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'ny_omig', file_name: 'exclusions.xlsx', stats: { rows: 8931, malformed_rows: 0 } });
    if (outcome.outcome !== 'ingested') return;
    expect(outcome.stats.entities).toBeGreaterThan(900);
    expect(outcome.stats.with_npi).toBeGreaterThan(1500);
    const lee = (await store().find('ny_omig', { npi: '1457771040' })).entries.map((f) => f.entry);
    expect(lee).toEqual([
      expect.objectContaining({
        kind: 'individual',
        lastName: 'LEE',
        firstName: 'JEANETTE',
        licenses: [{ state: 'NY', number: expect.stringMatching(/^00\d{6}$/) }],
        action: expect.objectContaining({ type: 'Medicaid exclusion', agency: 'NY OMIG', comments: 'Physician' }),
      }),
    ]);
  }, 120_000);

  it('refuses a changed header and a workbook without its sheet', async () => {
    const csv = await csvOf('ny-omig.csv');
    await withChanged({ 'lists/ny-omig.csv': csv.replace('provider_type', 'provider_category') }, () =>
      refused(nyOmig, /column 4 is "provider_category", expected "provider_type"/),
    );
    const rows = csvRows(csv).slice(0, 50);
    await withChanged({ 'lists/ny-omig.xlsx': workbookFile({ Sheet1: rows }) }, () =>
      refused(nyOmig, /the workbook has no sheet named like .*\(sheets: "Sheet1"\)/),
    );
  });

  it('refuses a list with under half the rows', async () => {
    const lines = (await csvOf('ny-omig.csv')).split('\n');
    await withChanged({ 'lists/ny-omig.csv': `${lines.slice(0, 301).join('\n')}\n` }, () =>
      refused(nyOmig, /new list has 300 rows against 8931: refusing to switch/),
    );
  });
});
