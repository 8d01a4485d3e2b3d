/** The S3 client of this container (see clients.ts). */
import { NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { s3ForcePathStyle } from '../config.ts';
import { containerClient } from './clients.ts';

export const s3 = containerClient((withPlugins) =>
  withPlugins(
    new S3Client({
      forcePathStyle: s3ForcePathStyle(),
      // Checksums only where S3 requires them: streamed bodies are then sent plainly, not aws-chunked,
      // which every S3 implementation (the local emulator included) stores correctly.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 30_000 },
    }),
  ),
);

/**
 * A read of an object that is not stored: 404 NoSuchKey, or 403 AccessDenied, which is what S3 answers
 * instead when the caller may not list the bucket (no function here may).
 */
export function isObjectNotStored(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error instanceof NoSuchKey || name === 'NoSuchKey' || name === 'AccessDenied' || status === 403 || status === 404;
}
