/**
 * The route table: the single source of truth for the API Gateway routes in the CDK stack and for the
 * local gateway behind `npm start`. Each route has its own handler file and so its own Lambda function.
 * `uses` lists what the handler itself touches; the grants that every authenticated route needs (keys,
 * accounts, rate counters, idempotency records) are added by `resourceAccess` (`pipelineUse`).
 */
import type { QueueId } from './resources.ts';
import type { ResourceUse } from './resource-use.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  /** Logical id of the route's function in the stack. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path, with `{name}` path parameters. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  /** `api_key`: Bearer key required, counted by the per-minute limit. `public`: no key. */
  readonly auth: 'api_key' | 'public';
  readonly uses: ResourceUse;
  readonly summary: string;
  /** The function's time-out (default 10 s); at most `maxRouteTimeoutSeconds`, under API Gateway's 30 s integration limit. */
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /**
   * Folders, relative to the repository root, that the function reads at run time beside its modules
   * (`new URL('./assets/', import.meta.url)`): the bundle carries each under its base name beside its
   * entry file.
   */
  readonly bundleFolders?: readonly string[];
  /**
   * The bundle carries the OpenAPI document and the API reference page prebuilt (bin/prebuild-docs.ts,
   * shared/api/openapi/prebuilt-docs.ts), so the function builds neither.
   */
  readonly prebuiltDocs?: boolean;
}

/** Longest time-out of a route's function: API Gateway gives up on an integration after 30 s. */
export const maxRouteTimeoutSeconds = 25;

export interface WorkerDefinition {
  readonly id: string;
  readonly queue: QueueId;
  readonly entry: string;
  readonly batchSize: number;
  /** Upper bound on concurrent invocations, to protect downstream sources. */
  readonly maxConcurrency: number;
  readonly uses: ResourceUse;
  readonly timeoutSeconds: number;
  readonly memoryMb?: number;
  readonly summary: string;
}

/** A monitor check, from the sweep's queue or on demand: re-verify, record events, queue their delivery. */
/**
 * What running a verification touches, the same code in every function that verifies: cached source
 * answers (large ones in the source-cache bucket), the exclusion list and its pointer, the stored
 * result, the evidence of what the sources said, the signing key and the sources themselves.
 */
export const verificationUse: ResourceUse = {
  // SourceHealth's UpdateItem: the container's source telemetry, added at most once a minute (health-counters.ts).
  tables: {
    cache: ['BatchGetItem', 'PutItem'],
    verifications: ['PutItem'],
    exclusions: ['Query'],
    sanctions: ['Query'],
    sourceState: ['GetItem'],
    sourceHealth: ['UpdateItem'],
  },
  // The source responses live answers are read from, kept as evidence (write-once).
  buckets: { sourceCache: ['GetObject', 'PutObject'], evidence: ['PutObject'] },
  signingKey: 'sign',
  sources: true,
};

const monitorCheckUses: ResourceUse = {
  verifies: true,
  tables: { monitors: ['GetItem', 'UpdateItem'], events: ['PutItem'] },
  queues: { webhookDelivery: 'send' },
};

