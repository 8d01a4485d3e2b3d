import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitForFreshMinute } from '../support/minute.ts';

const root = join(import.meta.dirname, '..', '..');
let t: TestStack;
let second: ChildProcess;
let secondUrl: string;

beforeAll(async () => {
  t = await startTestStack();
  second = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'test/support/second-gateway.ts')], {
    env: { ...process.env, ...t.stack.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(second.stdout!, 'data')) as [Buffer];
  secondUrl = chunk.toString().trim();
});
afterAll(async () => {
  second?.kill();
  await t.stop();
});

async function fire(url: string, key: string, count: number, body?: string): Promise<number[]> {
  const args = [join(root, 'test/support/fire-requests.mjs'), url, key, String(count), ...(body === undefined ? [] : [body])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  return JSON.parse(out) as number[];
}

describe('per-minute limit under concurrent load', () => {
  it('50 concurrent requests from two processes through two gateways at a 10-per-minute key: exactly 10 succeed', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'live' });
    expect((await fetch(`${secondUrl}/health`)).status).toBe(200);
    await waitForFreshMinute(20);
    const [a, b] = await Promise.all([fire(`${t.url}/v1/account`, api_key, 25), fire(`${secondUrl}/v1/account`, api_key, 25)]);
    const all = [...a, ...b];
    expect(all).toHaveLength(50);
    expect(all.filter((s) => s === 200)).toHaveLength(10);
    expect(all.filter((s) => s === 429)).toHaveLength(40);
  });
});

describe('monthly quota under concurrent load', () => {
  it('40 concurrent verifications from two processes through two gateways: each charged exactly once', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    await waitForFreshMinute(20);
    const body = JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const [a, b] = await Promise.all([fire(`${t.url}/v1/verify`, api_key, 20, body), fire(`${secondUrl}/v1/verify`, api_key, 20, body)]);
    expect([...a, ...b]).toEqual(Array(40).fill(200));
    const account = await t.call('/v1/account', { key: api_key });
    expect(account.body.usage).toMatchObject({ verifications: 40, remaining: 4_960 });
  });
});
