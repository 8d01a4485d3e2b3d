/**
 * The cold-request benchmark's table (cold-request.bench.ts): for every function of the route and worker
 * tables, the realistic event it is invoked with, the status it must answer and the bare baseline it is
 * compared with. Each entry takes the keys and ids the benchmark's setup made (`ColdRequestContext`), so
 * the table can be checked without running the benchmark (test/unit/cold-request-events.test.ts).
 */
import { signingEnv } from '#shared/features/certificates/signing-env.ts';
import type { BundleExtras } from '#shared/platform/infra/function-bundling.ts';
import { compilePath, fallbackRoute, routes, workers, type RouteDefinition } from '#shared/platform/infra/routes.ts';
import { toHttpApiEvent } from '../../local/runtime/http-event.ts';
import { toSqsRecord } from '../../local/runtime/sqs-pollers.ts';
import type { Provider } from './sample-providers.ts';

/** What a bare baseline does before it answers: the function's first AWS call, made with the plain client. */
export type BaselineId = 'nothing' | 'api-key' | 'verification' | 'signing-key' | 'due-monitors' | 'monitor' | 'event' | 'source-state' | 'export';

const answer = `({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' })`;
const getItem = (envVar: string, key: string) =>
  `import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => {\n  await client.send(new GetItemCommand({ TableName: process.env.${envVar}, Key: { ${key}: { S: 'bare-baseline' } } }));\n  return ${answer};\n};\n`;

export const baselines: Record<BaselineId, { readonly label: string; readonly source: string }> = {
  nothing: { label: 'nothing', source: `export const handler = async () => ${answer};\n` },
  'api-key': { label: 'DynamoDB GetItem, API keys', source: getItem('TABLE_API_KEYS', 'key_hash') },
  verification: { label: 'DynamoDB GetItem, verifications', source: getItem('TABLE_VERIFICATIONS', 'verification_id') },
  monitor: { label: 'DynamoDB GetItem, monitors', source: getItem('TABLE_MONITORS', 'monitor_id') },
  event: { label: 'DynamoDB GetItem, events', source: getItem('TABLE_EVENTS', 'event_id') },
  'source-state': { label: 'DynamoDB GetItem, source state', source: getItem('TABLE_SOURCE_STATE', 'source') },
  export: { label: 'DynamoDB GetItem, exports', source: getItem('TABLE_EXPORTS', 'export_id') },
  'due-monitors': {
    label: 'DynamoDB Query, due monitors',
    source: `import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => {\n  await client.send(new QueryCommand({ TableName: process.env.TABLE_MONITORS, IndexName: 'due', KeyConditionExpression: 'due_shard = :s', ExpressionAttributeValues: { ':s': { S: '0' } }, Limit: 100 }));\n  return ${answer};\n};\n`,
  },
  'signing-key': {
    label: 'KMS GetPublicKey',
    source: `import { GetPublicKeyCommand, KMSClient } from '@aws-sdk/client-kms';\nconst client = new KMSClient({});\nexport const handler = async () => {\n  await client.send(new GetPublicKeyCommand({ KeyId: process.env.${signingEnv.live.kmsKeyId} }));\n  return ${answer};\n};\n`,
  },
};

export interface Subject {
  readonly id: string;
  readonly label: string;
  readonly kind: 'API, key' | 'API, public' | 'worker';
  readonly entry: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  readonly baseline: BaselineId;
  /** What its bundle carries beside the entry file (the route table's `bundleFolders`, `prebuiltDocs`). */
  readonly extras?: BundleExtras;
  /** The event of the n-th invocation (n from 0; the warm-up is 0). */
  readonly event: (n: number) => unknown;
  /** What the invocation must answer; anything else fails the benchmark rather than timing an error path. */
  readonly expectStatus?: number;
}

/** An account's admin key with two standard keys of its own to manage: one to roll, one to revoke. */
export interface KeyAccount {
  readonly admin: string;
  readonly rolled: string;
  readonly revoked: string;
}

/**
 * What the setup made for the events. Arrays indexed by invocation n (0 to the number of runs) hold a
 * fresh resource for each invocation of a function that uses one up (a deleted monitor, a rolled key).
 */
