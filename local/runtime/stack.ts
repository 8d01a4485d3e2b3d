/**
 * The whole service on this machine: emulators, resources, the gateway in front of the route handlers,
 * queue pollers in front of the workers, and the scheduler. Used by `npm start` and by the tests.
 */
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { ensureLocalSigningKey } from '#shared/features/certificates/local-key-signer.ts';
import { join } from 'node:path';
import { useOnEveryClient } from '#shared/platform/aws/clients.ts';
import { newContainer } from '#shared/platform/container.ts';
import { queues, type ScheduleId, schedules } from '#shared/platform/infra/resources.ts';
import {
  fallbackRoute,
  routes as defaultRoutes,
  workers as defaultWorkers,
  type RouteDefinition,
  type WorkerDefinition,
} from '#shared/platform/infra/routes.ts';
import { callRecorder, functionPermissions, writeRecordedCalls } from './aws-calls.ts';
import { awsRules } from './aws-rules.ts';
import { type DynamoWriteCap, registerQueueName, savedQueueMessages, startEmulators, type Emulators, type Endpoints } from './emulators.ts';
import { applyEnvironment, localEnvironment } from './environment.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { localQueueNames, provision, type LocalResourceNames } from './provision.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';
import { startTtlSweeper, type TtlSweeper, type TtlSweepOptions } from './ttl-sweeper.ts';
import { startSourceSimulator, type SourceSimulator } from '../simulator/server.ts';
import { startPollers, type Pollers } from './sqs-pollers.ts';
import { ingestServedRosters } from './ingest-lists.ts';
import { dynamoRosterStore } from '#shared/features/sources/source-store-services.ts';

export interface LocalStackOptions {
  /** Persisted state directory; omit for an in-memory stack (tests). */
  readonly stateDir?: string;
  readonly host?: string;
  readonly port?: number;
  readonly routes?: readonly RouteDefinition[];
  readonly workers?: readonly WorkerDefinition[];
  /** Arm the scheduled rules' timers (default true); `scheduler.fire` works either way. */
  readonly schedules?: boolean;
  /** Source data the simulator serves (default: SOURCE_DATA_DIR, else the bundled sample data). */
  readonly sourceDataDir?: string;
  /** A source simulator already running elsewhere (another process, e.g. over full-size data): used instead of starting one. */
  readonly simulatorUrl?: string;
  /** Check the LEIE list and the sanctions lists once at start, as the daily rules would (default true when schedules are on). */
  readonly ingestOnStart?: boolean;
  /**
   * Load the board rosters the simulator serves (Texas BHEC, Maryland) at start, as a deployed stack has
   * them after its first daily check (default true, schedules or not: without its roster, Texas can show a license its datasets hold but never that a provider has none).
   */
  readonly loadRosters?: boolean;
  /** DynamoDB TTL deletion (ttl-sweeper.ts): how often, how late, by which clock. */
  readonly ttlSweep?: TtlSweepOptions;
  /** Throttle DynamoDB writes beyond this throughput per table (emulators.ts; default: LOCAL_DYNAMODB_WRITE_CAP, else none). */
  readonly dynamoWriteCap?: DynamoWriteCap;
}

/** The bundled sample data the simulator serves by default. */
export const sampleDataDir = join(import.meta.dirname, '..', '..', 'sample-data');

