/**
 * A function bundled as deployed starts without source maps (no NODE_OPTIONS) and without a tracing
 * SDK, and still logs a readable stack: the error log maps the bundle's frames back to the TypeScript
 * source file and line through the `.map` file beside the bundle.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionBundling } from '#shared/platform/infra/function-bundling.ts';
import { sourcePath } from '#shared/platform/observability/stack-trace.ts';
import { toHttpApiEvent } from '../../local/runtime/http-event.ts';
import { bundleFunction, repoRoot, type FunctionBundle } from '../bench/function-bundles.ts';

const run = promisify(execFile);
const fixture = 'test/fixtures/handlers/failing-handler.ts';

/** Invokes the bundle's handler once in a fresh Node process started as a function's is; prints what it logged and answered. */
const childSource = `import { readFileSync } from 'node:fs';
const [bundle, eventFile] = process.argv.slice(2);
const { handler } = await import(bundle);
const context = { functionName: 'Failing', awsRequestId: 'req-1', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:Failing', memoryLimitInMB: '512', functionVersion: '$LATEST', getRemainingTimeInMillis: () => 10000 };
const answer = await handler(JSON.parse(readFileSync(eventFile, 'utf8')), context);
console.log(JSON.stringify({ answer: answer.statusCode }));
`;

let dir: string;
let bundle: FunctionBundle;
let logged: Record<string, unknown>[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stack-trace-'));
  bundle = await bundleFunction(fixture, join(dir, 'bundle'));
  const event = toHttpApiEvent(
    { method: 'GET', url: '/fail', headers: { host: 'api.example.com' }, body: Buffer.from(''), sourceIp: '203.0.113.7' },
    { routeKey: '$default', requestId: 'req-1', time: new Date(), domainName: 'api.example.com' },
  );
  await writeFile(join(dir, 'event.json'), JSON.stringify(event));
  await writeFile(join(dir, 'child.mjs'), childSource);
  const { stdout, stderr } = await run(process.execPath, [join(dir, 'child.mjs'), pathToFileURL(bundle.file).href, join(dir, 'event.json')], {
    env: { PATH: process.env.PATH ?? '', POWERTOOLS_LOG_LEVEL: 'ERROR', POWERTOOLS_METRICS_DISABLED: 'true', AWS_REGION: 'us-east-1' },
  });
  logged = `${stderr}\n${stdout}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a function bundle as deployed', () => {
  it('starts without source maps and without a tracing SDK, the map shipped beside it', async () => {
    expect('nodeOptions' in functionBundling).toBe(false);
    expect(bundle.parts.map((p) => p.name)).not.toContain('aws-xray-sdk-core');
    const { sources } = JSON.parse(await readFile(`${bundle.file}.map`, 'utf8')) as { sources: string[] };
    expect(sources.some((source) => source.endsWith(fixture))).toBe(true);
  });

  it("logs an unexpected error's stack by TypeScript source file and line", async () => {
    expect(logged.at(-1), JSON.stringify(logged)).toEqual({ answer: 500 });
    const entry = logged.find((line) => line.message === 'Unhandled error');
    const stack = String(entry?.stack);
    const throwLine = (await readFile(join(repoRoot, fixture), 'utf8')).split('\n').findIndex((line) => line.includes('throw new Error')) + 1;
    expect(stack.split('\n')[0]).toBe('Error: unexpected failure in the handler body');
    expect(stack.split('\n')[1]).toBe(`    at ${fixture}:${throwLine}:9`);
    expect(stack).toMatch(/at node_modules\/@middy\/core\/index\.js:\d+:\d+/);
    expect(stack).not.toContain('index.mjs:');
  });
});

describe('source paths of a map', () => {
  it('are named from the repository root', () => {
    expect(sourcePath('../../../work/repo/shared/api/http/pipeline-frame.ts')).toBe('shared/api/http/pipeline-frame.ts');
    expect(sourcePath('../../node_modules/@middy/core/index.js')).toBe('node_modules/@middy/core/index.js');
    expect(sourcePath('file:///var/task/functions/verification/post-verify.ts')).toBe('functions/verification/post-verify.ts');
  });
});
