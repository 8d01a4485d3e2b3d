/**
 * SendMessageBatch that either sends every entry or throws. SQS answers a batch call with HTTP 200 and
 * two lists, `Successful` and `Failed`: single entries can fail while the call succeeds. This helper
 * sends in chunks of 10 (SQS's limit), sends again only the entries that failed on SQS's side (a few
 * times, with a short backoff), and throws `BatchSendError` naming every entry still not sent. An
 * entry failed with `SenderFault: true` (a malformed or oversized message) is not sent again: the same
 * request would fail the same way.
 *
 * Callers let the error fail the message being processed, so the queue delivers it again and the whole
 * step is repeated; the receiving side must therefore tolerate the entries that did go out twice.
 */
import { SendMessageBatchCommand, type BatchResultErrorEntry, type SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { sqs } from './sqs.ts';

/** SQS's limit on entries per SendMessageBatch call. */
export const maxBatchEntries = 10;

/** A batch entry; the helper numbers the entries itself. */
export type BatchEntry = Omit<SendMessageBatchRequestEntry, 'Id'>;

export interface BatchSendOptions {
  /** Calls per chunk, the first included, while entries keep failing on SQS's side (default 4). */
  readonly attempts?: number;
  /** Backoff base, ms: the wait before call n is a random time in [base * 2^(n-1) / 2, base * 2^(n-1)] (default 100). */
  readonly backoffMs?: number;
}

export interface UnsentEntry {
  /** Position of the entry in the list given to `sendMessageBatch`. */
  readonly index: number;
  readonly code: string;
  readonly message?: string;
  readonly senderFault: boolean;
}

export class BatchSendError extends Error {
  /** True when SQS failed every unsent entry on its side: trying again later may succeed. */
  readonly retryable: boolean;
  constructor(
    readonly queueUrl: string,
    readonly unsent: readonly UnsentEntry[],
    readonly total: number,
  ) {
    const queue = queueUrl.split('/').pop();
    const list = unsent.map((u) => `#${u.index} ${u.code}${u.senderFault ? ' (sender fault)' : ''}${u.message ? `: ${u.message}` : ''}`);
    super(`${unsent.length} of ${total} messages not sent to ${queue}: ${list.join('; ')}`);
    this.name = 'BatchSendError';
    this.retryable = unsent.every((u) => !u.senderFault);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends every entry to the queue, in order of chunks, or throws `BatchSendError` naming those not sent. */
export async function sendMessageBatch(queueUrl: string, entries: readonly BatchEntry[], options: BatchSendOptions = {}): Promise<void> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const backoffMs = options.backoffMs ?? 100;
  const unsent: UnsentEntry[] = [];
  for (let start = 0; start < entries.length; start += maxBatchEntries) {
    let pending = entries.slice(start, start + maxBatchEntries).map((entry, i) => ({ ...entry, Id: String(start + i) }));
    let failed: BatchResultErrorEntry[] = [];
    for (let attempt = 1; pending.length > 0 && attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const ceiling = backoffMs * 2 ** (attempt - 2);
        await sleep(ceiling / 2 + (Math.random() * ceiling) / 2);
      }
      const out = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
      failed = out.Failed ?? [];
      const answered = new Set([...(out.Successful ?? []).map((s) => s.Id), ...failed.map((f) => f.Id)]);
      // An entry SQS did not answer for is treated as not sent (never observed, but never assumed sent).
      const unanswered = pending.filter((e) => !answered.has(e.Id));
      failed = [...failed, ...unanswered.map((e) => ({ Id: e.Id, Code: 'NoResult', SenderFault: false, Message: 'no result for this entry' }))];
      for (const f of failed.filter((f) => f.SenderFault)) unsent.push(unsentEntry(f));
      const retry = new Set(failed.filter((f) => !f.SenderFault).map((f) => f.Id));
      pending = pending.filter((e) => retry.has(e.Id));
    }
    for (const f of failed.filter((f) => !f.SenderFault)) unsent.push(unsentEntry(f));
  }
  if (unsent.length > 0)
    throw new BatchSendError(
      queueUrl,
      unsent.sort((a, b) => a.index - b.index),
      entries.length,
    );
}

function unsentEntry(f: BatchResultErrorEntry): UnsentEntry {
  return { index: Number(f.Id), code: f.Code ?? 'Unknown', ...(f.Message ? { message: f.Message } : {}), senderFault: f.SenderFault === true };
}
