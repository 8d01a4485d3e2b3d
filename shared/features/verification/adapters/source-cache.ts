/**
 * The source cache in DynamoDB (`SourceCache`, source-cache.ts): the value is stored as brotli-compressed
 * JSON, inline in the item while it is at most `inlineValueLimitBytes`, else as an S3 object the item
 * points to. Reads asked for in the same turn of the event loop go out in one BatchGetItem.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { batchGetItems, batchGetLimit, type Item } from '../../../platform/aws/batch-get.ts';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { isObjectNotStored, s3 } from '../../../platform/aws/s3.ts';
import { bucketName, tableName } from '../../../platform/config.ts';
import type { EvidenceRef } from '../../evidence/evidence.ts';
import { errorSummary, logger } from '../../../platform/observability/logger.ts';
import { recordMetric } from '../../../platform/observability/metrics.ts';
import { ttl, type CacheEvidence, type CachedValue, type SourceCache } from '../source-cache.ts';

/** Largest compressed value kept inside the DynamoDB item; larger ones go to S3. */
export const inlineValueLimitBytes = 256 * 1024;

export function encodeValue(value: unknown): { bytes: Buffer; jsonBytes: number } {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  // Quality 5: within a few percent of the best ratio on JSON, at a small fraction of the time.
  const bytes = brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } });
  return { bytes, jsonBytes: json.length };
}

export function decodeValue<T>(bytes: Uint8Array): T {
  return JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as T;
}

/** S3 key of an overflowing value: one object per write, so a reader never sees a half-replaced value. */
function overflowKey(cacheKey: string, fetchedAt: Date): string {
  const digest = createHash('sha256').update(cacheKey).digest('hex');
  return `source-cache/${digest.slice(0, 2)}/${digest}/${fetchedAt.toISOString()}-${randomUUID().slice(0, 8)}.json.br`;
}

/** Reads of cache items made in the same turn of the event loop, sent as BatchGetItem calls. */
class BatchedReads {
  private waiting = new Map<string, { resolve: (item: Item | undefined) => void; reject: (error: unknown) => void }[]>();

  read(key: string): Promise<Item | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.send());
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    const keys = [...batch.keys()];
    await Promise.all(
      Array.from({ length: Math.ceil(keys.length / batchGetLimit) }, async (_, i) => {
        const chunk = keys.slice(i * batchGetLimit, (i + 1) * batchGetLimit);
        try {
          const items = await batchGet(chunk);
          for (const key of chunk) for (const w of batch.get(key) ?? []) w.resolve(items.get(key));
        } catch (error) {
          for (const key of chunk) for (const w of batch.get(key) ?? []) w.reject(error);
        }
      }),
    );
  }
}

/** The cache items of `keys` (at most 100), by key; a key with no item is absent. */
async function batchGet(keys: readonly string[]): Promise<Map<string, Item>> {
  const items = await batchGetItems(
    tableName('cache'),
    keys.map((key) => ({ cache_key: key })),
  );
  return new Map(items.map((item) => [item.cache_key as string, item]));
}

export class DynamoSourceCache implements SourceCache {
  private pending: Promise<void>[] = [];
  private readonly reads = new BatchedReads();

  async get<T>(key: string, now: Date): Promise<CachedValue<T> | undefined> {
    const item = await this.reads.read(key);
    if (!item || Number(item.expires_at) * 1000 <= now.getTime()) return undefined;
    let value: T | undefined;
    try {
      value = await this.valueOf<T>(item);
    } catch (error) {
      // A value that cannot be read back is no cached answer: the source is asked instead.
      logger.warn('Cached source answer unreadable', { error: errorSummary(error) });
      return undefined;
    }
    if (value === undefined) return undefined;
    const evidence = evidenceOf(item);
    return {
      value,
      fetchedAt: item.fetched_at as string,
      freshUntil: item.fresh_until as string,
      fresh: Date.parse(item.fresh_until as string) > now.getTime(),
      ...(evidence ? { evidence } : {}),
    };
  }

  put<T>(key: string, value: T, fetchedAt: Date, freshForMs: number, evidence?: CacheEvidence): void {
    const write = this.write(key, value, fetchedAt, freshForMs, evidence).catch((error: unknown) => {
      recordMetric('cacheWriteFailures', 1, {});
      logger.warn('Source answer not cached', { error: errorSummary(error) });
    });
    this.pending.push(write);
  }

  async flush(): Promise<void> {
    const writes = this.pending;
    this.pending = [];
    await Promise.all(writes);
  }

  private async valueOf<T>(item: Item): Promise<T | undefined> {
    if (item.value_br instanceof Uint8Array) return decodeValue<T>(item.value_br);
    if (typeof item.value_s3 === 'string') {
      try {
        const out = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceCache'), Key: item.value_s3 }));
        return decodeValue<T>(await out.Body!.transformToByteArray());
      } catch (error) {
        if (isObjectNotStored(error)) return undefined;
        throw error;
      }
    }
    // Entries written before values were compressed.
    if (typeof item.value === 'string') return JSON.parse(item.value) as T;
    return undefined;
  }

  private async write<T>(key: string, value: T, fetchedAt: Date, freshForMs: number, evidence?: CacheEvidence): Promise<void> {
    // An entry never names evidence that is not stored.
    await evidence?.stored;
    const freshUntil = new Date(fetchedAt.getTime() + freshForMs);
    const { bytes } = encodeValue(value);
    let stored: Record<string, unknown>;
    if (bytes.length <= inlineValueLimitBytes) {
      stored = { value_br: bytes };
    } else {
      const objectKey = overflowKey(key, fetchedAt);
      await s3().send(
        new PutObjectCommand({
          Bucket: bucketName('sourceCache'),
          Key: objectKey,
          Body: bytes,
          ContentType: 'application/json',
          ContentEncoding: 'br',
          ChecksumAlgorithm: 'SHA256',
        }),
      );
      stored = { value_s3: objectKey };
    }
    await dynamo().send(
      new PutCommand({
        TableName: tableName('cache'),
        Item: {
          cache_key: key,
          ...stored,
          fetched_at: fetchedAt.toISOString(),
          fresh_until: freshUntil.toISOString(),
          expires_at: Math.floor((freshUntil.getTime() + ttl.fallbackMs) / 1000),
          ...(evidence && evidence.refs.length > 0 ? { evidence: JSON.stringify(evidence.refs) } : {}),
        },
      }),
    );
  }
}

/** The evidence an item names (a JSON list, a few hundred bytes), if it names any. */
function evidenceOf(item: Item): EvidenceRef[] | undefined {
  if (typeof item.evidence !== 'string') return undefined;
  try {
    const refs = JSON.parse(item.evidence) as unknown;
    return Array.isArray(refs) ? (refs as EvidenceRef[]) : undefined;
  } catch {
    return undefined;
  }
}
