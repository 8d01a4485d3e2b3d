/**
 * Faults that the local emulators never produce, injected into this process's container clients
 * (`sqs()`, `dynamo()`, `kms()`) as SDK middleware. The handlers of the local stack run in the test's own
 * process, so they see the faults too. Each function returns a `Fault`: call it to remove the fault
 * (always, in a `finally`); `fault.injected` counts what it did.
 *
 * - `failSqsBatchEntries`: `SendMessageBatch` answers 200 with some entries in `Failed` (those entries
 *   are really not sent; the others are).
 * - `failCalls`: any SQS, DynamoDB or KMS operation throws the given error.
 * - `throttleDynamo`: DynamoDB `ProvisionedThroughputExceededException` / `ThrottlingException`.
 * - `throttleKms`: KMS `ThrottlingException` on Sign, GetPublicKey, Encrypt or Decrypt. Locally no KMS
 *   client is used (certificates are signed with a local key file and webhook secrets sealed with a
 *   local AES key), so the fault is injected at the same seams as well: the container signers' `sign` /
 *   `publicKeys` and the container sealer's `seal` / `open` throw what KMS would.
 *
 * Errors are thrown as the code sees them once the SDK's own retries are spent (the middleware runs
 * before them). A client replaced by `newContainer()` loses its faults.
 */
