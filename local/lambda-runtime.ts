/**
 * Loads handler modules by their entry path (the same file a NodejsFunction bundles) and invokes them
 * with a Lambda-like context and time limit.
 */
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Handler = (event: unknown, context: Context) => Promise<unknown>;

const repoRoot = resolve(import.meta.dirname, '..');
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

export class InvocationTimeout extends Error {
  constructor(readonly functionName: string, readonly timeoutMs: number) {
    super(`${functionName} timed out after ${timeoutMs} ms`);
    this.name = 'InvocationTimeout';
  }
}

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
    return await Promise.race([handler(event, context), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