const routeTable = [
  {
    id: 'Health',
    method: 'GET',
    path: '/health',
    entry: 'functions/service/get-health.ts',
    auth: 'public',
    uses: {},
    summary: 'Liveness check.',
  },
  {
    id: 'GetAccount',
    method: 'GET',
    path: '/v1/account',
    entry: 'functions/accounts/get-account.ts',
    auth: 'api_key',
    uses: {},
    summary: "The calling key's account, plan, limits and this month's usage.",
  },
  {
    id: 'GetUsage',
    method: 'GET',
    path: '/v1/usage',
    entry: 'functions/accounts/get-usage.ts',
    auth: 'api_key',
    // One Query of the account's month items in the usage table (limits/usage-items.ts).
    uses: { tables: { usage: ['Query'] } },
    summary: "The account's verifications per month and day, live and test, included and overage, with the plan's limits.",
  },
  {
    id: 'ListApiKeys',
    method: 'GET',
    path: '/v1/keys',
    entry: 'functions/accounts/get-keys.ts',
    auth: 'api_key',
    // The account's keys through the by_account index; last use is read from the admitted account item.
    uses: { tables: { apiKeys: ['Query'] } },
    summary: 'The API keys the calling key may manage, newest first: id, label, hint, mode, role, dates and state; never the key.',
  },
  {
    id: 'GetApiKey',
    method: 'GET',
    path: '/v1/keys/{key_id}',
    entry: 'functions/accounts/get-key.ts',
    auth: 'api_key',
    // The key found through by_account, then read strongly consistent with the pipeline's GetItem on ApiKeys.
    uses: { tables: { apiKeys: ['Query'] } },
    summary: 'One API key the calling key may manage: id, label, hint, mode, role, dates and state; never the key.',
  },
  {
    id: 'CreateApiKey',
    method: 'POST',
    path: '/v1/keys',
    entry: 'functions/accounts/post-key.ts',
    auth: 'api_key',
    // A slot of the usable-key cap in the usage table (auth/key-slots.ts); the account's keys are listed to
    // count those stored before slots existed, and the keys holding the slots are read with the
    // pipeline's GetItem on ApiKeys when every slot is taken.
    uses: { tables: { apiKeys: ['Query', 'PutItem'], usage: ['Query', 'PutItem'] } },
    summary: 'Creates an API key of the account; the key is shown once.',
  },
  {
    id: 'RollApiKey',
    method: 'POST',
    path: '/v1/keys/{key_id}/roll',
    entry: 'functions/accounts/post-key-roll.ts',
    auth: 'api_key',
    // The key found through by_account, then read strongly consistent with the pipeline's GetItem on ApiKeys.
    uses: { tables: { apiKeys: ['Query', 'UpdateItem', 'PutItem'], usage: ['Query', 'PutItem'] } },
    summary: 'Replaces a key with a new one of the same mode, role and name; the old key works until its grace period ends.',
  },
  {
    id: 'RevokeApiKey',
    method: 'DELETE',
    path: '/v1/keys/{key_id}',
    entry: 'functions/accounts/delete-key.ts',
    auth: 'api_key',
    // Admin keys are revoked one at a time under a lease item in the usage table (auth/adapters/admin-revocation-lock.ts),
    // after reading the other admin keys with the pipeline's GetItem on ApiKeys.
    uses: { tables: { apiKeys: ['Query', 'UpdateItem'], usage: ['PutItem', 'DeleteItem'] } },
    summary: 'Revokes a key at once.',
  },
  {
    id: 'Verify',
    method: 'POST',
    path: '/v1/verify',
    entry: 'functions/verification/post-verify.ts',
    auth: 'api_key',
    uses: { verifies: true },
    summary: 'Verifies one provider: license status, discipline, OIG exclusion; issues a signed certificate.',
    memoryMb: 1024,
  },
  {
    id: 'VerifyBulk',
    method: 'POST',
    path: '/v1/verify/bulk',
    entry: 'functions/verification/post-verify-bulk.ts',
    auth: 'api_key',
    uses: { verifies: true },
    summary: 'Verifies up to 100 providers in one request.',
    timeoutSeconds: maxRouteTimeoutSeconds,
    memoryMb: 1024,
  },
  {
    id: 'GetCertificate',
    method: 'GET',
    path: '/v1/certificate/{verification_id}',
    entry: 'functions/certificates/get-certificate.ts',
    auth: 'api_key',
    uses: { tables: { verifications: ['GetItem'] } },
    summary: 'The signed certificate of a verification, to the account and mode that created it.',
  },
  {
    id: 'GetCertificatePdf',
    method: 'GET',
    path: '/v1/certificate/{verification_id}/pdf',
    entry: 'functions/certificates/get-certificate-pdf.ts',
    auth: 'api_key',
    uses: {
      tables: { verifications: ['GetItem'] },
      buckets: { certificates: ['GetObject', 'PutObject'], testCertificates: ['GetObject', 'PutObject'] },
      pdfSigning: true,
    },
    summary: 'The signed PDF certificate, made on first request and served from storage after (live and test PDFs in separate buckets).',
    timeoutSeconds: 15,
    memoryMb: 1024,
    // The certificate's fonts and colour profile.
    bundleFolders: ['shared/features/certificates/pdf/assets'],
  },
  {
    id: 'GetCertificateEvidence',
    method: 'GET',
    path: '/v1/certificate/{verification_id}/evidence',
    entry: 'functions/certificates/get-certificate-evidence.ts',
    auth: 'api_key',
    // Stored responses are read to inline them and presigned (GetObject) for their download links.
    uses: { tables: { verifications: ['GetItem'] }, buckets: { evidence: ['GetObject'] } },
    summary: 'What each source said for a verification: the evidence its certificate names, to the account and mode that created it.',
    memoryMb: 1024,
  },
  {
    id: 'GetRecord',
    method: 'GET',
    path: '/records/{verification_id}',
    entry: 'functions/certificates/get-record.ts',
    auth: 'public',
    uses: { tables: { verifications: ['GetItem'] }, signingKey: 'publish' },
    summary: "The public online record a certificate's QR code opens (HTML, or JSON on request).",
  },
  {
    id: 'GetSigningKeys',
    method: 'GET',
    path: '/v1/signing-keys',
    entry: 'functions/certificates/get-signing-keys.ts',
    auth: 'public',
    uses: { signingKey: 'publish' },
    summary: 'The public keys that sign certificates, as a JWKS.',
  },
  {
    id: 'CreateMonitor',
    method: 'POST',
    path: '/v1/monitor',
    entry: 'functions/monitoring/post-monitor.ts',
    auth: 'api_key',
    uses: {
      verifies: true,
      // The test-mode monitor cap is a counter in the usage table (limits/adapters/monitor-slots.ts).
      tables: { monitors: ['PutItem'], usage: ['UpdateItem'] },
      webhookSecrets: 'seal',
    },
    summary: 'Registers a provider for daily re-checks with signed webhooks; runs an initial verification.',
    memoryMb: 1024,
  },
  {
    id: 'ListMonitors',
    method: 'GET',
    path: '/v1/monitors',
    entry: 'functions/monitoring/get-monitors.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem', 'Query'] } },
    summary: "The caller's monitors, newest first, with cursor pagination.",
  },
  {
    id: 'GetMonitor',
    method: 'GET',
    path: '/v1/monitor/{monitor_id}',
    entry: 'functions/monitoring/get-monitor.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem'] } },
    summary: 'One monitor of the caller, with a webhook secret rotation in progress.',
  },
  {
    id: 'DeleteMonitor',
    method: 'DELETE',
    path: '/v1/monitor/{monitor_id}',
    entry: 'functions/monitoring/delete-monitor.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem', 'UpdateItem'], usage: ['UpdateItem'] } },
    summary: 'Stops monitoring a provider.',
  },
  {
    id: 'CheckMonitor',
    method: 'POST',
    path: '/v1/monitor/{monitor_id}/check',
    entry: 'functions/monitoring/post-monitor-check.ts',
    auth: 'api_key',
    uses: monitorCheckUses,
    summary: "Test keys: runs a monitor's check now, as the daily sweep would; answers the monitor and the events produced.",
    timeoutSeconds: maxRouteTimeoutSeconds,
    memoryMb: 1024,
  },
  {
    id: 'ListEvents',
    method: 'GET',
    path: '/v1/events',
    entry: 'functions/monitoring/get-events.ts',
    auth: 'api_key',
    // Events' GetItem: the event named by `starting_after`.
    uses: { tables: { events: ['GetItem', 'Query'], monitors: ['GetItem'] } },
    summary: "The caller's webhook events with their delivery attempts, newest first; filter by monitor_id and delivery_state.",
  },
  {
    id: 'GetCoverage',
    method: 'GET',
    path: '/v1/coverage',
    entry: 'functions/sources/get-coverage.ts',
    auth: 'api_key',
    uses: {},
    summary: 'The coverage matrix: supported states, their sources and the professions each verifies.',
  },
  {
    id: 'GetSources',
    method: 'GET',
    path: '/v1/sources',
    entry: 'functions/sources/get-sources.ts',
    auth: 'api_key',
    // The ingested sources' pointers (their dates) and the last 24 hourly partitions of source telemetry.
    uses: { tables: { sourceState: ['GetItem'], sourceHealth: ['Query'] } },
    summary: "Every source's health: current version and date, last refresh, state, and its last 24 hours' failure rate, median latency and unreadable values.",
  },
  {
    id: 'GetOpenApi',
    method: 'GET',
    path: '/v1/openapi.json',
    entry: 'functions/service/get-openapi.ts',
    auth: 'public',
    uses: {},
    prebuiltDocs: true,
    summary: 'This API contract as an OpenAPI 3.1 document.',
  },
  {
    id: 'GetApiReference',
    method: 'GET',
    path: '/docs',
    entry: 'functions/service/get-api-reference.ts',
    auth: 'public',
    uses: {},
    prebuiltDocs: true,
    summary: 'The API reference: one HTML page rendered from the OpenAPI document.',
  },
  {
    id: 'GetEvent',
    method: 'GET',
    path: '/v1/events/{event_id}',
    entry: 'functions/monitoring/get-event.ts',
    auth: 'api_key',
    uses: { tables: { events: ['GetItem'] } },
    summary: 'One webhook event of the caller with its delivery attempts.',
  },
  {
    id: 'RedeliverEvent',
    method: 'POST',
    path: '/v1/events/{event_id}/redeliver',
    entry: 'functions/monitoring/post-event-redeliver.ts',
    auth: 'api_key',
    uses: { tables: { events: ['GetItem', 'UpdateItem'], monitors: ['GetItem'] }, queues: { webhookDelivery: 'send' } },
    summary: 'Delivers one of your events again: a new attempt chain with the same id and body and a fresh retry schedule.',
  },
  {
    id: 'TestMonitorWebhook',
    method: 'POST',
    path: '/v1/monitor/{monitor_id}/test-webhook',
    entry: 'functions/monitoring/post-monitor-test-webhook.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem'], events: ['PutItem'] }, webhookSecrets: 'open' },
    summary: "Sends a signed monitor.test event to the monitor's URL now and answers how the receiver answered.",
    // The receiver's 10 s, the records and the answer.
    timeoutSeconds: 15,
  },
  {
    id: 'RotateMonitorSecret',
    method: 'POST',
    path: '/v1/monitor/{monitor_id}/rotate-secret',
    entry: 'functions/monitoring/post-monitor-rotate-secret.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem', 'UpdateItem'] }, webhookSecrets: 'seal' },
    summary: "Replaces the monitor's webhook secret; the old one keeps signing beside it for an overlap window.",
  },
  {
    id: 'ListMonitorDeliveries',
    method: 'GET',
    path: '/v1/monitor/{monitor_id}/deliveries',
    entry: 'functions/monitoring/get-monitor-deliveries.ts',
    auth: 'api_key',
    uses: { tables: { monitors: ['GetItem'], events: ['GetItem', 'Query'] } },
    summary: "The monitor's webhook delivery attempts, newest event first, with cursor pagination.",
  },
  {
    id: 'ListVerifications',
    method: 'GET',
    path: '/v1/verifications',
    entry: 'functions/history/get-verifications.ts',
    auth: 'api_key',
    // GetItem finds the cursor's place; Query reads the history indexes; BatchGetItem the page's results.
    uses: { tables: { verifications: ['GetItem', 'Query', 'BatchGetItem'] } },
    summary: "The caller's verifications, newest first, filtered by time, state, status, verified, NPI or surname, with cursor pagination.",
  },
  {
    id: 'CreateHistoryExport',
    method: 'POST',
    path: '/v1/verifications/exports',
    entry: 'functions/history/post-export.ts',
    auth: 'api_key',
    // UpdateItem counts the export against the account's daily cap (usage table), and marks it failed
    // (giving the count back) when its message cannot be queued.
    // GetItem on monitors: the monitor `notify_monitor_id` names must be the caller's and active.
    uses: { tables: { exports: ['PutItem', 'UpdateItem'], usage: ['UpdateItem'], monitors: ['GetItem'] }, queues: { historyExport: 'send' } },
    summary: 'Starts a CSV export of the verification history (same filters), written by a worker to a file kept a day.',
  },
  {
    id: 'GetHistoryExport',
    method: 'GET',
    path: '/v1/verifications/exports/{export_id}',
    entry: 'functions/history/get-export.ts',
    auth: 'api_key',
    // GetObject: the presigned download link is signed with this function's credentials.
    uses: { tables: { exports: ['GetItem'] }, buckets: { historyExports: ['GetObject'] } },
    summary: "An export's state, progress and row count, with Retry-After while pending, and once ready a download link valid up to 15 minutes.",
  },
  {
    id: 'GetHistoryExportDownload',
    method: 'GET',
    path: '/v1/verifications/exports/{export_id}/download',
    entry: 'functions/history/get-export-download.ts',
    auth: 'api_key',
    // GetObject: the link it redirects to is signed with this function's credentials at the moment of the request.
    uses: { tables: { exports: ['GetItem'] }, buckets: { historyExports: ['GetObject'] } },
    summary: "A ready export's file: 302 to a link signed at that moment, valid 60 seconds; works until the export expires.",
  },
] as const satisfies readonly RouteDefinition[];

