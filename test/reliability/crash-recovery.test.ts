/**
 * A crash between accepting work and finishing it loses nothing: a webhook worker killed mid-delivery
 * leaves its message on the queue, which delivers it again; the receiver sees the same event id and body.
 * (A verify that failed after charging is not charged twice on an idempotent retry: idempotency.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl } from '#shared/platform/config.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { startPollers } from '../../local/runtime/sqs-pollers.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';

const root = join(import.meta.dirname, '..', '..');
const received: { eventId: string; body: string }[] = [];
const held: ServerResponse[] = [];
let holdNext = true;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ eventId: String(req.headers['service-event-id']), body });
    if (holdNext) {
      holdNext = false;
      held.push(res); // never answered: the worker is killed while waiting
      return;
    }
    res.writeHead(200).end();
  });
});
let t: TestStack;
let url: string;

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // No delivery poller at first: the crashing worker must be the one that takes the message.
  t = await startTestStack({ workers: workers.filter((w) => w.queue !== 'webhookDelivery') });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  receiver.close();
  await t.stop();
});

function startCrashWorker(): { child: ChildProcess; received: Promise<void> } {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'test/support/crash-worker.ts'), '2'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: tsx runs the worker in a child process, killed with it.
    detached: true,
  });
  const receivedMessage = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('received') && resolve());
    child.on('exit', (code) => reject(new Error(`crash worker exited early (${code})`)));
  });
  return { child, received: receivedMessage };
}

describe('a webhook worker killed mid-delivery', () => {
  it('the message is delivered again: same event id and body, the event ends delivered', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'test' });
    const created = await t.call('/v1/monitor', {
      method: 'POST',
      key: api_key,
      body: JSON.stringify({ first_name: 'Dana', last_name: 'test-flapping', state: 'WA', webhook_url: url, webhook_secret: 'a-very-secret-value-123' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(200);

    const worker = startCrashWorker();
    const checked = await t.call(`/v1/monitor/${created.body.monitor_id}/check`, { method: 'POST', key: api_key });
    expect(checked.status).toBe(200);
    const eventId = checked.body.events[0].event_id as string;
    await worker.received;
    await waitFor(() => (received.length === 1 ? true : undefined));
    const exited = new Promise((r) => worker.child.once('exit', r));
    process.kill(-worker.child.pid!, 'SIGKILL');
    await exited;

    // The killed worker recorded nothing: the event is still pending with no attempt.
    const events = new DynamoEventStore();
    expect((await events.get(eventId))!.delivery).toEqual({ state: 'pending', attempts: [] });

    // Another worker picks the message up once its visibility timeout has passed, and posts once the
    // killed worker's note before its POST has ended (until then that POST may still be under way).
    const note = (await events.get(eventId))!.in_flight!;
    const deliveryWorker = workers.find((w) => w.queue === 'webhookDelivery')!;
    const pollers = startPollers({ workers: [deliveryWorker], queueUrl: () => queueUrl('webhookDelivery'), sqs: sqs(), waitTimeSeconds: 1 });
    try {
      const delivered = await waitFor(async () => {
        const e = await events.get(eventId);
        return e?.delivery.state === 'delivered' ? e : undefined;
      }, 40_000);
      expect(delivered.delivery.attempts).toHaveLength(1);
      expect(Date.parse(delivered.delivery.attempts[0]!.at)).toBeGreaterThanOrEqual(Date.parse(note.until));
    } finally {
      await pollers.stop();
    }
    expect(received.map((r) => r.eventId)).toEqual([eventId, eventId]);
    expect(received[1]!.body).toBe(received[0]!.body);
  }, 60_000);
});
