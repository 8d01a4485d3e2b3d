/**
 * Creates, in the emulators, the tables, queues (with their dead-letter queues) and buckets that the CDK
 * stack creates on AWS, from the same definitions. Safe to run again on an existing state directory.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buckets, deadLetterQueueId, queues, tables, type QueueId, type TableDefinition } from '#shared/platform/infra/resources.ts';

export interface LocalResourceNames {
  readonly tables: Record<string, string>;
  readonly queueUrls: Record<string, string>;
  readonly buckets: Record<string, string>;
}

/** Local resource names: fixed and readable (`accounts`, `monitor-sweep`, …). */
export function localName(id: string): string {
  return id
    .replace(/Queue(DLQ)?$/, (_, dlq) => (dlq ? 'Dlq' : ''))
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

export function createTableInput(def: TableDefinition, name: string): CreateTableCommandInput {
  const attributes = new Map<string, string>();
  const add = (k?: { name: string; type: string }) => k && attributes.set(k.name, k.type);
  add(def.partitionKey);
  add(def.sortKey);
  for (const index of def.indexes ?? []) {
    add(index.partitionKey);
    add(index.sortKey);
  }
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
      AttributeName,
      AttributeType: AttributeType as 'S' | 'N',
    })),
    KeySchema: keySchema(def.partitionKey, def.sortKey),
    ...(def.indexes?.length
      ? {
          GlobalSecondaryIndexes: def.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: index.include ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

export async function provision(endpoints: { dynamodb: string; s3: string; sqs: string }): Promise<LocalResourceNames> {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const region = 'us-east-1';
  const ddb = new DynamoDBClient({ endpoint: endpoints.dynamodb, region, credentials });
  const s3 = new S3Client({ endpoint: endpoints.s3, region, credentials, forcePathStyle: true });
  const sqs = new SQSClient({ endpoint: endpoints.sqs, region, credentials });
  try {
    const names: LocalResourceNames = { tables: {}, queueUrls: {}, buckets: {} };
    for (const def of Object.values(tables)) {
      const name = localName(def.id);
      names.tables[def.envVar] = name;
      try {
        await ddb.send(new DescribeTableCommand({ TableName: name }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
        await ddb.send(new CreateTableCommand(createTableInput(def, name)));
      }
    }
    for (const [id, def] of Object.entries(queues) as [QueueId, (typeof queues)[QueueId]][]) {
      const dlq = await sqs.send(new CreateQueueCommand({ QueueName: localName(deadLetterQueueId(id)) }));
      const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes?.QueueArn;
      const queue = await sqs.send(
        new CreateQueueCommand({
          QueueName: localName(def.id),
          Attributes: {
            VisibilityTimeout: String(def.visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: def.maxReceiveCount }),
          },
        }),
      );
      names.queueUrls[def.envVar] = queue.QueueUrl!;
    }
    for (const def of Object.values(buckets)) {
      const name = localName(def.id);
      names.buckets[def.envVar] = name;
      try {
        await s3.send(new HeadBucketCommand({ Bucket: name }));
      } catch {
        await s3.send(new CreateBucketCommand({ Bucket: name }));
      }
    }
    return names;
  } finally {
    ddb.destroy();
    s3.destroy();
    sqs.destroy();
  }
}

/** Every queue name the local stack creates, dead-letter queues included. */
export function localQueueNames(): string[] {
  return (Object.keys(queues) as QueueId[]).flatMap((id) => [localName(queues[id].id), localName(deadLetterQueueId(id))]);
}
