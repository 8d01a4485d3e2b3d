/**
 * Evidence of what each source said, over HTTP: a live verification's certificate names the SHA-256
 * of every board and registry response it was read from and of the ingested LEIE file; the stored
 * responses re-hash to those names; `GET /v1/certificate/{id}/evidence` returns them to the owner's
 * account and mode only; a cached answer names the same evidence without storing anything again.
 */
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { certificateSchema } from '#shared/features/certificates/certificate-schema.ts';
import { certificateHash } from '#shared/features/certificates/certificate.ts';
import { bucketName } from '#shared/platform/config.ts';
import { evidenceBundleSchema } from '#shared/features/evidence/evidence-bundle.ts';
import { evidenceObjectKey } from '#shared/features/evidence/evidence.ts';
import { errorOf, startStackWithLeie, type TestStack } from '../support/stack.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let liveKey: string;
let testKey: string;
let otherLiveKey: string;

beforeAll(async () => {
  ({ t, liveKey, testKey } = await startStackWithLeie());
  otherLiveKey = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
});
afterAll(() => t.stop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function verify(body: Record<string, unknown>, key: string) {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body;
}

async function certificate(id: string, key: string) {
  const res = await t.call(`/v1/certificate/${id}`, { key });
  expect(res.status).toBe(200);
  return certificateSchema.parse(res.body);
}

/** The objects of the evidence bucket. */
async function storedKeys(): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: bucketName('evidence') }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** Every response the certificate names, by source. */
function responsesOf(cert: ReturnType<typeof certificateSchema.parse>) {
  return (cert.sources ?? []).flatMap((s) => (s.evidence ?? []).filter((e) => e.kind === 'response').map((e) => ({ source: s.name, ...e })));
}

describe('evidence of a live verification', () => {
  it('names every board and registry response and the LEIE file, stored gzip under their SHA-256, re-hashing to the names the certificate signs', async () => {
    const result = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' }, liveKey);
    const cert = await certificate(result.verification_id, liveKey);
    // The integrity rule still holds over a body that names evidence.
    expect(certificateHash(cert as never)).toBe(cert.certificate_hash);
    const bySource = new Map((cert.sources ?? []).map((s) => [s.name, s]));
    const board = bySource.get('Washington State Department of Health')!;
    const registry = bySource.get('NPPES NPI Registry')!;
    expect(board.status).toBe('live');
    expect(board.evidence?.length).toBeGreaterThan(0);
    expect(registry.evidence?.length).toBeGreaterThan(0);
    expect(bySource.get('OIG LEIE')!.evidence).toEqual([expect.objectContaining({ kind: 'file', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    // The result carries the same evidence.
    expect(result.sources).toEqual(cert.sources);

    for (const ref of responsesOf(cert)) {
      const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('evidence'), Key: evidenceObjectKey(ref.sha256, ref.fetched_at) }));
      expect(out.ContentEncoding).toBe('gzip');
      const raw = gunzipSync(await out.Body!.transformToByteArray());
      expect(sha256(raw)).toBe(ref.sha256);
      expect(raw.length).toBe(ref.size);
    }
    // Listed under their names in the evidence bucket.
    expect(await storedKeys()).toEqual(expect.arrayContaining(responsesOf(cert).map((r) => evidenceObjectKey(r.sha256, r.fetched_at))));
  });

  it('names the LEIE row that excludes the provider, by its number in the archived file', async () => {
    const result = await verify({ first_name: 'Arian', last_name: 'Stringer', state: 'IL', npi: '1344567510' }, liveKey);
    expect(result.oig_excluded).toBe(true);
    const oig = (result.sources as { name: string; evidence?: { kind: string; sha256: string; rows?: number[] }[] }[]).find((s) => s.name === 'OIG LEIE')!;
    const [file] = oig.evidence!;
    expect(file).toMatchObject({ kind: 'file', rows: [expect.any(Number)] });
    const list = (await dynamoExclusionStore().current())!;
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: list.archive_key! }));
    const bytes = await archived.Body!.transformToByteArray();
    expect(sha256(bytes)).toBe(file!.sha256);
    // Row 1 is the header; the row named is hers.
    const rows = Buffer.from(bytes).toString('utf8').split(/\r?\n/);
    expect(rows[file!.rows![0]! - 1]).toMatch(/"?STRINGER"?,"?ARIAN"?/);
  });

  it('a cached answer names the evidence it was made from and stores nothing again', async () => {
    const request = { first_name: 'Helen', last_name: 'Thomas', state: 'WA' };
    const first = await certificate((await verify(request, liveKey)).verification_id, liveKey);
    expect(first.sources!.find((s) => s.name === 'NPPES NPI Registry')!.status).toBe('live');
    const before = await storedKeys();
    const second = await certificate((await verify(request, liveKey)).verification_id, liveKey);
    const board = (c: typeof first) => c.sources!.find((s) => s.name === 'Washington State Department of Health')!;
    expect(board(second).status).toBe('cached');
    expect(board(second).evidence).toEqual(board(first).evidence);
    expect(second.sources!.find((s) => s.name === 'NPPES NPI Registry')!.evidence).toEqual(
      first.sources!.find((s) => s.name === 'NPPES NPI Registry')!.evidence,
    );
    expect(await storedKeys()).toEqual(before);
  });
});

