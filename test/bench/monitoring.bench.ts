/**
 * Monitoring with 10,000 monitors on the local stack, seeded directly in the Monitors table with the item
 * shape the monitor store writes, all due now and spread over the 16 due-index shards by their ids:
 * - sweep enqueue rate: `sweepDueMonitors` paging the due index shard by shard and sending check
 *   messages in batches of 10 (the check queue is emptied between runs);
 * - check throughput: check messages for a sample of the monitors processed by the MonitorCheck worker
 *   through the local pollers at the worker's batch size and concurrency, each check re-verifying against
 *   the source simulator, comparing with the snapshot, storing events and recording the check.
 * Monitors point at real sample people (3,055 distinct names over five states, so several monitors share one).
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PurgeQueueCommand } from '@aws-sdk/client-sqs';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { sendMessageBatch } from '#shared/platform/aws/sqs-batch.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { queueUrl, tableName } from '#shared/platform/config.ts';
import { stateName } from '#shared/domain/us-states.ts';
import { newId } from '#shared/platform/ids.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { dueShard, dueShards, ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { SqsCheckQueue } from '#shared/features/monitoring/checks/adapters/check-queue.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import type { MonitorRecord } from '#shared/features/monitoring/checks/monitor-record.ts';
import type { MonitorSnapshot } from '#shared/features/monitoring/checks/monitor-snapshot.ts';
import { sweepDueMonitors } from '#shared/features/monitoring/checks/monitor-sweep.ts';
import { sealerFromEnvironment } from '#shared/features/monitoring/secrets/sealer-services.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { sampleDataDir, startLocalStack, type LocalStack } from '../../local/runtime/stack.ts';
import { startPollers } from '../../local/runtime/sqs-pollers.ts';
import { copySourceData } from '../support/source-data.ts';
import { summarise, type Benchmark } from './harness.ts';
import { sampleProviders, type Provider } from './sample-providers.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

const monitorCount = 10_000;
const sweepRuns = 3;
const checkSample = 300;
const checkRuns = 3;
const checkWarmUp = 20;

/** Writes the monitors in BatchWriteItem calls of 25, a few at a time, retrying unprocessed items. */
async function seedMonitors(records: MonitorRecord[]): Promise<void> {
  const batches: MonitorRecord[][] = [];
  for (let i = 0; i < records.length; i += 25) batches.push(records.slice(i, i + 25));
  let next = 0;
  const writer = async () => {
    while (next < batches.length) {
      let items: Record<string, unknown>[] = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (items.length > 0) {
        const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName('monitors')]: items as never } }));
        items = (out.UnprocessedItems?.[tableName('monitors')] ?? []) as Record<string, unknown>[];
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
}

function monitorRecords(providers: Provider[], accountId: string, sealedSecret: string, now: Date): MonitorRecord[] {
  return Array.from({ length: monitorCount }, (_, i) => {
    const provider = providers[i % providers.length]!;
    const monitorId = newId('mon');
    // Registered over the past year; checked last between 24 and 48 hours ago, so due now.
    const createdAt = new Date(now.getTime() - (2 + (i % 365)) * 86_400_000).toISOString();
    const checkedAt = new Date(now.getTime() - 86_400_000 - ((i * 7_919) % 86_400_000));
    const snapshot: MonitorSnapshot = {
      status: 'active',
      expiryDate: null,
      disciplinary: false,
      oigExcluded: false,
      checkedAt: checkedAt.toISOString(),
      expiryAlertedFor: null,
      expiredAlertedFor: null,
    };
    return {
      monitor_id: monitorId,
      owner: ownerKey(accountId, 'live'),
      account_id: accountId,
      mode: 'live',
      status: 'active',
      created_at: createdAt,
      created_key: `${createdAt}#${monitorId}`,
      request: { first_name: provider.first_name, last_name: provider.last_name, state: provider.state },
      provider: {
        name: `${provider.first_name} ${provider.last_name}`,
        npi: null,
        state: stateName(provider.state),
        current_status: 'active',
        expiry_date: null,
      },
      webhook_url: 'https://hooks.example.com/license-events',
      webhook_secret_sealed: sealedSecret,
      alert_days_before_expiry: 90,
      next_check_at: new Date(checkedAt.getTime() + 86_400_000).toISOString(),
      due_shard: dueShard(monitorId),
      last_verification_id: newId('vrf'),
      snapshot,
    };
  });
}

function queueDepth(stack: LocalStack, name: string): number {
  const q = stack.emulators.sqs.inspectQueue(name);
  if (!q) throw new Error(`no queue ${name}`);
  return q.messages.ready.length + q.messages.delayed.length + q.messages.inflight.length;
}

async function purge(name: 'monitorCheck' | 'webhookDelivery'): Promise<void> {
  await sqs().send(new PurgeQueueCommand({ QueueUrl: queueUrl(name) }));
}

/** How many of `ids` have had a check recorded since `since`: the seeded monitors are all due, and a check moves `next_check_at` to the next daily sweep. */
async function checkedSince(ids: string[], since: Date): Promise<number> {
  let checked = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const out = await dynamo().send(
      new BatchGetCommand({
        RequestItems: { [tableName('monitors')]: { Keys: ids.slice(i, i + 100).map((monitor_id) => ({ monitor_id })), ProjectionExpression: 'next_check_at' } },
      }),
    );
    for (const item of out.Responses?.[tableName('monitors')] ?? []) if (Date.parse(item.next_check_at as string) > since.getTime()) checked++;
  }
  return checked;
}

