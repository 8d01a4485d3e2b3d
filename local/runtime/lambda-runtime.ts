/**
 * Loads handler modules by their entry path (the same file a NodejsFunction bundles) and invokes them
 * with a Lambda-like context and time limit.
 *
 * Many invocations run at once in this one process, as on a Lambda managed instance with
 * multi-concurrency, so invocations are scoped the way that runtime scopes them: each runs inside the
 * runtime's InvokeStore (AsyncLocalStorage), with AWS_LAMBDA_MAX_CONCURRENCY set. Powertools then keeps
 * each invocation's log keys, Lambda context and metrics apart instead of sharing them across requests.
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { setContainerResolver } from '#shared/platform/container.ts';
import { pathToFileURL } from 'node:url';

export type Handler = (event: unknown, context: Context) => Promise<unknown>;

const repoRoot = resolve(import.meta.dirname, '..', '..');
const loaded = new Map<string, Promise<Handler>>();

export function loadHandler(entry: string): Promise<Handler> {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(resolve(repoRoot, entry)).href).then((mod: { handler?: Handler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
      return mod.handler;
    });
    loaded.set(entry, handler);
  }
  return handler;
}

const invoking = new AsyncLocalStorage<string>();
// Each function keeps its own services and what they remember, as its own containers would.
setContainerResolver(() => invoking.getStore());

/** The function whose invocation is running here (its route or worker id), if any: whose grants apply to an AWS call. */
export function invokingFunction(): string | undefined {
  return invoking.getStore();
}

export class InvocationTimeout extends Error {
  constructor(
    readonly functionName: string,
    readonly timeoutMs: number,
  ) {
    super(`${functionName} timed out after ${timeoutMs} ms`);
    this.name = 'InvocationTimeout';
  }
}

// The process-wide InvokeStore in multi-concurrency mode, created (and published on globalThis, where
// Powertools looks for it) before the variable that makes Powertools use it is set.
const store: InvokeStoreBase = await InvokeStore.getInstanceAsync(true);
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';

export async function invoke(entry: string, functionName: string, event: unknown, timeoutMs: number): Promise<unknown> {
  const handler = await loadHandler(entry);
  const deadline = Date.now() + timeoutMs;
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InvocationTimeout(functionName, timeoutMs)), timeoutMs);
  });
  try {
    const scope = { [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId };
    return await Promise.race([invoking.run(functionName, () => store.run(scope, () => handler(event, context))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
