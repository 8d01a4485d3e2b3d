/**
 * The stateful resources of the stack, one per row of the resource tables (shared/platform/infra/resources.ts):
 * the DynamoDB tables, the work queues with their dead-letter queues, the buckets (and the bucket their
 * access logs go to), and the schedules that feed the queues.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectLockRetention,
  ObjectOwnership,
  StorageClass,
  TransitionDefaultMinimumObjectSize,
} from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  buckets,
  deadLetterQueueId,
  deadLetterRetentionSeconds,
  noncurrentVersionDays,
  queues,
  schedules,
  tables,
  type BucketDefinition,
  type BucketId,
  type IndexDefinition,
  type QueueId,
  type TableId,
} from '../shared/platform/infra/resources.ts';

/**
 * Stateful resources are kept when the stack is deleted or replaces them, but deleted when their own
 * creation is rolled back: a failed first deploy leaves nothing behind to block the next one.
 */
export const keep = RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;

/** One DynamoDB table per row of `tables`: on demand, encrypted, with point-in-time recovery. */
export function createTables(scope: Construct, firstDeploy: boolean): Record<TableId, Table> {
  const out = {} as Record<TableId, Table>;
  for (const [id, def] of Object.entries(tables) as [TableId, (typeof tables)[TableId]][]) {
    const attr = (k: { name: string; type: string }) => ({
      name: k.name,
      type: k.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING,
    });
    const table = new Table(scope, def.id, {
      partitionKey: attr(def.partitionKey),
      ...('sortKey' in def && def.sortKey ? { sortKey: attr(def.sortKey) } : {}),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Off only on a stage's first deploy, so that its rollback can delete the new tables (deployment-config.ts `firstDeploy`).
      deletionProtection: !firstDeploy,
      removalPolicy: keep,
      ...('ttlAttribute' in def && def.ttlAttribute ? { timeToLiveAttribute: def.ttlAttribute } : {}),
    });
    for (const index of ('indexes' in def ? def.indexes : []) as readonly IndexDefinition[]) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attr(index.partitionKey),
        ...(index.sortKey ? { sortKey: attr(index.sortKey) } : {}),
        ...(index.include ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] } : {}),
      });
    }
    out[id] = table;
  }
  return out;
}

/** One work queue per row of `queues`, each with its dead-letter queue. */
export function createQueues(scope: Construct): { queues: Record<QueueId, Queue>; deadLetterQueues: Record<QueueId, Queue> } {
  const work = {} as Record<QueueId, Queue>;
  const dead = {} as Record<QueueId, Queue>;
  for (const [id, def] of Object.entries(queues) as [QueueId, (typeof queues)[QueueId]][]) {
    const dlq = new Queue(scope, deadLetterQueueId(id), {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(deadLetterRetentionSeconds),
    });
    Validations.of(dlq).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is a dead-letter queue; its messages are inspected and redriven by operators, and an alarm watches it.',
    });
    work[id] = new Queue(scope, def.id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(def.retentionSeconds),
      deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
    });
    dead[id] = dlq;
  }
  return { queues: work, deadLetterQueues: dead };
}

/** The access-log bucket, and one bucket per row of `buckets`, logging into it. */
export function createBuckets(scope: Construct, stage: string): Record<BucketId, Bucket> {
  const accessLogs = new Bucket(scope, 'AccessLogBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    removalPolicy: keep,
    lifecycleRules: [{ expiration: Duration.days(400) }, { abortIncompleteMultipartUploadAfter: Duration.days(1) }],
  });
  Validations.of(accessLogs).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This bucket receives the server access logs of the other buckets; logging it into itself would loop.',
  });
  const out = {} as Record<BucketId, Bucket>;
  for (const [id, def] of Object.entries(buckets) as [BucketId, BucketDefinition][]) {
    const retention = def.retentionDays ? Duration.days(def.retentionDays) : undefined;
    out[id] = new Bucket(scope, def.id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Versions guard what is kept; an expiring bucket's objects are gone with their expiry (resources.ts `expireAfterDays`).
      versioned: !def.expireAfterDays,
      ...(def.glacierInstantRetrievalAfterDays ? { transitionDefaultMinimumObjectSize: TransitionDefaultMinimumObjectSize.ALL_STORAGE_CLASSES_128_K } : {}),
      removalPolicy: keep,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: `${def.id}/`,
      ...(retention
        ? {
            objectLockEnabled: true,
            // Production evidence cannot be deleted or overwritten by anyone, the account root included
            // (compliance mode). Other stages use governance mode, so an administrator explicitly granted
            // s3:BypassGovernanceRetention (no role here has it) can clean a test bucket.
            objectLockDefaultRetention: stage === 'prod' ? ObjectLockRetention.compliance(retention) : ObjectLockRetention.governance(retention),
          }
        : {}),
      // Storage-class transitions only where `BucketDefinition` (shared/platform/infra/resources.ts) says why they pay.
      lifecycleRules: [
        ...(def.expireAfterDays ? [{ expiration: Duration.days(def.expireAfterDays) }] : []),
        ...(def.keepDays
          ? [
              {
                expiration: Duration.days(def.keepDays),
                noncurrentVersionExpiration: Duration.days(noncurrentVersionDays),
                ...(def.glacierInstantRetrievalAfterDays
                  ? {
                      transitions: [
                        { storageClass: StorageClass.GLACIER_INSTANT_RETRIEVAL, transitionAfter: Duration.days(def.glacierInstantRetrievalAfterDays) },
                      ],
                    }
                  : {}),
              },
              // A delete marker with no version left behind it.
              { expiredObjectDeleteMarker: true },
            ]
          : []),
        // Every bucket whose objects expire: a multipart upload left incomplete (a worker stopped mid-file;
        // its retry writes the object anew) is removed after a day rather than billed for ever.
        ...(def.expireAfterDays || def.keepDays ? [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }] : []),
      ],
    });
    if (def.writeOnce) {
      // Objects are only ever added: a PutObject without If-None-Match (which S3 answers 412 on an
      // existing key) is denied to every principal, the functions granted s3:PutObject included. It also
      // rules out multipart uploads and copies into the bucket, which nothing here uses.
      out[id].addToResourcePolicy(
        new PolicyStatement({
          sid: 'DenyWritesThatCouldReplaceAnObject',
          effect: Effect.DENY,
          principals: [new AnyPrincipal()],
          actions: ['s3:PutObject'],
          resources: [out[id].arnForObjects('*')],
          conditions: { Null: { 's3:if-none-match': 'true' } },
        }),
      );
    }
  }
  return out;
}

/** One EventBridge rule per row of `schedules`, sending its message to its queue. */
export function createSchedules(scope: Construct, workQueues: Record<QueueId, Queue>): void {
  for (const schedule of Object.values(schedules)) {
    new Rule(scope, schedule.id, {
      description: schedule.purpose,
      schedule: Schedule.expression(schedule.expression),
      targets: [
        new SqsQueue(workQueues[schedule.targetQueue], {
          message: RuleTargetInput.fromObject({ ...schedule.message, scheduled_at: EventField.time }),
        }),
      ],
    });
  }
}