/**
 * Queues one check message per monitor (the sweep's message, in batches of 10), then runs the check
 * worker's pollers until the queue is empty. Returns checks per second and the events the checks queued.
 */
async function checkRun(stack: LocalStack, ids: string[]): Promise<{ rate: number; events: number }> {
  const worker = workers.find((w) => w.id === 'MonitorCheck')!;
  await sendMessageBatch(
    queueUrl('monitorCheck'),
    ids.map((id) => ({ MessageBody: JSON.stringify({ monitor_id: id }) })),
  );
  await purge('webhookDelivery');
  const since = new Date();
  const started = performance.now();
  const pollers = startPollers({ workers: [worker], queueUrl: () => queueUrl('monitorCheck'), sqs: sqs() });
  const deadline = Date.now() + 120_000;
  while (queueDepth(stack, 'monitor-check') > 0) {
    if (Date.now() > deadline) throw new Error('check messages were not all processed within 2 minutes');
    await new Promise((r) => setTimeout(r, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  await pollers.stop();
  const checked = await checkedSince(ids, since);
  if (checked !== ids.length) throw new Error(`${ids.length - checked} of ${ids.length} checks were not recorded`);
  return { rate: ids.length / seconds, events: queueDepth(stack, 'webhook-delivery') };
}

export const monitoringBenchmark: Benchmark = {
  id: 'monitoring',
  title: `Monitoring: the sweep and the checks with ${monitorCount.toLocaleString('en-US')} monitors`,
  async run() {
    const data = await copySourceData(sampleDataDir);
    // No pollers: the sweep's messages stay queued, and the check worker runs only when measured.
    const stack = await startLocalStack({ sourceDataDir: data.dir, schedules: false, ingestOnStart: false, workers: [] });
    try {
      await ingestLeie(dynamoExclusionStore());
      const { account_id } = await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'live' }, systemClock);
      const providers = await sampleProviders({ distinctBy: 'name' });
      if (providers.length < checkWarmUp + checkRuns * checkSample) throw new Error('not enough distinct sample providers');
      // One sealed secret for all (bound to none of them): the bench measures checks, no webhook is opened or sent.
      const sealed = await sealerFromEnvironment().seal('whsec-benchmark-0123456789', { monitorId: 'mon_benchmark', accountId: account_id, mode: 'live' });
      const records = monitorRecords(providers, account_id, sealed, new Date());
      const seeding = performance.now();
      await seedMonitors(records);
      const seedSeconds = (performance.now() - seeding) / 1000;
      const shards = new Set(records.map((r) => r.due_shard));
      if (shards.size !== dueShards) throw new Error(`monitors cover ${shards.size} of ${dueShards} due shards`);

      const sweep: number[] = [];
      for (let run = 0; run <= sweepRuns; run++) {
        await purge('monitorCheck');
        const started = performance.now();
        const result = await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 900_000);
        const seconds = (performance.now() - started) / 1000;
        if (result.enqueued !== monitorCount || result.resume) throw new Error(`sweep enqueued ${result.enqueued} monitors`);
        const queued = queueDepth(stack, 'monitor-check');
        if (queued !== monitorCount) throw new Error(`${queued} check messages queued, expected ${monitorCount}`);
        if (run > 0) sweep.push(monitorCount / seconds); // run 0 warms up
      }
      await purge('monitorCheck');

      // The first monitors each point at a different provider: every sample checks providers not checked before.
      const ids = records.map((r) => r.monitor_id);
      await checkRun(stack, ids.slice(0, checkWarmUp));
      const check: number[] = [];
      let events = 0;
      for (let run = 0; run < checkRuns; run++) {
        const from = checkWarmUp + run * checkSample;
        const outcome = await checkRun(stack, ids.slice(from, from + checkSample));
        check.push(outcome.rate);
        events += outcome.events;
      }
      const worker = workers.find((w) => w.id === 'MonitorCheck')!;
      return [
        summarise(`Sweep enqueue rate (${monitorCount.toLocaleString('en-US')} due monitors, 16 shards)`, 'monitors/s', sweep, {
          note: `each run pages the due index 100 monitors at a time and sends ${(monitorCount / 10).toLocaleString('en-US')} SendMessageBatch calls of 10 to the in-process SQS emulator, one after another; seeding the ${monitorCount.toLocaleString('en-US')} monitors (BatchWriteItem of 25) took ${seedSeconds.toFixed(0)} s`,
        }),
        summarise(`Check throughput (${checkSample} checks a run, ${worker.maxConcurrency} workers × batches of ${worker.batchSize})`, 'checks/s', check, {
          note: `each check queries the board afresh and the registry through the cache on the simulator, signs and stores a certificate, stores its events and records the check: about six calls to the in-process DynamoDB emulator, all on one event loop with the emulators, where the AWS SDK's request handling and the emulator take most of the CPU; the checks emitted ${events} events (${(checkRuns * checkSample).toLocaleString('en-US')} checks; the seeded snapshots say active with no expiry date)`,
        }),
      ];
    } finally {
      await stack.stop();
      await data.remove();
    }
  },
};
