/**
 * One cold request in a fresh Node process, as a Lambda container's first: the child imports a bundle,
 * invokes its handler once with a recorded event, and writes when the handler was loaded and when the
 * invocation answered, both from the process's start (its performance time origin). The parent gives the
 * child the function's Lambda start-up environment pointing at the local emulators.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The child: `node cold-request.mjs <bundle URL> <request.json> <out.json>`. The request file is read before the import, so it costs every subject the same. */
const childSource = `import { readFileSync, writeFileSync } from 'node:fs';
const [bundle, requestFile, outFile] = process.argv.slice(2);
const { event, functionName, memoryMb, timeoutMs } = JSON.parse(readFileSync(requestFile, 'utf8'));
const started = performance.now();
const mod = await import(bundle);
const loaded = performance.now();
if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler function');
const deadline = Date.now() + timeoutMs;
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:' + functionName,
  memoryLimitInMB: String(memoryMb),
  awsRequestId: crypto.randomUUID(),
  logGroupName: '/aws/lambda/' + functionName,
  logStreamName: 'cold-request',
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done() {}, fail() {}, succeed() {},
};
let result;
let error;
try {
  result = await mod.handler(event, context);
} catch (e) {
  error = String(e && e.stack ? e.stack : e);
}
const answered = performance.now();
const summary = result && typeof result === 'object'
  ? { statusCode: result.statusCode, body: typeof result.body === 'string' ? result.body.slice(0, 300) : undefined, batchItemFailures: Array.isArray(result.batchItemFailures) ? result.batchItemFailures.length : undefined }
  : {};
writeFileSync(outFile, JSON.stringify({ init: loaded, importMs: loaded - started, answered, result: summary, error }));
process.exit(0);
`;

export interface ColdRequestTime {
  /** Process start to handler loaded, ms. */
  readonly init: number;
  readonly importMs: number;
  /** Process start to the first invocation's answer, ms. */
  readonly answered: number;
  readonly result: { readonly statusCode?: number; readonly body?: string; readonly batchItemFailures?: number };
  readonly error?: string;
  /** The end of what the child wrote (its logs), to explain a failure. */
  readonly log?: string;
}

export interface ColdRequest {
  readonly bundleFile: string;
  /** The invocation's request, written once per subject (coldRequestFile). */
  readonly requestFile: string;
  readonly env: Record<string, string>;
  /** Writes a V8 CPU profile of the child (`--cpu-prof`) into this folder. */
  readonly profileDir?: string;
}

/** Writes what a child invokes: the event with the function's name, memory and time limit. */
export async function writeColdRequest(file: string, request: { event: unknown; functionName: string; memoryMb: number; timeoutMs: number }): Promise<void> {
  await writeFile(file, JSON.stringify(request));
}

/** Writes the child's script into `dir`; the returned function runs one cold request per call. */
export async function coldRequestRunner(dir: string): Promise<(request: ColdRequest) => Promise<ColdRequestTime>> {
  const script = join(dir, 'cold-request.mjs');
  await writeFile(script, childSource);
  let n = 0;
  return async (request) => {
    const out = join(dir, `answer-${process.pid}-${++n}.json`);
    const profile = request.profileDir ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', request.profileDir] : [];
    const { stdout, stderr } = await run(process.execPath, [...profile, script, pathToFileURL(request.bundleFile).href, request.requestFile, out], {
      env: request.env,
      cwd: dirname(request.bundleFile),
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const time = JSON.parse(await readFile(out, 'utf8')) as ColdRequestTime;
    return { ...time, log: `${stdout}${stderr}`.slice(-4000) };
  };
}
