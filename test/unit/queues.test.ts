/** Queue settings against their consumers, from the shared definitions (the CDK template test checks the synthesised values). */
import { describe, expect, it } from 'vitest';
import { deadLetterRetentionSeconds, queues, visibilityTimeoutFactor, type QueueId } from '#shared/platform/infra/resources.ts';
import { workers } from '#shared/platform/infra/routes.ts';

describe('work queues', () => {
  it("each has a visibility timeout of at least 6 times its worker's time-out", () => {
    expect(visibilityTimeoutFactor).toBe(6);
    for (const worker of workers) {
      expect(queues[worker.queue].visibilityTimeoutSeconds, worker.id).toBeGreaterThanOrEqual(visibilityTimeoutFactor * worker.timeoutSeconds);
    }
  });

  it('each is consumed by exactly one worker', () => {
    expect(workers.map((w) => w.queue).sort()).toEqual((Object.keys(queues) as QueueId[]).sort());
  });

  it('each dead-letter queue keeps messages longer than its queue (a moved message keeps its enqueue time)', () => {
    expect(deadLetterRetentionSeconds).toBeLessThanOrEqual(14 * 86_400);
    for (const [id, def] of Object.entries(queues)) {
      expect(def.retentionSeconds, id).toBeGreaterThanOrEqual(60);
      expect(def.retentionSeconds, id).toBeLessThan(deadLetterRetentionSeconds);
    }
  });

  it("a visibility timeout stays within SQS's 12 hours and the sweep retries the same morning", () => {
    for (const [id, def] of Object.entries(queues)) expect(def.visibilityTimeoutSeconds, id).toBeLessThanOrEqual(12 * 3_600);
    expect(queues.monitorSweep.visibilityTimeoutSeconds).toBeLessThanOrEqual(3_600);
  });
});
