/**
 * Times a bundle's initialisation in a fresh Node process: from the process's start (its performance
 * time origin) until `import()` of the bundle has resolved with a `handler` function, and the import
 * alone. The child gets the start-up environment the function has on Lambda, as far as loading can see
 * it: no NODE_OPTIONS, the Powertools settings, and the Lambda variables a function starts with.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { functionBundling } from '#shared/platform/infra/function-bundling.ts';
import { metricsNamespace, telemetryServiceName } from '#shared/platform/observability/catalogue.ts';

const run = promisify(execFile);

const loaderSource = `const started = performance.now();
const mod = await import(process.argv[2]);
const loaded = performance.now();
if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler function');
process.stdout.write(JSON.stringify({ init: loaded, importMs: loaded - started }));
`;

export interface InitTime {
  /** Process start to handler loaded, ms. */
  readonly init: number;
  /** The `import()` alone, ms. */
  readonly importMs: number;
}

export interface InitTarget {
  readonly functionName: string;
  readonly bundleFile: string;
  readonly memoryMb: number;
  /** NODE_OPTIONS; none by default, as the functions have. */
  readonly nodeOptions?: string;
}

/** The variables a function's process starts with on Lambda, as far as loading can see them. */
export function lambdaEnvironment(target: InitTarget): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...(target.nodeOptions ? { NODE_OPTIONS: target.nodeOptions } : {}),
    // Lambda runs Node 22, where the SDK has no Node-version warning to print.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: `AWS_Lambda_${functionBundling.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: target.functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(target.memoryMb),
    LAMBDA_TASK_ROOT: dirname(target.bundleFile),
    POWERTOOLS_SERVICE_NAME: telemetryServiceName,
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
    POWERTOOLS_LOG_LEVEL: 'INFO',
  };
}

/** Writes the child's loader script into `dir`; the timer runs it once per measurement. */
export async function initTimer(dir: string): Promise<(target: InitTarget) => Promise<InitTime>> {
  const loader = join(dir, 'load.mjs');
  await writeFile(loader, loaderSource);
  return async (target) => {
    const { stdout } = await run(process.execPath, [loader, pathToFileURL(target.bundleFile).href], {
      env: lambdaEnvironment(target),
      cwd: dirname(target.bundleFile),
    });
    return JSON.parse(stdout) as InitTime;
  };
}