import { ProvisionedThroughputExceededException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { KMSServiceException } from '@aws-sdk/client-kms';
import type { BatchResultErrorEntry, SendMessageBatchCommandInput, SendMessageBatchCommandOutput, SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { kms } from '#shared/platform/aws/kms.ts';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl, tableName } from '#shared/platform/config.ts';
import { signerFromEnvironment } from '#shared/features/certificates/signer-services.ts';
import type { QueueId, TableId } from '#shared/platform/infra/resources.ts';
import { sealerFromEnvironment } from '#shared/features/monitoring/secrets/sealer-services.ts';

export interface Fault {
  /** Removes the fault. */
  (): void;
  /** Calls failed (or, for batch entries, entries failed) so far. */
  readonly injected: number;
}

type Input = Record<string, any>;
type Next = (args: { input: Input }) => Promise<{ output: any; response: unknown }>;
type Middleware = (next: Next, context: { commandName?: string }) => (args: { input: Input }) => Promise<{ output: any; response: unknown }>;
interface Stack {
  add(middleware: Middleware, options: { step: 'initialize'; name: string }): void;
  remove(name: string): boolean;
}

let sequence = 0;

function fault(remove: () => void, injected: () => number): Fault {
  const dispose = (() => remove()) as Fault;
  Object.defineProperty(dispose, 'injected', { get: injected });
  return dispose;
}

/** Adds a middleware before every other step of the client's requests (and before its retries). */
function intercept(client: { middlewareStack: unknown }, middleware: Middleware): () => void {
  const stack = client.middlewareStack as Stack;
  const name = `test-fault-${++sequence}`;
  stack.add(middleware, { step: 'initialize', name });
  return () => void stack.remove(name);
}

/** `PutItemCommand` → `PutItem` (document-client commands reach the middleware as the base commands). */
const operationOf = (context: { commandName?: string }) => (context.commandName ?? '').replace(/Command$/, '');

/** Counts down the calls a fault applies to: `calls` (default every call). */
function budget(calls: number | undefined): { take(): boolean; count: number } {
  let left = calls ?? Number.POSITIVE_INFINITY;
  return {
    count: 0,
    take() {
      if (left <= 0) return false;
      left--;
      this.count++;
      return true;
    },
  };
}

export interface SqsBatchFaultOptions {
  /** Only batches sent to this queue (default: any queue). */
  readonly queue?: QueueId;
  /** The entries that fail (default: all of them). */
  readonly entries?: (entry: SendMessageBatchRequestEntry) => boolean;
  /** How many calls with a matching entry get failures (default: every one). */
  readonly calls?: number;
  /** `SenderFault` of the failed entries (default false: a failure on SQS's side). */
  readonly senderFault?: boolean;
  /** `Code` of the failed entries (default `InternalError`, or `InvalidParameterValue` for a sender fault). */
  readonly code?: string;
}

/** `SendMessageBatch` answers HTTP 200 with the matching entries in `Failed`: they are not sent, the rest are. */
export function failSqsBatchEntries(options: SqsBatchFaultOptions = {}): Fault {
  const calls = budget(options.calls);
  let entriesFailed = 0;
  const url = options.queue ? queueUrl(options.queue) : undefined;
  const matches = options.entries ?? (() => true);
  const senderFault = options.senderFault ?? false;
  const code = options.code ?? (senderFault ? 'InvalidParameterValue' : 'InternalError');
  const remove = intercept(sqs(), (next, context) => async (args) => {
    const input = args.input as SendMessageBatchCommandInput;
    if (operationOf(context) !== 'SendMessageBatch' || (url && input.QueueUrl !== url)) return next(args);
    const failing = (input.Entries ?? []).filter(matches);
    if (failing.length === 0 || !calls.take()) return next(args);
    entriesFailed += failing.length;
    const failed: BatchResultErrorEntry[] = failing.map((e) => ({ Id: e.Id, SenderFault: senderFault, Code: code, Message: 'injected by the test' }));
    const rest = (input.Entries ?? []).filter((e) => !failing.includes(e));
    if (rest.length === 0) {
      const output: SendMessageBatchCommandOutput = { Successful: [], Failed: failed, $metadata: { httpStatusCode: 200 } };
      return { output, response: {} };
    }
    const result = await next({ ...args, input: { ...input, Entries: rest } });
    result.output = { ...result.output, Failed: [...(result.output.Failed ?? []), ...failed] };
    return result;
  });
  return fault(remove, () => entriesFailed);
}

export interface CallFaultOptions {
  /** Operation names, e.g. `SendMessage`, `UpdateItem`, `Sign` (default: every operation). */
  readonly operations?: readonly string[];
  /** Only calls whose input passes this test (default: all). For DynamoDB, the document-client input. */
  readonly when?: (input: Input, operation: string) => boolean;
  /** How many matching calls fail (default: every one). */
  readonly calls?: number;
}

const clients = { sqs, dynamo, kms } as const;

/** Matching calls of one client throw `error()` instead of reaching the service. */
export function failCalls(client: keyof typeof clients, error: (operation: string) => Error, options: CallFaultOptions = {}): Fault {
  const calls = budget(options.calls);
  const remove = intercept(clients[client](), (next, context) => async (args) => {
    const operation = operationOf(context);
    if (options.operations && !options.operations.includes(operation)) return next(args);
    if (options.when && !options.when(args.input, operation)) return next(args);
    if (!calls.take()) return next(args);
    throw error(operation);
  });
  return fault(remove, () => calls.count);
}

export interface DynamoThrottleOptions extends CallFaultOptions {
  /** Only requests on these tables (default: any table). */
  readonly tables?: readonly TableId[];
  readonly error?: 'ProvisionedThroughputExceededException' | 'ThrottlingException';
}

/** Tables a DynamoDB request touches. */
function tablesOf(input: Input): string[] {
  if (typeof input.TableName === 'string') return [input.TableName];
  if (input.RequestItems) return Object.keys(input.RequestItems);
  if (Array.isArray(input.TransactItems)) {
    return input.TransactItems.map((item: Input) => (Object.values(item)[0] as Input | undefined)?.TableName).filter(
      (t: unknown): t is string => typeof t === 'string',
    );
  }
  return [];
}

/** DynamoDB throttling (on-demand tables throttle too, per partition) on the chosen operations and tables. */
export function throttleDynamo(options: DynamoThrottleOptions = {}): Fault {
  const names = options.tables?.map((id) => tableName(id));
  const kind = options.error ?? 'ProvisionedThroughputExceededException';
  return failCalls(
    'dynamo',
    (operation) => {
      const init = { message: `Throughput exceeded (injected on ${operation})`, $metadata: { httpStatusCode: 400 } };
      return kind === 'ThrottlingException' ? new ThrottlingException(init) : new ProvisionedThroughputExceededException(init);
    },
    {
      ...options,
      when: (input, operation) => (!names || tablesOf(input).some((t) => names.includes(t))) && (options.when?.(input, operation) ?? true),
    },
  );
}

export type KmsOperation = 'Sign' | 'GetPublicKey' | 'Encrypt' | 'Decrypt';

/** The error KMS answers when a cryptographic request rate quota is exceeded. */
export function kmsThrottlingException(operation: string): KMSServiceException {
  return new KMSServiceException({
    name: 'ThrottlingException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message: `Rate exceeded (injected on ${operation})`,
  });
}

/** KMS `ThrottlingException` on the chosen operations (default all four), through the KMS client and the local seams. */
export function throttleKms(options: { operations?: readonly KmsOperation[]; calls?: number } = {}): Fault {
  const operations = options.operations ?? ['Sign', 'GetPublicKey', 'Encrypt', 'Decrypt'];
  const calls = budget(options.calls);
  const restore: (() => void)[] = [];
  restore.push(
    intercept(kms(), (next, context) => async (args) => {
      const operation = operationOf(context);
      if (operations.includes(operation as KmsOperation) && calls.take()) throw kmsThrottlingException(operation);
      return next(args);
    }),
  );
  // The seams the local stack uses instead of KMS (own properties shadow the class methods until removed).
  const seams: [() => object, string, KmsOperation][] = [
    [() => signerFromEnvironment('live'), 'sign', 'Sign'],
    [() => signerFromEnvironment('test'), 'sign', 'Sign'],
    [() => signerFromEnvironment('live'), 'publicKeys', 'GetPublicKey'],
    [() => signerFromEnvironment('test'), 'publicKeys', 'GetPublicKey'],
    [sealerFromEnvironment, 'seal', 'Encrypt'],
    [sealerFromEnvironment, 'open', 'Decrypt'],
  ];
  for (const [get, method, operation] of seams) {
    if (!operations.includes(operation)) continue;
    let target: Record<string, unknown>;
    try {
      target = get() as Record<string, unknown>;
    } catch {
      continue; // not configured in this process
    }
    const own = Object.hasOwn(target, method);
    const original = target[method] as (...args: unknown[]) => Promise<unknown>;
    target[method] = async (...args: unknown[]) => {
      if (calls.take()) throw kmsThrottlingException(operation);
      return original.apply(target, args);
    };
    restore.push(() => {
      if (own) target[method] = original;
      else delete target[method];
    });
  }
  return fault(
    () => {
      for (const r of restore) r();
    },
    () => calls.count,
  );
}
