/**
 * CSV exports of the verification history: POST answers 202 (an Idempotency-Key replays it), the worker
 * writes the file through the real queue and S3, GET links to it with a presigned URL that downloads
 * it. The file holds one row per matching verification created before the request, exactly, while
 * verifications keep being written; never a date of birth; formula-like cells neutralised. A worker
 * killed mid-export is retried and the export completes once. Another account's or mode's export is 404.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { newContainer } from '#shared/platform/container.ts';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl, tableName } from '#shared/platform/config.ts';
import { csvColumns } from '#shared/features/history/csv.ts';
import { exportFinishMs } from '#shared/features/history/export-file.ts';
import { runExportAttempt } from '#shared/features/history/export-attempt.ts';
import { pollSeconds, progressIntervalMs } from '#shared/features/history/export-progress.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import type { HistoryStore } from '#shared/features/history/ports.ts';
import { fixedClock } from '#shared/platform/clock.ts';
import { Deadline } from '#shared/platform/deadline.ts';
import { exportCounterKey, exportsPerDay } from '#shared/features/history/adapters/export-quota.ts';
import { dayWindow } from '#shared/features/limits/windows.ts';
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import type { VerificationRecord } from '#shared/features/verification/verification-record.ts';
import { localName } from '../../local/runtime/provision.ts';
import { deadLetterQueueId, queues } from '#shared/platform/infra/resources.ts';
import { seedHistory } from '../support/history-seed.ts';
import { failCalls } from '../support/aws-faults.ts';
import type { OpenApiValidator } from '../support/openapi-validator.ts';
import { errorOf, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { receiveAndRunExport, startExportStack, type ExportStack } from '../support/export-stack.ts';
import { monitorOn, serviceSignatureValid, standardSignatureCheck, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { exportEventSchemas } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { recordAwsCalls } from '../support/aws-call-log.ts';

const root = join(import.meta.dirname, '..', '..');
const dob = '1968-12-01';
const json = { 'content-type': 'application/json' };

let exportStack: ExportStack;
let t: TestStack;
let accountId: string;
let testKey: string;
let liveKey: string;
let otherKey: string;
let template: VerificationRecord;
let contract: OpenApiValidator;

beforeAll(async () => {
  exportStack = await startExportStack();
  ({ t, testKey, accountId, contract } = exportStack);
  liveKey = (await t.issue({ plan: 'enterprise', mode: 'live', accountId, minuteLimit: 10_000 })).api_key;
  otherKey = (await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 })).api_key;
  const made = await t.call('/v1/verify', {
    method: 'POST',
    key: testKey,
    headers: json,
    body: JSON.stringify({ first_name: 'Dana', last_name: 'test-disciplined', state: 'WA', npi: '1662571706', dob }),
  });
  expect(made.status).toBe(200);
  template = (await new DynamoVerificationStore().getOwned(made.body.verification_id, accountId, 'test'))!;
});
afterAll(() => exportStack.stop());

const receiveAndRun = receiveAndRunExport;

/** Runs the worker on what the export queue holds; answers how many messages it ran successfully. */
const runExportWorker = async () => (await receiveAndRun()).succeeded;

/** A request to the stack whose answer is checked against the served contract. */
async function checked(method: 'GET' | 'POST', url: string, key: string, body?: string, headers: Record<string, string> = {}) {
  const res = await t.call(url, { method, key, headers, ...(body === undefined ? {} : { body }) });
  const requestHeaders = { authorization: `Bearer ${key}`, ...headers };
  expect(
    contract.responseViolations({ method, url, requestHeaders, requestBody: body, status: res.status, responseHeaders: res.headers, responseBody: res.text }),
  ).toEqual([]);
  return res;
}

/** The export queue's dead-letter queue, named locally as provisioning names it. */
const deadLetterUrl = () =>
  queueUrl('historyExport').replace(new RegExp(`${localName(queues.historyExport.id)}$`), localName(deadLetterQueueId('historyExport')));

const requestExport = (key: string, body: unknown, idempotencyKey?: string) =>
  checked('POST', '/v1/verifications/exports', key, JSON.stringify(body), { ...json, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });

const getExport = (key: string, id: string) => checked('GET', `/v1/verifications/exports/${id}`, key);

/** The CSV's rows (header first), read as RFC 4180. */
function rowsOf(text: string): string[][] {
  const rows: string[][] = [];
  const parser = new CsvParser();
  parser.push(text, (row) => rows.push(row));
  parser.end((row) => rows.push(row));
  return rows;
}

