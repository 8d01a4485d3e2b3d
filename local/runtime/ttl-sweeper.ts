/**
 * DynamoDB's Time to Live in the local stack (dynalite has none): every table that declares a
 * `ttlAttribute` (shared/platform/infra/resources.ts) is swept for items whose attribute, in epoch seconds, lies
 * more than `delayMs` in the past, and those items are deleted, as AWS deletes expired items some time
 * after their expiry. Until a sweep runs, expired items are still returned, as on AWS. Items without the
 * attribute (or with a non-number) never expire.
 *
 * The sweep runs every `intervalMs` (`LOCAL_TTL_SWEEP_SECONDS`, default 300; 0: only when asked) against
 * `now()` (the system clock by default); tests call `sweep(at)` with a moved clock.
 *
 * On AWS, TTL deletion is a background process that takes none of a table's throughput, while here every
 * scan runs on the emulator's one thread, ahead of the requests queued behind it. A timer's sweep is
 * therefore paced: it reads small pages and rests after each for `restFactor` times as long as the page
 * took, so a sweep of a large table (a long-running stack's verification records) takes at most about a
 * fifth of the emulator's time and delays a request by one small page, not by the whole table. A sweep
 * asked for (`sweep(at)`) runs at full speed.
 */
import { BatchWriteItemCommand, DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { tables, type TableDefinition } from '#shared/platform/infra/resources.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import type { LocalResourceNames } from './provision.ts';

export interface TtlSweepOptions {
  /** Between sweeps (ms); 0 disables the timer. */
  readonly intervalMs?: number;
  /** How long after its expiry an item may still be there (ms). */
  readonly delayMs?: number;
  /** The clock sweeps compare expiries with (epoch ms). */
  readonly now?: () => number;
}

export interface TtlSweeper {
  /** Deletes the items expired (past their TTL by more than the delay) at `at` (default: the sweeper's clock); answers how many, by table. */
  sweep(at?: Date): Promise<Record<string, number>>;
  stop(): void;
}

/** Items a paced sweep reads a page (evaluated, before its filter). */
const pacedPageItems = 200;
/** A paced sweep rests this many times as long as its last page took. */
const restFactor = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== '' && process.env[name] !== undefined ? value : fallback;
};

export function startTtlSweeper(endpoint: string, names: LocalResourceNames, options: TtlSweepOptions = {}): TtlSweeper {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const intervalMs = options.intervalMs ?? seconds('LOCAL_TTL_SWEEP_SECONDS', 300) * 1000;
  const delayMs = options.delayMs ?? seconds('LOCAL_TTL_DELAY_SECONDS', 0) * 1000;
  const now = options.now ?? Date.now;
  const swept = (Object.values(tables) as TableDefinition[]).filter((t) => t.ttlAttribute !== undefined);

  const sweepTable = async (def: TableDefinition, cutoffSeconds: number, paced: boolean): Promise<number> => {
    const name = names.tables[def.envVar]!;
    const keys = [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
    let deleted = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const began = performance.now();
      const out = await client.send(
        new ScanCommand({
          TableName: name,
          FilterExpression: '#ttl < :cutoff',
          ProjectionExpression: keys.map((_, i) => `#k${i}`).join(', '),
          ExpressionAttributeNames: { '#ttl': def.ttlAttribute!, ...Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])) },
          ExpressionAttributeValues: { ':cutoff': { N: String(cutoffSeconds) } },
          ExclusiveStartKey: start,
          ...(paced ? { Limit: pacedPageItems } : {}),
        }),
      );
      const items = out.Items ?? [];
      for (let i = 0; i < items.length; i += 25) {
        let pending = items.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
        while (pending.length > 0) {
          const written = await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: pending } }));
          pending = (written.UnprocessedItems?.[name] ?? []) as typeof pending;
        }
      }
      deleted += items.length;
      start = out.LastEvaluatedKey;
      if (paced && start) await sleep((performance.now() - began) * restFactor);
    } while (start);
    return deleted;
  };

  let running: Promise<Record<string, number>> | undefined;
  const sweep = async (at?: Date, paced = false): Promise<Record<string, number>> => {
    // One sweep at a time: a timer's sweep and a test's never interleave their deletes.
    while (running) await running.catch(() => undefined);
    const cutoffSeconds = Math.floor(((at?.getTime() ?? now()) - delayMs) / 1000);
    running = (async () => {
      const counts: Record<string, number> = {};
      for (const def of swept) {
        const n = await sweepTable(def, cutoffSeconds, paced);
        if (n > 0) counts[def.id] = n;
      }
      if (Object.keys(counts).length > 0) logger.info('Expired items deleted (local TTL)', { deleted: counts });
      return counts;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          // A sweep still under way (a paced sweep of a large table can outlast the interval) is not queued behind.
          if (running) return;
          void sweep(undefined, true).catch((error: Error) => logger.warn('Local TTL sweep failed', { error: error.message }));
        }, intervalMs)
      : undefined;
  timer?.unref();
  return {
    sweep,
    stop: () => {
      if (timer) clearInterval(timer);
      client.destroy();
    },
  };
}
