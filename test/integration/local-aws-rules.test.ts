/**
 * The local stack refuses what AWS refuses (local/runtime/aws-rules.ts): a call outside the function's IAM
 * permissions, the 403 S3 answers for a missing object when the caller may not list the bucket, a
 * write into an Object Lock bucket without a checksum, and a write without If-None-Match into a
 * write-once bucket. The service's code must work under these rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { CertificatePdfStore } from '#shared/features/certificates/adapters/certificate-pdf-store.ts';
import { tableName } from '#shared/platform/config.ts';
import { DynamoSourceCache } from '#shared/features/verification/adapters/source-cache.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { testRouteById } from '../support/test-routes.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

const probe = testRouteById('TestAwsProbe');
const call = (name: string) =>
  invoke(probe.entry, probe.id, { call: name }, 5_000) as Promise<{ ok: boolean; name?: string; status?: number; message?: string }>;

describe('the local stack enforces what AWS enforces', () => {
  it('allows a call the function is granted', async () => {
    expect(await call('getVerification')).toEqual({ ok: true });
  });

  it("refuses a call outside the function's permissions with AccessDenied, naming action and resource", async () => {
    const out = await call('deleteVerification');
    expect(out).toMatchObject({ ok: false, name: 'AccessDeniedException' });
    expect(out.message).toContain('dynamodb:DeleteItem on resource: table/Verifications');
  });

  it('answers a missing object with 403 AccessDenied, not NoSuchKey: no function may list a bucket', async () => {
    expect(await call('getMissingPdf')).toMatchObject({ ok: false, name: 'AccessDenied', status: 403 });
  });

  it('refuses a write into the Object Lock bucket without a checksum, and takes one with a checksum', async () => {
    const plain = await call('putPdfWithoutChecksum');
    expect(plain).toMatchObject({ ok: false, name: 'InvalidRequest', status: 400 });
    expect(plain.message).toContain('x-amz-checksum-');
    expect(await call('putPdfWithChecksum')).toEqual({ ok: true });
  });

  it('refuses a write without If-None-Match into either certificate bucket: no stored PDF can be replaced', async () => {
    for (const name of ['putPdfUnconditionally', 'putTestPdfUnconditionally']) {
      const out = await call(name);
      expect(out, name).toMatchObject({ ok: false, name: 'AccessDenied', status: 403 });
      expect(out.message, name).toMatch(/explicit deny in a resource-based policy/);
    }
    expect(await call('putTestPdfConditionally')).toEqual({ ok: true });
  });

  it('answers a conditional write (If-None-Match: *) of a key that exists with 412 PreconditionFailed, one writer winning a race', async () => {
    expect(await call('putTestPdfConditionallyThrice')).toMatchObject({ ok: false, name: 'PreconditionFailed', status: 412 });
  });

  it("the PDF store, under the PDF function's permissions, reads a PDF not made yet as absent and stores one, in the bucket of its mode", async () => {
    const store = new CertificatePdfStore();
    const run = <T>(fn: () => Promise<T>) => invokeAs('GetCertificatePdf', fn);
    for (const mode of ['live', 'test'] as const) {
      const id = `ver_rules${mode}${Date.now()}`;
      expect(await run(() => store.get(id, mode))).toBeUndefined();
      const stored = await run(() => store.putOnce(id, mode, new Uint8Array([37, 80, 68, 70])));
      expect(stored.bytes).toEqual(new Uint8Array([37, 80, 68, 70]));
      expect((await run(() => store.get(id, mode)))?.etag).toBe(stored.etag);
      expect(await run(() => store.get(id, mode === 'live' ? 'test' : 'live'))).toBeUndefined();
      // A second, different PDF for the same verification is refused by S3; the stored one comes back.
      const again = await run(() => store.putOnce(id, mode, new Uint8Array([37, 80, 68, 70, 45])));
      expect(again.etag).toBe(stored.etag);
    }
  });

  it('a cached answer too large for its item goes to the source-cache bucket and back, as a verifying function', async () => {
    const cache = new DynamoSourceCache();
    // Random text barely compresses: well over the 256 KB kept inside the item.
    const value = { rows: randomBytes(400_000).toString('base64') };
    const key = `test#overflow#${Date.now()}`;
    const now = new Date();
    const read = await invokeAs('Verify', async () => {
      cache.put(key, value, now, 60_000);
      await cache.flush();
      return cache.get<typeof value>(key, now);
    });
    expect(read?.value).toEqual(value);
    const item = await dynamo().send(new GetCommand({ TableName: tableName('cache'), Key: { cache_key: key } }));
    expect(item.Item?.value_s3).toMatch(/^source-cache\//);
  });
});