/** The id of a route of the route table: handlers name their route by it, checked at compile time. */
export type RouteId = (typeof routeTable)[number]['id'];

export const routes: readonly RouteDefinition[] = routeTable;

/** Answers every request that no route matches: 404, or 405 with `Allow` for a known path. */
export const fallbackRoute = {
  id: 'Fallback',
  entry: 'functions/service/not-found.ts',
  summary: 'Unknown routes and methods.',
} as const;

/** Queue consumers, fed by Lambda event-source mappings on AWS and by pollers locally. */
export const workers: readonly WorkerDefinition[] = [
  {
    id: 'MonitorSweep',
    queue: 'monitorSweep',
    entry: 'functions/monitoring/sweep-monitors.ts',
    batchSize: 1,
    maxConcurrency: 2,
    // The sweep queues its own continuation a minute before this limit, so a short one loses nothing and
    // keeps the queue's visibility timeout (6 x this) at half an hour.
    timeoutSeconds: 300,
    uses: { tables: { monitors: ['Query'] }, queues: { monitorCheck: 'send', monitorSweep: 'send' } },
    summary: 'Queues a check for every monitor due, shard by shard, continuing itself before its time limit.',
  },
  {
    id: 'MonitorCheck',
    queue: 'monitorCheck',
    entry: 'functions/monitoring/check-monitors.ts',
    batchSize: 10,
    // Bounds concurrent checks, and so the load on each state board: 2 invocations of 5 checks at a time
    // (functions/monitoring/check-monitors.ts), 10 in all.
    maxConcurrency: 2,
    // A check's source calls share a deadline, as a verification's do (the verify route has 10 s), so
    // two rounds of 5 fit well; a check not started in time is returned to the queue.
    timeoutSeconds: 60,
    memoryMb: 1024,
    // A check reads the monitor's account (a suspended account's monitors are not checked); on the route the key pipeline reads it.
    uses: { ...monitorCheckUses, tables: { ...monitorCheckUses.tables, accounts: ['GetItem'] } },
    summary: 'Re-verifies a monitored provider, records change events and queues their webhooks.',
  },
  {
    id: 'WebhookDelivery',
    queue: 'webhookDelivery',
    entry: 'functions/monitoring/deliver-webhooks.ts',
    batchSize: 10,
    maxConcurrency: 10,
    // A batch is delivered all at once (functions/monitoring/deliver-webhooks.ts): one receiver's 10 s
    // limit plus the records.
    timeoutSeconds: 30,
    uses: {
      // Monitors' UpdateItem: removing a rotated-out secret once its overlap has ended.
      tables: { events: ['GetItem', 'UpdateItem'], monitors: ['GetItem', 'UpdateItem'], accounts: ['GetItem'] },
      queues: { webhookDelivery: 'send' },
      webhookSecrets: 'open',
      email: true,
    },
    summary: 'Delivers signed webhooks, chains their retries, and e-mails the account when one fails for good.',
  },
  {
    id: 'LeieIngest',
    queue: 'leieIngest',
    entry: 'functions/sources/ingest-leie.ts',
    batchSize: 1,
    maxConcurrency: 2,
    timeoutSeconds: 900,
    memoryMb: 1024,
    uses: {
      tables: { exclusions: ['BatchWriteItem'], sourceState: ['GetItem', 'PutItem', 'UpdateItem'], sourceHealth: ['UpdateItem'] },
      // GetObject: the archived file the current version's rows are renewed from.
      buckets: { sourceArchive: ['PutObject', 'GetObject'] },
      sources: true,
    },
    summary: "Downloads the OIG LEIE list when it changed and switches lookups to it; renews the current version's rows from its archive.",
  },
  {
    id: 'ListIngest',
    queue: 'listIngest',
    entry: 'functions/sources/ingest-list.ts',
    batchSize: 1,
    maxConcurrency: 2,
    timeoutSeconds: 900,
    memoryMb: 1024,
    uses: {
      tables: { sanctions: ['BatchWriteItem'], sourceState: ['GetItem', 'PutItem', 'UpdateItem'], sourceHealth: ['UpdateItem'] },
      // GetObject: the archived files the current version's rows are renewed from.
      buckets: { sourceArchive: ['PutObject', 'GetObject'] },
      sources: true,
    },
    summary:
      "Downloads a sanctions list (SAM.gov exclusions, …) or roster when it changed and switches lookups to it; renews the current version's rows from its archive.",
  },
  {
    id: 'HistoryExport',
    queue: 'historyExport',
    entry: 'functions/history/export-history.ts',
    batchSize: 1,
    maxConcurrency: 2,
    timeoutSeconds: 300,
    memoryMb: 1024,
    // The monitor, event and delivery queue: the `export.ready` or `export.failed` event of an export asked with `notify_monitor_id`.
    uses: {
      tables: { exports: ['GetItem', 'UpdateItem'], verifications: ['Query'], monitors: ['GetItem'], events: ['PutItem'] },
      buckets: { historyExports: ['PutObject'] },
      queues: { webhookDelivery: 'send' },
    },
    summary:
      'Writes the CSV of a requested history export to its bucket, noting its progress every few seconds, marks the export ready, and sends export.ready to the monitor it names.',
  },
];

