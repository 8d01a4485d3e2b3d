/**
 * Reads the verification history: the index entries a plan selects (history-query.ts), page by page
 * through the narrow history indexes, and the full stored results of a page by BatchGetItem. The
 * indexes are eventually consistent: a verification shows in its history shortly (normally well under a
 * second) after it is stored; the results themselves are read strongly consistent.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { batchGetItems, batchGetLimit } from '../../../platform/aws/batch-get.ts';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { keyModeSchema } from '../../../contract/field-schemas.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import { storedFields, storedNames, storedResultSchema } from '../../verification/adapters/verification-store.ts';
import type { HistorySummary } from '../../verification/history-attributes.ts';
import { planIsEmpty, plansFilter, queryExpressions, type HistoryPlan } from '../history-query.ts';
import type { HistoryEntry, HistoryPage, HistoryPosition, HistoryStore } from '../ports.ts';

const summarySchema: z.ZodType<HistorySummary, unknown> = z.object({
  created_at: z.string(),
  mode: keyModeSchema,
  first_name: z.string(),
  last_name: z.string(),
  name_key: z.string(),
  state: z.string(),
  npi: z.string().nullable(),
  license_name: z.string().nullable(),
  license_number: z.string().nullable(),
  status: z.string(),
  verified: z.boolean(),
  expiry_date: z.string().nullable(),
  disciplined: z.boolean(),
  oig_excluded: z.boolean(),
  sanctioned: z.boolean(),
});

const entrySchema: z.ZodType<HistoryEntry, unknown> = z.object({
  verification_id: z.string(),
  owner: z.string().optional(),
  created_key: z.string(),
  owner_npi: z.string().optional(),
  owner_last_name: z.string().optional(),
  history: summarySchema,
});

/** Index pages (1 MB each at most) one history request reads before answering what it found. */
export const maxPagesPerRequest = 4;

/**
 * The index key to start after: the plan's own partition and the position's time. Any verification of
 * the owner is a position in any of the owner's indexes (the one a cursor names need not be in the index
 * read, e.g. a cursor of the unfiltered list passed to an NPI query).
 */
function startKey(plan: HistoryPlan, after: HistoryPosition | undefined): Record<string, unknown> | undefined {
  return after ? { verification_id: after.verification_id, created_key: after.created_key, [plan.keyName]: plan.keyValue } : undefined;
}

function positionOf(key: Record<string, unknown>): HistoryPosition {
  return { verification_id: String(key.verification_id), created_key: String(key.created_key) };
}

export interface HistoryStoreOptions {
  /** Index pages one request reads at most (default `maxPagesPerRequest`). */
  readonly pagesPerRequest?: number;
  /** Entries a filtered Query reads per page (default: none, DynamoDB's 1 MB). */
  readonly entriesPerQuery?: number;
}

export class DynamoHistoryStore implements HistoryStore {
  constructor(private readonly options: HistoryStoreOptions = {}) {}

  /**
   * Up to `limit` entries of the plan after `after`, newest first. With a filter, DynamoDB reads entries
   * it then drops; at most `maxPagesPerRequest` index pages are read, and a page that ran out of them
   * says so (`hasMore`, `last`: where the next page resumes) with what it found.
   */
  async page(plan: HistoryPlan, limit: number, after?: HistoryPosition): Promise<HistoryPage> {
    if (planIsEmpty(plan)) return { entries: [], hasMore: false };
    // A cursor may come from another query, its time outside this one's range; DynamoDB refuses a start
    // key outside the key condition. Older than the range: nothing is left. Newer: the range's top.
    if (after && plan.from && after.created_key < plan.from) return { entries: [], hasMore: false };
    const start = after && plan.before && after.created_key >= plan.before ? undefined : after;
    const entries: HistoryEntry[] = [];
    let exclusiveStart = startKey(plan, start);
    const filtered = plansFilter(plan);
    for (let pages = 0; pages < (this.options.pagesPerRequest ?? maxPagesPerRequest); pages++) {
      const out = await this.query(plan, exclusiveStart, filtered ? this.options.entriesPerQuery : limit + 1 - entries.length);
      for (const item of out.items) {
        entries.push(item);
        if (entries.length > limit) {
          const page = entries.slice(0, limit);
          return { entries: page, hasMore: true, last: page[page.length - 1] };
        }
      }
      if (!out.lastKey) return { entries, hasMore: false };
      exclusiveStart = out.lastKey;
    }
    return { entries, hasMore: true, last: positionOf(exclusiveStart!) };
  }

  /** Every entry of the plan, newest first, an index page (up to 1 MB) at a time. */
  async *pages(plan: HistoryPlan): AsyncGenerator<HistoryEntry[]> {
    if (planIsEmpty(plan)) return;
    let exclusiveStart: Record<string, unknown> | undefined;
    do {
      const out = await this.query(plan, exclusiveStart);
      if (out.items.length) yield out.items;
      exclusiveStart = out.lastKey;
    } while (exclusiveStart);
  }

  /** The entry of a verification of `owner`, to page after it; undefined for anyone else's or none. */
  async position(verificationId: string, owner: string): Promise<HistoryPosition | undefined> {
    const out = await dynamo().send(
      new GetCommand({
        TableName: tableName('verifications'),
        Key: { verification_id: verificationId },
        ProjectionExpression: 'verification_id, #o, created_key',
        ExpressionAttributeNames: { '#o': 'owner' },
        ConsistentRead: true,
      }),
    );
    if (!out.Item || out.Item.owner !== owner || typeof out.Item.created_key !== 'string') return undefined;
    return positionOf(out.Item);
  }

  /** The stored results of `ids` (at most 100), by id, read strongly consistent. */
  async results(ids: readonly string[]): Promise<Map<string, z.output<typeof storedResultSchema>>> {
    const found = new Map<string, z.output<typeof storedResultSchema>>();
    for (let i = 0; i < ids.length; i += batchGetLimit) {
      const items = await batchGetItems(
        tableName('verifications'),
        ids.slice(i, i + batchGetLimit).map((id) => ({ verification_id: id })),
        { consistentRead: true, attributes: ['verification_id', ...storedNames('result')] },
      );
      for (const stored of items) {
        const item = storedFields(stored);
        const id = String(item.verification_id);
        found.set(id, parseStoredItem('verification', id, storedResultSchema, item.result));
      }
    }
    return found;
  }

  private async query(plan: HistoryPlan, exclusiveStart: Record<string, unknown> | undefined, limit?: number) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('verifications'),
        IndexName: plan.index,
        ...queryExpressions(plan),
        ScanIndexForward: false,
        ...(limit ? { Limit: limit } : {}),
        ...(exclusiveStart ? { ExclusiveStartKey: exclusiveStart } : {}),
      }),
    );
    const items = (out.Items ?? []).map((item) => parseStoredItem('verification', String(item.verification_id), entrySchema, item));
    return { items, lastKey: out.LastEvaluatedKey };
  }
}
