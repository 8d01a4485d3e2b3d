/**
 * Signed PDF certificates in S3, one object per verification (`certificates/<verification_id>.pdf`):
 * a live key's in the certificate bucket, whose Object Lock keeps every object for seven years (S3 takes
 * a write into it only with a checksum of the body); a test key's in the test certificate bucket, which
 * deletes them after 30 days. Written once: the write is conditional (`If-None-Match: *`), so concurrent
 * first requests cannot leave two different PDFs; whoever loses reads the stored one. Both buckets'
 * policies refuse any other write, so nothing (this function included) can replace a stored PDF.
 *
 * The function may read and write objects but not list the bucket, so S3 answers a read of a PDF not made
 * yet with 403 AccessDenied, not 404 NoSuchKey: both mean "not stored" here. A 403 for any other reason
 * costs one PDF rendering; the conditional write then tells the two apart (it fails if access is denied,
 * and answers 412 if the PDF exists).
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { isObjectNotStored, s3 } from '../../../platform/aws/s3.ts';
import type { KeyMode } from '../../../domain/caller.ts';
import { bucketName } from '../../../platform/config.ts';

export interface StoredPdf {
  readonly bytes: Uint8Array;
  /** Strong ETag of the bytes (quoted SHA-256 prefix), the same every time they are served. */
  readonly etag: string;
}

const objectKey = (verificationId: string) => `certificates/${verificationId}.pdf`;
const bucketFor = (mode: KeyMode) => bucketName(mode === 'live' ? 'certificates' : 'testCertificates');

export function pdfEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

export class CertificatePdfStore {
  /** The stored PDF of a verification made with a key of this mode. */
  async get(verificationId: string, mode: KeyMode): Promise<StoredPdf | undefined> {
    try {
      const out = await s3().send(new GetObjectCommand({ Bucket: bucketFor(mode), Key: objectKey(verificationId) }));
      const bytes = await out.Body!.transformToByteArray();
      return { bytes, etag: pdfEtag(bytes) };
    } catch (error) {
      if (isObjectNotStored(error)) return undefined;
      throw error;
    }
  }

  /** Stores the PDF unless one is already stored; returns what is stored. */
  async putOnce(verificationId: string, mode: KeyMode, bytes: Uint8Array): Promise<StoredPdf> {
    try {
      await s3().send(
        new PutObjectCommand({
          Bucket: bucketFor(mode),
          Key: objectKey(verificationId),
          Body: bytes,
          ContentType: 'application/pdf',
          ChecksumAlgorithm: 'SHA256',
          IfNoneMatch: '*',
        }),
      );
      return { bytes, etag: pdfEtag(bytes) };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 412 || status === 409) {
        const stored = await this.get(verificationId, mode);
        if (stored) return stored;
      }
      throw error;
    }
  }
}
