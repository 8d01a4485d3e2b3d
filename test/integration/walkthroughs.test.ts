/**
 * The documents run as written: the README's, the API guide's and every walkthrough's commands are run
 * in order, each document in one bash, against one `npm start`, with keys it printed or made and its URL
 * in place of the document's, and each command's output has the shape of the output the document shows
 * (doc-runner.ts). The blocks a document does not run say why, and there are few.
 *
 * One stack serves every document (starting one takes up to a minute on a busy machine). Documents
 * whose state would show in another's output have accounts of their own. The key walkthrough has the
 * demo account npm start made, as it says (it lists the account's keys); the others share accounts made
 * for them, each with a live and a test admin key like the demo account's, where their outputs cannot
 * see each other: the README (which reads the account) with the history walkthrough (which lists and
 * exports its live history), the two webhook walkthroughs (each lists its own monitor's events), and the
 * API guide alone. The documents run side by side, so their waits overlap.
 */
import { exec } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { conventionProblems, docBlocks, docWorkDir, type LocalStack, localised, runBlocks, shapeMismatch } from '../support/doc-runner.ts';
import { npmStart, repositoryRoot, type Started, shellEnv, stopNpmStart } from '../support/npm-start.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';

/** Who a document's keys belong to: the demo account npm start made, or an account made for it and the documents it names. */
type Account = 'demo' | 'history' | 'guide' | 'webhooks';

interface Document {
  readonly path: string;
  readonly account: Account;
  /** The blocks it does not run, each with the reason the document gives. */
  readonly notRun: readonly RegExp[];
  /** At least this many blocks run. */
  readonly minRun: number;
}

const startsTheStack = /^starts the stack/;
const documents: readonly Document[] = [
  { path: 'README.md', account: 'history', notRun: [startsTheStack], minRun: 1 },
  { path: 'docs/api-guide.md', account: 'guide', notRun: [startsTheStack, /^the listing of docs\/examples\/quickstart\.sh$/], minRun: 18 },
  { path: 'docs/walkthroughs/history-and-export.md', account: 'history', notRun: [startsTheStack], minRun: 9 },
  { path: 'docs/walkthroughs/roll-a-key.md', account: 'demo', notRun: [startsTheStack], minRun: 9 },
  { path: 'docs/walkthroughs/redeliver-failed-events.md', account: 'webhooks', notRun: [startsTheStack], minRun: 7 },
  { path: 'docs/walkthroughs/rotate-a-webhook-secret.md', account: 'webhooks', notRun: [startsTheStack], minRun: 7 },
];

const read = (doc: Document) => readFile(join(repositoryRoot, doc.path), 'utf8');

