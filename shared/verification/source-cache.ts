/**
 * Cache of source answers in DynamoDB (spec: Limits, cache TTL). An entry is fresh until `fresh_until`
 * (license status 24 h; static registry data 30 days) and kept a further 30 days as the "most recent
 * cached result" served when the source is down. Expiry is checked on read (DynamoDB deletes lazily).
 * Keys are built from state and names only, never from a date of birth.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';

export const ttl = {
  licenseStatusMs: 24 * 3_600_000,
  staticInfoMs: 30 * 24 * 3_600_000,
  /** How long an entry stays usable as a fallback after it stops being fresh. */
  fallbackMs: 30 * 24 * 3_600_000,
} as const;

export interface CachedValue<T> {
  readonly value: T;
  readonly fetchedAt: string;
  readonly freshUntil: string;
  readonly fresh: boolean;
}

export interface SourceCache {
  get<T>(key: string, now: Date): Promise<CachedValue<T> | undefined>;
  /** Queues a write; `flush` completes every queued write (before the function returns). */
  put<T>(key: string, value: T, fetchedAt: Date, freshForMs: number): void;
  flush(): Promise<void>;
}

export class DynamoSourceCache implements SourceCache {
  private pending: Promise<void>[] = [];

  async get<T>(key: string, now: Date): Promise<CachedValue<T> | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('cache'), Key: { cache_key: key } }));
    const item = out.Item;
    if (!item || Number(item.expires_at) * 1000 <= now.getTime()) return undefined;
    return {
      value: JSON.parse(item.value as string) as T,
      fetchedAt: item.fetched_at as string,
      freshUntil: item.fresh_until as string,
      fresh: Date.parse(item.fresh_until as string) > now.getTime(),
    };
  }

  put<T>(key: string, value: T, fetchedAt: Date, freshForMs: number): void {
    const write = this.write(key, value, fetchedAt, freshForMs);
    write.catch(() => undefined); // surfaced by flush()
    this.pending.push(write);
  }

  async flush(): Promise<void> {
    const writes = this.pending;
    this.pending = [];
    await Promise.all(writes);
  }

  private async write<T>(key: string, value: T, fetchedAt: Date, freshForMs: number): Promise<void> {
    const freshUntil = new Date(fetchedAt.getTime() + freshForMs);
    await dynamo().send(
      new PutCommand({
        TableName: tableName('cache'),
        Item: {
          cache_key: key,
          value: JSON.stringify(value),
          fetched_at: fetchedAt.toISOString(),
          fresh_until: freshUntil.toISOString(),
          expires_at: Math.floor((freshUntil.getTime() + ttl.fallbackMs) / 1000),
        },
      }),
    );
  }
}
