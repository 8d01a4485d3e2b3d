import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queueUrl } from '#shared/platform/config.ts';
import type { WorkerDefinition } from '#shared/platform/infra/routes.ts';
import { fallbackRoute, routes } from '#shared/platform/infra/routes.ts';
import { startGateway } from '../../local/runtime/gateway.ts';
import { localName } from '../../local/runtime/provision.ts';
import { errorOf, startTestStack } from '../support/stack.ts';
import { received } from '../support/handlers/recording-worker.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const sqsClient = (endpoint: string) => new SQSClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

describe('local stack', () => {
  it('keeps keys, counters and queued messages across a restart', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-state-'));
    dirs.push(stateDir);
    // No pollers: the queued messages must stay where they are for the test to read them.
    let t = await startTestStack({ stateDir, workers: [] });
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const charged = await t.call('/test/charge', { method: 'POST', key: api_key, body: '{"units":7}', headers: { 'content-type': 'application/json' } });
    expect(charged.headers.get('x-ratelimit-remaining')).toBe('4993');
    let sqs = sqsClient(t.stack.endpoints.sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MessageBody: '{"kept":true}' }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MessageBody: '{"later":true}', DelaySeconds: 600 }));
    sqs.destroy();
    await t.stop();

    t = await startTestStack({ stateDir, workers: [] });
    try {
      const res = await t.call('/v1/account', { key: api_key });
      expect(res.status).toBe(200);
      expect(res.body.usage).toMatchObject({ verifications: 7, remaining: 4993 });
      sqs = sqsClient(t.stack.endpoints.sqs);
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      expect(got.Messages?.map((m) => m.Body)).toEqual(['{"kept":true}']);
      const inspected = t.stack.emulators.sqs.inspectQueue(localName('WebhookDeliveryQueue'))!;
      expect(inspected.messages.delayed.map((m) => m.body)).toEqual(['{"later":true}']);
      expect(inspected.messages.delayed[0]!.delayUntil! - Date.now()).toBeGreaterThan(590_000);
      sqs.destroy();
    } finally {
      await t.stop();
    }
  });

  it('creates every queue with its dead-letter queue', async () => {
    const t = await startTestStack();
    try {
      for (const name of ['monitor-sweep', 'monitor-check', 'webhook-delivery']) {
        const q = t.stack.emulators.sqs.inspectQueue(name)!;
        expect(JSON.parse(q.attributes.RedrivePolicy!)).toMatchObject({ maxReceiveCount: 5 });
        expect(JSON.parse(q.attributes.RedrivePolicy!).deadLetterTargetArn).toMatch(new RegExp(`${name}-dlq$`));
      }
    } finally {
      await t.stop();
    }
  });

  it('feeds queue messages to workers and deletes only what succeeded', async () => {
    const worker: WorkerDefinition = {
      id: 'TestRecorder',
      queue: 'monitorCheck',
      entry: 'test/support/handlers/recording-worker.ts',
      batchSize: 10,
      maxConcurrency: 1,
      uses: {},
      timeoutSeconds: 5,
      summary: 'test',
    };
    const t = await startTestStack({ workers: [worker] });
    try {
      const sqs = sqsClient(t.stack.endpoints.sqs);
      for (const body of ['{"n":1}', '{"n":2,"fail":true}', '{"n":3}']) {
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl('monitorCheck'), MessageBody: body }));
      }
      sqs.destroy();
      const deadline = Date.now() + 5_000;
      while (received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect([...received].sort()).toEqual(['{"n":1}', '{"n":2,"fail":true}', '{"n":3}']);
      await new Promise((r) => setTimeout(r, 200));
      const q = t.stack.emulators.sqs.inspectQueue('monitor-check')!;
      expect(q.messages.ready).toHaveLength(0);
      expect(q.messages.inflight.map((i) => i.message.body)).toEqual(['{"n":2,"fail":true}']);
    } finally {
      await t.stop();
    }
  });

  it('a scheduled rule sends its message to its queue', async () => {
    // No workers, so the message stays on the queue to be read here.
    const t = await startTestStack({ workers: [] });
    try {
      await t.stack.scheduler.fire('dailyMonitorSweep', new Date('2026-11-22T06:00:00Z'));
      const sqs = sqsClient(t.stack.endpoints.sqs);
      const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl('monitorSweep'), WaitTimeSeconds: 1 }));
      sqs.destroy();
      expect(JSON.parse(got.Messages![0]!.Body!)).toEqual({ kind: 'monitor_sweep', scheduled_at: '2026-11-22T06:00:00.000Z' });
    } finally {
      await t.stop();
    }
  });

  it('answers 503 in the error shape until the stack is ready', async () => {
    let ready = false;
    const gateway = await startGateway({ routes, fallback: fallbackRoute, isReady: () => ready });
    try {
      const starting = await fetch(`${gateway.url}/health`);
      expect(starting.status).toBe(503);
      expect(errorOf(await starting.json())).toMatchObject({ code: 'service_unavailable' });
      ready = true;
      expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
