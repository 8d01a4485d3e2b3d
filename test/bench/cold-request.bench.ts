/**
 * Cold request of every function against its bare baseline: process start → handler loaded → first
 * invocation answered, in a fresh Node process per sample (cold-request-child.ts), against the local
 * emulators and a local KMS endpoint, with a realistic event for each function.
 *
 * The bare baseline of a function is a Lambda handler bundled with the same esbuild settings that makes
 * the same first AWS call with the plain SDK client and answers: GetItem on the API-key table for the
 * API-key routes, nothing for public routes that call nothing, and for the others the call they start
 * with (GetRecord reads the verification, GetSigningKeys the KMS public key, each worker its first read).
 * A function and its baseline run as pairs, in alternating order, and each pair gives one ratio.
 *
 * Each function's event, expected status and baseline are in cold-request-events.ts, keyed by function
 * id; this file makes what they name (keys, verifications, monitors, events, exports) and measures.
 * `BENCH_COLD_RUNS=<n>` runs n pairs per function instead of 8 (a quicker smoke run; its figures are
 * noisier).
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { writeExportFile } from '#shared/features/history/export-file.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import { newId } from '#shared/platform/ids.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { signingEnv } from '#shared/features/certificates/signing-env.ts';
import { afterBundlingCommands, functionBundling } from '#shared/platform/infra/function-bundling.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { sampleDataDir, startLocalStack } from '../../local/runtime/stack.ts';
import { startKmsEndpoint } from '../support/kms-endpoint.ts';
import { coldRequestRunner, writeColdRequest, type ColdRequestTime } from './cold-request-child.ts';
import { baselines, coldRequestSubjects, type BaselineId, type KeyAccount, type Subject } from './cold-request-events.ts';
import { coldStartChanges } from './cold-start-changes.ts';
import { summariseProfile } from './cpu-profile-summary.ts';
import { bundleFunction, repoRoot, type FunctionBundle } from './function-bundles.ts';
import { fmt, kib, median, packageFamily, range, summarise, times, type Benchmark, type Figure } from './harness.ts';
import { lambdaEnvironment } from './init-timer.ts';
import { sampleProviders } from './sample-providers.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const execFileAsync = promisify(execFile);

/** Interleaved pairs per function after the warm-up pair: 8, or BENCH_COLD_RUNS for a shorter smoke run. */
const runs = coldRuns(process.env.BENCH_COLD_RUNS);

