/**
 * The verification history of one account with 100,000 verifications on the local stack, written
 * straight to the Verifications table through the store's item shape (BatchWriteItem of 25), spread over
 * the past year, 5,000 NPIs and 2,000 surnames:
 * - the first page (20 items) of `GET /v1/verifications`: unfiltered, last month, one NPI, one surname,
 *   and `verified=false` (a filter on the index summaries); p50 and p95 over 40 requests, three rounds;
 * - an export of all 100,000 rows: `POST /v1/verifications/exports`, then the export worker in a process
 *   of its own (total time, rows per second, its peak resident memory), then the file downloaded through
 *   the presigned link and its rows counted.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { tableName } from '#shared/platform/config.ts';
import { newId } from '#shared/platform/ids.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { putAll } from '#shared/features/sources/lists/adapters/batch-write.ts';
import { DynamoVerificationStore, verificationItem } from '#shared/features/verification/adapters/verification-store.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { percentile, summarise, type Benchmark, type Figure } from './harness.ts';

const verificationCount = 100_000;
const npis = 5_000;
const surnames = 2_000;
const requestsPerRound = 40;
const rounds = 3;
const root = join(import.meta.dirname, '..', '..');

/** A valid NPI (Luhn over the 80840 prefix) from a number. */
function npiOf(n: number): string {
  const body = String(100_000_000 + n).slice(0, 9);
  const digits = `80840${body}`.split('').map(Number);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits[digits.length - 1 - i]!;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const surnameOf = (n: number) =>
  `Surname${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${Math.floor(n / 676)}`.replace(
    /\d/g,
    (d) => 'ABCDEFGHIJ'[Number(d)]!,
  );

function runExportWorker(): Promise<{ ms: number; rssBeforeMb: number; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'test/bench/history-export-child.ts')], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`export worker exited ${code}`))));
  });
}

export const historyBenchmark: Benchmark = {
  id: 'history',
  title: 'Verification history and CSV export (100,000 verifications of one account)',
  async run() {
    const stack = await startLocalStack({ schedules: false, ingestOnStart: false, workers: workers.filter((w) => w.queue !== 'historyExport') });
    process.env.HISTORY_EXPORT_SETTLE_SECONDS = '0';
    try {
      const accounts = new DynamoAccountStore();
      const { api_key, account_id } = await issueKey(accounts, { plan: 'enterprise', mode: 'test', minuteLimit: 1_000_000 }, systemClock);
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
        const started = performance.now();
        const res = await fetch(`${stack.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${api_key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const json = (await res.json()) as Record<string, any>;
        if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
        return { ms: performance.now() - started, json };
      };
      const made = await call('POST', '/v1/verify', { first_name: 'Dana', last_name: 'test-active', state: 'WA' });
      const template = (await new DynamoVerificationStore().getOwned(made.json.verification_id, account_id, 'test'))!;

      const now = Date.now();
      const seedStarted = performance.now();
      const chunk = 2_000;
      for (let start = 0; start < verificationCount; start += chunk) {
        const items = Array.from({ length: Math.min(chunk, verificationCount - start) }, (_, j) => {
          const i = start + j;
          const id = newId('vrf');
          const createdAt = new Date(now - 60_000 - Math.floor(((i * 7_919) % verificationCount) * ((365 * 86_400_000) / verificationCount))).toISOString();
          const verified = i % 10 !== 0;
          return verificationItem(
            {
              ...template,
              verification_id: id,
              created_at: createdAt,
              result: { ...template.result, verification_id: id, checked_at: createdAt, verified, status: verified ? 'active' : 'not_found' },
            },
            { first_name: 'Alex', last_name: surnameOf(i % surnames), state: 'WA', npi: npiOf(i % npis) },
          );
        });
        await putAll(tableName('verifications'), items);
      }
      const seedSeconds = (performance.now() - seedStarted) / 1000;

      const pages: [string, string][] = [
        ['first page, unfiltered', ''],
        ['first page, last 30 days', `?created_from=${new Date(now - 30 * 86_400_000).toISOString().slice(0, 10)}`],
        ['first page, one NPI (20 of 100,000)', `?npi=${npiOf(1234)}`],
        ['first page, one surname (50 of 100,000)', `?last_name=${surnameOf(777).toLowerCase()}`],
        ['first page, verified=false (10%)', '?verified=false'],
      ];
      const figures: Figure[] = [];
      for (const [name, query] of pages) {
        const p50: number[] = [];
        const p95: number[] = [];
        let items = 0;
        for (let round = 0; round < rounds; round++) {
          const times: number[] = [];
          for (let r = 0; r < requestsPerRound; r++) {
            const answer = await call('GET', `/v1/verifications${query}`);
            items = answer.json.data.length;
            times.push(answer.ms);
          }
          p50.push(percentile(times, 50));
          p95.push(percentile(times, 95));
        }
        if (items !== 20) throw new Error(`${name}: ${items} items on the first page`);
        figures.push(summarise(`${name}: p50`, 'ms', p50, { target: { op: '<=', value: 150 } }));
        figures.push(summarise(`${name}: p95`, 'ms', p95, { target: { op: '<=', value: 300 } }));
      }

      const requested = await call('POST', '/v1/verifications/exports', {});
      const worker = await runExportWorker();
      const ready = await call('GET', `/v1/verifications/exports/${requested.json.export_id}`);
      const totalMs = worker.ms;
      const file = await (await fetch(ready.json.download_url)).text();
      const rows = file.split('\r\n').filter(Boolean).length - 1;
      // The verification made for the template is in the history too.
      if (ready.json.row_count !== verificationCount + 1 || rows !== verificationCount + 1)
        throw new Error(`export of ${ready.json.row_count} rows, file of ${rows}`);
      figures.push(summarise('export of 100,001 rows: total', 's', [totalMs / 1000], { target: { op: '<=', value: 120 } }));
      figures.push(summarise('export: rows per second', 'rows/s', [rows / (totalMs / 1000)], { target: { op: '>=', value: 1_000 } }));
      figures.push(
        summarise('export worker: peak resident memory', 'MB', [worker.peakRssMb], {
          target: { op: '<=', value: 512 },
          note: `${worker.rssBeforeMb.toFixed(0)} MB before the export (modules loaded); the function has 1,024 MB`,
        }),
      );
      figures.push(summarise('export file size', 'MB', [Buffer.byteLength(file) / 2 ** 20]));
      return {
        intro: `100,000 verifications of one account (test mode) written straight to the table in ${seedSeconds.toFixed(0)} s (BatchWriteItem of 25), created over the past year, with 5,000 NPIs and 2,000 surnames. Page figures: the median over three rounds of each round's p50 / p95 of ${requestsPerRound} sequential requests of the first page (20 items) over HTTP against \`npm start\`'s stack (dynalite). The export runs the worker in a process of its own on the whole history: ${rows.toLocaleString('en-US')} rows.`,
        figures,
      };
    } finally {
      delete process.env.HISTORY_EXPORT_SETTLE_SECONDS;
      await stack.stop();
    }
  },
};