it('runs every walkthrough there is', async () => {
  const walkthroughs = (await readdir(join(repositoryRoot, 'docs', 'walkthroughs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/walkthroughs/${f}`);
  expect(documents.map((d) => d.path)).toEqual(expect.arrayContaining(walkthroughs));
});

describe.each(documents)('$path', (doc) => {
  it('writes its commands to run: keys and URL only as KEY, LIVE_KEY and BASE set them, nothing elided, every output shown compared', async () => {
    expect(conventionProblems(docBlocks(await read(doc)))).toEqual([]);
  });

  it('says why each block it does not run is not run, and those are few', async () => {
    const blocks = docBlocks(await read(doc));
    const notRun = blocks.filter((b) => b.notRun);
    expect(notRun.map((b) => b.notRun)).toEqual(doc.notRun.map((reason) => expect.stringMatching(reason)));
    expect(blocks.length - notRun.length).toBeGreaterThanOrEqual(doc.minRun);
  });
});

let data: SourceDataCopy;
let stateDir: string;
let started: Started;
const accounts = new Map<Account, LocalStack>();

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-documents-state-'));
  // The export worker starts a few seconds after the request instead of half a minute.
  started = await npmStart({ stateDir, sourceDataDir: data.dir, env: { HISTORY_EXPORT_SETTLE_SECONDS: '3' } });
  accounts.set('demo', { url: started.url, testKey: /test key: (\S+)/.exec(started.output)![1]!, liveKey: /live key: (\S+)/.exec(started.output)![1]! });
  const names = ['history', 'guide', 'webhooks'] as const;
  const made = await Promise.all(names.map(() => newAccount()));
  for (const [i, name] of names.entries()) accounts.set(name, made[i]!);
  await startupLoads(accounts.get('webhooks')!.liveKey!);
  await warmUp(accounts.get('guide')!);
}, 420_000);

afterAll(async () => {
  if (started) await stopNpmStart(started);
  await data?.remove();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

/**
 * A new account as the demo account is (production plan, its e-mail address): a live admin key from the
 * operator CLI, and a test admin key that one makes.
 */
async function newAccount(): Promise<LocalStack> {
  const cli = join(repositoryRoot, 'node_modules', '.bin', 'tsx');
  const { stdout } = await promisify(exec)(`${cli} bin/admin.ts create-key --plan production --mode live --admin --email demo@example.com`, {
    cwd: repositoryRoot,
    env: { ...shellEnv, LOCAL_STATE_DIR: stateDir },
  });
  const liveKey = (JSON.parse(stdout) as { api_key: string }).api_key;
  const res = await fetch(`${started.url}/v1/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'test', admin: true }),
  });
  expect(res.status).toBe(201);
  const testKey = ((await res.json()) as { api_key: string }).api_key;
  return { url: started.url, testKey, liveKey };
}

/**
 * Waits for the lists and rosters npm start loads when it starts (every scheduled source has a version).
 * Parsing the largest of them holds the local stack's one process for up to half a minute on a busy
 * machine, long enough for a request then in flight to run out of its 10 seconds and be answered with a
 * bare 500 although its work was done; the documents start once that is over. The key asking is the
 * webhook walkthroughs' live key, which they do not use.
 */
async function startupLoads(key: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  let missing: string[] = ['(not asked yet)'];
  while (Date.now() < deadline) {
    const res = await fetch(`${started.url}/v1/sources`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(60_000) }).catch(
      () => undefined,
    );
    if (res?.status === 200) {
      const sources = ((await res.json()) as { data: { id: string; updated: string; current_version: string | null }[] }).data;
      missing = sources.filter((s) => s.updated === 'scheduled' && s.current_version === null).map((s) => s.id);
      if (missing.length === 0) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`npm start had not loaded these sources within 4 minutes: ${missing.join(', ')}`);
}

/**
 * One live verification and one sandbox monitor before the documents run, so that their first requests
 * do not also pay for loading the handlers and the sources on a busy machine (where a cold source can
 * miss its 2.5 s per-attempt limit). The account is the API guide's, whose outputs this does not change.
 */
async function warmUp(account: LocalStack): Promise<void> {
  const post = (path: string, key: string, body: unknown) =>
    fetch(`${started.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const [verify, monitor] = await Promise.all([
    post('/v1/verify', account.liveKey!, { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' }),
    post('/v1/monitor', account.testKey!, {
      first_name: 'Amelia',
      last_name: 'Brightwater',
      state: 'WA',
      webhook_url: 'http://127.0.0.1:9/hooks',
      webhook_secret: 'warm-up-secret-0123456789',
    }),
  ]);
  expect(verify.status).toBe(200);
  expect(monitor.status).toBe(200);
}

describe.concurrent('each document run against npm start', () => {
  it.for(documents)('$path: runs as written, each command printing what the document shows, in shape', { timeout: 300_000 }, async (doc, { expect }) => {
    const asWritten = docBlocks(await read(doc));
    const blocks = await localised(asWritten, accounts.get(doc.account)!);
    const work = await docWorkDir();
    try {
      const runs = await runBlocks(blocks, { cwd: work.dir, timeoutMs: 240_000, asWritten });
      const compared = runs.filter((r) => r.block.shown);
      expect(compared.length).toBeGreaterThan(0);
      // Named by the document's line and shown as the document writes the command.
      const written = runs.map((r) => ({ ...r, block: asWritten.find((b) => b.line === r.block.line)! }));
      expect(written.map(shapeMismatch).filter((m) => m !== undefined)).toEqual([]);
    } finally {
      await work.remove();
    }
  });
});
