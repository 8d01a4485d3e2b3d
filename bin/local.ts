/**
 * `npm start`: the whole service on this machine, on http://127.0.0.1:${PORT:-3000}, with its state in
 * ${LOCAL_STATE_DIR:-.local}. On first start it creates a demo account and prints a test and a live key;
 * on a later start, the command that gives a new admin key of the demo account against this stack.
 */
import '../local/runtime/dev-mode.ts';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { readRunningStack } from '../local/runtime/attach.ts';
import { startLocalStack } from '../local/runtime/stack.ts';

const stateDir = resolve(process.env.LOCAL_STATE_DIR ?? '.local');
const port = Number(process.env.PORT ?? 3000);
const demoMarker = join(stateDir, 'demo-account.json');
/** How long the start waits for the start-up list checks before printing the keys anyway. */
const startupLoadsWaitMs = 120_000;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** `value` as one word of a POSIX shell command. */
function shellQuoted(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

async function main(): Promise<void> {
  const running = await readRunningStack(stateDir);
  if (running) {
    console.error(`A local stack is already running on this state directory (pid ${running.pid}, ${running.url}).`);
    process.exit(1);
  }
  const stack = await startLocalStack({ stateDir, port });
  // The OIG list and the sanctions lists are checked at every start and loaded on the first, in this
  // process: the keys come once that is done, so that the first requests are not slowed by it.
  console.log('Checking the OIG and sanctions lists the source simulator serves (loaded on the first start)…');
  const loaded = await stack.startupLoads(startupLoadsWaitMs);
  const lines = [`License Verification API running at ${stack.url}`, `State directory: ${stateDir}`];
  if (!loaded)
    lines.push(
      `The list checks are still running after ${startupLoadsWaitMs / 1000} s; requests are slower until they finish (GET /v1/sources shows each list's version).`,
    );

  if (!(await exists(demoMarker))) {
    const store = new DynamoAccountStore();
    // Both demo keys are admin keys: either manages every key of the demo account.
    const test = await issueKey(store, { plan: 'production', mode: 'test', email: 'demo@example.com', admin: true }, systemClock);
    const live = await issueKey(store, { plan: 'production', mode: 'live', accountId: test.account_id, admin: true }, systemClock);
    await writeFile(demoMarker, JSON.stringify({ account_id: test.account_id, plan: 'production', created_at: new Date().toISOString() }, null, 2));
    lines.push(
      '',
      `Demo account ${test.account_id} (production plan). These admin keys are shown once; only their hashes are stored:`,
      `  test key: ${test.api_key}`,
      `  live key: ${live.api_key}`,
      '',
      'Try:',
      `  curl -s ${stack.url}/health`,
      `  curl -s ${stack.url}/v1/account -H "Authorization: Bearer ${test.api_key}"`,
      `  curl -s ${stack.url}/v1/keys -H "Authorization: Bearer ${live.api_key}"`,
    );
  } else {
    // The keys were shown on the first start; a new admin key of the demo account, against this stack.
    const demo = JSON.parse(await readFile(demoMarker, 'utf8')) as { account_id: string; plan: string };
    const admin = `LOCAL_STATE_DIR=${shellQuoted(stateDir)} npm run admin -- create-key --account ${demo.account_id}`;
    lines.push(
      '',
      `Demo account ${demo.account_id} (${demo.plan} plan); its keys were shown on the first start. A new admin key of it:`,
      `  ${admin} --mode test --admin`,
      `  ${admin} --mode live --admin`,
    );
  }
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`Port ${port} is in use. Set PORT to another port, e.g. PORT=3001 npm start.`);
  else console.error(e.stack ?? String(e));
  process.exit(1);
});
