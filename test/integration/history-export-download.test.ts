/**
 * GET /v1/verifications/exports/{export_id}/download over real HTTP against the test stack: a ready
 * export answers 302 to a link signed at that moment, valid 60 seconds, that downloads exactly the file
 * `download_url` gives; a pending export is 409 `export_not_ready` with `Retry-After`, a failed one 409
 * `export_failed`; an unknown id, another account's or mode's export and an expired export are 404. Any
 * key role of the export's account and mode may download it. Every answer is checked against the served
 * contract.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { pollSeconds } from '#shared/features/history/export-progress.ts';
import { fileLinkSeconds } from '#shared/features/history/export-view.ts';
import type { OpenApiValidator } from '../support/openapi-validator.ts';
import { errorOf, type TestStack } from '../support/stack.ts';
import { receiveAndRunExport, startExportStack, type ExportStack } from '../support/export-stack.ts';

const json = { 'content-type': 'application/json' };

let exportStack: ExportStack;
let t: TestStack;
let testKey: string;
let testAdminKey: string;
let liveKey: string;
let otherKey: string;
let contract: OpenApiValidator;

beforeAll(async () => {
  exportStack = await startExportStack();
  ({ t, testKey, contract } = exportStack);
  const accountId = exportStack.accountId;
  testAdminKey = (await t.issue({ mode: 'test', accountId, admin: true, minuteLimit: 10_000 })).api_key;
  liveKey = (await t.issue({ mode: 'live', accountId, minuteLimit: 10_000 })).api_key;
  otherKey = (await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 })).api_key;
  const made = await t.call('/v1/verify', {
    method: 'POST',
    key: testKey,
    headers: json,
    body: JSON.stringify({ first_name: 'Dana', last_name: 'test-disciplined', state: 'WA', npi: '1662571706' }),
  });
  expect(made.status).toBe(200);
  // A verification is in the history's indexes a moment after it is stored.
  await new Promise((resolve) => setTimeout(resolve, 1500));
});
afterAll(() => exportStack.stop());

/** Runs the export worker on every message of the export queue, as the event-source mapping does. */
async function runExportWorker(): Promise<void> {
  for (let run = await receiveAndRunExport(); run.received > 0; run = await receiveAndRunExport()) expect(run.succeeded).toBe(run.received);
}

/** A request to the stack, redirects not followed, whose answer is checked against the served contract. */
async function checked(url: string, key: string, init: { method?: 'GET' | 'POST'; body?: string } = {}) {
  const method = init.method ?? 'GET';
  const headers = init.body === undefined ? {} : json;
  const res = await t.call(url, { method, key, headers, redirect: 'manual', ...(init.body === undefined ? {} : { body: init.body }) });
  const requestHeaders = { authorization: `Bearer ${key}`, ...headers };
  expect(
    contract.responseViolations({
      method,
      url,
      requestHeaders,
      requestBody: init.body,
      status: res.status,
      responseHeaders: res.headers,
      responseBody: res.text,
    }),
  ).toEqual([]);
  return res;
}

const requestExport = async (key: string) => {
  const res = await checked('/v1/verifications/exports', key, { method: 'POST', body: '{}' });
  expect(res.status).toBe(202);
  return res.body.export_id as string;
};
const download = (key: string, id: string) => checked(`/v1/verifications/exports/${id}/download`, key);

async function expire(id: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('exports'),
      Key: { export_id: id },
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    }),
  );
}

describe('GET /v1/verifications/exports/{export_id}/download', () => {
  let readyId: string;
  let liveId: string;

  it('answers 409 export_not_ready with Retry-After while the export is pending, then 302 to the file once it is ready', async () => {
    readyId = await requestExport(testKey);
    liveId = await requestExport(liveKey);
    const pending = await download(testKey, readyId);
    expect(pending.status).toBe(409);
    expect(errorOf(pending.body)).toMatchObject({ code: 'export_not_ready', param: 'export_id', retry_after: pollSeconds });
    expect(pending.headers.get('retry-after')).toBe(String(pollSeconds));
    // The export's own GET gives the same wait.
    const view = await checked(`/v1/verifications/exports/${readyId}`, testKey);
    expect(view.body).toMatchObject({ status: 'pending', file_url: null, download_url: null });
    expect(view.headers.get('retry-after')).toBe(pending.headers.get('retry-after'));

    await runExportWorker();
    const ready = await checked(`/v1/verifications/exports/${readyId}`, testKey);
    expect(ready.body.status).toBe('ready');
    expect(new URL(ready.body.file_url).pathname).toBe(`/v1/verifications/exports/${readyId}/download`);

    const started = Date.now();
    const found = await download(testKey, readyId);
    expect(found.status).toBe(302);
    expect(found.text).toBe('');
    expect(found.headers.get('cache-control')).toBe('no-store');
    const location = new URL(found.headers.get('location')!);
    // Signed at the moment of the request, for a minute.
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(fileLinkSeconds));
    const signedAt = Date.parse(location.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(Math.abs(signedAt - started)).toBeLessThan(5_000);

    const viaRoute = await fetch(location);
    expect(viaRoute.status).toBe(200);
    expect(viaRoute.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const viaLink = await fetch(ready.body.download_url);
    expect(viaLink.status).toBe(200);
    const bytes = Buffer.from(await viaRoute.arrayBuffer());
    expect(bytes.equals(Buffer.from(await viaLink.arrayBuffer()))).toBe(true);
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(bytes.toString('utf8')).toContain('test-disciplined');

    // Each call signs a new link.
    const again = await download(testKey, readyId);
    expect(again.status).toBe(302);
    expect((await fetch(again.headers.get('location')!)).status).toBe(200);
  });

  it('lets any key of the export’s account and mode download it, an admin key too', async () => {
    const res = await download(testAdminKey, readyId);
    expect(res.status).toBe(302);
    expect((await fetch(res.headers.get('location')!)).status).toBe(200);
    const live = await download(liveKey, liveId);
    expect(live.status).toBe(302);
    expect((await fetch(live.headers.get('location')!)).status).toBe(200);
  });

  it('is 404 for an unknown id, a malformed one, and another account’s or mode’s export', async () => {
    for (const [key, id] of [
      [testKey, 'exp_000000000000000000000000'],
      [testKey, 'not-an-export'],
      [liveKey, readyId],
      [testKey, liveId],
      [testAdminKey, liveId],
      [otherKey, readyId],
    ] as const) {
      const res = await download(key, id);
      expect(res.status, `${id}`).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'export_id' });
    }
  });

  it('answers 409 export_failed for a failed export, and 404 for an expired one, whose GET says expired', async () => {
    const failedId = await requestExport(testKey);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('exports'),
        Key: { export_id: failedId },
        UpdateExpression: 'SET #s = :failed',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed' },
      }),
    );
    const failed = await download(testKey, failedId);
    expect(failed.status).toBe(409);
    expect(failed.headers.get('retry-after')).toBeNull();
    expect(errorOf(failed.body)).toMatchObject({ code: 'export_failed', param: 'export_id' });

    await expire(readyId);
    const expired = await download(testKey, readyId);
    expect(expired.status).toBe(404);
    expect(errorOf(expired.body)).toMatchObject({ code: 'resource_not_found', param: 'export_id' });
    const view = await checked(`/v1/verifications/exports/${readyId}`, testKey);
    expect(view.body).toMatchObject({ status: 'expired', file_url: null, download_url: null });
  });
});
