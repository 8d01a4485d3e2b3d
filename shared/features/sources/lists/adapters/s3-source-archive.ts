/** The source archive bucket (`SourceArchive`, ingest-steps.ts): raw files and load records, one object each. */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3 } from '../../../../platform/aws/s3.ts';
import { bucketName } from '../../../../platform/config.ts';
import type { SourceArchive } from '../ingest-steps.ts';

export class S3SourceArchive implements SourceArchive {
  async keep(key: string, file: string, size: number, contentType: string, metadata: Record<string, string>): Promise<void> {
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName('sourceArchive'),
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        Metadata: metadata,
      }),
    );
  }

  async restore(key: string, file: string): Promise<void> {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: key }));
    if (!out.Body) throw new Error(`archived file ${key} has no body`);
    await pipeline(out.Body as Readable, createWriteStream(file));
  }

  async keepJson(key: string, body: string): Promise<void> {
    await s3().send(new PutObjectCommand({ Bucket: bucketName('sourceArchive'), Key: key, Body: body, ContentType: 'application/json' }));
  }
}