function coldRuns(value: string | undefined): number {
  if (value === undefined || value === '') return 8;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_COLD_RUNS must be a whole number from 1, got "${value}"`);
  return n;
}

/** Writes `summary.txt` beside the CPU profile in `dir`: self time by source (cpu-profile-summary.ts). */
async function writeProfileSummary(dir: string, bundleFile: string): Promise<void> {
  const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8'));
  const map = new SourceMap(JSON.parse(await readFile(`${bundleFile}.map`, 'utf8')));
  const rows = summariseProfile(profile, bundleFile, map);
  await writeFile(join(dir, 'summary.txt'), `${rows.map(([group, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${group}`).join('\n')}\n`);
}
const target = 1.5;
const liveKmsKey = 'certificate-signing-live';
const testKmsKey = 'certificate-signing-test';

interface Measured {
  readonly subject: Subject;
  readonly bundle: FunctionBundle;
  readonly own: ColdRequestTime[];
  readonly base: ColdRequestTime[];
  readonly ratio: number[];
}

/** The largest parts of `bundle` that `base` does not hold, as "name KiB". */
function heaviestBeyond(bundle: FunctionBundle, base: FunctionBundle, count: number): string {
  const sizes = (b: FunctionBundle) => {
    const out = new Map<string, number>();
    for (const p of b.parts) out.set(packageFamily(p.name), (out.get(packageFamily(p.name)) ?? 0) + p.bytes);
    return out;
  };
  const baseSizes = sizes(base);
  return [...sizes(bundle)]
    .map(([name, bytes]) => ({ name, bytes: bytes - (baseSizes.get(name) ?? 0) }))
    .filter((p) => p.bytes >= 4096)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((p) => `${p.name} ${kib(p.bytes)}`)
    .join(', ');
}

async function gatewayCall(url: string, key: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export const coldRequestBenchmark: Benchmark = {
  id: 'cold-request',
  title: 'Cold request of every function against its bare baseline',
  async run() {
    const root = join(repoRoot, 'node_modules', '.cache', 'cold-request-bench');
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    const kms = await startKmsEndpoint([liveKmsKey, testKmsKey]);
    const stack = await startLocalStack({ sourceDataDir: sampleDataDir, schedules: false, ingestOnStart: false, workers: [] });
    try {
      await ingestLeie(dynamoExclusionStore());
      await ingestList(samExclusions, dynamoSanctionsStore());
      const store = new DynamoAccountStore();
      const enterprise = { plan: 'enterprise', minuteLimit: 1_000_000 } as const;
      const liveKey = await issueKey(store, { ...enterprise, mode: 'live' }, systemClock);
      const live = liveKey.api_key;
      const test = (await issueKey(store, { ...enterprise, mode: 'test' }, systemClock)).api_key;
      const admin = (await issueKey(store, { ...enterprise, mode: 'live', accountId: liveKey.account_id, admin: true }, systemClock)).api_key;
      const providers = await sampleProviders({ states: ['WA'], distinctBy: 'surname' });
      const provider = providers[0]!;
      const bulk = providers.slice(1, 11);
      // A public address written as an IP (nothing to resolve here). No webhook body is ever sent to it: only
      // TestMonitorWebhook connects, and its TLS certificate does not name the address, so the POST is never made.
      const hook = { webhook_url: 'https://93.184.215.14/cold-request', webhook_secret: 'cold-request-secret-0123456789' };
      const call = (key: string, method: string, path: string, body?: unknown) => gatewayCall(stack.url, key, method, path, body);
      const invocations = Array.from({ length: runs + 1 }, (_, n) => n);
      const newMonitor = async (name: string) =>
        String((await call(live, 'POST', '/v1/monitor', { ...provider, ...hook, webhook_url: `${hook.webhook_url}-${name}` })).monitor_id);
      const verificationId = String((await call(live, 'POST', '/v1/verify', provider)).verification_id);
      const liveMonitor = String((await call(live, 'POST', '/v1/monitor', { ...provider, ...hook })).monitor_id);
      const testMonitor = String((await call(test, 'POST', '/v1/monitor', { first_name: 'Grace', last_name: 'Fairhollow', state: 'DE', ...hook })).monitor_id);
      const doomedMonitors: string[] = [];
      const rotatedMonitors: string[] = [];
      for (const n of invocations) {
        doomedMonitors.push(await newMonitor(`doomed-${n}`));
        rotatedMonitors.push(await newMonitor(`rotated-${n}`));
      }
      // Each invocation of the key routes that make, roll and revoke keys has an account of its own: an admin
      // key with a standard key to roll and one to revoke.
      const keyAccounts: KeyAccount[] = [];
      for (const n of invocations) {
        const owner = await issueKey(store, { ...enterprise, mode: 'live', admin: true }, systemClock);
        const standard = async (name: string) =>
          (await issueKey(store, { ...enterprise, mode: 'live', accountId: owner.account_id, name: `${name}-${n}` }, systemClock)).key_id;
        keyAccounts.push({ admin: owner.api_key, rolled: await standard('rolled'), revoked: await standard('revoked') });
      }
      // Delivered events of the live monitor, as its checks record them, one for each redelivery.
      const eventStore = new DynamoEventStore();
      const events: string[] = [];
      for (const n of invocations) {
        const eventId = newId('evt');
        const at = new Date(Date.now() - (runs + 1 - n) * 60_000);
        const createdAt = at.toISOString();
        await eventStore.createOnce({
          event_id: eventId,
          owner: ownerKey(liveKey.account_id, 'live'),
          monitor_id: liveMonitor,
          kind: 'license.status_changed',
          created_at: createdAt,
          created_key: `${createdAt}#${eventId}`,
          body: JSON.stringify({ event: 'license.status_changed', event_id: eventId, monitor_id: liveMonitor, occurred_at: createdAt, data: {} }),
          delivery: { state: 'delivered', attempts: [{ at: createdAt, ok: true, status: 200, error: null, duration_ms: 180, chain: 0, attempt: 0 }] },
        });
        events.push(eventId);
      }
      // History exports: one written and ready (as the worker leaves it), and one pending for each run of the worker.
      const exportStore = new DynamoExportStore();
      const readyExport = String((await call(live, 'POST', '/v1/verifications/exports', {})).export_id);
      const written = (await exportStore.get(readyExport))!;
      await exportStore.complete(readyExport, await writeExportFile(written, new DynamoHistoryStore(), new S3ExportFiles()), new Date().toISOString());
      const pendingExports: string[] = [];
      for (const _ of invocations) pendingExports.push(String((await call(live, 'POST', '/v1/verifications/exports', {})).export_id));

      const subjects = coldRequestSubjects({
        keys: { live, test, admin },
        keyAccounts,
        provider,
        bulk,
        hook,
        verificationId,
        liveMonitor,
        testMonitor,
        doomedMonitors,
        rotatedMonitors,
        events,
        readyExport,
        pendingExports,
      });

      // Bundles: each function, and each baseline once.
      const baseBundles = new Map<BaselineId, FunctionBundle>();
      for (const [id, b] of Object.entries(baselines) as [BaselineId, (typeof baselines)[BaselineId]][]) {
        const entry = join(root, `bare-${id}.ts`);
        await writeFile(entry, b.source);
        baseBundles.set(id, await bundleFunction(entry, join(root, `bare-${id}`)));
      }
      const measured: Measured[] = [];
      for (const subject of subjects) {
        const dir = join(root, subject.id);
        const bundle = await bundleFunction(subject.entry, dir);
        // What the function reads beside its modules, put there by the CDK stack's own commands (function-bundling.ts), run
        // outside this process's local-stack environment as the synth runs them.
        for (const command of afterBundlingCommands(repoRoot, dir, subject.extras ?? {}))
          await execFileAsync('sh', ['-c', command], { cwd: repoRoot, env: { PATH: process.env.PATH ?? '' } });
        measured.push({ subject, bundle, own: [], base: [], ratio: [] });
      }

      // The local-stack waivers are refused on Lambda, as the functions run here: without them, an ingest
      // worker's fetch from the simulator on this machine is refused as off-host (a final refusal, the
      // message acknowledged), so its cold request is the check up to the fetch.
      const stackEnv = Object.fromEntries(
        Object.entries(stack.env).filter(
          ([name]) => ![signingEnv.live.keyFile, signingEnv.test.keyFile, 'WEBHOOK_ALLOW_LOOPBACK', 'SOURCE_ALLOW_LOOPBACK'].includes(name),
        ),
      );
      const runCold = await coldRequestRunner(root);
      const invoke = async (subject: Subject, bundleFile: string, n: number, asBaseline: boolean): Promise<ColdRequestTime> => {
        const requestFile = join(root, `${subject.id}-${asBaseline ? 'bare' : 'own'}-${n}.json`);
        await writeColdRequest(requestFile, {
          event: subject.event(n),
          functionName: subject.id,
          memoryMb: subject.memoryMb,
          timeoutMs: subject.timeoutSeconds * 1000,
        });
        const env = {
          ...lambdaEnvironment({ functionName: subject.id, bundleFile, memoryMb: subject.memoryMb }),
          ...stackEnv,
          AWS_ENDPOINT_URL_KMS: kms.url,
          [signingEnv.live.kmsKeyId]: liveKmsKey,
          [signingEnv.test.kmsKeyId]: testKmsKey,
          // The trace header Lambda gives a sampled invocation.
          _X_AMZN_TRACE_ID: `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${'0'.repeat(16)}${n.toString(16).padStart(8, '0')};Parent=${'1'.repeat(16)};Sampled=1`,
        };
        // COLD_REQUEST_PROFILE_DIR: a CPU profile of each function's last cold request, to see where its time goes
        // (test/bench/cpu-profile-summary.ts reads it against the bundle's source map).
        const profileRoot = process.env.COLD_REQUEST_PROFILE_DIR;
        const profileDir = profileRoot && !asBaseline && n === runs ? join(profileRoot, subject.id) : undefined;
        const time = await runCold({ bundleFile, requestFile, env, ...(profileDir ? { profileDir } : {}) });
        if (profileDir) await writeProfileSummary(profileDir, bundleFile);
        if (time.error) throw new Error(`${subject.id}${asBaseline ? ' (bare baseline)' : ''} failed: ${time.error}\n${time.log ?? ''}`);
        if (!asBaseline) {
          const status = time.result.statusCode;
          const failed = subject.kind === 'worker' ? (time.result.batchItemFailures ?? 0) > 0 : status !== subject.expectStatus;
          if (failed)
            throw new Error(
              `${subject.id} answered ${status ?? `${time.result.batchItemFailures} failed records`}: ${time.result.body ?? ''}\n${time.log ?? ''}`,
            );
        }
        return time;
      };

      // Warm-up (n = 0): every bundle into the file cache, every cache the requests read filled.
      for (const m of measured) {
        await invoke(m.subject, baseBundles.get(m.subject.baseline)!.file, 0, true);
        await invoke(m.subject, m.bundle.file, 0, false);
      }
      for (let n = 1; n <= runs; n++) {
        for (const m of measured) {
          const baseFile = baseBundles.get(m.subject.baseline)!.file;
          // Alternate which of the pair runs first, so a drift in the machine's load favours neither.
          const first = n % 2 === 0;
          const a = first ? await invoke(m.subject, baseFile, n, true) : await invoke(m.subject, m.bundle.file, n, false);
          const b = first ? await invoke(m.subject, m.bundle.file, n, false) : await invoke(m.subject, baseFile, n, true);
          const [base, own] = first ? [a, b] : [b, a];
          m.base.push(base);
          m.own.push(own);
          m.ratio.push(own.answered / base.answered);
        }
      }

      const figures: Figure[] = [];
      const rows: string[][] = [];
      const missed: string[] = [];
      for (const m of measured) {
        const { subject, bundle } = m;
        const base = baseBundles.get(subject.baseline)!;
        const ownCold = m.own.map((t) => t.answered);
        const baseCold = m.base.map((t) => t.answered);
        const ownInit = m.own.map((t) => t.init);
        const baseInit = m.base.map((t) => t.init);
        const firstInvocation = m.own.map((t) => t.answered - t.init);
        const heaviest = heaviestBeyond(bundle, base, 4);
        const ratio = summarise(`${subject.id}: cold request ÷ its bare baseline's`, '×', m.ratio, {
          target: { op: '<=', value: target },
          group: subject.kind === 'worker' ? 'cold-request-workers' : 'cold-request-api',
        });
        const isMissed = ratio.median > target;
        if (isMissed) missed.push(subject.id);
        figures.push(
          isMissed
            ? {
                ...ratio,
                note: `init ${fmt(median(ownInit))} ms against ${fmt(median(baseInit))} ms, first invocation ${fmt(median(firstInvocation))} ms; bundle ${kib(bundle.bytes)} against ${kib(base.bytes)}, beyond the baseline's mostly ${heaviest}`,
              }
            : ratio,
          summarise(`${subject.id}: cold request`, 'ms', ownCold),
          summarise(`${subject.id}: bare baseline's cold request`, 'ms', baseCold),
          summarise(`${subject.id}: init`, 'ms', ownInit),
          summarise(`${subject.id}: bare baseline's init`, 'ms', baseInit),
          summarise(`${subject.id}: bundle`, 'KiB', [bundle.bytes / 1024]),
        );
        rows.push([
          subject.label,
          subject.kind,
          baselines[subject.baseline].label,
          `${kib(bundle.bytes)} / ${kib(base.bytes)}`,
          `${fmt(median(ownInit))} / ${fmt(median(baseInit))}`,
          fmt(median(firstInvocation)),
          `${fmt(median(ownCold))} / ${fmt(median(baseCold))}`,
          range(m.ratio, times),
          `<= ${target}`,
          isMissed ? '**no**' : 'yes',
          heaviest || 'nothing of note',
        ]);
      }
      const groupNote =
        'what is left, from CPU profiles of these cold requests (COLD_REQUEST_PROFILE_DIR, summarised by test/bench/cpu-profile-summary.ts): ' +
        "compiling the bundle, about 40 µs a KiB (about 41 ms for a verifying function's 1 MiB, 8 ms more for a read route's 515 KiB than for the baseline's 329 KiB); " +
        'zod, about 11 ms (7 ms to load the library, the rest building the schemas that validate requests and parse stored items); ' +
        'the first use of each further DynamoDB operation (the SDK prepares an operation on first use: a key route sends GetItem, UpdateItem and its own read where the baseline sends one GetItem, in two round trips where it waits for one); ' +
        'for the verifying functions and workers, the first run of the verification code and its KMS signature; ' +
        'and, for public routes compared with an empty handler, the frame itself (middy with the Powertools logger and metrics, about 10 ms). ' +
        "No tracing SDK and no source map are loaded at start (Lambda's active tracing records the invocation; a map is read only when an error is logged); see each missed figure for its own split and heaviest parts";
      return {
        groups: [
          { id: 'cold-request-api', label: `Each API function's cold request <= ${target}× its bare baseline's`, note: groupNote },
          { id: 'cold-request-workers', label: `Each worker's cold request <= ${target}× its bare baseline's`, note: groupNote },
        ],
        intro: [
          `Every function bundled with the stack's own esbuild settings (shared/platform/infra/function-bundling.ts: ESM, ${functionBundling.target}, minified, source maps, the AWS SDK bundled), started in a fresh Node ${process.version} process per sample with its Lambda start-up environment (no NODE_OPTIONS: source maps are read only when an error is logged; the Powertools settings, the Lambda variables a function starts with, a sampled trace header) pointing at the local emulators, and invoked once with a realistic event.`,
          '**Cold request** is the wall time from the process start (its performance time origin) until that first invocation has answered; **init** until `import()` of the bundle has resolved.',
          "Each function's **bare baseline** is a handler bundled with the same settings that makes the function's first AWS call with the plain SDK client and answers: DynamoDB GetItem on the API-key table for API-key routes, nothing for public routes that call nothing, and the first call of the others (GetRecord its verification, GetSigningKeys the KMS public key, each worker its first read).",
          `Function and baseline run as ${runs} interleaved pairs after a warm-up pair (alternating which runs first); the ratio is taken pair by pair and its median shown.`,
          'Requests (test/bench/cold-request-events.ts): Verify one WA provider and VerifyBulk ten, all cached by the warm-up (source-cache hits); GetCertificate, GetCertificatePdf (the PDF the warm-up made), GetCertificateEvidence and GetRecord that verification; CreateMonitor, DeleteMonitor and RotateMonitorSecret a new monitor each time; CheckMonitor a test-mode monitor; ListMonitorDeliveries, TestMonitorWebhook and MonitorCheck (a cache-hit verification) a live monitor; RedeliverEvent a delivered event of it, a new one each time; ListApiKeys with an admin key, and CreateApiKey, RollApiKey (24 h grace) and RevokeApiKey with the admin key of an account of their own each time, rolling and revoking a standard key; CreateHistoryExport an export of the whole history, GetHistoryExport a ready export (with its download link), HistoryExport a pending export each time; WebhookDelivery an event that does not exist (its first read, then nothing); LeieIngest and ListIngest (the SAM.gov extract) the list the setup already ingested; MonitorSweep a sweep as of now.',
          "TestMonitorWebhook's receiver is a public address whose TLS certificate does not name it: the function connects and completes its checks, the handshake fails and the route answers 200 with the failed attempt, so its time includes one real TLS connection and no POST.",
          'Certificates are signed through a local KMS endpoint over HTTP (test/support/kms-endpoint.ts), as KMS signs them on AWS; webhook secrets and the PDF signature use the local stand-ins.',
          'Emulators run in the benchmark process on the same machine, so a DynamoDB call costs about a millisecond of local CPU, not a network round trip: on AWS the calls a function makes in sequence weigh more than here.',
          '**Heaviest beyond the baseline** groups the bundle by package (the SDK runtime as one) and lists the largest parts the baseline does not hold.',
        ].join(' '),
        table: {
          columns: [
            'Function',
            'Kind',
            "Baseline's first call",
            'Bundle / baseline',
            'Init, ms / baseline',
            'First invocation, ms',
            'Cold request, ms / baseline',
            '× baseline (min–max)',
            'Target',
            'Met',
            'Heaviest beyond the baseline',
          ],
          rows,
        },
        more: [coldStartChanges],
        figures,
      };
    } finally {
      await stack.stop();
      await kms.close();
      await rm(root, { recursive: true, force: true });
    }
  },
};
