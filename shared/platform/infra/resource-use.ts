/**
 * What a function declares it uses of the stack's AWS resources (routes.ts) and the actions it may be
 * given on each: the vocabulary the route table and the derived permissions (permissions.ts) share.
 */
import type { BucketId, QueueId, TableId } from './resources.ts';

/** DynamoDB actions a function may be given on a table (Query also covers the table's indexes). */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'BatchWriteItem';
/** S3 actions a function may be given on a bucket's objects. */
export type ObjectAction = 'GetObject' | 'PutObject';

/**
 * The AWS resources a function uses, with the exact actions it calls on each: the function is granted
 * these and nothing else (permissions.ts), and the test suite checks that it calls every one of them.
 */
export interface ResourceUse {
  readonly tables?: Partial<Record<TableId, readonly TableAction[]>>;
  readonly queues?: Partial<Record<QueueId, 'send' | 'consume'>>;
  readonly buckets?: Partial<Record<BucketId, readonly ObjectAction[]>>;
  /** The certificate signing keys (live and test): `sign` (and read their public keys) or only `publish` their public keys. */
  readonly signingKey?: 'sign' | 'publish';
  /** Calls the external data sources (their URLs and tokens come from configuration). */
  readonly sources?: boolean;
  /** Runs verifications: everything in `verificationUse` (the engine, the source cache, the signed record). */
  readonly verifies?: boolean;
  /** Reads the PDF signing certificate (and key, unless the KMS PDF signing key signs) from Secrets Manager when deployed, and signs with that KMS key. */
  readonly pdfSigning?: boolean;
  /** Sends e-mail through SES. */
  readonly email?: boolean;
  /** Seals (encrypts) or opens (decrypts) webhook secrets with the KMS key when deployed. */
  readonly webhookSecrets?: 'seal' | 'open';
  /** Reads the secret pepper of Idempotency-Key fingerprints (Secrets Manager when deployed). */
  readonly idempotencyPepper?: boolean;
}