export interface LocalStack {
  readonly url: string;
  readonly endpoints: Endpoints;
  readonly names: LocalResourceNames;
  readonly env: Record<string, string>;
  readonly emulators: Emulators;
  readonly simulator: SourceSimulator;
  readonly scheduler: Scheduler;
  /** Deletes expired items of the tables with a TTL attribute, as DynamoDB does on AWS. */
  readonly ttl: TtlSweeper;
  /**
   * Waits for the list checks fired at start (`ingestOnStart`) to be done, their queues empty; answers
   * false if they are still under way after `timeoutMs`. Until then the loads share this process with
   * the handlers, and requests are slower.
   */
  startupLoads(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export interface StackFile {
  readonly pid: number;
  readonly url: string;
  readonly endpoints: Endpoints;
  readonly env: Record<string, string>;
}

export const stackFileName = 'stack.json';

/** Whether the queues hold no message (visible, in flight or delayed) within `timeoutMs`. */
async function queuesDrained(sqs: SQSClient, queueUrls: readonly string[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await Promise.all(
      queueUrls.map(async (QueueUrl) => {
        const { Attributes: a = {} } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl,
            AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
          }),
        );
        return (
          Number(a.ApproximateNumberOfMessages ?? 0) + Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) + Number(a.ApproximateNumberOfMessagesDelayed ?? 0)
        );
      }),
    );
    if (counts.every((n) => n === 0)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  let ready = false;
  const gateway: Gateway = await startGateway({
    routes: options.routes ?? defaultRoutes,
    fallback: fallbackRoute,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    isReady: () => ready,
  });
  let emulators: Emulators | undefined;
  let simulator: SourceSimulator | undefined;
  let pollers: Pollers | undefined;
  let scheduler: Scheduler | undefined;
  let sqs: SQSClient | undefined;
  let removeRules: (() => void) | undefined;
  let ttl: TtlSweeper | undefined;
  try {
    simulator = options.simulatorUrl
      ? { url: options.simulatorUrl, close: async () => undefined }
      : // Every file is parsed before the stack is ready: the simulator shares this process's event loop with
        // the handlers, and parsing a full-size board on a first request would stall them.
        await startSourceSimulator({ dataDir: options.sourceDataDir ?? process.env.SOURCE_DATA_DIR ?? sampleDataDir, preload: true });
    emulators = await startEmulators({ stateDir: options.stateDir, dynamoWriteCap: options.dynamoWriteCap });
    for (const name of localQueueNames()) registerQueueName(emulators.sqs, name);
    const names = await provision(emulators.endpoints);
    ttl = startTtlSweeper(emulators.endpoints.dynamodb, names, options.ttlSweep);
    // One key per certificate mode; the live key keeps the file name of the single key it replaces.
    const signingKeyFiles = {
      live: options.stateDir ? join(options.stateDir, 'signing-key.pem') : join(tmpdir(), `lvs-signing-key-${process.pid}.pem`),
      test: options.stateDir ? join(options.stateDir, 'test-signing-key.pem') : join(tmpdir(), `lvs-test-signing-key-${process.pid}.pem`),
    };
    await Promise.all([ensureLocalSigningKey(signingKeyFiles.live), ensureLocalSigningKey(signingKeyFiles.test)]);
    const pdfSigningDir = options.stateDir ?? join(tmpdir(), `lvs-pdf-signing-${process.pid}`);
    const webhookSecretKeyFile = options.stateDir ? join(options.stateDir, 'webhook-secret.key') : join(tmpdir(), `lvs-webhook-key-${process.pid}`);
    const idempotencyPepperFile = options.stateDir ? join(options.stateDir, 'idempotency-pepper.key') : join(tmpdir(), `lvs-idempotency-pepper-${process.pid}`);
    const env = localEnvironment(
      emulators.endpoints,
      names,
      gateway.url,
      simulator.url,
      signingKeyFiles,
      pdfSigningDir,
      webhookSecretKeyFile,
      idempotencyPepperFile,
    );
    applyEnvironment(env);
    const routeTable = options.routes ?? defaultRoutes;
    const workerTable = options.workers ?? defaultWorkers;
    // Every function's permissions, those this stack does not run too: a test may invoke one itself.
    const functions = { routes: [...defaultRoutes, ...routeTable], workers: [...defaultWorkers, ...workerTable] };
    const permissions = functionPermissions(functions);
    const record = callRecorder(functions);
    removeRules = useOnEveryClient(awsRules({ permissions, names, record }));
    newContainer();

    sqs = new SQSClient({ endpoint: emulators.endpoints.sqs, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await restoreQueuedMessages(sqs, names, options.stateDir);
    const queueUrlOf = (id: keyof typeof queues) => names.queueUrls[queues[id].envVar]!;
    pollers = startPollers({ workers: workerTable, queueUrl: (w) => queueUrlOf(w.queue), sqs });
    scheduler = startScheduler(sqs, queueUrlOf, options.schedules !== false);
    if (options.loadRosters !== false) await ingestServedRosters(dynamoRosterStore());
    const startupQueues = new Set<string>();
    if (options.ingestOnStart ?? options.schedules !== false) {
      // The OIG list and every scheduled sanctions list, checked once now as their rules would.
      for (const [id, schedule] of Object.entries(schedules) as [ScheduleId, (typeof schedules)[ScheduleId]][]) {
        if (id === 'leieCheck' || schedule.message.kind === 'list_ingest') {
          await scheduler.fire(id);
          startupQueues.add(queueUrlOf(schedule.targetQueue));
        }
      }
    }
    const startupSqs = sqs;

    if (options.stateDir) {
      const file: StackFile = { pid: process.pid, url: gateway.url, endpoints: emulators.endpoints, env };
      await writeFile(join(options.stateDir, stackFileName), JSON.stringify(file, null, 2));
    }
    ready = true;
    const started = emulators;
    const startedScheduler = scheduler;
    const startedSimulator = simulator;
    const startedTtl = ttl;
    return {
      ttl: startedTtl,
      scheduler: startedScheduler,
      simulator: startedSimulator,
      url: gateway.url,
      endpoints: started.endpoints,
      names,
      env,
      emulators: started,
      startupLoads: (timeoutMs) => queuesDrained(startupSqs, [...startupQueues], timeoutMs),
      stop: async () => {
        ready = false;
        startedTtl.stop();
        scheduler?.stop();
        await pollers?.stop();
        await gateway.close();
        sqs?.destroy();
        removeRules?.();
        newContainer();
        await writeRecordedCalls();
        await started.stop();
        await startedSimulator.close();
        if (options.stateDir) await rm(join(options.stateDir, stackFileName), { force: true });
      },
    };
  } catch (error) {
    removeRules?.();
    ttl?.stop();
    scheduler?.stop();
    await pollers?.stop();
    sqs?.destroy();
    await gateway.close();
    await emulators?.stop();
    await simulator?.close();
    throw error;
  }
}

async function restoreQueuedMessages(sqs: SQSClient, names: LocalResourceNames, stateDir: string | undefined): Promise<void> {
  const saved = await savedQueueMessages(stateDir);
  const urlByName = new Map(Object.values(names.queueUrls).map((url) => [url.split('/').pop()!, url]));
  const now = Date.now();
  for (const message of saved) {
    const url = urlByName.get(message.queue) ?? [...urlByName.values()][0]!.replace(/[^/]+$/, message.queue);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: message.body,
        ...(Object.keys(message.attributes).length
          ? {
              MessageAttributes: Object.fromEntries(
                Object.entries(message.attributes).map(([name, a]) => [
                  name,
                  {
                    DataType: a.DataType,
                    ...(a.StringValue !== undefined ? { StringValue: a.StringValue } : {}),
                    ...(a.BinaryValue !== undefined ? { BinaryValue: Buffer.from(a.BinaryValue, 'base64') } : {}),
                  },
                ]),
              ),
            }
          : {}),
        ...(message.delayUntil && message.delayUntil > now ? { DelaySeconds: Math.min(900, Math.ceil((message.delayUntil - now) / 1000)) } : {}),
      }),
    );
  }
}
