/**
 * `npm start` as an integrator runs it, in a process of its own:
 * - with `WEBHOOK_ALLOW_LOOPBACK=all`, a live key's monitor posts to a receiver on this machine: a board
 *   row edited, the sweep run (`npm run admin -- run-sweep`), and the signed webhook arrives;
 * - it prints its keys once the lists it loads at start are loaded, so the first requests are not slowed;
 * - restarted on the same state directory, it prints a command that works as printed: it gives an admin
 *   key of the demo account, which the running stack accepts.
 */
import { exec } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { npmStart, repositoryRoot as root, shellEnv, type Started, stopNpmStart } from '../support/npm-start.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';

const waDataset = 'qxh8-f4bd';
let data: SourceDataCopy;
let stateDir: string;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: Record<string, any> }[] = [];

/** `npm start` on the test's state directory and source data. */
const start = (env: Record<string, string> = {}) => npmStart({ stateDir, sourceDataDir: data.dir, env });

const api = async (started: Started, key: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${started.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-npm-start-'));
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, any> });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await data.remove();
  await rm(stateDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('with WEBHOOK_ALLOW_LOOPBACK=all: a live monitor posts to a loopback receiver once its board row changes; restarted, the printed command gives a working admin key', async () => {
    const first = await start({ WEBHOOK_ALLOW_LOOPBACK: 'all' });
    let demoAccount: string;
    try {
      const liveKey = /live key: (\S+)/.exec(first.output)![1]!;
      demoAccount = /Demo account (acct_\w+)/.exec(first.output)![1]!;
      // The keys come once the start-up list loads are done: every scheduled list already has a version.
      expect(first.output).not.toMatch(/still running/);
      const sources = await api(first, liveKey, 'GET', '/v1/sources');
      const scheduled = (sources.body.data as { id: string; updated: string; current_version: string | null }[]).filter((s) => s.updated === 'scheduled');
      expect(scheduled.length).toBeGreaterThan(3);
      expect(scheduled.filter((s) => s.current_version === null).map((s) => s.id)).toEqual([]);

      // A licensee whose surname is theirs alone on the board's file, active today.
      const file = join(data.dir, 'boards', `${waDataset}.json`);
      const rows = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>[];
      const surnames = new Map<string, number>();
      for (const row of rows) surnames.set(row.lastname!, (surnames.get(row.lastname!) ?? 0) + 1);
      const row = rows.find((r) => r.status === 'ACTIVE' && surnames.get(r.lastname!) === 1 && /License$/.test(r.credentialtype!))!;
      const created = await api(first, liveKey, 'POST', '/v1/monitor', {
        first_name: row.firstname,
        last_name: row.lastname,
        state: 'WA',
        webhook_url: receiverUrl,
        webhook_secret: 'a-loopback-receiver-secret',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.provider.current_status).toBe('active');

      // The board expires the licence; the next sweep finds it and posts the event.
      row.status = 'EXPIRED';
      row.expirationdate = '20261101';
      await writeFile(file, JSON.stringify(rows));
      const sweep = await promisify(exec)(`npm run --silent admin -- run-sweep --as-of ${created.body.next_check_at}`, {
        cwd: root,
        env: { ...shellEnv, LOCAL_STATE_DIR: stateDir },
      });
      expect(JSON.parse(sweep.stdout)).toMatchObject({ queued: true });
      const deadline = Date.now() + 60_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(received.length).toBeGreaterThan(0);
      const event = received[0]!;
      expect(event.body).toMatchObject({ monitor_id: created.body.monitor_id, event: expect.stringMatching(/^license\./) });
      expect(JSON.stringify(event.body)).toMatch(/expired/);
      expect(event.headers['webhook-signature']).toMatch(/^v1,/);
      expect(event.headers['service-signature']).toBeDefined();
    } finally {
      await stopNpmStart(first);
    }

    const again = await start();
    try {
      expect(again.output).not.toMatch(/live key: /);
      const command = /^\s+(LOCAL_STATE_DIR=.* --mode test --admin)$/m.exec(again.output)?.[1];
      expect(command, again.output).toBeDefined();
      const issued = JSON.parse((await promisify(exec)(command!, { cwd: root, env: shellEnv })).stdout) as Record<string, string>;
      expect(issued).toMatchObject({ account_id: demoAccount, plan: 'production', mode: 'test', role: 'admin' });
      const account = await api(again, issued.api_key!, 'GET', '/v1/account');
      expect(account.status).toBe(200);
      expect(account.body.account_id ?? account.body.id).toBe(demoAccount);
      // An admin key: it manages the account's keys.
      expect((await api(again, issued.api_key!, 'GET', '/v1/keys')).status).toBe(200);
    } finally {
      await stopNpmStart(again);
    }
  }, 480_000);
});
