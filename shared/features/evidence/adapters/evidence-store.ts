/**
 * Source responses kept as evidence, in the evidence bucket (resources.ts `evidence`): one object per
 * distinct response body, `responses/<year>/<sha256>.gz`, where `<sha256>` is the hex SHA-256 of the raw
 * bytes as received and `<year>` the UTC year they were received. The body is stored gzip-compressed
 * with `Content-Encoding: gzip` and the source's media type, so a download decodes to the raw bytes.
 *
 * Write-once: every write is conditional (`If-None-Match: *`), so a second write of the same bytes in
 * the same year is a no-op (S3 answers 412, taken as stored), and the bucket policy refuses any write
 * that could replace an object. Object Lock keeps every object eight years from its write: a certificate
 * names evidence written in its own year or, through a cached answer (kept at most 60 days), shortly
 * before, so each certificate's evidence outlives it by at least seven years.
 *
 * Only live answers are stored: test keys are answered from the sandbox, which makes no source call, so
 * nothing of test mode ever reaches the bucket.
 *
 * A write starts as soon as a response is received (`keep`, called as it arrives) and runs beside the
 * rest of the verification; `stored` waits for the writes of the evidence a certificate or cache entry is about to
 * name and fails if any failed, so nothing names evidence that is not stored.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import { presignedGet } from '../../../platform/aws/presign.ts';
import { isObjectNotStored, s3 } from '../../../platform/aws/s3.ts';
import { bucketName } from '../../../platform/config.ts';
import {
  evidenceLinkSeconds,
  evidenceObjectKey,
  sha256Hex,
  type CapturedResponse,
  type EvidenceKeeper,
  type EvidenceReader,
  type EvidenceRef,
  type StoredEvidence,
} from '../evidence.ts';

/** Writes of this container remembered as done (or under way), so a repeated response is not written again. */
const rememberedWrites = 5_000;

/**
 * Writes in flight at once per container: a bulk request's hundreds of responses queue here rather than
 * opening a connection each, so none fails for want of a socket.
 */
export const maxWritesInFlight = 8;

/** Attempts of one write (each with the SDK's own retries) before it fails the answer naming it. */
const writeAttempts = 3;

export class EvidenceStore implements EvidenceKeeper, EvidenceReader {
  private readonly writes = new Map<string, Promise<void>>();
  /** Each response's hash, computed once (a response is kept as it arrives and again with its answer). */
  private readonly hashes = new WeakMap<CapturedResponse, string>();
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  private hashOf(response: CapturedResponse): string {
    let hash = this.hashes.get(response);
    if (!hash) {
      hash = sha256Hex(response.bytes);
      this.hashes.set(response, hash);
    }
    return hash;
  }

  keep(responses: readonly CapturedResponse[]): EvidenceRef[] {
    return responses.map((response) => {
      const sha256 = this.hashOf(response);
      const ref: EvidenceRef = {
        kind: 'response',
        sha256,
        fetched_at: response.fetchedAt.toISOString(),
        content_type: response.contentType,
        size: response.bytes.length,
      };
      const key = evidenceObjectKey(sha256, ref.fetched_at);
      if (!this.writes.has(key)) {
        const write = this.limited(() => this.write(key, sha256, response));
        // A failure is reported where the evidence is named (`stored`); it is forgotten so a later answer writes it anew.
        write.catch(() => this.writes.delete(key));
        if (this.writes.size >= rememberedWrites) this.writes.delete(this.writes.keys().next().value!);
        this.writes.set(key, write);
      }
      return ref;
    });
  }

  async stored(refs: readonly EvidenceRef[]): Promise<void> {
    await Promise.all(refs.filter((r) => r.kind === 'response').map((r) => this.writes.get(evidenceObjectKey(r.sha256, r.fetched_at))));
  }

  /** The raw bytes of a stored response, or undefined when none is stored under this hash and time. */
  async get(ref: Pick<EvidenceRef, 'sha256' | 'fetched_at'>): Promise<StoredEvidence | undefined> {
    try {
      const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('evidence'), Key: evidenceObjectKey(ref.sha256, ref.fetched_at) }));
      const bytes = gunzipSync(await out.Body!.transformToByteArray());
      if (sha256Hex(bytes) !== ref.sha256) throw new Error(`Stored evidence ${ref.sha256} does not match its hash`);
      return { bytes };
    } catch (error) {
      if (isObjectNotStored(error)) return undefined;
      throw error;
    }
  }

  /**
   * A presigned link to a stored response, valid `evidenceLinkSeconds` or until shortly before the signing
   * credentials expire (aws/presign.ts); the download decodes to the raw bytes.
   */
  downloadLink(ref: EvidenceRef, now: Date): Promise<{ url: string; expiresAt: string }> {
    const command = new GetObjectCommand({
      Bucket: bucketName('evidence'),
      Key: evidenceObjectKey(ref.sha256, ref.fetched_at),
      ResponseContentType: ref.content_type,
      ResponseContentDisposition: `attachment; filename="${ref.sha256}"`,
    });
    return presignedGet(command, now, evidenceLinkSeconds);
  }

  /** Runs `fn` once fewer than `maxWritesInFlight` writes are under way. */
  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inFlight >= maxWritesInFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      return await fn();
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async write(key: string, sha256: string, response: CapturedResponse): Promise<void> {
    // Level 6 (zlib's default): JSON answers shrink five- to tenfold in well under a millisecond each.
    const body = gzipSync(response.bytes, { level: zlib.Z_DEFAULT_COMPRESSION });
    for (let attempt = 1; ; attempt++) {
      try {
        await s3().send(
          new PutObjectCommand({
            Bucket: bucketName('evidence'),
            Key: key,
            Body: body,
            ContentType: response.contentType,
            ContentEncoding: 'gzip',
            // Object Lock: S3 takes a write only with a checksum of the body.
            ChecksumAlgorithm: 'SHA256',
            IfNoneMatch: '*',
            Metadata: { sha256, source: asciiHeader(response.source) },
          }),
        );
        return;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        // Already stored: the bytes are there.
        if (status === 412) return;
        // A concurrent write of the same key under way (409), or a failure the SDK's retries did not
        // overcome: asked again, it ends stored (412) or written.
        if (attempt === writeAttempts || (status !== undefined && status !== 409 && status < 500)) throw error;
      }
    }
  }
}

/** A header value S3 metadata accepts (US-ASCII). */
function asciiHeader(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}
