/**
 * Operator CLI. Prints exactly one JSON object on stdout; diagnostics go to stderr.
 *
 *   npm run admin -- create-key (--plan <developer|production|scale|enterprise> | --account <id>) --mode <live|test>
 *                               [--account <id>] [--email <address>] [--minute-limit <n>] [--expires-at <ISO time>] [--admin] [--name <label>]
 *   npm run admin -- list-keys --account <id>
 *   npm run admin -- revoke-key (--hash <sha256 hex, or a unique prefix with --account> | --key <key>) [--account <id>]
 *   npm run admin -- revoke-keys --account <id>
 *   npm run admin -- suspend-account --account <id> [--reason <text>]
 *   npm run admin -- unsuspend-account --account <id>
 *   npm run admin -- ingest-leie [--force] [--rollback --reason <text>]
 *   npm run admin -- ingest <list> [--force] [--file <path>] [--rollback --reason <text>]
 *   npm run admin -- ingest-roster <roster> [--force] [--file <path> …] [--as-of <YYYY-MM-DD>] [--rollback --reason <text>]
 *   npm run admin -- ingest review <list or roster> [accept | reject] [--reason <text>]
 *   npm run admin -- move-usage-to-month-items
 *   npm run admin -- backfill-history
 *   npm run admin -- run-sweep [--as-of <ISO time>]
 *   npm run admin -- preflight [--stack LicenseVerification-<stage>] [-c key=value …]
 *   npm run admin -- pdf-signing-csr --key <KMS key id or ARN> --subject "CN=…,O=…,C=US" [--out <file>]
 *
 * Locally it works on ${LOCAL_STATE_DIR:-.local} (through the running `npm start` if there is one). With
 * `--stack <name>` (or ADMIN_STACK) it works on a deployed stack, reading table names from the stack's
 * outputs with the usual AWS credentials.
 *
 * `preflight` is the exception: it runs before a deploy (the stack need not exist), reads the settings
 * from cdk.json and `-c` as `cdk deploy` would, and prints one line per check (ok / warn / fail) rather
 * than JSON; it exits 1 when a check failed (bin/preflight.ts). Once the stack exists it also lists each
 * source an operator uploads with the days it has before it is stale.
 *
 * `pdf-signing-csr` works on neither: it asks KMS (the key ARN's region, else the configured one) to
 * sign a certificate request for the PDF signing key, with the caller's credentials, which the key's
 * policy must allow (docs/deployment.md: context `pdfCsrSignerRoleArn`).
 */