describe('GET /v1/certificate/{verification_id}/evidence', () => {
  it('returns every piece of evidence the certificate names, the raw bytes inline and through a download link, each matching its hash', async () => {
    const { verification_id: id } = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, liveKey);
    const cert = await certificate(id, liveKey);
    const res = await t.call(`/v1/certificate/${id}/evidence`, { key: liveKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bundle = evidenceBundleSchema.parse(res.body);
    expect(bundle).toMatchObject({ object: 'evidence_bundle', verification_id: id, mode: 'live', certificate_hash: cert.certificate_hash });
    // The sources' evidence, then the sanctions lists' files (the OIG list's file once).
    const named = [...(cert.sources ?? []), ...(cert.sanctions?.lists ?? [])].flatMap((s) => (s.evidence ?? []).map((e) => `${s.name}#${e.sha256}`));
    expect(bundle.items.map((i) => `${i.source}#${i.sha256}`)).toEqual([...new Set(named)]);
    const responses = bundle.items.filter((i) => i.kind === 'response');
    expect(responses.length).toBeGreaterThan(0);
    for (const item of responses) {
      const inline = Buffer.from(item.content_base64!, 'base64');
      expect(sha256(inline)).toBe(item.sha256);
      expect(inline.length).toBe(item.size);
      const download = await fetch(item.download_url!);
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(item.sha256);
    }
    const file = bundle.items.find((i) => i.kind === 'file')!;
    expect(file).toMatchObject({ source: 'OIG LEIE', content_base64: null, download_url: null });
  });

  it('answers only the account and mode that made the verification: anyone else, and an unknown id, get the certificate route’s 404', async () => {
    const { verification_id: id } = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, liveKey);
    const unknown = 'vrf_AAAAAAAAAAAAAAAAAAAAAAAA';
    const notFound = await t.call(`/v1/certificate/${unknown}`, { key: liveKey });
    expect(notFound.status).toBe(404);
    for (const [path, key] of [
      [`/v1/certificate/${id}/evidence`, testKey],
      [`/v1/certificate/${id}/evidence`, otherLiveKey],
      [`/v1/certificate/${unknown}/evidence`, liveKey],
      ['/v1/certificate/not-an-id/evidence', liveKey],
    ] as const) {
      const res = await t.call(path, { key });
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toEqual(errorOf(notFound.body));
    }
    const anonymous = await t.call(`/v1/certificate/${id}/evidence`);
    expect(anonymous.status).toBe(401);
  });

  it('the public record and the PDF list every evidence hash the certificate names', async () => {
    const { verification_id: id } = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' }, liveKey);
    const cert = await certificate(id, liveKey);
    const hashes = (cert.sources ?? []).flatMap((s) => (s.evidence ?? []).map((e) => e.sha256));
    expect(hashes.length).toBeGreaterThan(1);
    const record = await t.call(`/records/${id}`, { headers: { accept: 'application/json' } });
    expect(record.status).toBe(200);
    expect(record.body.sources.flatMap((s: any) => (s.evidence ?? []).map((e: any) => e.sha256))).toEqual(hashes);
    const page = await t.call(`/records/${id}`, { headers: { accept: 'text/html' } });
    for (const hash of hashes) expect(page.text).toContain(hash);
    const pdf = await fetch(`${t.url}/v1/certificate/${id}/pdf`, { headers: { authorization: `Bearer ${liveKey}` } });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (process.env.EVIDENCE_PDF_OUT) writeFileSync(process.env.EVIDENCE_PDF_OUT, bytes);
    const text = (await pdfText(bytes)).replace(/\s+/g, '');
    for (const hash of hashes) expect(text).toContain(hash);
  });

  it('a test key gets the bundle of its own sandbox verification, which names no evidence, and never a live one', async () => {
    const { verification_id: id } = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, testKey);
    const res = await t.call(`/v1/certificate/${id}/evidence`, { key: testKey });
    expect(res.status).toBe(200);
    expect(evidenceBundleSchema.parse(res.body)).toMatchObject({ mode: 'test', items: [] });
    expect((await t.call(`/v1/certificate/${id}/evidence`, { key: liveKey })).status).toBe(404);
  });
});
