/**
 * The stateful resources of the service, declared once. The CDK stack (`lib/`) builds them on AWS and
 * the local stack (`local/`) provisions the same tables, queues and buckets in its emulators, so the
 * two cannot drift. Handlers find each resource through the environment variable named here.
 */

export type KeyType = 'S' | 'N';

export interface KeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /**
   * Non-key attributes the index holds (an INCLUDE projection); without it the index holds every
   * attribute (ALL). A narrow projection keeps index items small, so a 1 MB Query page holds thousands.
   */
  readonly include?: readonly string[];
}

export interface TableDefinition {
  /** Logical id in the CDK stack and default table name locally. */
  readonly id: string;
  readonly envVar: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Attribute holding an epoch-seconds expiry; items past it are also ignored on read. */
  readonly ttlAttribute?: string;
  readonly indexes?: readonly IndexDefinition[];
  /** What the table holds, for the README and the stack description. */
  readonly purpose: string;
}

export interface QueueDefinition {
  readonly id: string;
  readonly envVar: string;
  /**
   * Visibility timeout: at least 6 times the consuming function's time-out (AWS's guidance for a queue
   * feeding a Lambda function: the poller may hold messages while it retries throttled invocations).
   * It is also how long a failed message waits before it is delivered again.
   */
  readonly visibilityTimeoutSeconds: number;
  /** How long a message is kept; shorter than `deadLetterRetentionSeconds`. */
  readonly retentionSeconds: number;
  /** Receives after which a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly purpose: string;
}

/** AWS's guidance: a queue's visibility timeout is at least this many times its consumer's time-out. */
export const visibilityTimeoutFactor = 6;

/**
 * Retention of every dead-letter queue: SQS's maximum, 14 days. A message moved to a standard dead-letter
 * queue keeps its original enqueue time, so a dead-letter queue must keep messages longer than its
 * source queue does, or they expire soon after they arrive.
 */
export const deadLetterRetentionSeconds = 14 * 86_400;

/** Work queues keep a message 4 days (SQS's default): far longer than any retry takes. */
const workQueueRetentionSeconds = 4 * 86_400;

export interface BucketDefinition {
  readonly id: string;
  readonly envVar: string;
  readonly purpose: string;
  /**
   * Object Lock default retention: objects cannot be deleted or overwritten for this many days.
   *
   * These buckets stay in S3 Standard (no lifecycle transitions). A certificate PDF is about 36 KB, an
   * evidence response under 1 KB; lifecycle rules skip objects under 128 KB unless told otherwise, and the
   * cheaper classes bill 128 KB at least. Per million PDFs (about 34 GB, billed as 122 GB elsewhere;
   * us-east-1 list prices): Standard $0.79 a month, Standard-IA $1.53 (dearer), Glacier Instant Retrieval
   * $0.49, whose $20 of transition requests take 5.5 years of that $0.30 a month to pay back: about $4
   * saved per million over the seven years, against GETs 25 times dearer. Not worth a rule.
   */
  readonly retentionDays?: number;
  /**
   * Delete objects this many days after they were written. Such a bucket is not versioned: a version
   * kept after its object expired would outlive it by the noncurrent-version rule's day and more. S3
   * counts from the next midnight UTC and deletes asynchronously, so an object goes within about a day
   * after its days have passed. Like every bucket whose objects expire, its multipart uploads left
   * incomplete are removed after a day.
   */
  readonly expireAfterDays?: number;
  /**
   * A versioned bucket without Object Lock whose objects are kept this many days from their write, then
   * expire: S3 puts a delete marker in front of each, and the version behind it, now noncurrent, is
   * deleted `noncurrentVersionDays` later, as is any version an overwrite or an operator's delete left
   * behind; the marker goes once no version is left behind it. Multipart uploads left incomplete are
   * removed after a day.
   */
  readonly keepDays?: number;
  /**
   * Objects of 128 KB and more move to S3 Glacier Instant Retrieval this many days after their write.
   * GetObject still reads them in milliseconds (no restore), at $0.03 per GB read; the class bills 90 days
   * and 128 KB at least, so smaller objects stay in Standard (S3's default minimum size for transitions,
   * set explicitly). Only for large files read rarely once they are this old.
   */
  readonly glacierInstantRetrievalAfterDays?: number;
  /**
   * Objects are created, never replaced: the bucket policy denies every principal a PutObject without
   * `If-None-Match` (the `s3:if-none-match` condition key), so a write can only ever add a key that is not
   * there (S3 answers 412 otherwise). The local stack refuses the same writes (local/runtime/aws-rules.ts).
   */
  readonly writeOnce?: boolean;
}

/**
 * How long a noncurrent version is kept in a versioned bucket with `keepDays`: a file an operator deleted
 * or overwrote by mistake can be restored for this long, and an expired object is gone this long after it.
 */
export const noncurrentVersionDays = 90;

/**
 * How long evidence is kept, from its write: eight years, leap days included. A certificate names evidence
 * written in its own year or shortly before (a cached answer, a list file ingested at most about two
 * months before it is answered from), so the evidence outlives every certificate naming it by at least seven
 * years, the certificates' own retention.
 */
export const evidenceRetentionDays = 8 * 365 + 2;

export interface ScheduleDefinition {
  readonly id: string;
  /** EventBridge schedule expression (UTC); see schedule-expression.ts for the supported forms. */
  readonly expression: string;
  readonly targetQueue: QueueId;
  readonly message: Record<string, unknown>;
  readonly purpose: string;
}

export const tables = {
  accounts: {
    id: 'Accounts',
    envVar: 'TABLE_ACCOUNTS',
    partitionKey: { name: 'account_id', type: 'S' },
    purpose:
      "One item per customer account: plan, contact e-mail, per-minute limit override, suspension, and the counters admission needs (requests per minute window and mode, each key's last use), so that one UpdateItem both reads the account and counts a request; it never grows with the account's age.",
  },
  apiKeys: {
    id: 'ApiKeys',
    envVar: 'TABLE_API_KEYS',
    partitionKey: { name: 'key_hash', type: 'S' },
    indexes: [{ name: 'by_account', partitionKey: { name: 'account_id', type: 'S' }, sortKey: { name: 'created_at', type: 'S' } }],
    purpose: 'One item per API key, addressed by the SHA-256 of the key, with its public id, role, label and roll; the key itself is never stored.',
  },
  usage: {
    id: 'Usage',
    envVar: 'TABLE_USAGE',
    partitionKey: { name: 'account_id', type: 'S' },
    sortKey: { name: 'period', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'Atomic counters beside the account: its verifications per month (base and overage) and per day and mode, one item per account and month; active test-mode monitors per account (the monitor cap); the slots of its usable API keys (the key cap).',
  },
  idempotency: {
    id: 'Idempotency',
    envVar: 'TABLE_IDEMPOTENCY',
    partitionKey: { name: 'scope_key', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose: 'Idempotency-Key records of POST requests with their stored responses, kept 24 hours.',
  },
  exclusions: {
    id: 'Exclusions',
    envVar: 'TABLE_EXCLUSIONS',
    partitionKey: { name: 'list_key', type: 'S' },
    sortKey: { name: 'row_id', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'OIG LEIE rows by list version and normalised name (`<version>#I#<surname key>` for individuals, `<version>#E#<name key>` for entities); old versions expire.',
  },
  sanctions: {
    id: 'Sanctions',
    envVar: 'TABLE_SANCTIONS',
    partitionKey: { name: 'list_key', type: 'S' },
    sortKey: { name: 'row_id', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'Rows of the sanctions lists (SAM.gov exclusions, …) by list, version and lookup key (`<list>#<version>#I#<surname key>` for individuals, `…#E#<name key>` for entities, `…#N#<npi>`), and of the state board rosters (TX BHEC, MD, FL, AL) by roster, version and surname key (`<roster>#<version>#I#<surname key>`), the row as JSON; old versions expire.',
  },
  cache: {
    id: 'Cache',
    envVar: 'TABLE_CACHE',
    partitionKey: { name: 'cache_key', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'Source answers, brotli-compressed: board searches by state, surname and given-name forms (fresh 24 h), NPPES records and searches (fresh 30 days). Kept 30 days past freshness as the fallback when a source is down. A value too large for the item is kept in the source-cache bucket. Keys never hold a DOB.',
  },
  verifications: {
    id: 'Verifications',
    envVar: 'TABLE_VERIFICATIONS',
    partitionKey: { name: 'verification_id', type: 'S' },
    ttlAttribute: 'expires_at',
    // The history indexes hold the item's `history` summary only (about 300 bytes: the filterable and CSV
    // fields), never the result or certificate, so a 1 MB page reads thousands of entries. `by_npi` and
    // `by_last_name` are sparse: only items with an NPI / a requested surname are in them.
    indexes: [
      { name: 'by_owner', partitionKey: { name: 'owner', type: 'S' }, sortKey: { name: 'created_key', type: 'S' }, include: ['history'] },
      { name: 'by_npi', partitionKey: { name: 'owner_npi', type: 'S' }, sortKey: { name: 'created_key', type: 'S' }, include: ['history'] },
      { name: 'by_last_name', partitionKey: { name: 'owner_last_name', type: 'S' }, sortKey: { name: 'created_key', type: 'S' }, include: ['history'] },
    ],
    purpose:
      'Every verification result and its signed certificate, owned by an account and mode; written once, kept eight years. Its history indexes list an owner (`account#mode`) newest first by `created_key` (`<created_at>#<id>`), all of it, by NPI (`account#mode#npi`) or by requested surname key (`account#mode#SURNAME`).',
  },
  exports: {
    id: 'Exports',
    envVar: 'TABLE_EXPORTS',
    partitionKey: { name: 'export_id', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'CSV exports of the verification history: owner, filters, snapshot time, state and row count; kept one day; their files are deleted about a day later.',
  },
  monitors: {
    id: 'Monitors',
    envVar: 'TABLE_MONITORS',
    partitionKey: { name: 'monitor_id', type: 'S' },
    indexes: [
      { name: 'by_owner', partitionKey: { name: 'owner', type: 'S' }, sortKey: { name: 'created_key', type: 'S' } },
      { name: 'due', partitionKey: { name: 'due_shard', type: 'S' }, sortKey: { name: 'next_check_at', type: 'S' } },
    ],
    ttlAttribute: 'expires_at',
    purpose:
      'Monitors with their provider, webhook (secret sealed), last snapshot and next check. `by_owner` lists an account and mode newest first; `due` (sparse, sharded 16 ways) holds active monitors by next check time for the sweep. A deleted monitor loses its sealed secret at once and expires, URL and all, 30 days later; active monitors never expire.',
  },
  events: {
    id: 'Events',
    envVar: 'TABLE_EVENTS',
    partitionKey: { name: 'event_id', type: 'S' },
    indexes: [
      { name: 'by_owner', partitionKey: { name: 'owner', type: 'S' }, sortKey: { name: 'created_key', type: 'S' } },
      { name: 'by_monitor', partitionKey: { name: 'monitor_id', type: 'S' }, sortKey: { name: 'created_key', type: 'S' } },
    ],
    ttlAttribute: 'expires_at',
    purpose: 'Webhook events with their exact body and delivery history; kept one year.',
  },
  sourceState: {
    id: 'SourceState',
    envVar: 'TABLE_SOURCE_STATE',
    partitionKey: { name: 'source', type: 'S' },
    purpose:
      'One item per ingested source (`leie`, each sanctions list and each board roster by its id, e.g. `sam`, `tx_bhec`): the current version (the pointer lookups follow), its file(s), ETag, hash, as-of date, statistics and when its rows were last written; beside it `<source>#review`: a load held for review, the last load as recorded, the files rejected on review.',
  },
  sourceHealth: {
    id: 'SourceHealth',
    envVar: 'TABLE_SOURCE_HEALTH',
    partitionKey: { name: 'hour', type: 'S' },
    sortKey: { name: 'source', type: 'S' },
    ttlAttribute: 'expires_at',
    purpose:
      'Source telemetry by UTC hour (`2026-11-28T09`) and source name: calls, failures, unreadable values and a latency histogram, added to (ADD) by each container at most once a minute; kept 3 days. GET /v1/sources reads the last 24 hours.',
  },
} as const satisfies Record<string, TableDefinition>;

export type TableId = keyof typeof tables;

export const queues = {
  monitorSweep: {
    id: 'MonitorSweepQueue',
    envVar: 'QUEUE_URL_MONITOR_SWEEP',
    // 6 x the sweep worker's 300 s: a failed sweep step runs again half an hour later, the same morning.
    visibilityTimeoutSeconds: 1_800,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 5,
    purpose: 'Daily sweep requests from the schedule; the sweep worker pages through due monitors.',
  },
  monitorCheck: {
    id: 'MonitorCheckQueue',
    envVar: 'QUEUE_URL_MONITOR_CHECK',
    // 6 x the check worker's 60 s.
    visibilityTimeoutSeconds: 360,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 5,
    purpose: 'One message per due monitor (sent in batches of 10); check workers re-verify the provider.',
  },
  webhookDelivery: {
    id: 'WebhookDeliveryQueue',
    envVar: 'QUEUE_URL_WEBHOOK_DELIVERY',
    // 6 x the delivery worker's 30 s; shorter than the first retry's 5 minutes.
    visibilityTimeoutSeconds: 180,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 5,
    purpose: 'Webhook deliveries and their retry chain (each hop delayed at most 900 seconds).',
  },
  leieIngest: {
    id: 'LeieIngestQueue',
    envVar: 'QUEUE_URL_LEIE_INGEST',
    // 6 x the ingest worker's 900 s (a download and a full list load); the check runs every 12 hours.
    visibilityTimeoutSeconds: 5_400,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 3,
    purpose: 'Daily LEIE check requests; the ingest worker downloads the list when it changed.',
  },
  listIngest: {
    id: 'ListIngestQueue',
    envVar: 'QUEUE_URL_LIST_INGEST',
    // 6 x the ingest worker's 900 s (a download and a full list load).
    visibilityTimeoutSeconds: 5_400,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 3,
    purpose: 'Daily check requests of the sanctions lists, one message per list; the ingest worker loads a list when it changed.',
  },
  historyExport: {
    id: 'HistoryExportQueue',
    envVar: 'QUEUE_URL_HISTORY_EXPORT',
    // 6 x the export worker's 300 s.
    visibilityTimeoutSeconds: 1_800,
    retentionSeconds: workQueueRetentionSeconds,
    maxReceiveCount: 3,
    purpose: 'One message per requested CSV export of the verification history; the export worker writes the file.',
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueId = keyof typeof queues;

export const buckets = {
  certificates: {
    id: 'CertificateBucket',
    envVar: 'BUCKET_CERTIFICATES',
    purpose: 'Signed PDF certificates of live keys, kept at least seven years.',
    // Seven years, leap days included.
    retentionDays: 7 * 365 + 2,
    writeOnce: true,
  },
  testCertificates: {
    id: 'TestCertificateBucket',
    envVar: 'BUCKET_TEST_CERTIFICATES',
    purpose: 'Signed PDF certificates of test keys: no Object Lock, deleted 30 days after they were made (asked for again, a PDF is made anew).',
    // A bucket of its own: Object Lock default retention covers every object of a bucket, and shortening
    // it per object would need s3:PutObjectRetention, which would let the PDF function shorten live PDFs' too.
    expireAfterDays: 30,
    writeOnce: true,
  },
  evidence: {
    id: 'EvidenceBucket',
    envVar: 'BUCKET_EVIDENCE',
    purpose:
      'Raw responses of the boards and the registry that live certificates name as evidence: gzip, one object per SHA-256 of the raw bytes and year received (`responses/<year>/<sha256>.gz`), written once, kept at least eight years so every certificate naming one keeps it seven.',
    retentionDays: evidenceRetentionDays,
    writeOnce: true,
  },
  sourceArchive: {
    id: 'SourceArchiveBucket',
    envVar: 'BUCKET_SOURCE_ARCHIVE',
    purpose:
      'Raw source files as ingested (each LEIE, sanctions list and roster file by source and date, refused and held ones too), the files list answers are read from and their certificates name by SHA-256, and the record of every load (`loads/<source>/`); kept as evidence for eight years from their write, in Glacier Instant Retrieval after 90 days.',
    // Evidence like EvidenceBucket's: a certificate names the file the answer was read from, archived at
    // most about two months before (a scheduled list is ingested anew after 30 days and is stale 35 days
    // after its last check; an operator upload is stale after 60), so eight years from the write keep it
    // seven after every certificate naming it. No Object Lock: no role may delete an object (docs/security.md),
    // and versions keep what an operator deletes or overwrites for `noncurrentVersionDays`.
    keepDays: evidenceRetentionDays,
    // Past 90 days a file is no longer the one answers are read from, except the version in force of a
    // source nobody refreshed (an operator upload, a publisher unreachable for weeks), whose rows are
    // renewed from it every 45 days: a GetObject of a few MB to a few hundred, cents at most. The load
    // records (a few KB of JSON) stay in Standard.
    glacierInstantRetrievalAfterDays: 90,
  },
  sourceCache: {
    id: 'SourceCacheBucket',
    envVar: 'BUCKET_SOURCE_CACHE',
    purpose:
      'Cached source answers too large to keep inside their Cache table item (compressed, one object per write); deleted once the item they belong to has expired.',
    // Fresh 24 h (board answers) or 30 days (registry), then kept 30 days as the fallback.
    expireAfterDays: 61,
  },
  historyExports: {
    id: 'HistoryExportBucket',
    envVar: 'BUCKET_HISTORY_EXPORTS',
    purpose:
      'CSV exports of the verification history, one object per export id, downloaded through 15-minute presigned URLs for a day; deleted by S3 within about a day after that, unversioned.',
    // Written in multipart uploads; the parts of one left incomplete go after a day, like every expiring bucket's.
    expireAfterDays: 1,
  },
} as const satisfies Record<string, BucketDefinition>;

export type BucketId = keyof typeof buckets;

export const schedules = {
  dailyMonitorSweep: {
    id: 'DailyMonitorSweep',
    expression: 'cron(0 6 * * ? *)',
    targetQueue: 'monitorSweep',
    message: { kind: 'monitor_sweep' },
    purpose: 'Starts the daily monitor sweep at 06:00 UTC.',
  },
  leieCheck: {
    id: 'LeieCheck',
    expression: 'rate(12 hours)',
    targetQueue: 'leieIngest',
    message: { kind: 'leie_ingest' },
    purpose: 'Checks the OIG LEIE file for a new version every 12 hours (the OIG status cache time; OIG replaces the file monthly).',
  },
  samCheck: {
    id: 'SamExclusionsCheck',
    // SAM.gov publishes the extract every day; early in the UTC day the new file may not be there yet
    // (the ingest then falls back to the day before and loads the new one the next morning).
    expression: 'cron(0 9 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'sam' },
    purpose: 'Checks the SAM.gov Exclusions Public Extract for a new daily file at 09:00 UTC.',
  },
  cmsOptOutCheck: {
    id: 'CmsOptOutCheck',
    // data.cms.gov publishes the list monthly; an unchanged list is told by its hash and left alone.
    expression: 'cron(30 9 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'cms_opt_out' },
    purpose: 'Checks the CMS Medicare Opt-Out Affidavits on data.cms.gov for a new version at 09:30 UTC.',
  },
  cmsRevokedCheck: {
    id: 'CmsRevokedCheck',
    expression: 'cron(45 9 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'cms_revoked' },
    purpose: 'Checks the CMS Revoked Medicare Providers and Suppliers on data.cms.gov for a new version at 09:45 UTC.',
  },
  txHhscCheck: {
    id: 'TxHhscExclusionsCheck',
    // The Texas page is updated as exclusions are added; an unchanged file is told by its hash.
    expression: 'cron(15 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'tx_hhsc' },
    purpose: 'Checks the Texas HHSC OIG exclusions file (an ASP.NET postback, from US egress) for a new version at 10:15 UTC.',
  },
  caMediCalCheck: {
    id: 'CaMediCalSuspendedCheck',
    expression: 'cron(30 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'ca_medi_cal' },
    purpose: 'Checks the California Medi-Cal Suspended and Ineligible Provider List for a new version at 10:30 UTC.',
  },
  nppesDeactivatedCheck: {
    id: 'NppesDeactivatedCheck',
    // CMS publishes the report monthly (around the 12th); a daily look at the page finds the new file
    // within a day, and an unchanged file is told by its ETag (304) or its hash and left alone.
    expression: 'cron(0 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'nppes_deactivated' },
    purpose: 'Checks the NPPES downloads page for a new Deactivated NPI Report at 10:00 UTC.',
  },
  txBhecCheck: {
    id: 'TxBhecRosterCheck',
    // BHEC republishes its four CSVs daily; an unchanged set is told by its hash and left alone.
    expression: 'cron(0 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'tx_bhec' },
    purpose: 'Checks the Texas BHEC licensee CSVs (LPC, PSY, MFT, SW) for a new version at 10:00 UTC.',
  },
  mdBopCheck: {
    id: 'MdBopRosterCheck',
    // Republished on the 1st of each month, sometimes later: checked daily, loaded when the hash changes.
    expression: 'cron(15 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'md_bop' },
    purpose: 'Checks the Maryland Board of Physicians rosters (physicians, allied health) for a new version at 10:15 UTC.',
  },
  wvBomCheck: {
    id: 'WvBomRosterCheck',
    // No published cadence: checked daily, loaded when the workbooks' hash changes.
    expression: 'cron(20 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'wv_bom' },
    purpose: 'Checks the West Virginia Board of Medicine rosters (MD, PA, podiatry workbooks) for a new version at 10:20 UTC.',
  },
  sdBoardsCheck: {
    id: 'SdBoardsRosterCheck',
    // No published cadence (the lists follow the boards' records within days): checked daily, loaded when the hash changes.
    expression: 'cron(50 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'sd_boards' },
    purpose: 'Checks the South Dakota chiropractic and optometry verification lists for a new version at 10:50 UTC.',
  },
  arBopmCheck: {
    id: 'ArBopmRosterCheck',
    // Republished only when its data change, on no calendar: checked daily, loaded when the PDF's hash changes.
    expression: 'cron(25 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'ar_bopm' },
    purpose:
      'Checks the Arkansas State Board of Podiatric Medicine License Verification PDF (found by its link on the board page) for a new version at 10:25 UTC.',
  },
  laLbmtCheck: {
    id: 'LaLbmtRosterCheck',
    // A new edition about monthly under a new address: checked daily through the search page's link, loaded when the PDF's hash changes.
    expression: 'cron(15 12 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'la_lbmt' },
    purpose:
      'Checks the Louisiana Board of Massage Therapy list of active massage therapists (found by its link on the search page) for a new version at 12:15 UTC.',
  },
  akCbplRenewal: {
    id: 'AkCbplRosterRenewal',
    expression: 'cron(20 12 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'ak_cbpl' },
    purpose: "Renews the rows of the operator-uploaded Alaska CBPL Professional License Download's current version when due, at 12:20 UTC.",
  },
  // The state Medicaid lists change a few times a month on no published calendar; a daily check costs a
  // page and a small workbook (an unchanged one is told by its validators or its hash and left alone).
  waHcaCheck: {
    id: 'WaHcaCheck',
    expression: 'cron(45 10 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'wa_hca' },
    purpose: 'Checks the Washington HCA Provider Termination and Exclusion List for a new version at 10:45 UTC.',
  },
  coHcpfCheck: {
    id: 'CoHcpfCheck',
    expression: 'cron(0 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'co_hcpf' },
    purpose: 'Checks the Colorado HCPF Terminated Provider List for a new version at 11:00 UTC.',
  },
  nyOmigCheck: {
    id: 'NyOmigCheck',
    expression: 'cron(15 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'ny_omig' },
    purpose: 'Checks the New York OMIG Medicaid Exclusion List for a new version at 11:15 UTC.',
  },
  // Sources an operator uploads are never downloaded: their daily message only renews the current
  // version's rows from the archive once they are 45 days old, so the rows never reach their TTL.
  ilHfsRenewal: {
    id: 'IlHfsRenewal',
    expression: 'cron(30 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'il_hfs' },
    purpose: "Renews the rows of the operator-uploaded Illinois HFS OIG Sanctions List's current version when due, at 11:30 UTC.",
  },
  flMqaRenewal: {
    id: 'FlMqaRosterRenewal',
    expression: 'cron(35 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'fl_mqa' },
    purpose: "Renews the rows of the operator-uploaded Florida MQA roster's current version when due, at 11:35 UTC.",
  },
  alBmeRenewal: {
    id: 'AlBmeRosterRenewal',
    expression: 'cron(40 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'al_bme' },
    purpose: "Renews the rows of the operator-uploaded Alabama BME roster's current version when due, at 11:40 UTC.",
  },
  wyBoardsRenewal: {
    id: 'WyBoardsRosterRenewal',
    expression: 'cron(50 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'wy_boards' },
    purpose: "Renews the rows of the operator-uploaded Wyoming boards' active-and-expired rosters' current version when due, at 11:50 UTC.",
  },
  wyActiveRenewal: {
    id: 'WyActiveRosterRenewal',
    expression: 'cron(55 11 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'wy_active' },
    purpose: "Renews the rows of the operator-uploaded Wyoming Dental and Mental Health active rosters' current version when due, at 11:55 UTC.",
  },
  nvBopRenewal: {
    id: 'NvBopRosterRenewal',
    expression: 'cron(10 12 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'nv_bop' },
    purpose: "Renews the rows of the operator-uploaded Nevada State Board of Pharmacy roster's current version when due, at 12:10 UTC.",
  },
  moPrRenewal: {
    id: 'MoPrRosterRenewal',
    expression: 'cron(5 12 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'mo_pr' },
    purpose: "Renews the rows of the operator-uploaded Missouri Division of Professional Registration roster's current version when due, at 12:05 UTC.",
  },
  caBbsRenewal: {
    id: 'CaBbsRosterRenewal',
    expression: 'cron(25 12 * * ? *)',
    targetQueue: 'listIngest',
    message: { kind: 'list_ingest', list: 'ca_bbs' },
    purpose: "Renews the rows of the operator-uploaded California Board of Behavioral Sciences roster's current version when due, at 12:25 UTC.",
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleId = keyof typeof schedules;

/**
 * The message a rule sends: its fixed message plus the scheduled time, as the CDK target input does
 * (`extra` adds an operator's options to a run started by hand).
 */
export function scheduledMessage(schedule: ScheduleDefinition, at: Date, extra: Record<string, string> = {}): string {
  return JSON.stringify({ ...schedule.message, scheduled_at: at.toISOString(), ...extra });
}

/** Dead-letter queue id of a queue, the same on AWS and locally. */
export function deadLetterQueueId(queueId: QueueId): string {
  return `${queues[queueId].id}DLQ`;
}

/** Name of the stack output that carries a resource's name or URL: `TABLE_API_KEYS` → `TableApiKeys`. */
export function stackOutputKey(envVar: string): string {
  return envVar
    .toLowerCase()
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Every environment variable that names a stateful resource. */
export function resourceEnvVars(): string[] {
  return [...Object.values(tables), ...Object.values(queues), ...Object.values(buckets)].map((d) => d.envVar);
}
