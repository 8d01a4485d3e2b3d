/**
 * Names of the tables, queues and buckets, each set by the CDK stack (deployed) or the local stack in the
 * variable its resource declares (infra/resources.ts).
 */
import { buckets, queues, tables, type BucketId, type QueueId, type TableId } from '../infra/resources.ts';
import { environment } from './environment.ts';

function required(name: string): string {
  const value = environment()[name];
  if (!value) throw new Error(`Missing configuration: environment variable ${name} is not set`);
  return value;
}

/** Name of a table (its `envVar`); no default: unset or empty is a configuration error. */
export function tableName(id: TableId): string {
  return required(tables[id].envVar);
}

/** Name of a table when its variable is set, else undefined (tools run outside a stack have no tables). */
export function tableNameIfSet(id: TableId): string | undefined {
  return environment()[tables[id].envVar];
}

/** URL of a queue (its `envVar`); no default: unset or empty is a configuration error. */
export function queueUrl(id: QueueId): string {
  return required(queues[id].envVar);
}

/** Name of a bucket (its `envVar`); no default: unset or empty is a configuration error. */
export function bucketName(id: BucketId): string {
  return required(buckets[id].envVar);
}

/** `S3_FORCE_PATH_STYLE=true`: path-style bucket addresses (the local emulator); default false. */
export function s3ForcePathStyle(): boolean {
  return environment().S3_FORCE_PATH_STYLE === 'true';
}
