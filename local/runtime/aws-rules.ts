/**
 * What AWS enforces and the emulators do not, applied to every SDK call a handler makes in the local
 * stack (an SDK plugin on the container clients, shared/platform/aws/clients.ts):
 *
 * - IAM: a call outside the permissions the calling function's route or worker declares
 *   (shared/platform/infra/permissions.ts, the same ones the CDK stack grants) is refused with AccessDenied.
 * - S3 answers a read of a missing object with 403 AccessDenied, not 404 NoSuchKey, when the caller may
 *   not list the bucket (no function may).
 * - S3 refuses a write into an Object Lock bucket without Content-MD5 or an x-amz-checksum-* header.
 * - The policy of a write-once bucket denies every caller a PutObject without `If-None-Match`, so a
 *   stored object cannot be replaced (resources.ts `writeOnce`).
 * - SES sends only from the configured alert sender (the `ses:FromAddress` condition).
 * - DynamoDB refuses a Query whose ExclusiveStartKey lies outside its key condition (query-start-key.ts).
 *
 * Every call is recorded (function, action, resource) for the least-privilege check.
 */
import type { MiddlewareStack, Pluggable } from '@smithy/types';
import { buckets, queues, tables, type BucketId, type QueueId, type TableDefinition, type TableId } from '#shared/platform/infra/resources.ts';
import {
  alertSenderResource,
  bucketResource,
  permissionKey,
  queueResource,
  signingKeyResources,
  tableResource,
  type AwsService,
  type Permission,
} from '#shared/platform/infra/permissions.ts';
import { signingEnv } from '#shared/features/certificates/signing-env.ts';
import type { LocalResourceNames } from './provision.ts';
import { invokingFunction } from './lambda-runtime.ts';
import { startKeyRefusal } from './query-start-key.ts';

export interface AwsRulesOptions {
  /** The permission keys (`permissionKey`) of each function the stack runs, by function id. */
  readonly permissions: ReadonlyMap<string, ReadonlySet<string>>;
  readonly names: LocalResourceNames;
  /** Called for every call made inside an invocation, allowed or not. */
  readonly record: (functionId: string, call: Permission) => void;
}

interface CallContext {
  readonly clientName?: string;
  readonly commandName?: string;
}

/** An error shaped as the SDK shapes a service's error response. */
export class AwsServiceError extends Error {
  readonly $fault = 'client';
  readonly $metadata: { httpStatusCode: number };
  constructor(name: string, status: number, message: string) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

const serviceOfClient: Record<string, AwsService> = {
  DynamoDBClient: 'dynamodb',
  S3Client: 's3',
  SQSClient: 'sqs',
  SESv2Client: 'ses',
  KMSClient: 'kms',
  SecretsManagerClient: 'secretsmanager',
};

/** The IAM action an API operation needs (they differ for the batch send and the parts of a multipart upload, which s3:PutObject allows). */
const actionOfOperation: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  CreateMultipartUpload: 'PutObject',
  UploadPart: 'PutObject',
  CompleteMultipartUpload: 'PutObject',
  // HEAD of an object is authorised as s3:GetObject.
  HeadObject: 'GetObject',
};

const accessDenied: Record<AwsService, { name: string; status: number }> = {
  dynamodb: { name: 'AccessDeniedException', status: 400 },
  s3: { name: 'AccessDenied', status: 403 },
  sqs: { name: 'AccessDenied', status: 403 },
  ses: { name: 'AccessDeniedException', status: 403 },
  kms: { name: 'AccessDeniedException', status: 400 },
  secretsmanager: { name: 'AccessDeniedException', status: 400 },
};