/**
 * The longest time limit of a function that runs verifications: a verification created (timed) before
 * an instant is stored by then plus this.
 */
export const longestVerificationSeconds = Math.max(
  ...routes.filter((r) => r.uses.verifies).map((r) => r.timeoutSeconds ?? 10),
  ...workers.filter((w) => w.uses.verifies).map((w) => w.timeoutSeconds),
);

/** What the API-key pipeline (pipeline.ts) touches in every authenticated route: keys, accounts, counters, idempotency records and their pepper. */
export function pipelineUse(route: Pick<RouteDefinition, 'auth' | 'method'>): ResourceUse {
  if (route.auth === 'public') return {};
  return {
    tables: {
      // The account item carries the request counters: one UpdateItem reads it and counts the request;
      // GetItem reads it again while counters of an earlier layout are moved off it (limits/adapters/usage-migration.ts).
      accounts: ['GetItem', 'UpdateItem'],
      apiKeys: ['GetItem'],
      // The month's item holds its verification counters (limits/usage-items.ts): GetItem reads the month's
      // usage beside the admission (and when a charge crosses the quota line); UpdateItem charges it.
      usage: ['GetItem', 'UpdateItem'],
      ...(route.method === 'GET' ? {} : { idempotency: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const }),
    },
    // Only POSTs take an Idempotency-Key (pipeline-frame.ts `isIdempotent`).
    ...(route.method === 'POST' ? { idempotencyPepper: true } : {}),
  };
}