async function download(key: string, id: string) {
  const ready = await getExport(key, id);
  expect(ready.status).toBe(200);
  expect(ready.body.status).toBe('ready');
  const res = await fetch(ready.body.download_url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { view: ready.body, headers: ready.headers, bytes, text: bytes.toString('utf8'), rows: rowsOf(bytes.toString('utf8').replace(/^\uFEFF/, '')) };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** One test-mode verification of the account whose stored summary is damaged: every attempt to write an export holding it fails on it. */
async function seedDamagedVerification(accountId: string): Promise<void> {
  const [broken] = await seedHistory(template, [{ createdAt: daysAgo(3), subject: { first_name: 'Eve', last_name: 'Stone', state: 'WA', npi: null } }], {
    account_id: accountId,
    mode: 'test',
  });
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('verifications'),
      Key: { verification_id: broken },
      UpdateExpression: 'SET #h.#v = :v',
      ExpressionAttributeNames: { '#h': 'history', '#v': 'verified' },
      ExpressionAttributeValues: { ':v': 'maybe' },
    }),
  );
}

describe('POST /v1/verifications/exports and GET /v1/verifications/exports/{export_id}', () => {
  it('exports the filtered history to a CSV behind a 15-minute presigned link: one row per verification, no date of birth, formulas neutralised', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const subjects = [
      { first_name: '=HYPERLINK("http://evil.example","x")', last_name: 'Ortiz', state: 'WA', npi: null },
      { first_name: 'Zoë', last_name: "O'Brien, Jr.", state: 'WA', npi: '1234567893' },
      { first_name: '+1', last_name: '@Lee', state: 'TX', npi: null },
      { first_name: 'Ann', last_name: '-Lee', state: 'WA', npi: null },
    ];
    const ids = await seedHistory(
      template,
      subjects.map((subject, i) => ({ createdAt: daysAgo(10 + i), subject, result: i === 2 ? { verified: false, status: 'not_found' } : {} })),
      { account_id, mode: 'test' },
    );
    const created = await requestExport(api_key, { state: 'WA' }, 'export-one');
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'pending', row_count: null, progress: null, download_url: null, filters: { state: 'WA' } });
    // Where to poll, and when (the writing starts at once here: the settle delay is 0).
    const location = created.headers.get('location')!;
    expect(new URL(location).pathname).toBe(`/v1/verifications/exports/${created.body.export_id}`);
    expect(Number(created.headers.get('retry-after'))).toBe(pollSeconds);
    const replay = await requestExport(api_key, { state: 'WA' }, 'export-one');
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('location')).toBe(location);
    expect(replay.body.export_id).toBe(created.body.export_id);
    const pending = await getExport(api_key, created.body.export_id);
    expect(pending.body).toMatchObject({ status: 'pending', progress: null });
    expect(Number(pending.headers.get('retry-after'))).toBe(pollSeconds);

    // One read of the export by its worker: it names no monitor, so the end is told to no one and not read again.
    const log = recordAwsCalls();
    try {
      const { value: ran, calls } = await log.during(() => runExportWorker());
      expect(ran).toBe(1);
      const reads = calls.filter((c) => c.functionId === 'HistoryExport' && c.operation === 'GetItem' && c.resource === tableName('exports'));
      expect(reads).toHaveLength(1);
    } finally {
      log.stop();
    }
    const { view, bytes, rows, text, headers } = await download(api_key, created.body.export_id);
    expect(view.row_count).toBe(3);
    expect(view.progress).toMatchObject({ attempt: 1, rows_written: 3 });
    expect(Date.parse(view.progress.started_at)).toBeLessThanOrEqual(Date.parse(view.progress.updated_at));
    expect(view.progress.updated_at).toBe(view.completed_at);
    // Finished: nothing more to wait for.
    expect(headers.get('retry-after')).toBeNull();
    expect(Date.parse(view.download_expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(view.download_expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(new URL(view.download_url).searchParams.get('X-Amz-Expires')).toBe('900');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows[0]).toEqual([...csvColumns]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids[0], ids[1], ids[3]]);
    expect(rows[1]![3]).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(rows[2]!.slice(3, 7)).toEqual(['Zoë', "O'Brien, Jr.", 'WA', '1234567893']);
    expect(rows[3]![4]).toBe("'-Lee");
    const column = (name: string) => csvColumns.indexOf(name as (typeof csvColumns)[number]);
    expect(rows[1]![column('disciplinary_action')]).toBe('true');
    expect(rows[1]![column('record_url')]).toMatch(new RegExp(`/records/${ids[0]}$`));
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(text).not.toContain(dob);

    // Another account's or mode's key: 404, and the owner's export unchanged.
    for (const key of [otherKey, liveKey, testKey]) {
      const res = await getExport(key, created.body.export_id);
      expect(res.status).toBe(404);
      expect(errorOf(res.body).code).toBe('resource_not_found');
    }
  });

  it('shows its progress while it is written: the attempt, since when, and the rows written, updated at most every few seconds', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const seeded = await seedHistory(
      template,
      Array.from({ length: 450 }, (_, i) => ({ createdAt: daysAgo(1 + i / 100), subject: { first_name: 'Lin', last_name: 'Moss', state: 'WA', npi: null } })),
      { account_id, mode: 'test' },
    );
    // Earlier tests' messages are run first; this export's message is then taken off the queue: its attempt
    // runs below, in the worker's function and with its permissions, on a clock that moves 2.5 s at each
    // page (of 50 rows) of the history, so progress is written at every other page, and the export is read
    // between pages.
    while ((await receiveAndRun()).received > 0);
    const created = await requestExport(api_key, {});
    expect(created.status).toBe(202);
    const taken = await waitFor(async () => {
      const got = await sqs().send(new ReceiveMessageCommand({ QueueUrl: queueUrl('historyExport'), MaxNumberOfMessages: 1, WaitTimeSeconds: 1 }));
      return got.Messages?.[0];
    }, 10_000);
    expect(JSON.parse(taken.Body!)).toMatchObject({ export_id: created.body.export_id });
    await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl('historyExport'), ReceiptHandle: taken.ReceiptHandle! }));
    const clock = fixedClock(new Date());
    const real = new DynamoHistoryStore();
    const seen: { rows: number; view: any; retryAfter: string | null }[] = [];
    let rowsSoFar = 0;
    const paced: Pick<HistoryStore, 'pages'> = {
      async *pages(plan) {
        for await (const page of real.pages(plan)) {
          for (let i = 0; i < page.length; i += 50) {
            clock.advance(progressIntervalMs / 2);
            const res = await getExport(api_key, created.body.export_id);
            seen.push({ rows: rowsSoFar, view: res.body, retryAfter: res.headers.get('retry-after') });
            const chunk = page.slice(i, i + 50);
            rowsSoFar += chunk.length;
            yield chunk;
          }
        }
      },
    };
    const record = (await new DynamoExportStore().get(created.body.export_id))!;
    const result = await invokeAs('HistoryExport', () =>
      runExportAttempt(record, 1, { exports: new DynamoExportStore(), history: paced, files: new S3ExportFiles(), clock }, Deadline.after(60_000)),
    );
    expect(result).toMatchObject({ outcome: 'written', rows: seeded.length, finished: { status: 'ready', row_count: seeded.length } });
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil(seeded.length / 50));
    for (const { rows, view, retryAfter } of seen) {
      expect(view.status).toBe('pending');
      expect(Number(retryAfter)).toBe(pollSeconds);
      expect(view.progress.attempt).toBe(1);
      // At most a page behind, never ahead: written at most every 5 s of the clock.
      expect(view.progress.rows_written).toBeLessThanOrEqual(rows);
      expect(view.progress.rows_written).toBeGreaterThanOrEqual(Math.max(0, rows - 50));
    }
    const counts = seen.map((s) => s.view.progress.rows_written as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBeGreaterThan(2);
    // Updates every other page: fewer writes than pages.
    expect(new Set(seen.map((s) => s.view.progress.updated_at)).size).toBeLessThanOrEqual(Math.ceil(seen.length / 2) + 1);
    const done = await getExport(api_key, created.body.export_id);
    expect(done.body).toMatchObject({ status: 'ready', row_count: seeded.length, progress: { attempt: 1, rows_written: seeded.length } });
  });

  it('holds exactly the verifications created before the request while new ones are written during the export', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const before = await seedHistory(
      template,
      Array.from({ length: 1500 }, (_, i) => ({ createdAt: daysAgo(1 + i / 100), subject: { first_name: 'Kim', last_name: `Park`, state: 'WA', npi: null } })),
      { account_id, mode: 'test' },
    );
    const created = await requestExport(api_key, {});
    expect(created.status).toBe(202);
    const snapshotAt = created.body.snapshot_at as string;

    let writing = true;
    const during: string[] = [];
    const writer = (async () => {
      while (writing) {
        const res = await t.call('/v1/verify', {
          method: 'POST',
          key: api_key,
          headers: json,
          body: JSON.stringify({ first_name: 'Kim', last_name: 'test-active', state: 'WA', dob }),
        });
        expect(res.status).toBe(200);
        during.push(res.body.verification_id);
        during.push(
          ...(await seedHistory(
            template,
            [{ createdAt: new Date().toISOString(), subject: { first_name: 'Kim', last_name: 'Park', state: 'WA', npi: null } }],
            { account_id, mode: 'test' },
          )),
        );
      }
    })();
    expect(await runExportWorker()).toBe(1);
    writing = false;
    await writer;

    const { view, rows } = await download(api_key, created.body.export_id);
    const exported = rows.slice(1).map((r) => r[0]);
    expect(during.length).toBeGreaterThan(0);
    expect(view.row_count).toBe(before.length);
    expect(new Set(exported)).toEqual(new Set(before));
    expect(exported).toHaveLength(before.length);
    for (const row of rows.slice(1)) expect(row[1]! < snapshotAt).toBe(true);
    // The history itself has them all.
    const listed = await t.call('/v1/verifications?limit=100', { key: api_key });
    expect(listed.body.data[0].verification_id).toBe(during[during.length - 1]);
  });

  it('is written once even when its worker is killed mid-export: the message comes back and the retry completes it', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const seeded = await seedHistory(
      template,
      Array.from({ length: 1200 }, (_, i) => ({ createdAt: daysAgo(2 + i / 100), subject: { first_name: 'Ray', last_name: 'Diaz', state: 'CA', npi: null } })),
      { account_id, mode: 'test' },
    );
    const created = await requestExport(api_key, { last_name: 'DÍAZ' });
    expect(created.status).toBe(202);

    // Node itself with tsx's loader, not the tsx command: the command runs the script in a child process
    // of its own, which a SIGKILL of the command leaves running.
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/support/crash-worker.ts'), '2', 'historyExport'], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('received') && resolve());
      child.on('exit', (code) => reject(new Error(`crash worker exited early (${code})`)));
    });
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect((await getExport(api_key, created.body.export_id)).body.status).toBe('pending');

    // The message comes back once its visibility timeout (2 s) is over; the retry writes the file.
    await waitFor(async () => ((await runExportWorker()) === 1 ? true : undefined), 20_000);
    const first = await download(api_key, created.body.export_id);
    expect(first.view.row_count).toBe(seeded.length);
    // The retry is the message's second receive: its progress, counted afresh, is what the export shows.
    expect(first.view.progress).toMatchObject({ attempt: 2, rows_written: seeded.length });
    expect(new Set(first.rows.slice(1).map((r) => r[0]))).toEqual(new Set(seeded));
    // Nothing is left to run, and the export stays as it completed.
    expect(await runExportWorker()).toBe(0);
    const again = await getExport(api_key, created.body.export_id);
    expect(again.body.completed_at).toBe(first.view.completed_at);
    expect(again.body.row_count).toBe(seeded.length);
  });

  it('is marked failed when its last attempt fails too, and its message parked in the dead-letter queue', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    await seedDamagedVerification(account_id);
    const created = await requestExport(api_key, {});
    expect(created.status).toBe(202);
    for (let attempt = 1; attempt <= 3; attempt++) {
      // The message comes back a second after each failed attempt.
      const run = await waitFor(async () => {
        const ran = await receiveAndRun(1);
        return ran.received > 0 ? ran : undefined;
      }, 10_000);
      expect(run).toEqual({ received: 1, succeeded: 0 });
      const state = (await getExport(api_key, created.body.export_id)).body;
      expect(state.status, `after attempt ${attempt}`).toBe(attempt < 3 ? 'pending' : 'failed');
    }
    // The next receive past the limit moves the message to the dead-letter queue instead of running it.
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await receiveAndRun(1)).toEqual({ received: 0, succeeded: 0 });
    const dead = await waitFor(async () => {
      const got = await sqs().send(new ReceiveMessageCommand({ QueueUrl: deadLetterUrl(), MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      return got.Messages?.find((m) => m.Body?.includes(created.body.export_id));
    }, 10_000);
    expect(JSON.parse(dead.Body!)).toEqual({ kind: 'history_export', export_id: created.body.export_id });
    const failed = (await getExport(api_key, created.body.export_id)).body;
    expect(failed).toMatchObject({ status: 'failed', row_count: null, download_url: null });
  });

  it('refuses bad filters and ids with a 400 or 404 in the error shape, and creates nothing', async () => {
    const cases: [unknown, string][] = [
      [{ created_from: 'last month' }, 'created_from'],
      [{ created_from: '2026-11-01', created_to: '2026-10-01' }, 'created_to'],
      [{ verified: 'false' }, 'verified'],
      [{ status: 'failed' }, 'status'],
      [{ npi: 1234567893 }, 'npi'],
      [{ dob: '1970-01-01' }, 'dob'],
      [{ last_name: '=cmd' }, 'last_name'],
    ];
    for (const [body, param] of cases) {
      const res = await requestExport(testKey, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).param, JSON.stringify(body)).toBe(param);
    }
    expect(await runExportWorker()).toBe(0);
    for (const id of ['exp_nope', 'exp_AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc']) {
      const res = await getExport(testKey, id);
      expect(res.status).toBe(404);
      expect(errorOf(res.body).code).toBe('resource_not_found');
    }
  });
  it('allows 100 exports a day per account and mode, exactly under concurrent requests; a replay is not counted again', async () => {
    const issued = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 10_000 });
    const other = (await t.issue({ plan: 'enterprise', mode: 'test', accountId: issued.account_id, minuteLimit: 10_000 })).api_key;
    const now = new Date();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: exportCounterKey(issued.account_id, 'live', dayWindow(now)),
        UpdateExpression: 'SET exports = :n',
        ExpressionAttributeValues: { ':n': exportsPerDay - 2 },
      }),
    );
    const first = await requestExport(issued.api_key, {}, 'quota-first');
    expect(first.status).toBe(202);
    const racing = await Promise.all([1, 2, 3, 4].map(() => requestExport(issued.api_key, { verified: false })));
    expect(racing.filter((r) => r.status === 202)).toHaveLength(1);
    const refused = racing.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    const midnight = dayWindow(now).end.toISOString();
    for (const res of refused) {
      expect(errorOf(res.body)).toMatchObject({ code: 'export_limit_reached', reset_at: midnight });
      expect(Number(res.headers.get('retry-after'))).toBe(errorOf(res.body).retry_after);
    }
    // A replay answers the first response without counting; the other mode has its own count.
    const replay = await requestExport(issued.api_key, {}, 'quota-first');
    expect(replay.status).toBe(202);
    expect(replay.body.export_id).toBe(first.body.export_id);
    expect((await requestExport(other, {})).status).toBe(202);
  });
  it('stops writing while there is time to record it: an export the worker cannot finish in its time ends failed, not pending', async () => {
    // Earlier tests' exports are written first, so that each attempt below is this export's.
    while ((await receiveAndRun()).received > 0);
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    await seedHistory(template, [{ createdAt: daysAgo(2), subject: { first_name: 'Ida', last_name: 'Hale', state: 'WA', npi: null } }], {
      account_id,
      mode: 'test',
    });
    const created = await requestExport(api_key, {});
    expect(created.status).toBe(202);
    // Each attempt starts with less time left than finishing needs.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const run = await waitFor(async () => {
        const ran = await receiveAndRun(1, exportFinishMs - 5_000);
        return ran.received > 0 ? ran : undefined;
      }, 10_000);
      expect(run).toEqual({ received: 1, succeeded: 0 });
    }
    const failed = await getExport(api_key, created.body.export_id);
    // The last attempt started, and stopped before its first page.
    expect(failed.body).toMatchObject({ status: 'failed', download_url: null, progress: { attempt: 3, rows_written: 0 } });
    expect(failed.headers.get('retry-after')).toBeNull();
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await receiveAndRun(1)).toEqual({ received: 0, succeeded: 0 });
  });

  it('a request whose message cannot be queued is a 503 to retry: the export it stored is failed and not counted', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const counted = async () =>
      (await dynamo().send(new GetCommand({ TableName: tableName('usage'), Key: exportCounterKey(account_id, 'test', dayWindow(new Date())) }))).Item
        ?.exports ?? 0;
    const fault = failCalls('sqs', () => Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }), {
      operations: ['SendMessage'],
      when: (input) => String(input.QueueUrl) === queueUrl('historyExport'),
    });
    let refused: Awaited<ReturnType<typeof requestExport>>;
    try {
      refused = await requestExport(api_key, {}, 'queue-down');
    } finally {
      fault();
    }
    expect(refused.status).toBe(503);
    expect(errorOf(refused.body).code).toBe('service_unavailable');
    expect(await counted()).toBe(0);
    const stored = await dynamo().send(
      new ScanCommand({
        TableName: tableName('exports'),
        FilterExpression: '#o = :o',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':o': `${account_id}#test` },
      }),
    );
    expect(stored.Items!.map((i) => i.status)).toEqual(['failed']);
    // The retry with the same key is done afresh and succeeds.
    const retried = await requestExport(api_key, {}, 'queue-down');
    expect(retried.status).toBe(202);
    expect(await counted()).toBe(1);
  });

  it('a link signed with credentials that end sooner than 15 minutes states the shorter life it has, and works', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    await seedHistory(template, [{ createdAt: daysAgo(3), subject: { first_name: 'Ann', last_name: 'Short', state: 'WA', npi: null }, result: {} }], {
      account_id,
      mode: 'test',
    });
    const created = await requestExport(api_key, {}, 'short-link');
    // Messages left by earlier tests may come first: the worker runs until this export is written.
    await waitFor(async () => {
      await runExportWorker();
      return (await getExport(api_key, created.body.export_id)).body.status === 'ready' ? true : undefined;
    }, 20_000);
    // The function's credentials, as Lambda gives them, end in 6 minutes: the link says 5 (a minute kept).
    process.env.AWS_CREDENTIAL_EXPIRATION = new Date(Date.now() + 6 * 60_000).toISOString();
    newContainer();
    try {
      const { view, rows } = await download(api_key, created.body.export_id);
      expect(rows).toHaveLength(2);
      const left = Date.parse(view.download_expires_at) - Date.now();
      expect(left).toBeGreaterThan(4 * 60_000);
      expect(left).toBeLessThanOrEqual(5 * 60_000);
      const expires = Number(new URL(view.download_url).searchParams.get('X-Amz-Expires'));
      expect(expires).toBeGreaterThan(290);
      expect(expires).toBeLessThanOrEqual(300);
    } finally {
      delete process.env.AWS_CREDENTIAL_EXPIRATION;
      newContainer();
    }
  });
});

