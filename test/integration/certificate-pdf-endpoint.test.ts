/**
 * GET /v1/certificate/{id}/pdf over HTTP: owner-only, made once and served from storage (same bytes and
 * ETag), a signature Debian's pdfsig accepts, every detail in the text, and a QR code that opens the
 * public record. Needs poppler-utils and zbar-tools (installed by .ci/run).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { errorOf, startStackWithLeie, type TestStack } from '../support/stack.ts';

let t: TestStack;
let liveKey: string;
let testKey: string;
const dir = mkdtempSync(join(tmpdir(), 'pdf-endpoint-'));

beforeAll(async () => {
  ({ t, liveKey, testKey } = await startStackWithLeie());
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function verify(body: Record<string, unknown>, key: string): Promise<string> {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body.verification_id as string;
}

async function pdf(id: string, key: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/v1/certificate/${id}/pdf`, { headers: { authorization: `Bearer ${key}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Whether a PDF of this verification is stored in the bucket. */
async function storedIn(bucket: 'certificates' | 'testCertificates', id: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: `certificates/${id}.pdf` }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

const save = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('GET /v1/certificate/{verification_id}/pdf', () => {
  it('serves a signed PDF once made, then the same bytes and ETag every time', async () => {
    const id = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, liveKey);
    const first = await pdf(id, liveKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toBe(`inline; filename="certificate-${id}.pdf"`);
    expect(first.headers.get('cache-control')).toMatch(/private/);
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const second = await pdf(id, liveKey);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.get('etag')).toBe(etag);
    const notModified = await pdf(id, liveKey, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);

    const file = save('live.pdf', first.bytes);
    const sig = execFileSync('pdfsig', [file]).toString();
    expect(sig).toMatch(/Signature is Valid/);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const fact of ['Helen Jane Thomas', 'RN00973025', 'Washington', 'Active', '2027-06-03', id]) expect(text).toContain(fact);

    execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', file, join(dir, 'live')]);
    const png = readdirSync(dir).find((f) => f.startsWith('live') && f.endsWith('.png'))!;
    const qr = execFileSync('zbarimg', ['--raw', '-q', join(dir, png)])
      .toString()
      .trim();
    expect(qr).toBe(`${t.url}/records/${id}`);

    // Change one character of the (signed) document metadata: the signature must no longer match.
    const tampered = Buffer.from(first.bytes);
    const at = tampered.indexOf('/Producer <FEFF00');
    expect(at).toBeGreaterThan(0);
    const digit = at + '/Producer <FEFF00'.length;
    tampered[digit] = tampered[digit] === 0x34 ? 0x35 : 0x34;
    expect(execFileSync('pdfsig', [save('tampered.pdf', tampered)]).toString()).not.toMatch(/Signature is Valid/);
  });

  it('marks test-mode certificates', async () => {
    const id = await verify({ first_name: 'Pat', last_name: 'test-active', state: 'WA' }, testKey);
    const res = await pdf(id, testKey);
    expect(res.status).toBe(200);
    expect(execFileSync('pdftotext', [save('test.pdf', res.bytes), '-']).toString()).toMatch(/TEST\s+.\s+NOT A REAL VERIFICATION/);
  });

  it('keeps test-mode PDFs apart from the seven-year lock: in the test bucket, never in the locked one', async () => {
    const testId = await verify({ first_name: 'Pat', last_name: 'test-active', state: 'WA' }, testKey);
    const liveId = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, liveKey);
    expect((await pdf(testId, testKey)).status).toBe(200);
    expect((await pdf(liveId, liveKey)).status).toBe(200);
    expect([await storedIn('testCertificates', testId), await storedIn('certificates', testId)]).toEqual([true, false]);
    expect([await storedIn('certificates', liveId), await storedIn('testCertificates', liveId)]).toEqual([true, false]);
    // Served from the test bucket afterwards: the same bytes.
    const [first, again] = [await pdf(testId, testKey), await pdf(testId, testKey)];
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('is for the owner only: another account or the other mode gets 404 in the error shape', async () => {
    const id = await verify({ first_name: 'Jo', last_name: 'Solano', state: 'DE' }, liveKey);
    const other = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
    for (const key of [other, testKey]) {
      const res = await t.call(`/v1/certificate/${id}/pdf`, { key });
      expect(res.status).toBe(404);
      expect(errorOf(res.body).code).toBe('resource_not_found');
    }
    expect((await t.call('/v1/certificate/vrf_unknown/pdf', { key: liveKey })).status).toBe(404);
  });
});