/** Everything a route's function may touch: its own uses, the verification's if it verifies, and what the request pipeline needs. */
export function resourceAccess(route: RouteDefinition): ResourceUse {
  return combineUses(pipelineUse(route), withVerification(route.uses));
}

/** Everything a worker's function may touch. */
export function workerAccess(worker: WorkerDefinition): ResourceUse {
  return withVerification(worker.uses);
}

function withVerification(uses: ResourceUse): ResourceUse {
  return uses.verifies ? combineUses(verificationUse, uses) : uses;
}

/** Two uses together: the union of their actions on each resource. */
function combineUses(a: ResourceUse, b: ResourceUse): ResourceUse {
  const union = <K extends string, A>(x: Partial<Record<K, readonly A[]>> = {}, y: Partial<Record<K, readonly A[]>> = {}) => {
    const out: Partial<Record<K, readonly A[]>> = { ...x };
    for (const [id, actions] of Object.entries(y) as [K, readonly A[]][]) out[id] = [...new Set([...(out[id] ?? []), ...actions])];
    return out;
  };
  const out: ResourceUse = { ...a, ...b, tables: union(a.tables, b.tables), buckets: union(a.buckets, b.buckets), queues: { ...a.queues, ...b.queues } };
  // Drop what neither has, so a public route with no uses stays `{}`.
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined && !(typeof v === 'object' && Object.keys(v).length === 0))) as ResourceUse;
}

