/**
 * A source file refused by the ingestion rules is final: the ingest workers log and count it and
 * acknowledge the message (retrying cannot change the file; it would only run into the dead-letter
 * queue), still renewing the current version's rows; a refusal by the renewal is final too; any other
 * failure is still retried; a load stopped for lack of time leaves the renewal to the retry.
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ ingestList: vi.fn(), renewList: vi.fn(), ingestLeie: vi.fn(), renewLeie: vi.fn() }));

vi.mock('#shared/features/sources/lists/list-ingest.ts', async (original) => ({
  ...(await original<typeof import('#shared/features/sources/lists/list-ingest.ts')>()),
  ingestList: calls.ingestList,
  renewList: calls.renewList,
}));
vi.mock('#shared/features/sources/leie/leie-ingest.ts', async (original) => ({
  ...(await original<typeof import('#shared/features/sources/leie/leie-ingest.ts')>()),
  ingestLeie: calls.ingestLeie,
  renewLeie: calls.renewLeie,
}));

const { handler: listWorker } = await import('#functions/sources/ingest-list.ts');
const { handler: leieWorker } = await import('#functions/sources/ingest-leie.ts');
const { IngestRefusal } = await import('#shared/features/sources/ingest-refusal.ts');
const { logger } = await import('#shared/platform/observability/logger.ts');
const { LoadInterrupted } = await import('#shared/features/sources/lists/load-progress.ts');

const event = (body: unknown): SQSEvent =>
  ({ Records: [{ messageId: 'm1', body: JSON.stringify(body), attributes: { ApproximateReceiveCount: '1' } }] }) as unknown as SQSEvent;
const context = { functionName: 'IngestWorker', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 600_000 } as Context;

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  for (const call of Object.values(calls)) call.mockReset();
  calls.renewList.mockResolvedValue({ outcome: 'not_due' });
  calls.renewLeie.mockResolvedValue({ outcome: 'not_due' });
  errors = vi.spyOn(logger, 'error');
});
afterEach(() => errors.mockRestore());

describe('a refused source file', () => {
  it('is reported and its list message acknowledged, the renewal still run', async () => {
    calls.ingestList.mockRejectedValue(new IngestRefusal('SAM.gov exclusions', 'limit', 'the member "x.csv" inflates 1032 times its compressed size'));
    const answer = await listWorker(event({ kind: 'list_ingest', list: 'sam' }), context);
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(calls.renewList).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('Source file refused by the ingestion rules', {
      source: 'SAM.gov exclusions',
      kind: 'limit',
      reason: 'SAM.gov exclusions: the member "x.csv" inflates 1032 times its compressed size',
    });
  });

  it('is reported and its LEIE message acknowledged, the renewal still run', async () => {
    calls.ingestLeie.mockRejectedValue(new IngestRefusal('OIG LEIE', 'malformed_archive', 'damaged'));
    expect(await leieWorker(event({ kind: 'leie_ingest' }), context)).toEqual({ batchItemFailures: [] });
    expect(calls.renewLeie).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('Source file refused by the ingestion rules', expect.objectContaining({ kind: 'malformed_archive' }));
  });

  it('is a refusal of its own: any other failure is still retried', async () => {
    calls.ingestList.mockRejectedValue(new Error('connection reset'));
    expect(await listWorker(event({ kind: 'list_ingest', list: 'sam' }), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    calls.ingestLeie.mockRejectedValue(new Error('connection reset'));
    expect(await leieWorker(event({ kind: 'leie_ingest' }), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(calls.ingestList).toHaveBeenCalledTimes(1);
    expect(calls.ingestLeie).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalledWith('Source file refused by the ingestion rules', expect.anything());
  });

  it('by the renewal (the archived file past limits set since) is final too: reported, the message acknowledged', async () => {
    calls.ingestList.mockResolvedValue({ outcome: 'unchanged', list: 'sam', reason: 'same_content', version: 'v1' });
    calls.renewList.mockRejectedValue(new IngestRefusal('SAM.gov exclusions', 'limit', 'a row of 9000000 characters'));
    expect(await listWorker(event({ kind: 'list_ingest', list: 'sam' }), context)).toEqual({ batchItemFailures: [] });
    calls.renewLeie.mockRejectedValue(new IngestRefusal('OIG LEIE', 'limit', 'too many rows'));
    calls.ingestLeie.mockResolvedValue({ outcome: 'unchanged', reason: 'same_content', version: 'v1' });
    expect(await leieWorker(event({ kind: 'leie_ingest' }), context)).toEqual({ batchItemFailures: [] });
    expect(errors).toHaveBeenCalledWith('Source file refused by the ingestion rules', expect.objectContaining({ source: 'SAM.gov exclusions', kind: 'limit' }));
    expect(errors).toHaveBeenCalledWith('Source file refused by the ingestion rules', expect.objectContaining({ source: 'OIG LEIE', kind: 'limit' }));
  });

  it('a check that fails otherwise is retried even when the renewal fails too, and its own error is the one reported', async () => {
    calls.ingestList.mockRejectedValue(new Error('connection reset'));
    calls.renewList.mockRejectedValue(new Error('archive unreadable'));
    expect(await listWorker(event({ kind: 'list_ingest', list: 'sam' }), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(errors).toHaveBeenCalledWith('Renewal of the current version failed too', { reason: 'archive unreadable' });
  });
});

describe('a load stopped for lack of time', () => {
  it('fails the message so the retry resumes it, and leaves the renewal to that retry', async () => {
    const progress = { version: 'v2', started_at: '', sha256: '', files: [], rows_done: 500, interruptions: 1, saved_at: '' };
    calls.ingestList.mockRejectedValue(new LoadInterrupted('sam', progress));
    expect(await listWorker(event({ kind: 'list_ingest', list: 'sam' }), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    calls.ingestLeie.mockRejectedValue(new LoadInterrupted('leie', progress));
    expect(await leieWorker(event({ kind: 'leie_ingest' }), context)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(calls.renewList).not.toHaveBeenCalled();
    expect(calls.renewLeie).not.toHaveBeenCalled();
  });
});
