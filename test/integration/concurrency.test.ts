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

async function fire(url: string, key: string, count: number): Promise<number[]> {
  const child = spawn(process.execPath, [join(root, 'test/support/fire-requests.mjs'), url, key, String(count)], {
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