/** `/v1/certificate/{verification_id}` → a matcher that yields the path parameters. */
export function compilePath(path: string): (candidate: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)(\+?)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return param[2] === '+' ? '(.+)' : '([^/]+)';
    })
    .join('/');
  const regex = new RegExp(`^${pattern}$`);
  return (candidate) => {
    const match = regex.exec(candidate);
    if (!match) return undefined;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponentSafe(match[i + 1]!);
    });
    return params;
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface RouteMatch<R> {
  readonly route: R;
  readonly pathParameters: Record<string, string>;
}

/** Finds the route for a method and path; `allowed` lists the methods a known path accepts. */
export function matchRoute<R extends { method: HttpMethod; path: string }>(
  table: readonly R[],
  method: string,
  path: string,
): { match?: RouteMatch<R>; allowed: HttpMethod[] } {
  const allowed: HttpMethod[] = [];
  for (const route of table) {
    const params = matcherFor(route.path)(path);
    if (!params) continue;
    if (route.method === method) return { match: { route, pathParameters: params }, allowed: [route.method] };
    allowed.push(route.method);
  }
  return { allowed };
}

const matchers = new Map<string, ReturnType<typeof compilePath>>();
function matcherFor(path: string): ReturnType<typeof compilePath> {
  let matcher = matchers.get(path);
  if (!matcher) {
    matcher = compilePath(path);
    matchers.set(path, matcher);
  }
  return matcher;
}
