/**
 * Signed PDF certificates in S3, one object per verification (`certificates/<verification_id>.pdf`).
 * Written once: the first write is conditional (`If-None-Match: *`), so concurrent first requests
 * cannot leave two different PDFs; whoever loses reads the stored one. The bucket's Object Lock keeps
 * every object for seven years, and S3 takes a write into it only with a checksum of the body.
 *
 * The function may read and write objects but not list the bucket, so S3 answers a read of a PDF not made
 * yet with 403 AccessDenied, not 404 NoSuchKey: both mean "not stored" here. A 403 for any other reason
 * costs one PDF rendering; the conditional write then tells the two apart (it fails if access is denied,
 * and answers 412 if the PDF exists).
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { isObjectNotStored, s3 } from '../aws/s3.ts';
import { bucketName } from '../config.ts';

export interface StoredPdf {
  readonly bytes: Uint8Array;
  /** Strong ETag of the bytes (quoted SHA-256 prefix), the same every time they are served. */
  readonly etag: string;
}

const objectKey = (verificationId: string) => `certificates/${verificationId}.pdf`;

export function pdfEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}

export class CertificatePdfStore {
  async get(verificationId: string): Promise<StoredPdf | undefined> {
    try {
      const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('certificates'), Key: objectKey(verificationId) }));
      const bytes = await out.Body!.transformToByteArray();
      return { bytes, etag: pdfEtag(bytes) };
    } catch (error) {
      if (isObjectNotStored(error)) return undefined;
      throw error;
    }
  }

  /** Stores the PDF unless one is already stored; returns what is stored. */
  async putOnce(verificationId: string, bytes: Uint8Array): Promise<StoredPdf> {
    try {
      await s3().send(
        new PutObjectCommand({
          Bucket: bucketName('certificates'),
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
        const stored = await this.get(verificationId);
        if (stored) return stored;
      }
      throw error;
    }
  }
}