describe('notify_monitor_id: the end of an export told by webhook', () => {
  const secret = 'export-notice-secret-0123456789';
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  /** A monitor of `key`'s account and mode whose webhooks go to the local receiver. */
  const monitorOf = (key: string) => monitorOn(t, key, receiver, secret);

  /** The posts of the event, once its first delivery has been made. */
  const postsOf = (eventId: string) => waitFor(async () => (receiver.postsFor(eventId).length > 0 ? receiver.postsFor(eventId) : undefined), 15_000);

  it('sends export.ready, signed with the monitor’s secret, once the file is written; the event is listed and its file_url downloads', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    await seedHistory(
      template,
      [0, 1].map((i) => ({ createdAt: daysAgo(4 + i), subject: { first_name: 'Ada', last_name: 'Kerr', state: 'WA', npi: null } })),
      { account_id, mode: 'test' },
    );
    const monitorId = await monitorOf(api_key);
    const created = await requestExport(api_key, { last_name: 'Kerr', notify_monitor_id: monitorId });
    expect(created.status).toBe(202);
    // Not a filter: the export shows whom it will tell, and its filters are the filters.
    expect(created.body).toMatchObject({ notify_monitor_id: monitorId, filters: { last_name: 'Kerr' } });
    expect(created.body.filters).not.toHaveProperty('notify_monitor_id');

    expect(await runExportWorker()).toBe(1);
    const ready = (await getExport(api_key, created.body.export_id)).body;
    expect(ready).toMatchObject({ status: 'ready', row_count: 2, notify_monitor_id: monitorId });
    const events = (await t.call(`/v1/events?monitor_id=${monitorId}`, { key: api_key })).body.data as { event_id: string; event: string }[];
    expect(events.map((e) => e.event)).toEqual(['export.ready']);
    const eventId = events[0]!.event_id;
    const [post, ...more] = await postsOf(eventId);
    expect(more).toEqual([]);
    expect(serviceSignatureValid(post!, secret)).toBe(true);
    expect(standardSignatureCheck(post!, secret)).toBe('valid');
    const body = exportEventSchemas['export.ready'].parse(JSON.parse(post!.body));
    expect(body).toEqual({
      event: 'export.ready',
      event_id: eventId,
      monitor_id: monitorId,
      occurred_at: ready.completed_at,
      data: {
        export_id: created.body.export_id,
        status: 'ready',
        row_count: 2,
        export_url: created.headers.get('location'),
        file_url: ready.file_url,
        expires_at: ready.expires_at,
      },
    });
    const event = await waitFor(async () => {
      const got = await checked('GET', `/v1/events/${eventId}`, api_key);
      return got.body.delivery.state === 'delivered' ? got.body : undefined;
    }, 10_000);
    expect(event.payload).toEqual(body);
    // The link the event gives downloads the file with the caller's key.
    const file = await t.call(new URL(ready.file_url).pathname, { key: api_key, redirect: 'manual' });
    expect(file.status).toBe(302);
    expect(rowsOf(await (await fetch(file.headers.get('location')!)).text())).toHaveLength(3);

    // The worker's message delivered again after the end: the same event, not posted again.
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: queueUrl('historyExport'),
        MessageBody: JSON.stringify({ kind: 'history_export', export_id: created.body.export_id }),
      }),
    );
    expect(await runExportWorker()).toBe(1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.postsFor(eventId)).toHaveLength(1);
    expect((await t.call(`/v1/events?monitor_id=${monitorId}`, { key: api_key })).body.data).toHaveLength(1);
  });

  it('sends export.failed when the last attempt fails; a monitor deleted in the meantime is sent nothing', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    await seedDamagedVerification(account_id);
    const monitorId = await monitorOf(api_key);
    const created = await requestExport(api_key, { notify_monitor_id: monitorId });
    expect(created.status).toBe(202);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(async () => ((await receiveAndRun(1)).received > 0 ? true : undefined), 10_000);
    }
    const failed = (await getExport(api_key, created.body.export_id)).body;
    expect(failed.status).toBe('failed');
    const [event] = (await t.call(`/v1/events?monitor_id=${monitorId}`, { key: api_key })).body.data as { event_id: string }[];
    const [post] = await postsOf(event!.event_id);
    expect(exportEventSchemas['export.failed'].parse(JSON.parse(post!.body))).toMatchObject({
      monitor_id: monitorId,
      occurred_at: failed.completed_at,
      data: { export_id: created.body.export_id, status: 'failed', row_count: null, file_url: null },
    });

    const gone = await monitorOf(api_key);
    const second = await requestExport(api_key, { created_to: daysAgo(5), notify_monitor_id: gone });
    expect((await t.call(`/v1/monitor/${gone}`, { method: 'DELETE', key: api_key })).status).toBe(200);
    expect(await runExportWorker()).toBe(1);
    expect((await getExport(api_key, second.body.export_id)).body.status).toBe('ready');
    expect((await t.call(`/v1/events?monitor_id=${gone}`, { key: api_key })).body.data).toEqual([]);
  });

  it('refuses a monitor that is not the caller’s, in its mode and active, with a 400 on notify_monitor_id, and starts nothing', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const live = (await t.issue({ plan: 'enterprise', mode: 'live', accountId: account_id, minuteLimit: 10_000 })).api_key;
    const other = (await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 })).api_key;
    const deleted = await monitorOf(api_key);
    expect((await t.call(`/v1/monitor/${deleted}`, { method: 'DELETE', key: api_key })).status).toBe(200);
    const cases: [string, unknown, string][] = [
      [api_key, 'mon_000000000000000000000000', 'No active monitor'],
      [api_key, await monitorOf(other), 'No active monitor'],
      [live, await monitorOf(api_key), 'No active monitor'],
      [api_key, deleted, 'No active monitor'],
      [api_key, 'hook-1', 'must be a monitor id'],
      [api_key, 42, 'must be a string'],
    ];
    for (const [key, notify, message] of cases) {
      const res = await requestExport(key, { notify_monitor_id: notify });
      expect(res.status, JSON.stringify(notify)).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'notify_monitor_id', message: expect.stringContaining(message) });
    }
    const stored = await dynamo().send(
      new ScanCommand({
        TableName: tableName('exports'),
        FilterExpression: 'begins_with(#o, :a)',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':a': account_id },
      }),
    );
    expect(stored.Items).toEqual([]);
  });
});