export interface ColdRequestContext {
  /** A standard live key and a standard test key of one account, and a live admin key of the same account. */
  readonly keys: { readonly live: string; readonly test: string; readonly admin: string };
  /** One account per invocation, for the key routes that create, roll and revoke keys (an account holds at most 20 usable keys). */
  readonly keyAccounts: readonly KeyAccount[];
  readonly provider: Provider;
  readonly bulk: readonly Provider[];
  readonly hook: { readonly webhook_url: string; readonly webhook_secret: string };
  /** A live verification of the live key. */
  readonly verificationId: string;
  /** A live monitor of the live key, with delivered events. */
  readonly liveMonitor: string;
  /** A test-mode monitor of the test key. */
  readonly testMonitor: string;
  /** Live monitors to delete, one per invocation. */
  readonly doomedMonitors: readonly string[];
  /** Live monitors whose secret is rotated, one per invocation. */
  readonly rotatedMonitors: readonly string[];
  /** Delivered events of the live monitor, one per invocation, to deliver again. */
  readonly events: readonly string[];
  /** A history export of the live key, written and ready. */
  readonly readyExport: string;
  /** Pending history exports of the live key, one per invocation of the export worker. */
  readonly pendingExports: readonly string[];
}

export type ColdRequestEvent = (ctx: ColdRequestContext) => Subject;

/** Every function id of the route and worker tables. */
export function functionIds(): string[] {
  return [...routes.map((r) => r.id), fallbackRoute.id, ...workers.map((w) => w.id)];
}

/** Functions with no event (`missing`), and events of functions that no longer exist (`unknown`). */
export function eventTableGaps(table: Record<string, unknown> = coldRequestEvents): { missing: string[]; unknown: string[] } {
  const ids = functionIds();
  return { missing: ids.filter((id) => !Object.hasOwn(table, id)), unknown: Object.keys(table).filter((id) => !ids.includes(id)) };
}

