/**
 * Which source responses an answer was read from. `captureEvidence(fn)` runs `fn` with a collector
 * that every `fetchSource` call made within it (however deep, in parallel or not) adds its response to,
 * and returns the responses beside `fn`'s value. A call made outside any capture is not collected.
 * `replayEvidence` hands responses collected once to the capture of another caller sharing the answer
 * (a bulk request's identical lookups).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CapturedResponse } from './evidence.ts';

interface Collector {
  readonly responses: CapturedResponse[];
  /** Starts storing a response the moment it arrives, before the answer it belongs to is complete. */
  readonly onResponse?: (response: CapturedResponse) => void;
}

const collector = new AsyncLocalStorage<Collector>();

export interface Captured<T> {
  readonly value: T;
  readonly responses: readonly CapturedResponse[];
}

/**
 * `fn`'s value and every source response received while making it; `onResponse` sees each successful
 * (2xx) response as it arrives, so that storing it overlaps the rest of the answer.
 */
export async function captureEvidence<T>(fn: () => Promise<T>, onResponse?: (response: CapturedResponse) => void): Promise<Captured<T>> {
  const responses: CapturedResponse[] = [];
  const value = await collector.run({ responses, ...(onResponse ? { onResponse } : {}) }, fn);
  return { value, responses };
}

/** Adds a received response to the current capture, if any. */
export function noteSourceResponse(response: CapturedResponse): void {
  const store = collector.getStore();
  if (!store) return;
  store.responses.push(response);
  if (response.status >= 200 && response.status < 300) store.onResponse?.(response);
}

/** Adds responses collected by another capture to the current one. */
export function replayEvidence(responses: readonly CapturedResponse[]): void {
  collector.getStore()?.responses.push(...responses);
}
