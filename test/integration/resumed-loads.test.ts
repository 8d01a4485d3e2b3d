/**
 * First loads too large for one invocation, of the OIG LEIE and of a roster of two files: the load stops
 * before the deadline with the rows written so far, no version is switched to, and the next invocation
 * resumes the same version from the archived files, writing only what is left, then switches.
 * (The same for a sanctions list: throttled-load.test.ts.)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { Deadline } from '#shared/platform/deadline.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { leieHeader } from '#shared/features/sources/leie/leie-record.ts';
import { loadStopReserveMs } from '#shared/features/sources/lists/ingest-steps.ts';
import { LoadInterrupted } from '#shared/features/sources/lists/load-progress.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { marylandPhysicians } from '#shared/features/sources/rosters/states/maryland.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore, dynamoRosterStore } from '#shared/features/sources/source-store-services.ts';

let data: SourceDataCopy;
let t: TestStack;

beforeAll(async () => {
  data = await copySourceData();
  t = await startTestStack({ sourceDataDir: data.dir, loadRosters: false });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const progressOf = async (source: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: `load#${source}` }, ConsistentRead: true }))).Item;

/** A name of letters only for the number `i` (rosters and lists read names as letters). */
const letters = (i: number) =>
  Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26)))
    .reverse()
    .join('');

/** A deadline that runs out after about `reads` rows: its clock moves one millisecond each time it is read. */
function deadlineAfterRows(reads: number): Deadline {
  let tick = 0;
  return Deadline.after(loadStopReserveMs + reads, () => tick++);
}

describe('a roster too large for one invocation (Maryland, two files)', () => {
  const physicians = 1_300;

  it('stops with its rows written so far, switches nothing, and the next invocation resumes and switches', async () => {
    const forms = 'rosters/md_bop/forms/doctor_list_revised.csv';
    const preamble = [
      'Maryland Board of Physicians',
      'Licensed Physicians',
      'Report Date: 10/01/2026',
      'This list contains licensees with a status of Active or Probation.',
      'One row per practice area.',
      '',
      '',
      'License #,Last Name,First Name,License Status,Expiration Date,Discipline',
    ];
    const rows = Array.from({ length: physicians }, (_, i) => `D02${String(i).padStart(5, '0')},RESUMED${letters(i)},PAT,Active,06/30/2028,No`);
    await data.write(forms, `${[...preamble, ...rows].join('\r\n')}\r\n`);

    // About 700 rows in, the time runs out: the first chunk of 500 is written, the rest is not.
    const stopped = await rejectionOf(
      invokeAs('ListIngest', () => ingestRoster(marylandPhysicians, dynamoRosterStore(), { deadline: deadlineAfterRows(700) })),
      LoadInterrupted,
    );
    expect(stopped.message).toMatch(/stopped for lack of time/);
    expect(await dynamoRosterStore().current('md_bop')).toBeUndefined();
    const progress = (await progressOf('md_bop'))!;
    expect(progress).toMatchObject({
      interruptions: 1,
      rows_done: 500,
      files: [
        { name: 'doctor_list_revised.csv', archive_key: expect.stringMatching(/^rosters\/md_bop\//) },
        { name: 'allied_health_list.csv', archive_key: expect.stringMatching(/^rosters\/md_bop\//) },
      ],
    });

    // The publisher's file changes meanwhile: the resumed load reads the archived one, not the new one.
    await data.write(forms, `${preamble.join('\r\n')}\r\n`);
    const resumed = await invokeAs('ListIngest', () => ingestRoster(marylandPhysicians, dynamoRosterStore()));
    expect(resumed).toMatchObject({ outcome: 'ingested', version: progress.version, previous_version: null });
    if (resumed.outcome !== 'ingested') return;
    expect(resumed.stats.rows).toBeGreaterThan(physicians);
    // Only the rows after the stop were written again.
    expect(resumed.items).toBeLessThan(resumed.stats.rows - 400);
    const current = (await dynamoRosterStore().current('md_bop'))!;
    expect(current.version).toBe(progress.version);
    // Rows written before the stop and after it are both in the version now in force.
    const found = async (i: number) => (await dynamoRosterStore().find('md_bop', current.version, [`RESUMED${letters(i)}`])).length;
    expect(await found(0)).toBe(1);
    expect(await found(499)).toBe(1);
    expect(await found(physicians - 1)).toBe(1);
    expect((await progressOf('md_bop'))?.version).toBeUndefined();
  }, 120_000);
});

describe('an OIG LEIE file too large for one invocation', () => {
  const q = (v: string) => `"${v}"`;
  const line = (r: Partial<Record<(typeof leieHeader)[number], string>>) =>
    leieHeader.map((h) => q(r[h] ?? (h === 'NPI' ? '0000000000' : /DATE|DOB/.test(h) ? '00000000' : ''))).join(',');

  it('the worker fails the message whose load runs out of time, keeping no version, and its retry resumes and switches', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      line({ LASTNAME: `RESUMED${letters(i)}`, FIRSTNAME: 'PAT', EXCLTYPE: '1128b4', EXCLDATE: '20200101' }),
    );
    await data.write('leie/UPDATED.csv', `${[leieHeader.map(q).join(','), ...rows].join('\r\n')}\r\n`);
    const worker = workers.find((w) => w.id === 'LeieIngest')!;
    const event = { Records: [{ messageId: 'leie-check', receiptHandle: 'leie-check', body: JSON.stringify({ kind: 'leie_ingest' }) }] };
    // No more time than the queue worker's reserve and the load's own: the load stops at its first row.
    const short = (await invoke(worker.entry, worker.id, event, loadStopReserveMs + 5_000)) as SQSBatchResponse;
    expect(short.batchItemFailures).toEqual([{ itemIdentifier: 'leie-check' }]);
    expect(await dynamoExclusionStore().current()).toBeUndefined();
    const progress = (await progressOf('leie'))!;
    expect(progress).toMatchObject({ interruptions: 1, rows_done: 0, files: [{ name: 'UPDATED.csv', archive_key: expect.stringMatching(/^leie\//) }] });

    const retry = (await invoke(worker.entry, worker.id, event, loadStopReserveMs + 5_000 + 60_000)) as SQSBatchResponse;
    expect(retry.batchItemFailures).toEqual([]);
    const current = (await dynamoExclusionStore().current())!;
    expect(current).toMatchObject({ version: progress.version, stats: { rows: 1_200 } });
    expect(await dynamoExclusionStore().findIndividuals(current, `RESUMED${letters(1_199)}`)).toHaveLength(1);
    expect((await progressOf('leie'))?.version).toBeUndefined();
  }, 120_000);
});