/** An API Gateway HTTP API event (payload 2.0) as the local gateway makes it. */
export function httpEvent(
  route: Pick<RouteDefinition, 'method' | 'path'> | undefined,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  pathParameters?: Record<string, string>,
) {
  return toHttpApiEvent(
    {
      method,
      url,
      headers: {
        host: 'api.example.test',
        'user-agent': 'cold-request-bench',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      sourceIp: '203.0.113.7',
    },
    {
      routeKey: route ? `${route.method} ${route.path}` : '$default',
      ...(pathParameters ? { pathParameters } : {}),
      requestId: `cold-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      time: new Date(),
      domainName: 'api.example.test',
    },
  );
}

/** An SQS event of one message, as the event-source mapping delivers it. */
export function sqsEvent(queue: string, body: unknown, n: number) {
  return {
    Records: [
      toSqsRecord(
        { MessageId: `cold-${n}-${Date.now()}`, ReceiptHandle: `receipt-${n}`, Body: JSON.stringify(body), Attributes: {} },
        `arn:aws:sqs:us-east-1:000000000000:${queue}`,
      ),
    ],
  };
}

function routeOf(id: string): RouteDefinition {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`no route ${id}`);
  return route;
}

/**
 * A request of the route: its method, `url` (which must match its path; the path parameters are taken
 * from it), a bearer key, a JSON body and further headers.
 */
function request(id: string, url: string, key?: string, body?: unknown, headers: Record<string, string> = {}) {
  const route = routeOf(id);
  const params = compilePath(route.path)(url.split('?')[0]!);
  if (!params) throw new Error(`${url} is not a path of ${id} (${route.path})`);
  return httpEvent(
    route,
    route.method,
    url,
    { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body,
    Object.keys(params).length ? params : undefined,
  );
}

/** The subject of a route. */
function api(id: string, baseline: BaselineId, event: (n: number) => unknown, expectStatus = 200): Subject {
  const r = routeOf(id);
  return {
    id,
    label: `${id} (${r.method} ${r.path})`,
    kind: r.auth === 'api_key' ? 'API, key' : 'API, public',
    entry: r.entry,
    memoryMb: r.memoryMb ?? 512,
    timeoutSeconds: r.timeoutSeconds ?? 10,
    extras: r,
    baseline,
    event,
    expectStatus,
  };
}

/** The subject of a worker: an SQS event of one message of its queue. */
function worker(id: string, baseline: BaselineId, body: (n: number) => unknown): Subject {
  const w = workers.find((x) => x.id === id);
  if (!w) throw new Error(`no worker ${id}`);
  return {
    id,
    label: `${id} (${w.queue} queue)`,
    kind: 'worker',
    entry: w.entry,
    memoryMb: w.memoryMb ?? 512,
    timeoutSeconds: w.timeoutSeconds,
    baseline,
    event: (n) => sqsEvent(w.queue, body(n), n),
  };
}

/** The n-th fresh resource of an invocation; the setup makes one for each invocation. */
function nth<T>(list: readonly T[], n: number, what: string): T {
  const item = list[n];
  if (item === undefined) throw new Error(`no ${what} for invocation ${n} (the setup made ${list.length})`);
  return item;
}

/** Every function's event, keyed by function id. */
export const coldRequestEvents: Record<string, ColdRequestEvent> = {
  Health: () => api('Health', 'nothing', () => request('Health', '/health')),
  GetAccount: ({ keys }) => api('GetAccount', 'api-key', () => request('GetAccount', '/v1/account', keys.live)),
  GetUsage: ({ keys }) => api('GetUsage', 'api-key', () => request('GetUsage', '/v1/usage', keys.live)),
  ListApiKeys: ({ keys }) => api('ListApiKeys', 'api-key', () => request('ListApiKeys', '/v1/keys', keys.admin)),
  GetApiKey: ({ keyAccounts }) =>
    api('GetApiKey', 'api-key', () => {
      const account = nth(keyAccounts, 0, 'key account');
      return request('GetApiKey', `/v1/keys/${account.rolled}`, account.admin);
    }),
  CreateApiKey: ({ keyAccounts }) =>
    api('CreateApiKey', 'api-key', (n) => request('CreateApiKey', '/v1/keys', nth(keyAccounts, n, 'key account').admin, { name: `cold-request-${n}` }), 201),
  RollApiKey: ({ keyAccounts }) =>
    api(
      'RollApiKey',
      'api-key',
      (n) => {
        const account = nth(keyAccounts, n, 'key account');
        return request('RollApiKey', `/v1/keys/${account.rolled}/roll`, account.admin, { grace_period_hours: 24 });
      },
      201,
    ),
  RevokeApiKey: ({ keyAccounts }) =>
    api('RevokeApiKey', 'api-key', (n) => {
      const account = nth(keyAccounts, n, 'key account');
      return request('RevokeApiKey', `/v1/keys/${account.revoked}`, account.admin);
    }),
  Verify: ({ keys, provider }) => api('Verify', 'api-key', () => request('Verify', '/v1/verify', keys.live, provider)),
  VerifyBulk: ({ keys, bulk }) => api('VerifyBulk', 'api-key', () => request('VerifyBulk', '/v1/verify/bulk', keys.live, { providers: bulk })),
  GetCertificate: ({ keys, verificationId }) =>
    api('GetCertificate', 'api-key', () => request('GetCertificate', `/v1/certificate/${verificationId}`, keys.live)),
  GetCertificatePdf: ({ keys, verificationId }) =>
    api('GetCertificatePdf', 'api-key', () => request('GetCertificatePdf', `/v1/certificate/${verificationId}/pdf`, keys.live)),
  GetCertificateEvidence: ({ keys, verificationId }) =>
    api('GetCertificateEvidence', 'api-key', () => request('GetCertificateEvidence', `/v1/certificate/${verificationId}/evidence`, keys.live)),
  GetRecord: ({ verificationId }) =>
    api('GetRecord', 'verification', () => request('GetRecord', `/records/${verificationId}`, undefined, undefined, { accept: 'application/json' })),
  GetSigningKeys: () => api('GetSigningKeys', 'signing-key', () => request('GetSigningKeys', '/v1/signing-keys')),
  CreateMonitor: ({ keys, provider, hook }) =>
    api('CreateMonitor', 'api-key', (n) =>
      request('CreateMonitor', '/v1/monitor', keys.live, { ...provider, ...hook, webhook_url: `${hook.webhook_url}-${n}-${Date.now()}` }),
    ),
  ListMonitors: ({ keys }) => api('ListMonitors', 'api-key', () => request('ListMonitors', '/v1/monitors', keys.live)),
  GetMonitor: ({ keys, liveMonitor }) => api('GetMonitor', 'api-key', () => request('GetMonitor', `/v1/monitor/${liveMonitor}`, keys.live)),
  DeleteMonitor: ({ keys, doomedMonitors }) =>
    api('DeleteMonitor', 'api-key', (n) => request('DeleteMonitor', `/v1/monitor/${nth(doomedMonitors, n, 'monitor to delete')}`, keys.live)),
  CheckMonitor: ({ keys, testMonitor }) => api('CheckMonitor', 'api-key', () => request('CheckMonitor', `/v1/monitor/${testMonitor}/check`, keys.test)),
  ListEvents: ({ keys }) => api('ListEvents', 'api-key', () => request('ListEvents', '/v1/events', keys.live)),
  GetCoverage: ({ keys }) => api('GetCoverage', 'api-key', () => request('GetCoverage', '/v1/coverage', keys.live)),
  GetSources: ({ keys }) => api('GetSources', 'api-key', () => request('GetSources', '/v1/sources', keys.live)),
  GetOpenApi: () => api('GetOpenApi', 'nothing', () => request('GetOpenApi', '/v1/openapi.json')),
  GetApiReference: () => api('GetApiReference', 'nothing', () => request('GetApiReference', '/docs')),
  GetEvent: ({ keys, events }) => api('GetEvent', 'api-key', () => request('GetEvent', `/v1/events/${nth(events, 0, 'event')}`, keys.live)),
  RedeliverEvent: ({ keys, events }) =>
    api('RedeliverEvent', 'api-key', (n) => request('RedeliverEvent', `/v1/events/${nth(events, n, 'event')}/redeliver`, keys.live), 202),
  TestMonitorWebhook: ({ keys, liveMonitor }) =>
    api('TestMonitorWebhook', 'api-key', () => request('TestMonitorWebhook', `/v1/monitor/${liveMonitor}/test-webhook`, keys.live)),
  RotateMonitorSecret: ({ keys, rotatedMonitors }) =>
    api('RotateMonitorSecret', 'api-key', (n) =>
      request('RotateMonitorSecret', `/v1/monitor/${nth(rotatedMonitors, n, 'monitor to rotate')}/rotate-secret`, keys.live, {
        webhook_secret: `cold-request-rotated-secret-${n}-0123456789`,
        overlap_hours: 24,
      }),
    ),
  ListMonitorDeliveries: ({ keys, liveMonitor }) =>
    api('ListMonitorDeliveries', 'api-key', () => request('ListMonitorDeliveries', `/v1/monitor/${liveMonitor}/deliveries`, keys.live)),
  ListVerifications: ({ keys }) => api('ListVerifications', 'api-key', () => request('ListVerifications', '/v1/verifications', keys.live)),
  CreateHistoryExport: ({ keys }) =>
    api('CreateHistoryExport', 'api-key', () => request('CreateHistoryExport', '/v1/verifications/exports', keys.live, {}), 202),
  GetHistoryExport: ({ keys, readyExport }) =>
    api('GetHistoryExport', 'api-key', () => request('GetHistoryExport', `/v1/verifications/exports/${readyExport}`, keys.live)),
  GetHistoryExportDownload: ({ keys, readyExport }) =>
    api('GetHistoryExportDownload', 'api-key', () => request('GetHistoryExportDownload', `/v1/verifications/exports/${readyExport}/download`, keys.live), 302),
  [fallbackRoute.id]: () => ({
    id: fallbackRoute.id,
    label: `${fallbackRoute.id} (unmatched routes)`,
    kind: 'API, public',
    entry: fallbackRoute.entry,
    memoryMb: 512,
    timeoutSeconds: 10,
    baseline: 'nothing',
    event: () => httpEvent(undefined, 'GET', '/v1/nowhere', {}),
    expectStatus: 404,
  }),
  MonitorSweep: () => worker('MonitorSweep', 'due-monitors', () => ({ kind: 'monitor_sweep', as_of: new Date().toISOString() })),
  MonitorCheck: ({ liveMonitor }) => worker('MonitorCheck', 'monitor', () => ({ monitor_id: liveMonitor })),
  WebhookDelivery: () => worker('WebhookDelivery', 'event', (n) => ({ event_id: `evt_cold_request_${n}`, due_at: new Date(Date.now() - 1000).toISOString() })),
  LeieIngest: () => worker('LeieIngest', 'source-state', () => ({ kind: 'leie_ingest', scheduled_at: new Date().toISOString() })),
  ListIngest: () => worker('ListIngest', 'source-state', () => ({ kind: 'list_ingest', list: 'sam', scheduled_at: new Date().toISOString() })),
  HistoryExport: ({ pendingExports }) =>
    worker('HistoryExport', 'export', (n) => ({ kind: 'history_export', export_id: nth(pendingExports, n, 'pending export') })),
};

/** The subjects of every function, in the route and worker tables' order; throws when a function has no event. */
export function coldRequestSubjects(ctx: ColdRequestContext, table: Record<string, ColdRequestEvent> = coldRequestEvents): Subject[] {
  const { missing, unknown } = eventTableGaps(table);
  if (missing.length) throw new Error(`no cold-request event for ${missing.join(', ')}`);
  if (unknown.length) throw new Error(`cold-request events for functions that do not exist: ${unknown.join(', ')}`);
  return functionIds().map((id) => table[id]!(ctx));
}
