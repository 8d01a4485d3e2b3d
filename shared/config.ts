/**
 * Configuration read from the environment. Deployed, the CDK stack sets these; locally the local stack
 * does. Nothing else in the code branches on where it runs.
 */
import { buckets, queues, tables, type BucketId, type QueueId, type TableId } from './infra/resources.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing configuration: environment variable ${name} is not set`);
  return value;
}

export function tableName(id: TableId): string {
  return required(tables[id].envVar);
}

export function queueUrl(id: QueueId): string {
  return required(queues[id].envVar);
}

export function bucketName(id: BucketId): string {
  return required(buckets[id].envVar);
}

/** Base URL of the public API, used in links (`docs`, certificate records). */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

/** Link to a section of the API reference. */
export function docsUrl(anchor: string): string {
  return `${publicBaseUrl()}/docs#${anchor}`;
}

export const serviceName = 'License Verification API';
