/**
 * Records every AWS SDK call the local stack's handlers make (an SDK plugin on the container clients,
 * shared/platform/aws/clients.ts): which function made it, the operation, the table or bucket, when it started
 * and ended, and for DynamoDB the capacity units it consumed, in all and per index (the plugin asks for
 * `ReturnConsumedCapacity: INDEXES`, which the local DynamoDB answers as DynamoDB bills an on-demand
 * table: local/runtime/dynamo-capacity.mjs). A write its condition refused bills units too, which DynamoDB does
 * not return with the error; the local DynamoDB says them in a response header, read here, so they are
 * counted as well. `sequentialDepth` says how many of them a request waited for one after another.
 */
import type { MiddlewareStack, Pluggable } from '@smithy/types';
import { useOnEveryClient } from '#shared/platform/aws/clients.ts';
import { newContainer } from '#shared/platform/container.ts';
import { invokingFunction } from '../../local/runtime/lambda-runtime.ts';

export interface AwsCall {
  /** The route or worker id whose invocation made the call. */
  readonly functionId: string;
  /** `DynamoDBClient`, `S3Client`, … */
  readonly client: string;
  /** `GetItem`, `PutObject`, … (the document client's `Get` is reported as `GetItem`) */
  readonly operation: string;
  /** Table name, bucket name or queue URL. */
  readonly resource?: string;
  /** performance.now() when the call was sent and when it returned (or failed), retries included. */
  readonly start: number;
  readonly end: number;
  /**
   * DynamoDB: the capacity units the call consumed (read units for reads, write units for writes), its
   * indexes' included; for a failed call, what it billed all the same (a write its condition refused), or
   * absent.
   */
  readonly capacityUnits?: number;
  /** DynamoDB: the units of `capacityUnits` consumed by each index, by index name (absent when none). */
  readonly indexUnits?: Readonly<Record<string, number>>;
}

export interface AwsCallLog {
  readonly calls: readonly AwsCall[];
  /** The calls recorded while `fn` ran. */
  during<T>(fn: () => Promise<T>): Promise<{ value: T; calls: AwsCall[] }>;
  stop(): void;
}

/** The document client's command names → the API operation each sends. */
const documentOperations: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

function operationName(command: string): string {
  const name = command.replace(/Command$/, '');
  return documentOperations[name] ?? name;
}

interface Consumed {
  readonly CapacityUnits?: number;
  readonly GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
  readonly LocalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** The units of a `ConsumedCapacity` answer (one object, or one per table for batch operations): in all, and per index. */
export function consumedUnits(consumed: unknown): { total: number; indexes?: Record<string, number> } | undefined {
  if (consumed === undefined || consumed === null) return undefined;
  const list = (Array.isArray(consumed) ? consumed : [consumed]) as Consumed[];
  const indexes: Record<string, number> = {};
  for (const c of list) {
    for (const byName of [c.GlobalSecondaryIndexes, c.LocalSecondaryIndexes]) {
      for (const [name, units] of Object.entries(byName ?? {})) indexes[name] = (indexes[name] ?? 0) + (units.CapacityUnits ?? 0);
    }
  }
  return {
    total: list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0),
    ...(Object.keys(indexes).length > 0 ? { indexes } : {}),
  };
}

/** The header in which the local DynamoDB says what a failed call billed (local/runtime/dynamo-front.mjs). */
const failedCallUnitsHeader = 'x-local-consumed-capacity';

/** Starts recording (and makes the clients again with the recorder); `stop` removes it. */
export function recordAwsCalls(): AwsCallLog {
  const calls: AwsCall[] = [];
  const plugin: Pluggable<any, any> = {
    applyToStack: (stack: MiddlewareStack<any, any>) => {
      stack.add(
        (next, context: { clientName?: string; commandName?: string }) => async (args) => {
          const functionId = invokingFunction();
          if (!functionId) return next(args);
          const input = args.input as Record<string, unknown>;
          const resource = [input.TableName, input.Bucket, input.QueueUrl].find((v): v is string => typeof v === 'string');
          const dynamo = context.clientName === 'DynamoDBClient' || context.clientName === 'DynamoDBDocumentClient';
          if (dynamo) input.ReturnConsumedCapacity = 'INDEXES';
          const start = performance.now();
          let units: ReturnType<typeof consumedUnits>;
          try {
            const out = await next(args);
            if (dynamo) units = consumedUnits((out as { output?: { ConsumedCapacity?: unknown } }).output?.ConsumedCapacity);
            return out;
          } catch (error) {
            const header = (context as Record<string, unknown>)[failedCallUnitsHeader];
            if (dynamo && typeof header === 'string') units = consumedUnits(JSON.parse(header));
            throw error;
          } finally {
            calls.push({
              functionId,
              client: context.clientName ?? 'unknown',
              operation: operationName(context.commandName ?? 'unknown'),
              ...(resource ? { resource } : {}),
              start,
              end: performance.now(),
              ...(units === undefined ? {} : { capacityUnits: units.total, ...(units.indexes ? { indexUnits: units.indexes } : {}) }),
            });
          }
        },
        { step: 'initialize', priority: 'high', name: 'benchAwsCallLog', override: true },
      );
      // Below the deserializer: the raw answer of each attempt, whose header says what a failed call billed.
      stack.add(
        (next, context: Record<string, unknown>) => async (args) => {
          const out = await next(args);
          const headers = (out.response as { headers?: Record<string, string> } | undefined)?.headers;
          const header = headers?.[failedCallUnitsHeader];
          if (header) context[failedCallUnitsHeader] = header;
          else delete context[failedCallUnitsHeader];
          return out;
        },
        { step: 'deserialize', priority: 'low', name: 'benchAwsCallLogFailedUnits', override: true },
      );
    },
  };
  const remove = useOnEveryClient(plugin);
  newContainer();
  return {
    calls,
    async during(fn) {
      const from = calls.length;
      const value = await fn();
      return { value, calls: calls.slice(from) };
    },
    stop() {
      remove();
      newContainer();
    },
  };
}

/**
 * The longest chain of calls each started after the previous one had returned: calls in flight at the
 * same time count as one level. 0 for no calls.
 */
export function sequentialDepth(calls: readonly Pick<AwsCall, 'start' | 'end'>[]): number {
  return depthLevels(calls).reduce((max, level) => Math.max(max, level), 0);
}

/** Each call's level in that chain (1 for a call that waited for none), in the order given. */
export function depthLevels(calls: readonly Pick<AwsCall, 'start' | 'end'>[]): number[] {
  const order = calls.map((c, i) => ({ c, i })).sort((a, b) => a.c.start - b.c.start);
  const levels = new Array<number>(calls.length).fill(0);
  for (const { c, i } of order) {
    let level = 1;
    for (const { c: p, i: j } of order) {
      if (p.end <= c.start && levels[j]! + 1 > level) level = levels[j]! + 1;
    }
    levels[i] = level;
  }
  return levels;
}
