/**
 * CSV exports of the verification history: who asked (owner), for what (filters), the snapshot (only
 * verifications created before `snapshot_at`), the writing's progress, and whether the file is ready
 * with how many rows. Kept a day, like the file; an export past its expiry reads as expired until TTL
 * removes the item.
 *
 * Progress is a few small conditional writes on the export's own item, bounded per attempt: one when an
 * attempt starts, then at most one every `progressIntervalMs` (export-progress.ts) while it writes, and
 * the completion; an attempt lasts at most the worker's time limit, and an export has at most three.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import type { ExportProgress } from '../export-progress.ts';
import { exportRecordSchema, type ExportRecord } from '../export-record.ts';
import type { ExportStore } from '../ports.ts';

export class DynamoExportStore implements ExportStore {
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

  /**
   * Marks the export ready with its row count (and the progress of the attempt that wrote it), once: a
   * repeated completion (a redelivered message) changes nothing.
   */
  complete(exportId: string, rowCount: number, completedAt: string, progress?: ExportProgress): Promise<boolean> {
    return this.ifPending(exportId, `SET #s = :to, row_count = :n, completed_at = :t${progress ? ', #p = :p' : ''}`, {
      ':to': 'ready',
      ':n': rowCount,
      ':t': completedAt,
      ...(progress ? { ':p': progress } : {}),
    });
  }

  /** Marks a pending export failed (its last attempt failed): ask for a new one. */
  fail(exportId: string, failedAt: string): Promise<boolean> {
    return this.ifPending(exportId, 'SET #s = :to, completed_at = :t', { ':to': 'failed', ':t': failedAt });
  }

  /** Notes that an attempt starts writing the file: its progress from `progress` (0 rows). False when the export is no longer pending. */
  startWriting(exportId: string, progress: ExportProgress): Promise<boolean> {
    return this.ifPending(exportId, 'SET #p = :p', { ':p': progress });
  }

  /**
   * Records the rows attempt `attempt` has written by `at`; only while the export is pending and that
   * attempt is the latest started (a slower earlier attempt never overwrites a newer one's count).
   */
  recordProgress(exportId: string, attempt: number, rowsWritten: number, at: string): Promise<boolean> {
    return this.ifPending(
      exportId,
      'SET #p.rows_written = :n, #p.updated_at = :t',
      { ':n': rowsWritten, ':t': at, ':attempt': attempt },
      '#p.attempt = :attempt',
    );
  }

  /** One conditional UpdateItem while the export is pending (and `also` holds); false when it did not. */
  private async ifPending(exportId: string, update: string, values: Record<string, unknown>, also?: string): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('exports'),
          Key: { export_id: exportId },
          UpdateExpression: update,
          ConditionExpression: also ? `#s = :pending AND ${also}` : '#s = :pending',
          ExpressionAttributeNames: { '#s': 'status', ...(update.includes('#p') || also?.includes('#p') ? { '#p': 'progress' } : {}) },
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
