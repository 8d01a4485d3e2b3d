/**
 * Which source responses an answer was read from. `captureEvidence(fn)` runs `fn` with a collector
 * that every `fetchSource` call made within it (however deep, in parallel or not) adds its response to,
 * and returns the responses beside `fn`'s value. A call made outside any capture is not collected.
 * `replayEvidence` hands responses collected once to the capture of another caller sharing the answer
 * (a bulk request's identical lookups).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CapturedResponse } from './evidence.ts';

const collector = new AsyncLocalStorage<CapturedResponse[]>();

export interface Captured<T> {
  readonly value: T;
  readonly responses: readonly CapturedResponse[];
}

/** `fn`'s value and every source response received while making it. */
export async function captureEvidence<T>(fn: () => Promise<T>): Promise<Captured<T>> {
  const responses: CapturedResponse[] = [];
  const value = await collector.run(responses, fn);
  return { value, responses };
}

/** Adds a received response to the current capture, if any. */
export function noteSourceResponse(response: CapturedResponse): void {
  collector.getStore()?.push(response);
}

/** Adds responses collected by another capture to the current one. */
export function replayEvidence(responses: readonly CapturedResponse[]): void {
  const store = collector.getStore();
  if (store) store.push(...responses);
}
