/**
 * CSV exports of the verification history: who asked (owner), for what (filters), the snapshot (only
 * verifications created before `snapshot_at`), and whether the file is ready with how many rows. Kept
 * a day, like the file; an export past its expiry reads as expired until TTL removes the item.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import { parseStoredItem } from '../records/stored-item.ts';

/** How long an export and its file are kept. */
export const exportRetentionSeconds = 86_400;

export const exportStatuses = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

const filtersSchema = z.object({
  created_from: z.string().optional(),
  created_to: z.string().optional(),
  state: z.string().optional(),
  status: z.string().optional(),
  verified: z.boolean().optional(),
  npi: z.string().optional(),
  last_name: z.string().optional(),
});

export const exportRecordSchema = z.object({
  export_id: z.string(),
  owner: z.string(),
  status: z.enum(exportStatuses),
  filters: filtersSchema,
  created_at: z.string(),
  snapshot_at: z.string(),
  expires_at: z.number(),
  object_key: z.string(),
  row_count: z.number().optional(),
  completed_at: z.string().optional(),
});

export type ExportRecord = z.output<typeof exportRecordSchema>;

/** The object of an export: one key per export id, so a retried worker writes the same object again. */
export const exportObjectKey = (exportId: string) => `exports/${exportId}.csv`;

export class ExportStore {
  async create(record: ExportRecord): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: tableName('exports'), Item: record, ConditionExpression: 'attribute_not_exists(export_id)' }));
  }

  async get(exportId: string): Promise<ExportRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('exports'), Key: { export_id: exportId }, ConsistentRead: true }));
    return out.Item ? parseStoredItem('export', exportId, exportRecordSchema, out.Item) : undefined;
  }

  /** The export, only for its owner; anyone else gets undefined. */
  async getOwned(exportId: string, owner: string): Promise<ExportRecord | undefined> {
    const record = await this.get(exportId);
    return record?.owner === owner ? record : undefined;
  }

  /** Marks the export ready with its row count, once: a repeated completion (a redelivered message) changes nothing. */
  complete(exportId: string, rowCount: number, completedAt: string): Promise<boolean> {
    return this.settle(exportId, 'SET #s = :to, row_count = :n, completed_at = :t', { ':to': 'ready', ':n': rowCount, ':t': completedAt });
  }

  /** Marks a pending export failed (its last attempt failed): ask for a new one. */
  fail(exportId: string, failedAt: string): Promise<boolean> {
    return this.settle(exportId, 'SET #s = :to, completed_at = :t', { ':to': 'failed', ':t': failedAt });
  }

  /** Moves a pending export to its final state; false when it was no longer pending. */
  private async settle(exportId: string, update: string, values: Record<string, unknown>): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('exports'),
          Key: { export_id: exportId },
          UpdateExpression: update,
          ConditionExpression: '#s = :pending',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ...values, ':pending': 'pending' },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