/** The certificate signing key a KMS key id names, when the local stack signs through a KMS endpoint (its key ids in the signing environment). */
function signingKeyOf(keyId: string): string | undefined {
  for (const mode of ['live', 'test'] as const) {
    const names = signingEnv[mode];
    const ids = [process.env[names.kmsKeyId], ...(process.env[names.kmsPreviousKeyIds] ?? '').split(',')].map((id) => id?.trim());
    if (keyId !== '' && ids.includes(keyId)) return signingKeyResources[mode];
  }
  return undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: an SDK plugin applies to clients of every service, whose input and output types differ.
export function awsRules(options: AwsRulesOptions): Pluggable<any, any> {
  const byName = resourceNames(options.names);
  const bucketsWhere = (has: (id: BucketId) => boolean) =>
    new Set((Object.keys(buckets) as BucketId[]).filter(has).map((id) => byName.get(options.names.buckets[buckets[id].envVar]!)!));
  const tablesByName = new Map(Object.values(tables).map((table) => [options.names.tables[table.envVar]!, table as TableDefinition]));
  const objectLockBuckets = bucketsWhere((id) => 'retentionDays' in buckets[id]);
  const writeOnceBuckets = bucketsWhere((id) => 'writeOnce' in buckets[id] && buckets[id].writeOnce === true);

  const callsOf = (service: AwsService, operation: string, input: Record<string, unknown>): Permission[] => {
    const action = actionOfOperation[operation] ?? operation;
    const resource = (name: string | undefined) => (name && byName.get(name)) ?? `unknown/${name}`;
    switch (service) {
      case 'dynamodb': {
        const names: string[] = typeof input.TableName === 'string' ? [input.TableName] : Object.keys((input.RequestItems as object | undefined) ?? {});
        return names.map((name) => ({ service, action, resource: resource(name) }));
      }
      case 's3':
        return [{ service, action, resource: resource(input.Bucket as string | undefined) }];
      case 'sqs':
        return [{ service, action, resource: resource(input.QueueUrl as string | undefined) }];
      case 'ses':
        return [{ service, action, resource: alertSenderResource }];
      case 'kms':
        return [{ service, action, resource: signingKeyOf(String(input.KeyId ?? '')) ?? `${service}/*` }];
      default:
        return [{ service, action, resource: `${service}/*` }];
    }
  };

  return {
    // biome-ignore lint/suspicious/noExplicitAny: an SDK plugin applies to clients of every service, whose input and output types differ.
    applyToStack: (stack: MiddlewareStack<any, any>) => {
      stack.add(
        (next, context: CallContext) => async (args) => {
          const functionId = invokingFunction();
          const service = serviceOfClient[context.clientName ?? ''];
          if (!functionId || !service) return next(args);
          const operation = (context.commandName ?? '').replace(/Command$/, '');
          const input = args.input as Record<string, unknown>;
          const calls = callsOf(service, operation, input);
          const granted = options.permissions.get(functionId) ?? new Set<string>();
          for (const call of calls) {
            options.record(functionId, call);
            if (!granted.has(permissionKey(call))) {
              const denied = accessDenied[service];
              throw new AwsServiceError(
                denied.name,
                denied.status,
                `User: arn:aws:sts::000000000000:assumed-role/${functionId}Role/${functionId} is not authorized to perform: ${service}:${call.action} on resource: ${call.resource} because no identity-based policy allows the ${service}:${call.action} action`,
              );
            }
          }
          if (service === 'dynamodb' && operation === 'Query') {
            const table = tablesByName.get(String(input.TableName));
            const refusal = table && startKeyRefusal(input, table);
            if (refusal) throw new AwsServiceError('ValidationException', 400, refusal);
          }
          if (service === 'ses' && process.env.ALERT_FROM_EMAIL && input.FromEmailAddress !== process.env.ALERT_FROM_EMAIL) {
            throw new AwsServiceError(
              'AccessDeniedException',
              403,
              `Not authorized to send from ${String(input.FromEmailAddress)}: the policy allows only the alert sender`,
            );
          }
          try {
            return await next(args);
          } catch (error) {
            // Without s3:ListBucket, S3 does not say whether the key exists.
            if (service === 's3' && (error as { name?: string }).name === 'NoSuchKey') {
              throw new AwsServiceError('AccessDenied', 403, 'Access Denied');
            }
            throw error;
          }
        },
        { step: 'initialize', name: 'localAwsRules', override: true },
      );
      stack.add(
        (next, context: CallContext) => async (args) => {
          const input = args.input as Record<string, unknown>;
          const isPut = context.clientName === 'S3Client' && context.commandName === 'PutObjectCommand';
          const headers = (args.request as { headers?: Record<string, string> }).headers ?? {};
          const names = Object.keys(headers).map((h) => h.toLowerCase());
          const bucket = byName.get(input.Bucket as string) ?? '';
          if (isPut && writeOnceBuckets.has(bucket) && !names.includes('if-none-match')) {
            // The bucket policy's explicit deny: whoever the caller, whatever their IAM policy says.
            throw new AwsServiceError(
              'AccessDenied',
              403,
              `User: ${invokingFunction() ?? 'caller'} is not authorized to perform: s3:PutObject on resource: ${bucket} with an explicit deny in a resource-based policy (writes must carry If-None-Match)`,
            );
          }
          if (isPut && objectLockBuckets.has(bucket)) {
            if (!names.some((h) => h === 'content-md5' || (h.startsWith('x-amz-checksum-') && h !== 'x-amz-checksum-algorithm'))) {
              throw new AwsServiceError(
                'InvalidRequest',
                400,
                'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters',
              );
            }
          }
          return next(args);
        },
        { step: 'finalizeRequest', priority: 'low', name: 'localS3BucketRules', override: true },
      );
    },
  };
}

/** Local table names, bucket names and queue URLs → the logical resource names permissions use. */
function resourceNames(names: LocalResourceNames): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of Object.keys(tables) as TableId[]) out.set(names.tables[tables[id].envVar]!, tableResource(id));
  for (const id of Object.keys(buckets) as BucketId[]) out.set(names.buckets[buckets[id].envVar]!, bucketResource(id));
  for (const id of Object.keys(queues) as QueueId[]) out.set(names.queueUrls[queues[id].envVar]!, queueResource(id));
  return out;
}
