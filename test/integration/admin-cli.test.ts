import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { hashApiKey } from '#shared/features/accounts/api-keys.ts';
import { tableName } from '#shared/platform/config.ts';
import { bombMember, member, zipArchive } from '../support/hostile-files.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { flappingMonitor } from '../support/monitor-request.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
let stateDir: string;

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', 'admin', '--', ...args], {
      cwd: root,
      env: { ...process.env, LOCAL_STATE_DIR: stateDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function singleJson(stdout: string): Record<string, unknown> {
  const lines = stdout.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-admin-'));
});
afterAll(() => rm(stateDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  let created: Record<string, unknown>;
  let live: Record<string, unknown>;
  let t: TestStack | undefined;
  afterAll(async () => t?.stop());

  it('create-key prints exactly one JSON object, with the stack stopped', async () => {
    const res = await admin('create-key', '--plan', 'developer', '--mode', 'test', '--email', 'ops@example.com');
    expect(res.code).toBe(0);
    created = singleJson(res.stdout);
    expect(Object.keys(created).sort()).toEqual(['account_id', 'api_key', 'key_id', 'mode', 'plan', 'role']);
    // Keys are standard unless --admin asks otherwise, a new account's first key too.
    expect(created).toMatchObject({ plan: 'developer', mode: 'test', role: 'standard' });
    expect(created.api_key).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
    expect(created.account_id).toMatch(/^acct_/);
  });

  it('--account adds a live key to the same account', async () => {
    const res = await admin('create-key', '--plan', 'developer', '--mode', 'live', '--account', String(created.account_id));
    live = singleJson(res.stdout);
    expect(live).toMatchObject({ account_id: created.account_id, mode: 'live', plan: 'developer', role: 'standard' });
  });

  it('--admin adds an admin key to an existing account', async () => {
    const other = singleJson((await admin('create-key', '--plan', 'developer', '--mode', 'test')).stdout);
    const res = await admin('create-key', '--plan', 'developer', '--mode', 'live', '--account', String(other.account_id), '--admin', '--name', 'ops');
    expect(singleJson(res.stdout)).toMatchObject({ account_id: other.account_id, mode: 'live', role: 'admin' });
  });

  it("--account without --plan keeps the account's plan; another --plan is refused and makes no key", async () => {
    const account = singleJson((await admin('create-key', '--plan', 'scale', '--mode', 'live')).stdout);
    const kept = await admin('create-key', '--account', String(account.account_id), '--mode', 'test', '--admin');
    expect(kept.code, kept.stderr).toBe(0);
    expect(singleJson(kept.stdout)).toMatchObject({ account_id: account.account_id, plan: 'scale', mode: 'test', role: 'admin' });

    const other = await admin('create-key', '--account', String(account.account_id), '--plan', 'developer', '--mode', 'test');
    expect(other.code).toBe(1);
    expect(other.stdout.trim()).toBe('');
    expect(other.stderr).toMatch(/on the scale plan, not developer/);
    const listed = singleJson((await admin('list-keys', '--account', String(account.account_id))).stdout);
    expect(listed).toMatchObject({ plan: 'scale' });
    expect(listed.keys).toHaveLength(2);
  }, 120_000);

  it('keys made by the CLI work on the running stack, and keys made while it runs work at once', async () => {
    t = await startTestStack({ stateDir });
    const account = await t.call('/v1/account', { key: String(created.api_key) });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ account_id: created.account_id, email: 'ops@example.com', mode: 'test' });

    const res = await admin('create-key', '--plan', 'scale', '--mode', 'live');
    const fresh = singleJson(res.stdout);
    const call = await t.call('/v1/account', { key: String(fresh.api_key) });
    expect(call.status).toBe(200);
    expect(call.headers.get('x-ratelimit-minute-limit')).toBe('300');
  });

  it('revoke-key revokes: the next request is 401', async () => {
    const res = await admin('revoke-key', '--key', String(created.api_key));
    expect(res.code).toBe(0);
    expect(singleJson(res.stdout)).toMatchObject({ revoked: true, account_id: created.account_id, mode: 'test' });
    const after = await t!.call('/v1/account', { key: String(created.api_key) });
    expect(after.status).toBe(401);
    expect(errorOf(after.body).message).toMatch(/revoked/);
  });

  it('list-keys shows every key of the account by hash and hint, never a key itself', async () => {
    const res = await admin('list-keys', '--account', String(created.account_id));
    expect(res.code).toBe(0);
    const listed = singleJson(res.stdout) as { account_id: string; suspended: boolean; keys: Record<string, unknown>[] };
    expect(listed).toMatchObject({ account_id: created.account_id, plan: 'developer', suspended: false });
    expect(listed.keys).toEqual([
      expect.objectContaining({
        key_hash: hashApiKey(String(created.api_key)),
        key_hint: `svc_test_…${String(created.api_key).slice(-4)}`,
        mode: 'test',
        state: 'revoked',
      }),
      expect.objectContaining({ key_hash: hashApiKey(String(live.api_key)), mode: 'live', state: 'active' }),
    ]);
    for (const key of [created, live]) expect(res.stdout).not.toContain(String(key.api_key).slice('svc_live_'.length, -4));
  });

  it('revoke-key --hash revokes by the hash alone; a prefix must come with the account and name one key', async () => {
    const a = await t!.issue({ plan: 'developer', mode: 'live' });
    const b = await t!.issue({ plan: 'developer', mode: 'live', accountId: a.account_id });
    // Two stored keys whose hashes share a prefix (no such keys can be issued on purpose).
    const store = new DynamoAccountStore();
    for (const tail of ['1', '2']) {
      await store.createKey({
        key_hash: `cafef00d${tail.repeat(56)}`,
        account_id: a.account_id,
        mode: 'live',
        key_hint: 'svc_live_…XXXX',
        created_at: new Date().toISOString(),
      });
    }
    const hashA = hashApiKey(a.api_key);
    const [noAccount, ambiguous, tooShort] = await Promise.all([
      admin('revoke-key', '--hash', hashA.slice(0, 12)),
      admin('revoke-key', '--hash', 'cafef00d', '--account', a.account_id),
      admin('revoke-key', '--hash', hashA.slice(0, 6), '--account', a.account_id),
    ]);
    expect([noAccount.code, ambiguous.code, tooShort.code]).toEqual([1, 1, 1]);
    expect(noAccount.stderr).toMatch(/needs the account/);
    expect(ambiguous.stderr).toMatch(/2 keys .* give more digits/);
    expect(tooShort.stderr).toMatch(/at least 8/);
    expect((await t!.call('/v1/account', { key: a.api_key })).status).toBe(200);

    const byPrefix = await admin('revoke-key', '--hash', hashA.slice(0, 12).toUpperCase(), '--account', a.account_id);
    expect(byPrefix.code).toBe(0);
    expect(singleJson(byPrefix.stdout)).toMatchObject({ revoked: true, key_hash: hashA, account_id: a.account_id, state: 'revoked' });
    expect((await t!.call('/v1/account', { key: a.api_key })).status).toBe(401);
    expect((await t!.call('/v1/account', { key: b.api_key })).status).toBe(200);

    const byHash = await admin('revoke-key', '--hash', hashApiKey(b.api_key));
    expect(singleJson(byHash.stdout)).toMatchObject({ revoked: true, key_hash: hashApiKey(b.api_key), mode: 'live' });
    expect((await t!.call('/v1/account', { key: b.api_key })).status).toBe(401);
  }, 120_000);

  it('revoke-keys --account revokes every key of the account and no other', async () => {
    const a = await t!.issue({ plan: 'production', mode: 'live' });
    const b = await t!.issue({ plan: 'production', mode: 'test', accountId: a.account_id });
    const other = await t!.issue({ plan: 'production', mode: 'live' });
    const res = await admin('revoke-keys', '--account', a.account_id);
    expect(res.code).toBe(0);
    const out = singleJson(res.stdout) as { revoked: { key_hash: string }[] };
    expect(out).toMatchObject({ account_id: a.account_id, revoked_count: 2, already_revoked: 0 });
    expect(out.revoked.map((k) => k.key_hash).sort()).toEqual([hashApiKey(a.api_key), hashApiKey(b.api_key)].sort());
    for (const key of [a, b]) expect((await t!.call('/v1/account', { key: key.api_key })).status).toBe(401);
    expect((await t!.call('/v1/account', { key: other.api_key })).status).toBe(200);
  }, 60_000);

  it('suspend-account refuses every key of the account from the next request; unsuspend-account restores them', async () => {
    const a = await t!.issue({ plan: 'production', mode: 'live' });
    expect((await t!.call('/v1/account', { key: a.api_key })).status).toBe(200);
    const suspended = await admin('suspend-account', '--account', a.account_id, '--reason', 'unpaid invoices');
    expect(suspended.code).toBe(0);
    expect(singleJson(suspended.stdout)).toMatchObject({ account_id: a.account_id, suspended: true, suspension_reason: 'unpaid invoices' });
    const refused = await t!.call('/v1/account', { key: a.api_key });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe('account_suspended');

    const restored = await admin('unsuspend-account', '--account', a.account_id);
    expect(singleJson(restored.stdout)).toEqual({ account_id: a.account_id, plan: 'production', suspended: false });
    expect((await t!.call('/v1/account', { key: a.api_key })).status).toBe(200);
  }, 60_000);

  it('run-sweep --as-of starts a sweep on the running stack: a monitor due by then is checked', async () => {
    const key = (await t!.issue({ plan: 'production', mode: 'test' })).api_key;
    const created = await t!.call('/v1/monitor', {
      method: 'POST',
      key,
      body: JSON.stringify(flappingMonitor),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(200);
    const id = created.body.monitor_id as string;
    // Not due until the next daily sweep: --as-of that time checks it now.
    const asOf = created.body.next_check_at as string;
    const res = await admin('run-sweep', '--as-of', asOf);
    expect(res.code).toBe(0);
    expect(singleJson(res.stdout)).toMatchObject({ queued: true, queue: 'monitorSweep', as_of: asOf });
    const deadline = Date.now() + 15_000;
    let status: unknown;
    do {
      await new Promise((r) => setTimeout(r, 200));
      const item = await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id }, ConsistentRead: true }));
      status = item.Item?.provider?.current_status;
    } while (status !== 'suspended' && Date.now() < deadline);
    expect(status).toBe('suspended');
  });

  it('refuses bad arguments on stderr with nothing on stdout', async () => {
    const cases = [
      ['create-key', '--plan', 'gold', '--mode', 'live'],
      ['create-key', '--plan', 'developer', '--mode', 'prod'],
      ['create-key', '--plan', 'developer'],
      ['create-key', '--plan', 'developer', '--mode', 'live', '--unknown', 'x'],
      ['revoke-key', '--key', 'not-a-key'],
      ['revoke-key'],
      ['suspend-account'],
      ['run-sweep', '--as-of', 'tomorrow'],
      ['frobnicate'],
    ];
    const results = await Promise.all(cases.map((args) => admin(...args)));
    results.forEach((res, i) => {
      const args = cases[i]!.join(' ');
      expect(res.code, args).toBe(2);
      expect(res.stdout.trim(), args).toBe('');
      expect(res.stderr, args).toMatch(/Usage|must be|required|Unknown|not a well-formed|one of/);
    });
    const missing = await admin('create-key', '--plan', 'developer', '--mode', 'live', '--account', 'acct_doesnotexist');
    expect(missing.code).toBe(1);
    expect(missing.stdout.trim()).toBe('');
    expect(missing.stderr).toMatch(/No account/);
  }, 120_000);

  it('ingest of a file the ingestion rules refuse prints one line naming the refusal, exits 1, no stack trace', async () => {
    const traversal = join(stateDir, 'traversal.zip');
    await writeFile(traversal, zipArchive([member('../../SAM_Exclusions_Public_Extract_V2_26279.CSV', '"Classification"\r\n')]));
    const bomb = join(stateDir, 'bomb.zip');
    await writeFile(bomb, zipArchive([await bombMember('SAM_Exclusions_Public_Extract_V2_26279.CSV', 256 * 1024 * 1024, '0')]));
    const [refusedTraversal, refusedBomb] = await Promise.all([admin('ingest', 'sam', '--file', traversal), admin('ingest', 'sam', '--file', bomb)]);
    for (const [res, kind] of [
      [refusedTraversal, 'malformed_archive'],
      [refusedBomb, 'limit'],
    ] as const) {
      expect(res.code, kind).toBe(1);
      expect(res.stdout.trim(), kind).toBe('');
      const lines = res.stderr.split('\n').filter((line) => line.trim() !== '' && !/^npm (error|ERR!)/.test(line));
      expect(lines, kind).toEqual([expect.stringMatching(new RegExp(`^refused \\(${kind}\\): SAM\\.gov Exclusions: `))]);
      expect(res.stderr, kind).not.toMatch(/\n\s+at |node:internal|\.ts:\d+:\d+/);
    }
  }, 120_000);
});
