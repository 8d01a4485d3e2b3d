/**
 * Downloads of source files: a GET that gives up when the response does not start in time or the whole
 * transfer takes too long, retried on connection failures, 5xx and 429 (three attempts, jittered
 * back-off), and the body streamed to a file while it is hashed (SHA-256), never held in memory whole.
 * Requests go to the source's own hosts only, redirects included (a file store behind a 303), each hop
 * checked before it is sent (guarded-fetch.ts); a refused hop is an IngestRefusal, never retried.
 * Nothing fetched is read without a bound: a file is saved up to its source's file limit (parse-limits.ts
 * `maxFileBytes`), a landing page or file listing read up to `maxPageBytes`; past it the transfer is
 * cancelled and the file refused (IngestRefusal `limit`), before it can fill the worker's disk or memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SourceError } from '../errors.ts';
import { guardedFetch, type SourceHosts } from '../guarded-fetch.ts';
import { IngestRefusal, isIngestRefusal } from '../ingest-refusal.ts';
import { sizeText } from '../parse-limits.ts';
import { observeSourceCall } from '../source-telemetry.ts';

export interface DownloadTimeouts {
  /** Until the response starts: a server that accepts and never answers is given up on after this. */
  readonly responseMs: number;
  /** The whole download, body included. */
  readonly totalMs: number;
}

/** A form posted instead of a GET (an ASP.NET page's download button). */
export interface PostedForm {
  readonly body: string;
  readonly contentType: string;
}

/** A fetch that gives up when the response does not start in time, or the whole download takes too long. */
async function fetchWithTimeouts(
  source: string,
  hosts: SourceHosts,
  url: string,
  headers: Record<string, string>,
  timeouts: DownloadTimeouts,
  form: PostedForm | undefined,
): Promise<Response> {
  const controller = new AbortController();
  const timedOut = () => controller.abort(new DOMException(`The ${source} download timed out`, 'TimeoutError'));
  const responseTimer = setTimeout(timedOut, timeouts.responseMs);
  // Left armed for the body, read after this returns; unref so it never keeps a process alive.
  setTimeout(timedOut, timeouts.totalMs).unref();
  try {
    if (form) {
      return await guardedFetch(source, url, hosts, {
        method: 'POST',
        headers: { ...headers, 'content-type': form.contentType },
        body: form.body,
        signal: controller.signal,
      });
    }
    return await guardedFetch(source, url, hosts, { headers, signal: controller.signal });
  } finally {
    clearTimeout(responseTimer);
  }
}

/**
 * GET `url` (or POST `form` to it) as `source`, from its `hosts` only, timed by its source metrics.
 * Answers a 2xx or 304 response whose body is still to be read; throws IngestRefusal for a request or
 * redirect off the source's hosts, SourceError otherwise.
 */
export function downloadSourceFile(
  source: string,
  hosts: SourceHosts,
  url: string,
  headers: Record<string, string>,
  timeouts: DownloadTimeouts,
  form?: PostedForm,
): Promise<Response> {
  return observeSourceCall(source, () => downloadWithRetries(source, hosts, url, headers, timeouts, form));
}

async function downloadWithRetries(
  source: string,
  hosts: SourceHosts,
  url: string,
  headers: Record<string, string>,
  timeouts: DownloadTimeouts,
  form: PostedForm | undefined,
): Promise<Response> {
  let last: SourceError | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * 500 * 2 ** attempt));
    try {
      const response = await fetchWithTimeouts(source, hosts, url, headers, timeouts, form);
      if (response.status === 304 || response.ok) return response;
      await response.body?.cancel();
      last = new SourceError(source, response.status >= 500 ? 'server_error' : 'rejected', `HTTP ${response.status}`, { status: response.status });
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      // A refused host is final; so is an answer that cannot be followed (a redirect loop).
      if (isIngestRefusal(error)) throw error;
      if (error instanceof SourceError) {
        last = error;
        if (error.failure !== 'connection' && error.failure !== 'timeout') break;
        continue;
      }
      const timeout = (error as Error).name === 'TimeoutError';
      last = new SourceError(source, timeout ? 'timeout' : 'connection', timeout ? 'download timed out' : 'connection failed', { cause: error });
    }
  }
  throw last!;
}

/**
 * The most of a landing page or a file listing that is read: real ones are under 1 MB; a page is held in
 * memory whole to be read.
 */
export const maxPageBytes = 8 * 1024 * 1024;

/** Hashes the bytes passing through; with a `limit`, fails with its error once more than its bytes have passed. */
function hashing(hash: ReturnType<typeof createHash>, limit?: { readonly maxBytes: number; readonly tooLarge: () => Error }): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (limit && bytes > limit.maxBytes) {
        done(limit.tooLarge());
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Streams a response body to `file`; answers its SHA-256 (hex). A body past `maxBytes` (the source's file
 * limit) is cancelled and refused (IngestRefusal `limit`); an interrupted transfer is a connection failure.
 */
export async function saveResponseBody(source: string, response: Response, file: string, maxBytes: number): Promise<string> {
  const hash = createHash('sha256');
  const tooLarge = () => new IngestRefusal(source, 'limit', `the download is larger than ${sizeText(maxBytes)}, the limit of its file`);
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), hashing(hash, { maxBytes, tooLarge }), createWriteStream(file));
  } catch (error) {
    if (isIngestRefusal(error)) throw error;
    throw new SourceError(source, 'connection', `download interrupted (${(error as Error).message})`, { cause: error });
  }
  return hash.digest('hex');
}

/**
 * A response body as text, read up to `maxBytes` (`what` names it in the refusal: `the page`, `a page of
 * the list`); past it the transfer is cancelled and refused (IngestRefusal `limit`). An interrupted
 * transfer is a connection failure.
 */
export async function boundedText(source: string, response: Response, maxBytes: number, what: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new IngestRefusal(source, 'limit', `${what} is larger than ${sizeText(maxBytes)}, the limit`);
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (isIngestRefusal(error)) throw error;
    throw new SourceError(source, 'connection', `download interrupted (${(error as Error).message})`, { cause: error });
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Copies a local file (an operator's download) to `file`; answers its SHA-256 (hex). */
export async function copyLocalFile(from: string, file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(from), hashing(hash), createWriteStream(file));
  return hash.digest('hex');
}