import './admin-environment.ts';
import { KMSClient } from '@aws-sdk/client-kms';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { DistinguishedNameError } from '#shared/features/certificates/pdf/distinguished-name.ts';
import { kmsCertificateSigningRequest } from '#shared/features/certificates/pdf/adapters/kms-csr.ts';
import { PdfSigningMaterialError } from '#shared/features/certificates/pdf/pdf-signing-key.ts';
import { apiKeyMode, hashApiKey } from '#shared/features/accounts/api-keys.ts';
import { keyModes, type KeyMode } from '#shared/domain/caller.ts';
import { issueKey, KeyIssueError } from '#shared/features/accounts/key-issuer.ts';
import {
  KeyLifecycleError,
  listAccountKeys,
  minHashPrefixLength,
  revokeAccountKeys,
  revokeKeyByHash,
  suspendAccount,
  unsuspendAccount,
} from '#shared/features/accounts/key-lifecycle.ts';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { queueUrl } from '#shared/platform/config.ts';
import { scheduledMessage, schedules } from '#shared/platform/infra/resources.ts';
import { isPlanName, type PlanName, planNames } from '#shared/features/limits/plans.ts';
import { moveAllAccountCounters, moveLegacyMonthItems } from '#shared/features/limits/adapters/usage-migration.ts';
import { backfillHistory } from '#shared/features/history/adapters/history-backfill.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { countOperatorIngestRefusal, isIngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { cloudWatch } from '#shared/platform/aws/cloudwatch.ts';
import { CloudWatchMetricSink } from '#shared/platform/observability/adapters/cloudwatch-metric-sink.ts';
import type { MetricSink } from '#shared/platform/observability/metric-sink.ts';
import { loggedMetricSink } from '#shared/platform/observability/metrics.ts';
import { acceptHeld, rejectHeld, ReviewError, reviewStateOf } from '#shared/features/sources/plausibility/load-review.ts';
import { listDefinition, listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { rosterDefinition, rosterDefinitions } from '#shared/features/sources/rosters/definitions.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { attachToLocalState } from '../local/runtime/attach.ts';
import { attachToDeployedStack } from './deployed-stack.ts';
import { runPreflight } from './preflight.ts';
import { awsReviewPorts, dynamoExclusionStore, dynamoRosterStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

class UsageError extends Error {}

const usage = `Usage:
  npm run admin -- create-key (--plan <${planNames.join('|')}> | --account <id> [--plan …]) --mode <${keyModes.join('|')}> [--email <address>] [--minute-limit <n>] [--expires-at <ISO time>] [--admin] [--name <label>]
                                                          (keys are standard, a new account's first key too; --admin makes an admin key)
  npm run admin -- list-keys --account <id>              (the account's keys: hash, hint, mode, state)
  npm run admin -- revoke-key --hash <sha256 hex> [--account <id>]
                                                          (a prefix of at least ${minHashPrefixLength} hex digits needs --account)
  npm run admin -- revoke-key --key <key>                 (when the key itself is at hand)
  npm run admin -- revoke-keys --account <id>             (every key of the account)
  npm run admin -- suspend-account --account <id> [--reason <text>]
  npm run admin -- unsuspend-account --account <id>
  npm run admin -- ingest-leie [--force] [--rollback --reason <text>]
                                              (load the OIG LEIE list if it changed; --force: even if not; --rollback --reason: as for ingest)
  npm run admin -- ingest <${Object.keys(listDefinitions).join('|')}> [--force] [--file <path>] [--rollback --reason <text>]
                                              (load a sanctions list if it changed; --force: even if not, or if much shorter;
                                               --file: a file downloaded by hand, in the list's published format;
                                               --rollback --reason: load this file on purpose, even older than the version in force
                                               or beyond the change budget, the reason recorded)
  npm run admin -- ingest-roster <${Object.keys(rosterDefinitions).join('|')}> [--force] [--file <path> …] [--as-of <YYYY-MM-DD>] [--rollback --reason <text>]
                                              (load a state board roster if it changed; --force: even if not, or if much shorter;
                                               --file: the file downloaded from a sign-in portal (fl_mqa, al_bme; mo_pr: the TXT of each of
                                               the four boards' ZIPs, named after the board), a board page (wy_boards,
                                               wy_active: one --file per board sheet, named after it; nv_bop: the workbook of its Export To
                                               Excel), a folder whose file ids change monthly (ca_bbs: the Board of Behavioral
                                               Sciences' licensee file from DCA's Box folder, as downloaded) or by hand, once per declared file
                                               of the roster (md_bop: both; wv_bom: all three, saved as medical-doctors.xlsx,
                                               physician-assistants.xlsx, podiatric-physicians.xlsx; sd_boards: both, named with
                                               chiropractic and optometry; ar_bopm: the PDF under a name holding
                                               LicenseVerification, as the board names it; la_lbmt: the PDF under a
                                               name holding Active-LMT, as the board names it; ak_cbpl: the CSV saved from a
                                               browser under a name holding ProfessionalLicenseDownload); --as-of: the date the file stands for,
                                               when not its modification date; --rollback --reason: as for ingest)
  npm run admin -- ingest review <list or roster> [accept|reject] [--reason <text>]
                                              (a load held for review: what it changes, with examples; accept switches to it, reject drops it)
  npm run admin -- move-usage-to-month-items  (once, on upgrading: usage counters of earlier versions into the month items)
  npm run admin -- backfill-history           (once, on upgrading: verifications stored before the history indexes are indexed)
  npm run admin -- run-sweep [--as-of <time>] (start a monitor sweep now: every monitor due by then is checked)
  npm run admin -- preflight [-c key=value …]  (before a deploy: secrets, certificate, SES, the age of each operator upload; same -c flags as cdk deploy)
  npm run admin -- pdf-signing-csr --key <KMS key id or ARN> --subject "CN=…,O=…,C=US" [--out <file>]
                                              (a certificate request for the PDF signing key, signed by it in KMS)
Options for all: [--stack <deployed stack name>]`;

type Command = (values: Record<string, string | boolean | undefined>, positionals: string[]) => Promise<Record<string, unknown>>;

/** The `--file` paths given (each must exist), absolute. */
function filesOf(v: Record<string, unknown>): string[] {
  const given = v.file === undefined ? [] : Array.isArray(v.file) ? (v.file as string[]) : [v.file as string];
  for (const file of given) if (!existsSync(file)) throw new UsageError(`--file ${file} does not exist`);
  return given.map((file) => resolve(file));
}

/** `--rollback --reason <text>`: the operator's reason for loading a file on purpose; undefined without `--rollback`. */
function rollbackOf(v: Record<string, unknown>): string | undefined {
  if (v.rollback !== true) return undefined;
  const reason = typeof v.reason === 'string' ? v.reason.trim() : '';
  if (!reason) throw new UsageError('--rollback needs --reason <text>: why this file is loaded on purpose (it is recorded)');
  if (reason.length > 500) throw new UsageError('--reason must be at most 500 characters');
  return reason;
}

/** `ingest review <source> [accept|reject] [--reason <text>]`: a held load shown, accepted or rejected. */
async function review(v: Record<string, unknown>, positionals: string[]): Promise<Record<string, unknown>> {
  const [source, action, ...extra] = positionals;
  const known = ['leie', ...Object.keys(listDefinitions), ...Object.keys(rosterDefinitions)];
  if (!source || !known.includes(source) || extra.length > 0 || (action !== undefined && action !== 'accept' && action !== 'reject')) {
    throw new UsageError(`ingest review takes one list or roster (${known.join(', ')}), then accept or reject, or nothing to show the held load`);
  }
  const reason = typeof v.reason === 'string' && v.reason.trim() ? v.reason.trim() : undefined;
  try {
    if (action === 'accept') return { ...(await acceptHeld(awsReviewPorts(), source, systemClock.now(), reason)) };
    if (action === 'reject') return { ...(await rejectHeld(awsReviewPorts(), source, systemClock.now(), reason)) };
  } catch (error) {
    if (error instanceof ReviewError) throw new CommandFailure(error.message);
    throw error;
  }
  const inForce =
    source === 'leie'
      ? await dynamoExclusionStore().current()
      : listDefinition(source)
        ? await dynamoSanctionsStore().current(source)
        : await dynamoRosterStore().current(source);
  const state = await reviewStateOf(awsReviewPorts(), source);
  return {
    source,
    version_in_force: inForce ? { version: inForce.version, as_of: inForce.as_of ?? null, ingested_at: inForce.ingested_at } : null,
    held: state?.held ? { ...state.held, actions: ['accept', 'reject'] } : null,
    last_load: state?.last_load ?? null,
  };
}

/** A command that ran and failed for a reason the operator can act on: the message, exit code 1. */
class CommandFailure extends Error {}

/**
 * Commands that touch neither the local state nor a deployed stack's tables: they run without
 * attaching to either.
 */
const detachedCommands: Record<string, Command> = {
  'pdf-signing-csr': async (args) => {
    const v = args as Record<string, string | undefined>;
    if (!v.key) throw new UsageError('--key is required: the KMS key id or ARN of the PDF signing key (stack output PdfSigningKeyArn)');
    if (!v.subject) throw new UsageError('--subject is required, as CN=…,O=…,C=US');
    if (v.out && existsSync(v.out)) throw new UsageError(`--out ${v.out} exists; give a new file name`);
    const region = /^arn:aws[a-z-]*:kms:([a-z0-9-]+):/.exec(v.key)?.[1];
    const client = new KMSClient(region ? { region } : {});
    try {
      const csr = await kmsCertificateSigningRequest({ keyId: v.key, subject: v.subject, client });
      if (v.out) await writeFile(v.out, csr.pem, { flag: 'wx' });
      return { key_arn: csr.keyArn, subject: v.subject, public_key_sha256: csr.publicKeySha256, ...(v.out ? { written_to: v.out } : { csr_pem: csr.pem }) };
    } finally {
      client.destroy();
    }
  },
};

const commands: Record<string, Command> = {
  'create-key': async (args) => {
    const v = args as Record<string, string | undefined>;
    // A key of an existing account keeps the account's plan; --plan, when given, must be it.
    if (v.plan === undefined ? v.account === undefined : !isPlanName(v.plan)) throw new UsageError(`--plan must be one of ${planNames.join(', ')}`);
    if (!v.mode || !keyModes.includes(v.mode as KeyMode)) throw new UsageError(`--mode must be one of ${keyModes.join(', ')}`);
    if (v.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) throw new UsageError('--email is not an e-mail address');
    let minuteLimit: number | undefined;
    if (v['minute-limit'] !== undefined) {
      minuteLimit = Number(v['minute-limit']);
      if (!Number.isInteger(minuteLimit) || minuteLimit < 1 || minuteLimit > 1_000_000) {
        throw new UsageError('--minute-limit must be a whole number from 1 to 1000000');
      }
    }
    let expiresAt: Date | undefined;
    if (v['expires-at'] !== undefined) {
      expiresAt = new Date(v['expires-at']);
      if (Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires-at must be an ISO 8601 time');
    }
    const issued = await issueKey(
      new DynamoAccountStore(),
      {
        plan: v.plan as PlanName | undefined,
        mode: v.mode as KeyMode,
        accountId: v.account,
        email: v.email,
        minuteLimit,
        expiresAt,
        admin: args.admin === true,
        name: v.name,
      },
      systemClock,
    );
    return { ...issued };
  },
  'ingest-leie': async (v) => {
    try {
      return { ...(await ingestLeie(dynamoExclusionStore(), { force: v.force === true, trigger: 'operator', rollback: rollbackOf(v) })) };
    } catch (error) {
      if (error instanceof SourceError) throw new CommandFailure(error.message);
      throw error;
    }
  },
  ingest: async (v, positionals) => {
    if (positionals[0] === 'review') return review(v, positionals.slice(1));
    const [id, ...extra] = positionals;
    const definition = id ? listDefinition(id) : undefined;
    if (!definition || extra.length > 0) throw new UsageError(`ingest takes one list: ${Object.keys(listDefinitions).join(', ')}`);
    const files = filesOf(v);
    if (files.length > 1) throw new UsageError('ingest takes one --file');
    const file = files[0];
    try {
      return {
        ...(await ingestList(definition, dynamoSanctionsStore(), { force: v.force === true, file, trigger: 'operator', rollback: rollbackOf(v) })),
      };
    } catch (error) {
      if (error instanceof SourceError) throw new CommandFailure(error.message);
      throw error;
    }
  },
  'ingest-roster': async (v, positionals) => {
    const [id, ...extra] = positionals;
    const definition = id ? rosterDefinition(id) : undefined;
    if (!definition || extra.length > 0) throw new UsageError(`ingest-roster takes one roster: ${Object.keys(rosterDefinitions).join(', ')}`);
    const files = filesOf(v);
    const asOf = v['as-of'] as string | undefined;
    if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new UsageError('--as-of takes a date, YYYY-MM-DD');
    try {
      return {
        ...(await ingestRoster(definition, dynamoRosterStore(), {
          force: v.force === true,
          files: files.length ? files : undefined,
          asOf,
          trigger: 'operator',
          rollback: rollbackOf(v),
        })),
      };
    } catch (error) {
      if (error instanceof SourceError) throw new CommandFailure(error.message);
      throw error;
    }
  },
  'run-sweep': async (args) => {
    const v = args as Record<string, string | undefined>;
    let asOf: Date | undefined;
    if (v['as-of'] !== undefined) {
      asOf = new Date(v['as-of']);
      if (Number.isNaN(asOf.getTime())) throw new UsageError('--as-of must be an ISO 8601 time');
    }
    // The daily rule's message (plus the cut-off, when given), so the sweep runs exactly as scheduled.
    const schedule = schedules.dailyMonitorSweep;
    const at = systemClock.now();
    const body = scheduledMessage(schedule, at, asOf ? { as_of: asOf.toISOString() } : {});
    const sent = await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl(schedule.targetQueue), MessageBody: body }));
    return { queued: true, queue: schedule.targetQueue, scheduled_at: at.toISOString(), as_of: (asOf ?? at).toISOString(), message_id: sent.MessageId };
  },
  'revoke-key': async (args) => {
    const v = args as Record<string, string | undefined>;
    if ((v.key === undefined) === (v.hash === undefined)) throw new UsageError('revoke-key takes one of --hash or --key');
    let hash = v.hash;
    if (v.key !== undefined) {
      if (!apiKeyMode(v.key)) throw new UsageError('--key is not a well-formed API key');
      hash = hashApiKey(v.key);
    }
    return { revoked: true, ...(await revokeKeyByHash(new DynamoAccountStore(), hash!, systemClock, v.account)) };
  },
  'revoke-keys': async (args) => {
    const v = args as Record<string, string | undefined>;
    if (!v.account) throw new UsageError('--account is required');
    const out = await revokeAccountKeys(new DynamoAccountStore(), v.account, systemClock);
    return { ...out, revoked_count: out.revoked.length };
  },
  'list-keys': async (args) => {
    const v = args as Record<string, string | undefined>;
    if (!v.account) throw new UsageError('--account is required');
    return { ...(await listAccountKeys(new DynamoAccountStore(), v.account, systemClock)) };
  },
  'suspend-account': async (args) => {
    const v = args as Record<string, string | undefined>;
    if (!v.account) throw new UsageError('--account is required');
    if (v.reason !== undefined && v.reason.length > 500) throw new UsageError('--reason must be at most 500 characters');
    return { ...(await suspendAccount(new DynamoAccountStore(), v.account, systemClock, v.reason)) };
  },
  'move-usage-to-month-items': async () => ({ legacy_months: await moveLegacyMonthItems(), accounts: await moveAllAccountCounters() }),
  'backfill-history': async () => ({ ...(await backfillHistory()) }),
  'unsuspend-account': async (args) => {
    const v = args as Record<string, string | undefined>;
    if (!v.account) throw new UsageError('--account is required');
    return { ...(await unsuspendAccount(new DynamoAccountStore(), v.account)) };
  },
};

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const detached = name ? detachedCommands[name] : undefined;
  const command = name ? (commands[name] ?? detached) : undefined;
  if (!command && name !== 'preflight') {
    console.error(usage);
    return 2;
  }
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: name === 'ingest' || name === 'ingest-roster',
      options: {
        plan: { type: 'string' },
        mode: { type: 'string' },
        account: { type: 'string' },
        email: { type: 'string' },
        'minute-limit': { type: 'string' },
        'expires-at': { type: 'string' },
        key: { type: 'string' },
        hash: { type: 'string' },
        reason: { type: 'string' },
        subject: { type: 'string' },
        out: { type: 'string' },
        stack: { type: 'string' },
        force: { type: 'boolean' },
        admin: { type: 'boolean' },
        name: { type: 'string' },
        file: { type: 'string', multiple: true },
        rollback: { type: 'boolean' },
        'as-of': { type: 'string' },
        context: { type: 'string', short: 'c', multiple: true },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!command) {
    try {
      return await runPreflight({
        stack: (values.stack as string | undefined) ?? process.env.ADMIN_STACK,
        context: (values.context as string[] | undefined) ?? [],
      });
    } catch (error) {
      if (!/not of the form key=value/.test((error as Error).message)) throw error;
      console.error(`${(error as Error).message}\n${usage}`);
      return 2;
    }
  }
  const stackName = (values.stack as string | undefined) ?? process.env.ADMIN_STACK;
  const detach = detached
    ? async () => {}
    : stackName
      ? await attachToDeployedStack(stackName)
      : await attachToLocalState(resolve(process.env.LOCAL_STATE_DIR ?? '.local'));
  // Metrics of this process (no Lambda invocation, so no EMF): PutMetricData on a deployed stack; the
  // local stack keeps none, so there they are only logged at DEBUG, as its own invocations' are.
  const metricSink: MetricSink = stackName ? new CloudWatchMetricSink(cloudWatch, systemClock) : loggedMetricSink;
  try {
    const result = await command(values as Record<string, string | boolean | undefined>, positionals);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof DistinguishedNameError) {
      console.error(`${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof KeyIssueError || error instanceof KeyLifecycleError || error instanceof PdfSigningMaterialError || error instanceof CommandFailure) {
      console.error(error.message);
      return 1;
    }
    // A file the ingestion rules refuse (past a parse limit, an unsafe archive): final, one line, exit 1,
    // and counted in IngestRefusals as the workers count theirs (the SourceIngestRefused alarm).
    if (isIngestRefusal(error)) {
      console.error(`refused (${error.kind}): ${error.message}`);
      const count = await countOperatorIngestRefusal(error, metricSink);
      if (!count.counted) console.error(`the refusal could not be counted in the IngestRefusals metric (cloudwatch:PutMetricData): ${count.reason}`);
      return 1;
    }
    throw error;
  } finally {
    await detach();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).stack ?? String(error));
    process.exit(1);
  },
);
